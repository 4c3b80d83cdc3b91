"""What a simulation run is: rule set, bots per seat, options, number of games, base seed.

Command-line text (``"human,greedy"``, ``"board=beginner,max_offers=0"``) is read here rather than in the
CLI so that scripts and the future environments get the same checks and the same error messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from siedler.bots import make_bot
from siedler.bots.base import split_specs
from siedler.bots.forced import Force
from siedler.core.errors import OptionError
from siedler.core.options import resolve_options
from siedler.core.registry import Ruleset, get_ruleset, new_game


def parse_options(texts: str | Iterable[str] | None) -> dict[str, str]:
    """``"k=v,k2=v2"`` (or several such texts) as a dict of raw strings; the rule set types them later.

    Commas inside brackets, braces or quotes belong to the value, so JSON values work:
    ``supply={"road": 14, "city": 9}``.
    """
    if texts is None:
        return {}
    if isinstance(texts, str):
        texts = [texts]
    out: dict[str, str] = {}
    for text in texts:
        for part in _split_top_level(text):
            part = part.strip()
            if not part:
                continue
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"options are written name=value, separated by commas; {part!r} is not")
            out[key.strip()] = value.strip()
    return out


def _split_top_level(text: str) -> list[str]:
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def check_options(ruleset: str | Ruleset, given: Mapping[str, Any]) -> dict[str, Any]:
    """The given options, typed and checked against the rule set (unknown names and bad values refused;
    a table given as JSON text, from a command line, decoded: ``Option.parse``)."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    resolved = resolve_options(rs.all_options(), given, f"rule set {rs.name!r}")
    return {name: resolved[name] for name in given}


def parse_seats(text: str | Iterable[str]) -> tuple[str, ...]:
    """``"greedy,random,random"`` as a tuple of bot specs, one per seat (``mcts:ms=200,depth=8,greedy``: two)."""
    items = split_specs(text) if isinstance(text, str) else list(text)
    seats = tuple(s.strip() for s in items)
    if not seats or any(not s for s in seats):
        raise OptionError(f"seats are bot names separated by commas, like greedy,random,random; not {text!r}")
    return seats


def check_seat_count(ruleset: Ruleset, count: int) -> None:
    if not ruleset.min_players <= count <= ruleset.max_players:
        raise OptionError(
            f"{ruleset.name} is played by {ruleset.min_players} to {ruleset.max_players} players, "
            f"but {count} seats were given"
        )


@dataclass(frozen=True)
class SimConfig:
    """One simulation run; everything a game's outcome depends on, so a run can be repeated exactly."""

    ruleset: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Rotate the bots one seat per game, so each bot plays each seat equally often.
    rotate: bool = False
    #: Keep each game's full record (``game.record()``) in its result.
    keep_records: bool = False
    #: Safety net for option combinations that never end (``turn_limit=0`` and bots that never win).
    max_actions: int = 200_000
    #: Choices forced on the bot of each seat of ``seats`` (an experiment's intervention arm): empty, or one
    #: tuple per seat, which moves with its bot when seats rotate. ``checked`` resolves them.
    forces: tuple[tuple[Force, ...], ...] = ()

    def checked(self) -> SimConfig:
        """This config with typed options, or an ``OptionError`` naming what is wrong - before any game runs."""
        rs = get_ruleset(self.ruleset)
        check_seat_count(rs, len(self.seats))
        if self.games < 1:
            raise OptionError(f"the number of games must be at least 1, not {self.games}")
        if self.max_actions < 1:
            raise OptionError(f"max_actions must be at least 1, not {self.max_actions}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise OptionError(f"the seed must be a whole number, not {self.seed!r}")
        options = check_options(rs, self.options)
        # Some option values are only understood by the rule set when it sets a game up (a card game's
        # supply table...): one game built here turns them into an OptionError before any game is played.
        game = new_game(self.ruleset, players=len(self.seats), seed=self.seed, options=options)
        for spec in dict.fromkeys(self.seats):
            make_bot(spec, 0)
        if self.forces and len(self.forces) != len(self.seats):
            raise OptionError(f"forces are given per seat: {len(self.forces)} for {len(self.seats)} seats")
        forces = tuple(tuple(f.resolved(game) for f in seat) for seat in self.forces)
        return SimConfig(
            self.ruleset,
            tuple(self.seats),
            self.games,
            self.seed,
            options,
            self.rotate,
            self.keep_records,
            self.max_actions,
            forces if any(forces) else (),
        )

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The bot spec of each seat in game ``index``."""
        return self._rotated(self.seats, index)

    def forces_for(self, index: int) -> tuple[tuple[Force, ...], ...]:
        """The choices forced on each seat in game ``index`` (empty: none in this run)."""
        return self._rotated(self.forces, index) if self.forces else ()

    def _rotated(self, per_seat: tuple[Any, ...], index: int) -> tuple[Any, ...]:
        if not self.rotate:
            return per_seat
        n = len(per_seat)
        shift = index % n
        return tuple(per_seat[(p - shift) % n] for p in range(n))

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seats": list(self.seats),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "rotate": self.rotate,
        }
