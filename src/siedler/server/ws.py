"""The WebSocket part: one connection per player seat or spectator of a game, and the lobby's viewers
(``/ws/lobby``, ``feed.py``); the protocol is in ``docs/protocol.md``.

Before a connection may play or watch: its page's Origin must be allowed, its address must hold fewer than
``ws_per_client`` connections and its seat fewer than ``ws_per_seat``. Afterwards every message must be at
most ``ws_max_message_bytes`` long and come within the connection's rate (``ws_messages_per_second``).
Each refusal is an ``error`` message followed by a close code (``protocol.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from siedler.core.errors import IllegalAction
from siedler.core.i18n import ENGLISH

from .chat import Refused as ChatRefused
from .cluster import Elsewhere
from .connection import Connection
from .feed import LobbyFeed
from .fields import MAX_ACTION, MAX_SEATS, MAX_TOKEN, ref_of
from .incidents import report
from .limits import Limits, TokenBucket
from .lobby import Lobby
from .proposals import Refused as ProposalRefused
from .protocol import (
    CLOSE_BUSY,
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    CLOSE_ORIGIN,
    CLOSE_PROTOCOL,
    CLOSE_RATE,
    CLOSE_TOO_BIG,
    CLOSE_TOO_MANY,
    PROTOCOL,
    SUPPORTED,
    dumps,
    error,
    lang_of,
    loads,
    refused,
)
from .room import Room, Stale
from .security import origin_allowed

HELLO_TIMEOUT = 10.0


class Refusal(Exception):
    """Close the connection with ``code`` after an ``error`` message ``what``/``message``."""

    def __init__(self, code: int, what: str, message: str) -> None:
        super().__init__(message)
        self.code, self.what, self.message = code, what, message


async def game_socket(websocket: WebSocket, game_id: str) -> None:
    await _admit(websocket, partial(_serve, websocket, game_id))


async def lobby_socket(websocket: WebSocket) -> None:
    """The lobby's listing, pushed (``feed.py``); the viewer sends nothing but pings."""
    await _admit(websocket, partial(_view_lobby, websocket))


async def _admit(websocket: WebSocket, serve: Callable[[Limits], Awaitable[None]]) -> None:
    """Serve a WebSocket whose page's Origin is allowed and whose address holds fewer than ``ws_per_client``."""
    await websocket.accept()
    limits: Limits = websocket.app.state.limits
    settings = limits.settings
    if not origin_allowed(websocket.headers, settings.allowed_origins):
        origin = websocket.headers.get("origin", "")[:100]
        await _refuse(websocket, Refusal(CLOSE_ORIGIN, "origin", f"pages from {origin!r} may not play here"))
        return
    client = limits.client(websocket.scope)
    if not limits.clients.acquire(client, settings.ws_per_client):
        message = f"too many connections from one address (at most {settings.ws_per_client})"
        await _refuse(websocket, Refusal(CLOSE_TOO_MANY, "too_many", message))
        return
    try:
        await serve(limits)
    except Refusal as refusal:
        await _refuse(websocket, refusal)
    except WebSocketDisconnect:
        pass
    finally:
        limits.clients.release(client)


async def _serve(websocket: WebSocket, game_id: str, limits: Limits) -> None:
    lobby: Lobby = websocket.app.state.lobby
    settings = limits.settings
    try:
        hello = loads(await asyncio.wait_for(_receive(websocket, limits), HELLO_TIMEOUT))
    except (TimeoutError, ValueError):
        raise Refusal(CLOSE_PROTOCOL, "bad_hello", "open with a hello message (see docs/protocol.md)") from None
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        raise Refusal(CLOSE_PROTOCOL, "bad_hello", "the first message must be of type 'hello'")
    if hello.get("protocol", PROTOCOL) not in SUPPORTED:
        shown = str(hello.get("protocol"))[:20]
        raise Refusal(CLOSE_PROTOCOL, "protocol", f"protocol {shown} is not spoken here; supported: {list(SUPPORTED)}")
    try:
        room = await lobby.room(game_id)
    except Elsewhere as exc:
        raise Refusal(CLOSE_BUSY, "busy", str(exc)) from None
    if room is None:
        raise Refusal(CLOSE_NOT_FOUND, "not_found", f"no game {game_id[:40]!r}")
    seat, token = hello.get("seat"), hello.get("token")
    if seat is not None:
        valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < MAX_SEATS
        valid = valid and isinstance(token, str) and len(token) <= MAX_TOKEN
        if not valid or not room.seating.check_token(seat, token):
            raise Refusal(CLOSE_FORBIDDEN, "forbidden", f"this token does not hold seat index {str(seat)[:20]}")
        if not limits.seats.acquire((room.id, seat), settings.ws_per_seat):
            message = f"seat index {seat} is open in too many windows (at most {settings.ws_per_seat})"
            raise Refusal(CLOSE_TOO_MANY, "too_many", message)
    try:
        conn = Connection(websocket, seat, lang_of(hello.get("lang")), limits, limits.client(websocket.scope))
        await _play(websocket, room, conn, limits)
    finally:
        if seat is not None:
            limits.seats.release((room.id, seat))


