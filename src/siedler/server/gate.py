"""The server's door: how many TCP connections it holds, from whom, and how long one may take to ask.

uvicorn has no deadline for a request's headers: a client that sends half a request line and then nothing
holds its connection, and a file descriptor, for ever (1,000 such sockets stayed open over 20 s; 20,000
from one address exhausted the descriptors). ``Gate`` sits in uvicorn's own protocol classes (``http_protocol``,
``ws_protocol``, passed to ``uvicorn.Config``) and

- closes a connection that has not sent a whole request's headers within ``header_timeout`` seconds of
  opening or of starting its next request (HTTP 408, then the connection closes), or its whole body within
  ``body_timeout`` seconds of its headers (64 requests declaring 60,000 bytes and sending one held their
  connections past 30 s and locked their address out; 64 from each of 65 addresses held all 4,096); an
  idle connection between requests is closed after ``keep_alive_timeout`` (uvicorn's own timer);
- cuts a connection, an answer or a WebSocket, whose peer has read nothing for ``write_stall`` seconds
  with the send buffer full;
- caps the connections of one client address (``connections_per_client``) and of the whole server
  (``max_connections``, never above what the process's file-descriptor limit leaves room for).

At a cap, a new connection takes the place of the longest-waiting connection that has no request in
progress (one still sending its headers, or idle between requests); only when every connection is busy
(a request being answered, a WebSocket open) is the new one refused. A flood of half-open sockets thus only
ever evicts itself, and a real request still gets in. Connections from a trusted proxy count only towards
the server's cap: behind it are many clients, whose own limits the proxy applies (``docs/security.md``).
"""

from __future__ import annotations

import asyncio
import resource
import time
from dataclasses import dataclass

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .addresses import group
from .config import Settings
from .limits import parse_networks, trusted_address

#: File descriptors kept for everything but client connections: the database, logs, the listening socket.
RESERVED_FDS = 64
TIMEOUT_ANSWER = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


@dataclass
class _Open:
    address: str
    #: Since when the connection waits for a request's headers (``time.monotonic()``); ``None``: busy.
    waiting_since: float | None


