"""``siedler serve`` as one of many processes on one PostgreSQL database (docs/server.md, "Several processes").

Each live game has one owner at a time, the process holding its lease (``leases.py``): only the owner keeps
the game in memory, applies its moves, runs its bots and timers. A process asked for a game it does not own
takes the lease if it is free; if another process holds it, it asks that one by ``NOTIFY`` to hand the game
back (the owner finishes the move in progress, closes its connections so that clients reconnect, and
releases the lease) and takes it then, or once the lease lapses if the owner died. A proxy hashing the game
id to a process (docs/server.md) routes every request for a game to the same process, so handing over
happens only when the set of processes changes. A sweep takes the running games nobody owns (their owner
died): their bots and clocks go on without waiting for a request.

SQLite serves one process only: a second ``siedler serve`` on the same file is refused (``single_process``).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import time
import uuid
from pathlib import Path
from typing import IO, TYPE_CHECKING

import sqlalchemy as sa

from .leases import Leases
from .notices import RELEASE
from .protocol import CLOSE_MOVED

if TYPE_CHECKING:
    from .lobby import Lobby

log = logging.getLogger("siedler.server")

#: How often the sweep looks for running games nobody owns (bounds the takeover of a dead process's games).
SWEEP_SECONDS = 1.0
#: Seconds between two tries to take a lease someone else holds, while a request waits for it.
POLL_SECONDS = 0.1
#: Seconds between two requests to the owner of a game to hand it over, while a request waits for it.
ASK_SECONDS = 1.0


class Elsewhere(Exception):
    """Another live process owns the game and did not hand it over in time (HTTP 503, try again)."""


class Cluster:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.db = lobby.db
        settings = lobby.settings
        self.ttl = settings.lease_seconds
        self.leases = Leases(lobby.storage, f"{os.getpid()}-{uuid.uuid4().hex[:12]}", self.ttl)
        lobby.storage.fence = self.leases.fence
        self.notices = lobby.services.notices
        self.notices.subscribe(RELEASE, self._asked)
        self._tasks: list[asyncio.Task[None]] = []
        self._handing: set[asyncio.Task[None]] = set()  # hand-overs under way (kept from the collector)

    def start(self) -> None:
        self._tasks = [asyncio.create_task(job) for job in (self._heartbeat(), self._sweep())]

    async def close(self) -> None:
        """Stop, and hand every game back so that another process takes it at once."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._handing, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.db.write(self.leases.release, list(self.leases.held))

    # ------------------------------------------------------------------ owning games
    async def acquire(self, game_id: str) -> None:
        """Own the game before it is loaded: take its lease, asking its owner to hand it back if needed, for
        at most the lease's lifetime and a little (its owner may have died); ``Elsewhere`` if it stays owned."""
        start = time.monotonic()
        asked = start - ASK_SECONDS
        while not await self.db.write(self.leases.take, game_id):
            now = time.monotonic()
            if now > start + self.ttl + 2.0:
                raise Elsewhere(f"game {game_id} is busy on another server process; try again in a moment")
            if now - asked >= ASK_SECONDS:  # again now and then: a notice may be lost with its connection
                self.notices.publish(RELEASE, game_id)
                asked = now
            await asyncio.sleep(POLL_SECONDS)

    def owns(self, game_id: str) -> bool:
        return game_id in self.leases.held

    async def release(self, game_id: str) -> None:
        """Give up a game: its room leaves memory (its clients reconnect, through the proxy, to the process
        that asked for it) and its lease is handed back once no move of it is being stored."""
        room = self.lobby.rooms.get(game_id)
        if room is not None:
            async with room.lock:  # the move being stored finishes first
                self.evict(game_id)
                await self.db.write(self.leases.release, [game_id])
        elif self.owns(game_id):
            await self.db.write(self.leases.release, [game_id])

    def evict(self, game_id: str) -> None:
        """Drop a game this process no longer owns (or is handing over) from memory, closing its connections
        with a code after which the page reconnects."""
        room = self.lobby.rooms.get(game_id)
        if room is None:
            return
        self.lobby.forget(game_id)
        room.bots.stop()
        for conn in list(room.views.connections):
            conn.close(CLOSE_MOVED)

    # ------------------------------------------------------------------ background work
    async def _heartbeat(self) -> None:
        """Renew the leases several times per lifetime; a game whose lease was lost leaves memory."""
        while True:
            await asyncio.sleep(self.ttl / 4)
            try:
                lost = await self.db.read(self.leases.renew)
            except Exception as exc:  # the fence keeps a process without its leases from appending
                log.warning("could not renew the game leases: %s", exc)
                continue
            for game_id in lost:
                log.warning("game %s: lease lost to another process", game_id)
                self.evict(game_id)

    async def _sweep(self) -> None:
        """Take over the running games nobody owns (their owner died, or nobody runs them yet)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            tried: set[str] = set()
            while True:  # batch after batch, until none is left but those that could not be taken
                try:
                    free = set(await self.db.read(self.leases.free_moving)) - tried
                except Exception as exc:
                    log.warning("could not look for games without an owner: %s", exc)
                    break
                if not free:
                    break
                tried |= free
                for game_id in free:
                    await self._take_over(game_id)

    async def _take_over(self, game_id: str) -> None:
        try:
            await self.lobby.room(game_id)
        except Elsewhere:  # another process took it first
            pass
        except Exception:  # one unreadable game must not keep the others from moving on
            log.exception("game %s could not be taken over", game_id)

    def _asked(self, game_id: str | None) -> None:
        """Another process asks for a game (``notices.RELEASE``): hand it over if it is this process's."""
        if game_id is not None and self.owns(game_id):
            task = asyncio.create_task(self.release(game_id))
            self._handing.add(task)
            task.add_done_callback(self._handing.discard)


def single_process(url: str) -> IO[str] | None:
    """Refuse a second server process on one SQLite file: SQLite takes one writer, and two processes would
    each run the same games' bots and timers. Holds an exclusive lock on ``<file>.serve-lock`` until the
    returned file is closed (or the process dies); ``None`` for a database in memory."""
    path = sa.engine.make_url(url).database
    if not path or path == ":memory:":
        return None
    lock = Path(path).expanduser().with_name(Path(path).name + ".serve-lock")
    handle = lock.open("w")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise RuntimeError(
            f"another siedler server already uses {path}: a SQLite database serves one process; "
            "run several processes on PostgreSQL (docs/server.md, 'Several processes')"
        ) from None
    return handle
