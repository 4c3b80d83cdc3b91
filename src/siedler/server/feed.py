"""The lobby pushed to its viewers: the listing of games, sent over ``/ws/lobby`` (docs/protocol.md).

A viewer gets the listing when it connects, again soon after any game is created, joined, started or ended
on any process of the server (a ``notices.LOBBY`` notice: in memory on SQLite, ``NOTIFY`` on PostgreSQL),
and every ``lobby_push_seconds`` for what changes without a notice (move counts). A burst of notices makes one
listing: it is read once per process and sent to every viewer, replacing any listing still queued for a
slow one; a viewer connecting before the next change gets that same listing, without a query. The listing
is what ``GET /api/games`` answers: public games only, nothing hidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from .notices import LOBBY
from .protocol import dumps

if TYPE_CHECKING:
    from .connection import Connection
    from .lobby import Lobby

log = logging.getLogger("siedler.server")
#: Seconds a notice waits for the others of its burst before the listing is read.
GATHER_SECONDS = 0.1


class LobbyFeed:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.every = lobby.settings.lobby_push_seconds
        self.viewers: set[Connection] = set()
        self._changed = asyncio.Event()
        #: The listing last read, while no notice came since (a viewer connecting gets it without a read: a
        #: client opening sockets in a loop costs no queries); the notices seen, to tell a read overtaken.
        self._text: str | None = None
        self._notices = 0
        self._task: asyncio.Task[None] | None = None
        lobby.services.notices.subscribe(LOBBY, self.changed)

    def start(self) -> None:
        self._task = asyncio.create_task(self._push_forever())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for conn in list(self.viewers):
            conn.close()

    def changed(self, game_id: str | None) -> None:
        """A notice: ``game_id`` changed (``None``: some may have, unseen); the viewers get a fresh listing."""
        self._notices += 1
        self._text = None
        if self.viewers:
            self._changed.set()

    async def attach(self, conn: Connection) -> None:
        """A new viewer, sent the listing as it is now (or with the next push, if it cannot be read now)."""
        self.viewers.add(conn)
        try:
            conn.send(await self._listing(), state=True, full=True)
        except Exception as exc:
            log.warning("could not read the lobby for a new viewer: %s", exc)
            self._changed.set()

    def detach(self, conn: Connection) -> None:
        self.viewers.discard(conn)

    async def _listing(self) -> str:
        text, seen = self._text, self._notices
        if text is None:
            text = dumps({"type": "lobby", "games": await self.lobby.listing()})
            if seen == self._notices:  # no notice came while it was read
                self._text = text
        return text

    async def _push_forever(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._changed.wait(), self.every)
            except TimeoutError:  # the period: move counts change without a notice
                self._text = None
            await asyncio.sleep(GATHER_SECONDS)
            self._changed.clear()  # a notice from now on makes another listing
            if not self.viewers:
                continue
            try:
                text = await self._listing()
            except Exception as exc:  # the database is away: the next notice or period tries again
                log.warning("could not read the lobby for its viewers: %s", exc)
                continue
            for conn in list(self.viewers):
                conn.send(text, state=True, full=True)