class _Unread(asyncio.Protocol):
    """A connection cut when its peer has read nothing for ``write_stall`` seconds with the send buffer
    full: an answer or WebSocket nobody reads would otherwise hold its connection, busy, for ever."""

    _gate: Gate
    _stalled: asyncio.TimerHandle | None = None

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stalled is None:
            self._stalled = asyncio.get_running_loop().call_later(self._gate.write_stall, self._cut)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._unstall()

    def _unstall(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def _cut(self) -> None:
        self._stalled = None
        self._gate.stalled += 1
        transport = getattr(self, "transport", None)
        if transport is not None:
            transport.abort()


class Gate:
    def __init__(self, settings: Settings) -> None:
        self.header_timeout = settings.header_timeout
        self.write_stall = settings.write_stall
        self.body_timeout = settings.body_timeout
        self.per_client = settings.connections_per_client
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        room = soft - RESERVED_FDS if soft != resource.RLIM_INFINITY else settings.max_connections
        self.max_connections = max(1, min(settings.max_connections, room))
        self._proxies = parse_networks(settings.trusted_proxies)
        self._prefix = settings.ipv6_prefix
        #: Every open connection by its transport, oldest first.
        self._open: dict[asyncio.Transport, _Open] = {}
        self._per_address: dict[str, int] = {}
        self.refused = 0
        self.evicted = 0
        #: Requests cut because their body did not arrive within ``body_timeout``.
        self.slow_bodies = 0
        #: WebSockets cut because their peer read nothing (``write_stall``).
        self.stalled = 0

    def admit(self, transport: asyncio.Transport) -> bool:
        """Count a new connection in, making room at a cap; false when it must be closed at once."""
        peer = transport.get_extra_info("peername")
        peer_address = str(peer[0]) if peer else "unknown"
        address = group(peer_address, self._prefix)  # one IPv6 network is one client (addresses.py)
        crowded = (
            not trusted_address(peer_address, self._proxies) and self._per_address.get(address, 0) >= self.per_client
        )
        if (crowded and not self._evict(address)) or (
            len(self._open) >= self.max_connections and not self._evict(None)
        ):
            self.refused += 1
            return False
        self._open[transport] = _Open(address, time.monotonic())
        self._per_address[address] = self._per_address.get(address, 0) + 1
        return True

    def busy(self, transport: asyncio.Transport, busy: bool) -> None:
        """The connection's request is being answered (or it became a WebSocket), or it waits again."""
        entry = self._open.get(transport)
        if entry is not None:
            entry.waiting_since = None if busy else time.monotonic()

    def release(self, transport: asyncio.Transport) -> None:
        entry = self._open.pop(transport, None)
        if entry is None:
            return
        left = self._per_address[entry.address] - 1
        if left:
            self._per_address[entry.address] = left
        else:
            del self._per_address[entry.address]

    def __len__(self) -> int:
        return len(self._open)

    def _room_for_one(self) -> bool:
        return len(self._open) < self.max_connections or self._evict(None)

    def _evict(self, address: str | None) -> bool:
        """Close the longest-waiting idle connection (of ``address``, or any); false if there is none."""
        waiting = [
            (entry.waiting_since, transport)
            for transport, entry in self._open.items()
            if entry.waiting_since is not None and (address is None or entry.address == address)
        ]
        if not waiting:
            return False
        _, transport = min(waiting, key=lambda item: item[0])
        self.release(transport)
        transport.abort()
        self.evicted += 1
        return True

    def http_protocol(self) -> type[HttpToolsProtocol]:
        """uvicorn's HTTP protocol with this gate: counted, given ``header_timeout`` for each request's
        headers and ``body_timeout`` for its body, and cut when nobody reads its answer (``_Unread``)."""
        gate = self

        class GatedHttp(_Unread, HttpToolsProtocol):
            _gate = gate
            #: The running deadline: for the headers, then for the body (never both at once).
            _deadline: asyncio.TimerHandle | None = None

            def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
                super().connection_made(transport)
                if not gate.admit(transport):
                    transport.abort()
                    return
                self._arm(gate.header_timeout)

            def on_message_begin(self) -> None:
                super().on_message_begin()
                if self._deadline is None:
                    self._arm(gate.header_timeout)

            def on_headers_complete(self) -> None:
                self._disarm()
                gate.busy(self.transport, True)
                super().on_headers_complete()
                if not (self.parser.should_upgrade() and self._should_upgrade()):
                    self._arm(gate.body_timeout, body=True)

            def on_message_complete(self) -> None:
                self._disarm()
                super().on_message_complete()

            def handle_websocket_upgrade(self) -> None:
                self._disarm()
                super().handle_websocket_upgrade()

            def on_response_complete(self) -> None:
                super().on_response_complete()
                gate.busy(self.transport, False)

            def connection_lost(self, exc: Exception | None) -> None:
                self._disarm()
                self._unstall()
                gate.release(self.transport)
                super().connection_lost(exc)

            def _arm(self, seconds: float, body: bool = False) -> None:
                self._deadline = self.loop.call_later(seconds, self._too_slow, body)

            def _disarm(self) -> None:
                if self._deadline is not None:
                    self._deadline.cancel()
                    self._deadline = None

            def _too_slow(self, body: bool) -> None:
                """The headers, or the ``body``, are not all there in time: 408 (unless the application has
                begun to answer, without waiting for the body) and closed."""
                self._deadline = None
                gate.slow_bodies += body
                if not self.transport.is_closing():
                    if not (body and self.cycle.response_started):
                        self.transport.write(TIMEOUT_ANSWER)
                    self.transport.close()

        return GatedHttp

    def ws_protocol(self) -> type[WebSocketsSansIOProtocol]:
        """uvicorn's WebSocket protocol, which takes an upgraded connection over: released when it closes,
        and cut when its peer has read nothing for ``write_stall`` seconds with the send buffer full
        (a socket that does not read would otherwise hold its queued messages, and a writer, for ever)."""
        gate = self

        class GatedWebSocket(_Unread, WebSocketsSansIOProtocol):
            _gate = gate

            def connection_lost(self, exc: Exception | None) -> None:
                self._unstall()
                gate.release(self.transport)
                super().connection_lost(exc)

        return GatedWebSocket
