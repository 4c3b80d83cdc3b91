"""One open WebSocket: who it speaks for, in which language, and an outbox so one slow reader never
holds up a game (each message is queued; a writer task sends them in order).

What a connection costs is bounded (issue 39, finding 1: 32 sockets asking for their language again were
sent 228 MiB in 10 s and stalled every other client):

- its client's WebSockets together are sent at most ``ws_output_per_second`` characters and cost at most
  ``ws_cpu_per_second`` of CPU building states (token buckets per client, ``Limits.output``/``work``);
  beyond, the writer waits for its turn, and one that would wait longer than ``ws_output_wait`` is closed
  (code 4429);
- a whole state replaces the states still queued before it (it carries everything they did), and what is
  queued is at most ``ws_backlog`` characters or ``MAX_BACKLOG`` messages (code 4408 beyond: the client
  reconnects and gets the whole state);
- a socket whose peer reads nothing is cut by the door after ``write_stall`` seconds (``gate.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Any

from starlette.websockets import WebSocket

from .limits import Limits
from .protocol import CLOSE_RATE, CLOSE_TOO_SLOW

#: Messages a client may fall behind by before it is dropped (it reconnects and gets the full state).
MAX_BACKLOG = 512


class Connection:
    def __init__(self, websocket: WebSocket, seat: int | None, lang: str, limits: Limits, client: str) -> None:
        self.websocket = websocket
        self.seat = seat
        self.lang = lang
        self.limits = limits
        self.client = client
        #: Number of the next event this client has not been sent yet.
        self.events_sent = 0
        #: The view this client has (JSON per top-level entry), so that later states send only what changed.
        self.last_view: dict[str, bytes] | None = None
        #: When this connection last got a whole state it asked for (``loop.time()``), and the timer of the
        #: one it waits for (``views.Views.set_lang``).
        self.full_at = float("-inf")
        self.full_pending: asyncio.TimerHandle | None = None
        #: Queued messages: (is a state, text); ``None`` ends the writer.
        self._outbox: deque[tuple[bool, str] | None] = deque()
        self._queued = 0
        self._ready = asyncio.Event()
        self._writer = asyncio.create_task(self._write())
        self.closed = False
        self._close_code: int | None = None

    def send(self, text: str, state: bool = False, full: bool = False) -> None:
        """Queue ``text``; a ``state`` message, and a ``full`` one drops the states queued before it."""
        if self.closed:
            return
        if full:
            kept = [item for item in self._outbox if item is None or not item[0]]
            self._outbox = deque(kept)
            self._queued = sum(len(item[1]) for item in kept if item is not None)
        if len(self._outbox) >= MAX_BACKLOG or self._queued + len(text) > self.limits.settings.ws_backlog:
            self.drop(CLOSE_TOO_SLOW)
            return
        self._outbox.append((state, text))
        self._queued += len(text)
        self._ready.set()

    @property
    def backlog(self) -> int:
        """Characters queued and not yet taken by the writer."""
        return self._queued

    @property
    def close_code(self) -> int | None:
        return self._close_code

    def spent(self, seconds: float) -> None:
        """CPU spent building a state for this connection, charged to its client."""
        self.limits.work.spend(self.client, seconds)

    def close(self, code: int | None = None) -> None:
        """Close after what is queued has been sent."""
        if self.closed:
            return
        self.closed = True
        self._close_code = code
        if self.full_pending is not None:
            self.full_pending.cancel()
        self._outbox.append(None)
        self._ready.set()

    def drop(self, code: int) -> None:
        """Close at once, dropping what is queued (a client too far behind, or over its budget)."""
        self._outbox.clear()
        self._queued = 0
        if self.closed:  # closing already: only its end stays queued
            self._outbox.append(None)
            self._ready.set()
        self.close(code)

    async def _write(self) -> None:
        try:
            while True:
                while not self._outbox:
                    self._ready.clear()
                    await self._ready.wait()
                if self._outbox[0] is not None and not await self._turn():
                    continue
                item = self._outbox.popleft()
                if item is None:
                    break
                self._queued -= len(item[1])
                await self.websocket.send_text(item[1])
                self.limits.output.spend(self.client, len(item[1]))
            if self._close_code is not None:
                await self.websocket.close(self._close_code)
        except Exception:  # the peer went away; the reader side cleans up
            self.closed = True

    async def _turn(self) -> bool:
        """Wait until the client may be sent more; false when it would wait too long (then dropped)."""
        owed = self.limits.owed(self.client)
        if owed > self.limits.settings.ws_output_wait:
            self.drop(CLOSE_RATE)
            return False
        if owed > 0:
            await asyncio.sleep(owed)
        return True

    async def wait_closed(self) -> None:
        self.close()
        with contextlib.suppress(Exception):
            await self._writer

    def __repr__(self) -> str:
        return f"<Connection seat={self.seat} lang={self.lang}>"


Message = dict[str, Any]
