"""What a new game may be: its seats, bots, seed, names and options, checked before anything is stored.

Besides the rule set's own checks (building the game once checks player count, seed and options), a game
must be able to end and must be fair to the people at it:

- a game without people must end on its own: a rule set's ``turn_limit`` may not be 0 (no limit) there,
  since bots that cannot win (a supply without the winning pieces, say) would otherwise play for ever; and every
  game stops at the server's ``max_game_actions`` (``room.py``);
- a chosen seed is only for a game with at most one human seat, and its creator plays that seat: whoever
  picks the seed can know every card and die to come;
- no two names at the table look alike (``names.py``).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from siedler.bots import BOTS, levels_for
from siedler.core.errors import OptionError
from siedler.core.fairness import new_seed
from siedler.core.i18n import ENGLISH, text
from siedler.core.registry import get_ruleset, new_game
from siedler.core.rng import parse_seed
from siedler.core.seats import seat_number

from .config import Settings
from .names import look_alike
from .storage import GameRow, SeatRow, hash_token, new_token
from .timers import TIMERS, default_timer


@dataclass
class SeatSpec:
    kind: str = "human"
    bot: str | None = None
    name: str | None = None


@dataclass
class GameSpec:
    ruleset: str
    seats: list[SeatSpec]
    options: dict[str, Any] = field(default_factory=dict)
    #: A seed the creator chose (an integer or its decimal text); only for at most one human seat.
    seed: int | str | None = None
    #: The seat the creator takes (a human seat); ``None``: the first human seat, -1: none (just watch).
    claim: int | None = None
    name: str | None = None
    bot_delay: float | None = None
    #: Seconds per decision: off, relaxed, normal or fast (``Settings.timers``); ``None``: ``default_timer``
    #: (none for one person against bots).
    timer: str | None = None
    #: The bot that plays for a person whose time ran out or who left.
    takeover_bot: str = "greedy"
    #: Listed in the lobby for anyone to join, one seat per client address; otherwise only the invite
    #: code takes a seat.
    public: bool = False
    #: The creator's language: the bots' names ("Schwer 2", "Hard 2") are in it.
    lang: str = ENGLISH
    #: Spectators may write in the game's chat (its players always may).
    spectator_chat: bool = False


@dataclass
class Plan:
    """A game ready to be stored, with the secrets its creator gets once."""

    row: GameRow
    seat: int | None
    token: str | None
    creator_token: str
    invite: str


def new_invite() -> str:
    return secrets.token_urlsafe(12)


def client_hash(game_id: str, client: str) -> str:
    """A seat's taker as stored: enough to recognise the address in this game, not to list it."""
    return hashlib.sha256(f"{game_id}\n{client}".encode()).hexdigest()