async def _play(websocket: WebSocket, room: Room, conn: Connection, limits: Limits) -> None:
    if conn.seat is not None:
        await room.seating.take_back(conn.seat)  # reconnecting with the seat's token takes the seat back
    await room.chat.load()
    room.views.attach(conn)
    if room.chat.messages:  # the chat so far, after the welcome and the state
        conn.send(room.chat.history())

    async def handle(text: str | bytes) -> None:
        try:
            await _handle(room, conn, text)
        except Exception as exc:  # a failure of the server's own: a reference for the player, details logged
            conn.send(dumps(error("internal", report("the server could not handle that message", exc, room.id))))

    try:
        await _converse(websocket, conn, limits, handle)
    finally:
        room.views.detach(conn)
        with contextlib.suppress(Exception):
            await conn.wait_closed()


async def _view_lobby(websocket: WebSocket, limits: Limits) -> None:
    feed: LobbyFeed = websocket.app.state.feed
    conn = Connection(websocket, None, ENGLISH, limits, limits.client(websocket.scope))
    await feed.attach(conn)

    async def handle(text: str | bytes) -> None:
        try:
            message: Any = loads(text)
        except ValueError:
            message = None
        if isinstance(message, dict) and message.get("type") == "ping":
            conn.send(dumps({"type": "pong", "id": ref_of(message.get("id"))}))
        else:
            conn.send(dumps(error("unknown_type", "the lobby takes only pings (docs/protocol.md)")))

    try:
        await _converse(websocket, conn, limits, handle)
    finally:
        feed.detach(conn)
        with contextlib.suppress(Exception):
            await conn.wait_closed()


async def _converse(
    websocket: WebSocket, conn: Connection, limits: Limits, handle: Callable[[str | bytes], Awaitable[None]]
) -> None:
    """``handle`` each message of the connection within its size and rate limits (an ``error`` and a close
    beyond), until the peer goes or the server drops the connection (too far behind, over its budget)."""
    budget: TokenBucket = limits.message_bucket()
    try:
        while True:
            text = await _receive(websocket, limits)
            if conn.closed:
                return
            if budget.take("") > 0:
                message = f"too many messages: at most {limits.settings.ws_messages_per_second:g} a second"
                conn.send(dumps(error("rate", message)))
                conn.close(CLOSE_RATE)
                return
            await handle(text)
    except Refusal as refusal:
        conn.send(dumps(error(refusal.what, refusal.message)))
        conn.close(refusal.code)
    except WebSocketDisconnect:
        pass


async def _receive(websocket: WebSocket, limits: Limits) -> str | bytes:
    """The next message's payload (JSON may come in a text or a binary frame), at most the size limit."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    payload: str | bytes = message.get("text") or message.get("bytes") or b""
    limit = limits.settings.ws_max_message_bytes
    size = len(payload.encode()) if isinstance(payload, str) else len(payload)
    if size > limit:
        raise Refusal(CLOSE_TOO_BIG, "too_big", f"a message may be at most {limit} bytes, not {size}")
    return payload


async def _handle(room: Room, conn: Connection, text: str | bytes) -> None:
    try:
        message: Any = loads(text)
    except ValueError:
        conn.send(dumps(error("bad_json", "messages are JSON objects")))
        return
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "act":
        await _act(room, conn, message)
    elif kind == "take_seat":
        if conn.seat is None:
            conn.send(dumps(error("no_seat", "a spectator has no seat to take back")))
        else:
            await room.seating.take_back(conn.seat)
    elif kind == "lang":
        room.views.set_lang(conn, lang_of(message.get("lang")))
    elif kind == "chat":
        try:
            await room.chat.say(conn, message.get("text"))
        except ChatRefused as exc:
            conn.send(dumps({"type": "chat_refused", "code": exc.code, "message": str(exc)}))
    elif kind == "propose":
        try:
            room.proposals.propose(conn, message.get("action"))
        except ProposalRefused as exc:
            conn.send(dumps({"type": "proposal_refused", "code": exc.code, "message": str(exc)}))
    elif kind == "ping":
        conn.send(dumps({"type": "pong", "id": ref_of(message.get("id"))}))
    else:
        conn.send(dumps(error("unknown_type", f"unknown message type {str(kind)[:40]!r}")))


async def _act(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """Play an ``act`` for the connection's seat, or say why not in a ``refused`` (nothing changed then)."""
    action, n, ref = message.get("action"), message.get("n"), ref_of(message.get("id"))
    shown = str(action)[:MAX_ACTION]
    if conn.seat is None:
        conn.send(dumps(refused(shown, "spectator", "spectators cannot act", ref)))
        return
    if not isinstance(action, str) or len(action) > MAX_ACTION:
        reason = f"an action is a text of at most {MAX_ACTION} characters in the rule set's notation"
        conn.send(dumps(refused(shown, "bad_action", reason, ref)))
        return
    if not isinstance(n, int) or isinstance(n, bool):
        reason = "an act carries n: the number the action is to get (the n of the last state)"
        conn.send(dumps(refused(shown, "bad_action", reason, ref)))
        return
    try:
        await room.act(conn.seat, action, n)
    except Stale as exc:
        conn.send(dumps({**refused(action, "stale", str(exc), ref), "n": exc.current}))
    except IllegalAction as exc:
        conn.send(dumps(refused(action, "illegal", str(exc), ref)))
    except Exception as exc:  # a database failure: nothing was applied, the player may try again
        reason = report("the server could not store the move; nothing changed, try again", exc, room.id)
        conn.send(dumps(refused(action, "internal", reason, ref)))


async def _refuse(websocket: WebSocket, refusal: Refusal) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(dumps(error(refusal.what, refusal.message)))
        await websocket.close(refusal.code)
