"""One open WebSocket: who it speaks for, in which language, and an outbox so one slow reader never
holds up a game (each message is queued; a writer task sends them in order)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.websockets import WebSocket

from .protocol import CLOSE_TOO_SLOW

#: Messages a client may fall behind by before it is dropped (it reconnects and gets the full state).
MAX_BACKLOG = 512


class Connection:
    def __init__(self, websocket: WebSocket, seat: int | None, lang: str) -> None:
        self.websocket = websocket
        self.seat = seat
        self.lang = lang
        #: Number of the next event this client has not been sent yet.
        self.events_sent = 0
        #: The view this client has (JSON per top-level entry), so that later states send only what changed.
        self.last_view: dict[str, bytes] | None = None
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())
        self.closed = False

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self._outbox.qsize() >= MAX_BACKLOG:
            self.close(CLOSE_TOO_SLOW)
            return
        self._outbox.put_nowait(text)

    def close(self, code: int | None = None) -> None:
        if self.closed:
            return
        self.closed = True
        self._close_code = code
        self._outbox.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self._outbox.get()
                if text is None:
                    break
                await self.websocket.send_text(text)
            code = getattr(self, "_close_code", None)
            if code is not None:
                await self.websocket.close(code)
        except Exception:  # the peer went away; the reader side cleans up
            self.closed = True

    async def wait_closed(self) -> None:
        self.close()
        with contextlib.suppress(Exception):
            await self._writer

    def __repr__(self) -> str:
        return f"<Connection seat={self.seat} lang={self.lang}>"


Message = dict[str, Any]