def plan(spec: GameSpec, settings: Settings, client: str, stamp: datetime) -> Plan:
    """The game ``spec`` asks for, created by ``client`` at ``stamp``; ``OptionError`` says what is wrong."""
    ruleset = get_ruleset(spec.ruleset)
    if spec.timer is not None and spec.timer not in TIMERS:
        raise OptionError(f"unknown timer {spec.timer!r} (timers: {', '.join(TIMERS)})")
    if spec.takeover_bot not in BOTS:
        raise OptionError(f"unknown takeover bot {spec.takeover_bot!r} (bots: {', '.join(sorted(BOTS))})")
    seats = _seats(spec, levels_for(ruleset.name))
    humans = [s.seat for s in seats if s.kind == "human"]
    claim = spec.claim if spec.claim is not None else (humans[0] if humans else -1)
    _check_seed(spec, humans, claim)
    seed = new_seed() if spec.seed is None else parse_seed(spec.seed)
    game_id = secrets.token_urlsafe(6)
    # Building the game once checks player count, seed and options, and pins every default.
    trial = new_game(ruleset.name, players=len(seats), seed=seed, options=spec.options, game_id=game_id)
    if not humans and trial.options.get("turn_limit") == 0:
        raise OptionError(
            "a game of bots only must end: turn_limit 0 (no limit) needs a person at the table, since bots "
            "that cannot win would play for ever"
        )
    token = None
    if claim >= 0:
        if claim not in humans:
            raise OptionError(f"seat index {claim} is not a human seat to take")
        token = new_token()
        seats[claim].name = spec.name or person_name(claim, spec.lang)
        seats[claim].token_hash = hash_token(token)
        seats[claim].client_hash = client_hash(game_id, client)
    _check_names(seats)
    delay = settings.bot_delay if spec.bot_delay is None else spec.bot_delay
    if not 0 <= delay <= settings.max_bot_delay:  # also false for nan
        raise OptionError(f"bot_delay must be from 0 to {settings.max_bot_delay:g} seconds, not {delay!r}")
    creator_token, invite = new_token(), new_invite()
    full = all(s.claimed for s in seats)
    row = GameRow(
        id=game_id,
        ruleset=ruleset.name,
        options=dict(trial.options),
        seed=seed,
        status="running" if full else "open",
        bot_delay=float(delay),
        seats=seats,
        timer=spec.timer or default_timer(len(humans)),
        takeover_bot=spec.takeover_bot,
        creator_hash=hash_token(creator_token),
        seed_chosen=spec.seed is not None,
        created_at=stamp,
        clock_at=stamp if full else None,
        invite_hash=hash_token(invite),
        public=spec.public,
        spectator_chat=spec.spectator_chat,
    )
    return Plan(row, (claim if claim >= 0 else None), token, creator_token, invite)


def _seats(spec: GameSpec, levels: Mapping[str, str]) -> list[SeatRow]:
    if not spec.seats:
        raise OptionError("a game needs seats")
    seats = []
    for i, s in enumerate(spec.seats):
        if s.kind == "bot":
            # Only registered names and the rule set's levels' specs: an import path from a browser would
            # run code, and a budget of its choosing would hold the server.
            if s.bot is None or (s.bot not in BOTS and s.bot not in levels.values()):
                raise OptionError(f"unknown bot {s.bot!r} (bots: {', '.join(sorted(BOTS))})")
            seats.append(SeatRow(i, "bot", s.bot, s.name or bot_name(s.bot, i, levels, spec.lang)))
        elif s.kind == "human":
            seats.append(SeatRow(i, "human"))
        else:
            raise OptionError(f"seats[{i}]: kind must be 'human' or 'bot', not {s.kind!r}")
    return seats


def bot_name(bot: str, seat: int, levels: Mapping[str, str], lang: str) -> str:
    """A bot as the table names it when its creator did not: by its level and seat ("Hard 2", "Schwer 2"),
    the way the lobby offered it, never by its algorithm; a bot chosen by name that is no level is "Bot 2"."""
    level = next((name for name, spec in levels.items() if spec == bot), None)
    word = text(f"page.levels.{level}", lang) if level is not None else text("page.bot", lang)
    return f"{word} {seat_number(seat)}"


def person_name(seat: int, lang: str) -> str:
    """A person who gave no name, as the table names them in the language of whoever took the seat:
    "Player 2", "Spieler 2" (counted from 1, as every seat a person reads)."""
    return f"{text('page.player', lang)} {seat_number(seat)}"


def _check_seed(spec: GameSpec, humans: list[int], claim: int) -> None:
    if spec.seed is None:
        return
    if len(humans) > 1:
        # Whoever picks the seed can know every card and die to come: fair only against bots.
        raise OptionError(
            f"a seed may be chosen only for a game with at most one human seat, and this one has {len(humans)}"
        )
    if humans and claim < 0:
        raise OptionError(
            "a chosen seed is for playing against bots yourself: its creator takes the human seat (claim may "
            "not be -1), since whoever picks the seed can foresee every card and die"
        )


def _check_names(seats: list[SeatRow]) -> None:
    for i, seat in enumerate(seats):
        if seat.name is not None and look_alike(seat.name, [s.name for s in seats[:i]]):
            raise OptionError(f"the name {seat.name!r} looks like another name at this table")
