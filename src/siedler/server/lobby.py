"""The lobby: creating games, finding them, and keeping in memory only the games in use."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from siedler.bots import BOTS, LEVELS
from siedler.core.errors import OptionError
from siedler.core.fairness import new_seed
from siedler.core.i18n import ENGLISH, text_or
from siedler.core.registry import get_ruleset, new_game
from siedler.core.rng import parse_seed
from siedler.core.seats import seat_number

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
    """Every game of the server. Only the games in use are in memory (``rooms``): a game is rebuilt from its
    log when a request or a client first needs it, and dropped again once nothing happens in it for a
    while; games that move on their own (bots) are brought back in the background after a restart."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage = Storage(settings.database_url)
        self.journal = Journal(self.storage)
        self.rooms: dict[str, Room] = {}
        #: When each room in memory was last used or seen busy (``time.monotonic()``), to drop idle ones.
        self._seen: dict[str, float] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def open(self) -> None:
        """Migrate the database and answer at once: games are rebuilt when first used, and those that
        move on without anyone looking are resumed in the background (runs on the event loop)."""
        self.storage.migrate()
        for job in (self._resume_moving(), self._sweep_forever()):
            task = asyncio.create_task(job)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for room in list(self.rooms.values()):
            await room.close()
        self.journal.close()
        self.storage.close()

    async def _resume_moving(self) -> None:
        """Rebuild the running games, one at a time, yielding to requests between them.

        A game is read and rebuilt in one step on the loop, so no request can change it in between."""
        ids = await asyncio.to_thread(self.storage.moving_games)
        for game_id in ids:
            try:
                self.room(game_id)
            except Exception:  # one unreadable game must not keep the others from moving on
                log.exception("game %s could not be resumed", game_id)
            await asyncio.sleep(0)
        log.info("resumed %d games that move on their own", len(ids))

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
                # Only registered names and the levels' specs: an import path from a browser would run code,
                # and a budget of its choosing would hold the server.
                if s.bot is None or (s.bot not in BOTS and s.bot not in LEVELS.values()):
                    raise OptionError(f"unknown bot {s.bot!r} (bots: {', '.join(sorted(BOTS))})")
                name = s.bot.partition(":")[0]
                named = text_or(f"page.bots.{name}", ENGLISH, name.capitalize())  # "MCTS 3", not "Mcts 3"
                seats.append(SeatRow(i, "bot", s.bot, _clean(s.name) or f"{named} {seat_number(i)}"))
            elif s.kind == "human":
                seats.append(SeatRow(i, "human"))
            else:
                raise OptionError(f"seats[{i}]: kind must be 'human' or 'bot', not {s.kind!r}")
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
                raise OptionError(f"seat index {claim} is not a human seat to take")
            token = new_token()
            seats[claim].name = _clean(spec.name) or f"Player {seat_number(claim)}"
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
        self._seen[row.id] = time.monotonic()
        if all(s.claimed for s in seats):
            room.start()
        self._trim(keep=row.id)
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
        """A game by id, rebuilt from its log if it is not in memory; ``None`` if there is no such game."""
        room = self.rooms.get(game_id)
        if room is None:
            row = self.storage.load_game(game_id)
            if row is None:
                return None
            room = self._install(row)
        self._seen[game_id] = time.monotonic()
        return room

    def _install(self, row: GameRow) -> Room:
        room = Room(row, self.settings, self.storage, self.journal)
        room.resume()
        self.rooms[row.id] = room
        self._seen[row.id] = time.monotonic()
        room.wake_bots()
        self._trim(keep=row.id)
        return room

    def listing(self, finished_limit: int = 20) -> dict[str, list[dict[str, Any]]]:
        """Open and running games, newest first, and the most recently finished ones: read from the
        database, with the live details of games in memory; no game is rebuilt to be listed."""
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": [], "stopped": []}
        live = self.storage.listed(("open", "running"))
        live.sort(key=lambda row: row.created_at, reverse=True)
        ended = self.storage.listed(("finished",), limit=finished_limit)
        # Abandoned and ended games too, so that the lobby says honestly what became of each game.
        stopped = self.storage.listed(STOPPED, limit=finished_limit)
        for row in live + ended + stopped:
            room = self.rooms.get(row.id) or Room(row, self.settings, self.storage, self.journal)
            status = "stopped" if room.status in STOPPED else room.status
            if status in out:  # a game found broken in memory is left out
                out[status].append(room.summary())
        return out

    # ------------------------------------------------------------------ memory
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            self._sweep()

    def _sweep(self) -> None:
        """Drop the rooms idle for longer than ``room_idle_seconds`` (then keep the count bounded)."""
        now = time.monotonic()
        for game_id, room in list(self.rooms.items()):
            if room.busy:
                self._seen[game_id] = now
            elif now - self._seen[game_id] > self.settings.room_idle_seconds:
                self._drop(game_id)
        self._trim()

    def _trim(self, keep: str | None = None) -> None:
        """Keep at most ``idle_rooms_in_memory`` rooms that are not busy, dropping the longest unused
        (never ``keep``, the room a request is about to use)."""
        idle = [game_id for game_id, room in self.rooms.items() if not room.busy and game_id != keep]
        excess = len(idle) - self.settings.idle_rooms_in_memory
        if excess > 0:
            for game_id in sorted(idle, key=self._seen.__getitem__)[:excess]:
                self._drop(game_id)

    def _drop(self, game_id: str) -> None:
        del self.rooms[game_id]
        del self._seen[game_id]


def _clean(name: str | None) -> str:
    return (name or "").strip()[:40]
