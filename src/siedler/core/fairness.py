"""Provably fair games: fresh seeds, game ids, the commitment to a seed, and the digest of a final state.

When a game starts, every player is shown ``commitment(game_id, seed)``: a SHA-256 digest that binds the
game to its seed without revealing it (the seed has 128 random bits, too many to search). When the game
is over, its record reveals the seed; anyone can then recompute the digest and compare it with the one
they were shown, and replay the game from seed and actions (``siedler verify``). A server that changed
the seed during the game, or dealt other cards than the seed gives, is caught by one of the two checks.

The commitment is the SHA-256 hex digest of the UTF-8 text ``TAG + "\\n" + game_id + "\\n" + seed`` with
the seed in decimal. The tag keeps these digests apart from any other SHA-256 use; the game id makes each
commitment unique to its game. A game that says whether its seed was chosen by its creator (the server's
games) commits to that as well, so that its record cannot change it afterwards: version 2, the text
``TAG_CHOSEN + "\\n" + game_id + "\\n" + seed + "\\n" + how`` with ``how`` ``chosen`` or ``drawn``.
``docs/fairness.md`` says the same for players.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
from typing import Any, Final

from .errors import OptionError

TAG: Final = "siedler-seed-commitment-v1"
TAG_CHOSEN: Final = "siedler-seed-commitment-v2"
#: Bits of a seed drawn when none is given: beyond any search, far below the generator's maximum.
NEW_SEED_BITS: Final = 128
#: Game ids are URL-safe and short; the commitment's text separates its parts by newlines.
_GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")


def new_seed() -> int:
    """A fresh seed from the operating system's CSPRNG."""
    return secrets.randbits(NEW_SEED_BITS)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def default_game_id(seed: int) -> str:
    """The id of a game made without one: derived from the seed, so that the same arguments still give the
    same game (and record); one-way (BLAKE2b), so the id tells nothing of a seed too large to search."""
    digest = hashlib.blake2b(str(seed).encode(), digest_size=9, person=b"siedler-game-id").digest()
    return base64.urlsafe_b64encode(digest).decode()


def check_game_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise OptionError(f"a game id is 1 to 64 letters, digits, '-' or '_', not {game_id!r}")
    return game_id


def commitment(game_id: str, seed: int, seed_chosen: bool | None = None) -> str:
    """The SHA-256 commitment to ``seed`` for the game ``game_id``, and to ``seed_chosen`` unless it is
    ``None`` (version 2; see the module's docstring)."""
    if seed_chosen is None:
        return hashlib.sha256(f"{TAG}\n{game_id}\n{seed}".encode()).hexdigest()
    how = "chosen" if seed_chosen else "drawn"
    return hashlib.sha256(f"{TAG_CHOSEN}\n{game_id}\n{seed}\n{how}".encode()).hexdigest()


def state_digest(state: dict[str, Any]) -> str:
    """SHA-256 of a ``state()`` in canonical JSON (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()
