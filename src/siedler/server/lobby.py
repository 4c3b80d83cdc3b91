"""The lobby: creating games, finding them, and bringing every unfinished game back after a restart."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from siedler.bots import BOTS
from siedler.core.errors import OptionError
from siedler.core.fairness import new_seed
from siedler.core.registry import get_ruleset, new_game
from siedler.core.rng import parse_seed

from .config import Settings
from .journal import Journal
from .limits import ServerFull
from .room import NotAllowed, Room
from .storage import STOPPED, GameRow, SeatRow, Storage, hash_token, new_token
from .timers import DEFAULT_TIMER, TIMERS

log = logging.getLogger("siedler.server")


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
    #: Seconds per decision: off, relaxed, normal or fast (``Settings.timers``).
    timer: str = DEFAULT_TIMER
    #: The bot that plays for a person whose time ran out or who left.
    takeover_bot: str = "greedy"


@dataclass
class Created:
    room: Room
    seat: int | None
    token: str | None
    #: The creator's secret: the only proof that may end the game.
    creator_token: str


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage = Storage(settings.database_url)
        self.journal = Journal(self.storage)
        self.rooms: dict[str, Room] = {}

    def open(self) -> None:
        """Migrate the database, then resume every unfinished game where its log left it."""
        self.storage.migrate()
        for row in self.storage.games_with_status(("open", "running"), with_actions=True):
            room = Room(row, self.settings, self.storage, self.journal)
            room.resume()
            self.rooms[row.id] = room
        for room in self.rooms.values():
            room.wake_bots()
        log.info("resumed %d unfinished games", len(self.rooms))

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.close()
        self.journal.close()
        self.storage.close()

    # ------------------------------------------------------------------ creating and joining
    def create(self, spec: GameSpec) -> Created:
        """A new game; the creator gets the token of the seat he takes, if any, and one to end the game."""
        live = self.storage.count_with_status(("open", "running"))
        if live >= self.settings.max_live_games:
            raise ServerFull(f"the server holds {live} open or running games, its limit; try again later")
        ruleset = get_ruleset(spec.ruleset)
        if spec.timer not in TIMERS:
            raise OptionError(f"unknown timer {spec.timer!r} (timers: {', '.join(TIMERS)})")
        if spec.takeover_bot not in BOTS:
            raise OptionError(f"unknown takeover bot {spec.takeover_bot!r} (bots: {', '.join(sorted(BOTS))})")
        if not spec.seats:
            raise OptionError("a game needs seats")
        seats = []
        for i, s in enumerate(spec.seats):
            if s.kind == "bot":
                if s.bot not in BOTS:  # only registered names: an import path from a browser would run code
                    raise OptionError(f"unknown bot {s.bot!r} (bots: {', '.join(sorted(BOTS))})")
                seats.append(SeatRow(i, "bot", s.bot, _clean(s.name) or f"{s.bot.capitalize()} {i + 1}"))
            elif s.kind == "human":
                seats.append(SeatRow(i, "human"))
            else:
                raise OptionError(f"seat {i}: kind must be 'human' or 'bot', not {s.kind!r}")
        humans = [s.seat for s in seats if s.kind == "human"]
        if spec.seed is not None and len(humans) > 1:
            # Whoever picks the seed can know every card and die to come: fair only against bots.
            raise OptionError(
                f"a seed may be chosen only for a game with at most one human seat, and this one has {len(humans)}"
            )
        seed = new_seed() if spec.seed is None else parse_seed(spec.seed)
        game_id = secrets.token_urlsafe(6)
        # Building the game once checks player count, seed and options, and pins every default.
        trial = new_game(ruleset.name, players=len(seats), seed=seed, options=spec.options, game_id=game_id)
        claim = spec.claim if spec.claim is not None else (humans[0] if humans else -1)
        token = None
        if claim >= 0:
            if claim not in humans:
                raise OptionError(f"seat {claim} is not a human seat to take")
            token = new_token()
            seats[claim].name = _clean(spec.name) or f"Player {claim + 1}"
            seats[claim].token_hash = hash_token(token)
        delay = self.settings.bot_delay if spec.bot_delay is None else spec.bot_delay
        creator_token = new_token()
        if not 0 <= delay <= self.settings.max_bot_delay:  # also false for nan
            raise OptionError(f"bot_delay must be from 0 to {self.settings.max_bot_delay:g} seconds, not {delay!r}")
        row = GameRow(
            id=game_id,
            ruleset=ruleset.name,
            options=dict(trial.options),
            seed=seed,
            status="open",
            bot_delay=float(delay),
            seats=seats,
            timer=spec.timer,
            takeover_bot=spec.takeover_bot,
            creator_hash=hash_token(creator_token),
            seed_chosen=spec.seed is not None,
        )
        self.storage.create_game(row)
        room = self.rooms[row.id] = Room(row, self.settings, self.storage, self.journal)
        if all(s.claimed for s in seats):
            room.start()
        return Created(room, (claim if claim >= 0 else None), token, creator_token)

    def claim(self, game_id: str, seat: int, name: str) -> str:
        room = self.room(game_id)
        if room is None:
            raise KeyError(game_id)
        if room.status != "open":
            raise NotAllowed("the game has no free seats")
        return room.claim(seat, name)

    # ------------------------------------------------------------------ finding games
    def room(self, game_id: str) -> Room | None:
        """A game by id; a finished one no longer in memory is rebuilt from its log."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        row = self.storage.load_game(game_id)
        if row is None:
            return None
        room = Room(row, self.settings, self.storage, self.journal)
        room.resume()
        self.rooms[game_id] = room
        self._forget_finished()
        return room

    def _forget_finished(self) -> None:
        done = ("finished", "broken", *STOPPED)
        finished = [r for r in self.rooms.values() if r.status in done and not r.connections]
        for room in finished[: max(0, len(finished) - self.settings.finished_in_memory)]:
            del self.rooms[room.id]

    def listing(self, finished_limit: int = 20) -> dict[str, list[dict[str, Any]]]:
        self._forget_finished()
        live = sorted(self.rooms.values(), key=lambda r: r.row.created_at, reverse=True)
        out: dict[str, list[dict[str, Any]]] = {
            "open": [r.summary() for r in live if r.status == "open"],
            "running": [r.summary() for r in live if r.status == "running"],
        }
        rows = self.storage.games_with_status(("finished",), limit=finished_limit)
        out["finished"] = [
            (
                self.rooms[row.id] if row.id in self.rooms else Room(row, self.settings, self.storage, self.journal)
            ).summary()
            for row in rows
        ]
        return out


def _clean(name: str | None) -> str:
    return (name or "").strip()[:40]
