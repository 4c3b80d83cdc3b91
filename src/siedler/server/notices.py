"""Notices between the server's parts and between its processes: a game's id on a named channel.

A notice says only *which* game changed; whoever receives it reads what it needs from the database, so a
payload stays a few bytes (PostgreSQL's ``NOTIFY`` takes at most 8000) and no hidden information travels.
One process on SQLite delivers its notices in memory (``Notices``). Several processes on PostgreSQL
(``cluster.py``, docs/server.md "Several processes") send each notice with ``NOTIFY`` and receive every
process's, their own included, on one dedicated connection that ``LISTEN``s to every subscribed channel
(``PostgresNotices``). That connection reconnects after a loss; notices sent meanwhile are missed, so after
each (re)connection every handler is called with ``None``: look again at everything you show.

A handler runs on the event loop, must not block, and is subscribed before ``start``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

log = logging.getLogger("siedler.server")

#: A game was created, joined, started or ended: the lobby's listing changed (``feed.py``).
LOBBY = "siedler_lobby"
#: A process asks the owner of a game to hand it over (``cluster.py``).
RELEASE = "siedler_release"

#: A handler of one channel: called with the game id, or ``None`` after notices may have been missed.
Handler = Callable[[str | None], None]

#: Seconds between two tries to reach PostgreSQL again after the notices' connection was lost.
RECONNECT_SECONDS = 1.0
#: Notices waiting to be sent while PostgreSQL cannot be reached, at most (the oldest are dropped beyond:
#: every receiver looks again at everything once the connection is back).
MAX_WAITING = 10_000
#: libpq's settings of both connections: a name that tells them apart in ``pg_stat_activity``, and TCP
#: keepalives so that a connection cut without a word (a network gone) is noticed within half a minute.
LIBPQ = {
    "connect_timeout": 5,
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 3,
}


class Notices:
    """In-memory notices, for the one process that serves a SQLite database."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}
        self._started = False

    def subscribe(self, channel: str, handler: Handler) -> None:
        if self._started:
            raise RuntimeError(f"subscribe to {channel} before the notices start")
        self._handlers.setdefault(channel, []).append(handler)

    def publish(self, channel: str, game_id: str) -> None:
        """Tell every subscriber of ``channel`` (of every process) that ``game_id`` changed; returns at once."""
        asyncio.get_running_loop().call_soon(self._deliver, channel, game_id)

    def start(self) -> None:
        self._started = True

    async def close(self) -> None:
        self._started = False

    def _deliver(self, channel: str, game_id: str | None) -> None:
        for handler in self._handlers.get(channel, ()):
            try:
                handler(game_id)
            except Exception:  # one subscriber's failure must not keep the notice from the others
                log.exception("a handler of notices on %s failed", channel)


class PostgresNotices(Notices):
    """Notices through PostgreSQL's ``LISTEN``/``NOTIFY``, for every process on one database."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.dsn = sa.engine.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        #: Set while the listening connection listens (tests wait for it; ``None`` handlers ran before).
        self.listening = asyncio.Event()
        self._waiting: dict[tuple[str, str], None] = {}  # in order, each notice once
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def publish(self, channel: str, game_id: str) -> None:
        self._waiting.pop((channel, game_id), None)
        self._waiting[(channel, game_id)] = None
        self._trim()

    def _trim(self) -> None:
        while len(self._waiting) > MAX_WAITING:
            del self._waiting[next(iter(self._waiting))]
        self._wake.set()

    def start(self) -> None:
        super().start()
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send())]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        await super().close()

    async def _connect(self, name: str) -> Any:
        import psycopg
        from psycopg.conninfo import make_conninfo

        conninfo = make_conninfo(self.dsn, application_name=name, **LIBPQ)
        return await psycopg.AsyncConnection.connect(conninfo, autocommit=True)

    async def _listen(self) -> None:
        from psycopg import sql

        while True:
            try:
                async with await self._connect("siedler-listen") as conn:
                    for channel in self._handlers:
                        await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
                    self.listening.set()
                    for channel in self._handlers:  # whatever was sent before now was missed
                        self._deliver(channel, None)
                    async for note in conn.notifies():
                        self._deliver(note.channel, note.payload)
            except Exception as exc:
                log.warning("lost the connection that listens for notices (%s); reconnecting", exc)
            self.listening.clear()
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _send(self) -> None:
        """Send what was published, in batches of one round trip each, on a connection of its own (the
        listening one is busy waiting); a batch that fails goes again, before what came meanwhile, once the
        connection is back."""
        conn: Any = None
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                batch, self._waiting = list(self._waiting), {}
                try:
                    if conn is None or conn.closed:
                        conn = await self._connect("siedler-notify")
                    channels, ids = [c for c, _ in batch], [g for _, g in batch]
                    await conn.execute(NOTIFY, [channels, ids])
                except Exception as exc:
                    log.warning("could not send %d notices (%s); trying again", len(batch), exc)
                    self._waiting = {**dict.fromkeys(batch), **self._waiting}
                    self._trim()
                    await _closed(conn)
                    conn = None
                    await asyncio.sleep(RECONNECT_SECONDS)
        finally:
            await _closed(conn)


#: One round trip for a batch of notices: a channel and a game id each.
NOTIFY = "SELECT pg_notify(c, g) FROM unnest(%s::text[], %s::text[]) AS t(c, g)"


async def _closed(conn: Any) -> None:
    if conn is not None:
        with contextlib.suppress(Exception):
            await conn.close()
