"""Checking a game's record: was the seed the one promised, and do seed and actions give its end?

Two checks, both needed (see ``siedler.core.fairness``): the commitment shown when the game started is
the SHA-256 of the revealed seed and the game id (and, for a record that says whether its seed was chosen,
of that too); and replaying the seed and the actions ends in exactly the final state the record names (its
SHA-256 over canonical JSON), hidden cards and generator included.
A game a server stopped before its end (ended by its creator, abandoned) is checked up to where it stopped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import OptionError, RecordError
from .fairness import check_game_id, commitment, state_digest
from .registry import replay
from .rng import parse_seed

_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Verdict:
    game_id: str
    seed: int
    commitment: str
    #: SHA-256(tag, game id, seed) equals the record's commitment.
    commitment_ok: bool
    #: Replaying seed and actions gives the record's end (finished, or stopped) with the record's digest.
    replay_ok: bool
    #: Why the replay failed (the engine's words), or ``None``.
    problem: str | None
    #: Whether the record says its seed was chosen by the game's creator (``None``: it does not say) ...
    seed_chosen: bool | None = None
    #: ... and whether the commitment binds that (a version 2 commitment that matches).
    seed_chosen_bound: bool = False

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replay_ok


def _field(record: dict[str, Any], key: str) -> Any:
    if key not in record:
        raise RecordError(f"the record has no {key!r}: it comes from a game without a commitment to its seed")
    return record[key]


def verify_record(record: Any) -> Verdict:
    """Both checks on ``record``; ``RecordError`` when it lacks what they need or is malformed."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    try:
        seed = parse_seed(_field(record, "seed"))
        game_id = check_game_id(_field(record, "game_id"))
    except OptionError as exc:
        raise RecordError(f"record: {exc}") from exc
    promised = _field(record, "commitment")
    final = _field(record, "final_state_sha256")
    chosen = record.get("seed_chosen")
    if chosen is not None and not isinstance(chosen, bool):
        raise RecordError("record: 'seed_chosen' must be true or false")
    for key, value in (("commitment", promised), ("final_state_sha256", final)):
        if not isinstance(value, str) or not _HEX64.fullmatch(value):
            raise RecordError(f"record: {key!r} must be 64 lowercase hexadecimal digits (a SHA-256 digest)")
    problem = None
    try:
        game = replay(record, log=False)
    except RecordError as exc:
        problem = str(exc)
    else:  # (``replay`` refused a record whose claimed end, over or not, its actions do not reach)
        if state_digest(game.state()) != final:
            problem = "replaying seed and actions ends in another state than the record's final_state_sha256"
    bound = chosen is not None and commitment(game_id, seed, chosen) == promised
    kept = bound or commitment(game_id, seed) == promised
    return Verdict(game_id, seed, promised, kept, problem is None, problem, chosen, bound)
