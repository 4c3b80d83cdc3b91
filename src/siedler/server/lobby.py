"""The lobby: creating games, finding them, and keeping in memory only the games in use."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from functools import partial
from typing import IO, Any

from .cluster import Cluster, single_process
from .config import Settings
from .creation import GameSpec, plan
from .database import Database
from .journal import Journal
from .leases import count_creation
from .limits import ServerFull, too_many_bot_games
from .notices import Notices, PostgresNotices
from .quotas import ActionQuota
from .replay import Verifier
from .room import Room, Services
from .snapshots import Snapshots
from .storage import STOPPED, GameRow, Storage, now

log = logging.getLogger("siedler.server")


@dataclass
class Created:
    room: Room
    seat: int | None
    token: str | None
    #: The creator's secret: the only proof that may end the game.
    creator_token: str
    #: The code that takes the game's open seats (the invite link carries it).
    invite: str


class Lobby:
    """Every game of the server. Only the games in use are in memory (``rooms``): a game is rebuilt from its
    log when a request or a client first needs it, and dropped again once nothing happens in it for a
    while; games that move on their own (bots) are brought back in the background after a restart."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.storage = Storage(settings.database_url, settings.db_busy_timeout, settings.wal_limit_bytes)
        self.db = Database(self.storage)
        self.journal = Journal(self.db)
        snapshots = Snapshots(self.db, settings.log_tail, settings.snapshot_every)
        # One process on SQLite tells its own parts; processes on PostgreSQL tell each other (LISTEN/NOTIFY).
        notices = Notices() if self.storage.is_sqlite else PostgresNotices(self.storage.url)
        self.services = Services(settings, self.db, self.journal, Verifier(), snapshots, ActionQuota(settings), notices)
        self.rooms: dict[str, Room] = {}
        #: When each room in memory was last used or seen busy (``time.monotonic()``), to drop idle ones.
        self._seen: dict[str, float] = {}
        #: Rooms being rebuilt from their logs: every request for one waits for the same rebuild.
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._creating = 0
        #: The running games each client created (``_check_bot_games``), counted in memory by one process alone.
        self._bot_games: dict[str, set[str]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: On PostgreSQL, this process is one of any number (``cluster.py``); on SQLite, the only one.
        self.cluster = None if self.storage.is_sqlite else Cluster(self)
        self._lock_file: IO[str] | None = None

    def open(self) -> None:
        """Migrate the database and answer at once: games are rebuilt when first used, and those that
        move on without anyone looking are resumed in the background (runs on the event loop); in a cluster,
        the sweep takes those nobody owns. Whatever subscribes to notices does so before."""
        if self.storage.is_sqlite:
            self._lock_file = single_process(self.storage.url)
        self.storage.migrate()
        self.services.notices.start()
        jobs = [self._sweep_forever()]
        if self.cluster is None:
            jobs.append(self._resume_moving())
        else:
            self.cluster.start()
        for job in jobs:
            task = asyncio.create_task(job)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for room in list(self.rooms.values()):
            await room.close()
        if self.cluster is not None:
            await self.cluster.close()
        await self.services.notices.close()
        self.services.verifier.close()
        self.db.close()
        if self._lock_file is not None:
            self._lock_file.close()

    async def _resume_moving(self) -> None:
        """Rebuild the running games, one at a time, yielding to requests between them.

        A request for a game being rebuilt waits for that rebuild (``room``), so no request can change it
        in between."""
        ids = await self.db.read(self.storage.moving_games)
        for game_id in ids:
            try:
                await self.room(game_id)
            except Exception:  # one unreadable game must not keep the others from moving on
                log.exception("game %s could not be resumed", game_id)
        log.info("resumed %d games that move on their own", len(ids))

    # ------------------------------------------------------------------ creating and joining
    async def create(self, spec: GameSpec, client: str = "") -> Created:
        """A new game; the creator gets the token of the seat he takes, if any, one to end the game, and
        the invite code that takes the other seats."""
        # Games being stored count too: the count is read before they are there.
        live = await self.db.read(self.storage.count_with_status, ("open", "running")) + self._creating
        if live >= self.settings.max_live_games:
            raise ServerFull(f"the server holds {live} open or running games, its limit; try again later")
        made = plan(spec, self.settings, client, now())
        row = made.row
        runs = row.status == "running"  # with nobody attending yet: bots only, or the creator's seat alone
        # In a cluster the database counts every process's such games (``count_creation``); here, memory.
        counted_here = runs and self.cluster is None
        if counted_here:
            self._check_bot_games(client)
        self._creating += 1
        try:
            await self.db.write(self.storage.create_game, row, partial(self._created, row.id, client, runs))
        finally:
            self._creating -= 1
        if self.cluster is not None:
            self.cluster.leases.created(row.id)
        room = self.rooms[row.id] = Room(row, self.services)
        room.owner = client
        self._seen[row.id] = time.monotonic()
        if counted_here:
            self._bot_games.setdefault(client, set()).add(row.id)
        if row.status == "running":
            room.begin(row.created_at)
        room.announce()
        self._trim(keep=row.id)
        return Created(room, made.seat, made.token, made.creator_token, made.invite)

    def _created(self, game_id: str, client: str, unattended: bool, conn: Any) -> None:
        """In a cluster, in the creating transaction: the game's lease is this process's, and the creation
        counts towards the address's limits on every process (the proxy cannot tell a game nobody attends)."""
        if self.cluster is None:
            return
        settings = self.settings
        count_creation(conn, game_id, client, unattended, settings.games_per_minute, settings.bot_games_per_client)
        self.cluster.leases.insert_new(conn, game_id)

    def _check_bot_games(self, client: str) -> None:
        """A running game nobody attends moves on by itself: its bots, and the stand-in for people who never
        showed up. One client may run only a few at once, or it could fill ``max_live_games`` with them and
        the database with their moves."""
        mine = {g for g in self._bot_games.pop(client, ()) if g in self.rooms and self.rooms[g].status == "running"}
        if mine:  # only clients with games running are remembered
            self._bot_games[client] = mine
        if sum(self.rooms[g].unattended for g in mine) >= self.settings.bot_games_per_client:
            raise too_many_bot_games(self.settings.bot_games_per_client)

    # ------------------------------------------------------------------ finding games
    async def room(self, game_id: str) -> Room | None:
        """A game by id, rebuilt from its log if it is not in memory; ``None`` if there is no such game.

        Reading and rebuilding run off the loop's critical path (a reader thread, then slices of moves);
        concurrent requests for the same game wait for one rebuild."""
        room = self.rooms.get(game_id)
        if room is None:
            loading = self._loading.get(game_id)
            if loading is None:
                loading = self._loading[game_id] = asyncio.ensure_future(self._load(game_id))
                loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
            room = await asyncio.shield(loading)
            if room is None:
                return None
        self._seen[game_id] = time.monotonic()
        return room

    async def _load(self, game_id: str) -> Room | None:
        row = await self.db.read(self.storage.load_game, game_id)
        if row is None:
            return None
        if self.cluster is not None:  # owned here from now on: loaded after any move its last owner stored
            await self.cluster.acquire(game_id)
            row = await self.db.read(self.storage.load_game, game_id)
            if row is None:
                return None
        room = Room(row, self.services)
        try:
            await room.resume()
        except BaseException:
            if self.cluster is not None:
                await self.cluster.release(game_id)
            raise
        self.rooms[row.id] = room
        self._seen[row.id] = time.monotonic()
        room.bots.wake()
        self._trim(keep=row.id)
        return room

    async def summary(self, game_id: str) -> dict[str, Any] | None:
        """A game's summary, read from its row unless it is in memory: no game that is over is loaded for it
        (a running game is, as it moves on anyway); ``None`` if there is no such game."""
        room = self.rooms.get(game_id)
        if room is None:
            row = await self.db.read(self.storage.load_game, game_id)
            if row is None:
                return None
            room = await self.room(game_id) if row.status == "running" else Room(row, self.services)
        return None if room is None else room.summary()

    async def listing(self, finished_limit: int = 20) -> dict[str, list[dict[str, Any]]]:
        """Public games waiting for players and running games, newest first, and the most recently finished
        and stopped ones: read from the database, with the live details of games in memory; no game is
        rebuilt to be listed. A private game waiting for players is not listed: only its invitation seats
        anyone, and the invite code is never part of a summary."""
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": [], "stopped": []}
        live, ended, stopped = await self.db.read(self._listed, finished_limit)
        for row in live + ended + stopped:
            room = self.rooms.get(row.id) or Room(row, self.services)
            status = "stopped" if room.status in STOPPED else room.status
            if status == "open" and not room.row.public:
                continue
            if status in out:  # a game found broken in memory is left out
                out[status].append(room.summary())
        return out

    def _listed(self, finished_limit: int) -> tuple[list[GameRow], list[GameRow], list[GameRow]]:
        live = self.storage.listed(("open", "running"))
        live.sort(key=lambda row: row.created_at, reverse=True)
        ended = self.storage.listed(("finished",), limit=finished_limit)
        # Abandoned and ended games too, so that the lobby says honestly what became of each game.
        return live, ended, self.storage.listed(STOPPED, limit=finished_limit)

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
        self.forget(game_id)
        if self.cluster is not None:  # idle: another process may have it at once
            task = asyncio.create_task(self.cluster.release(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def forget(self, game_id: str) -> None:
        """The room leaves memory (it is rebuilt from storage when needed again)."""
        self.rooms.pop(game_id, None)
        self._seen.pop(game_id, None)
