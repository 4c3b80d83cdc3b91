"""The WebSocket part: one connection per player seat or spectator (protocol in ``docs/protocol.md``)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from siedler.core.errors import IllegalAction

from .connection import Connection
from .lobby import Lobby
from .protocol import (
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    CLOSE_PROTOCOL,
    PROTOCOL,
    SUPPORTED,
    dumps,
    error,
    lang_of,
    loads,
    refused,
)
from .room import Room

HELLO_TIMEOUT = 10.0


async def game_socket(websocket: WebSocket, game_id: str) -> None:
    await websocket.accept()
    lobby: Lobby = websocket.app.state.lobby
    try:
        hello = loads(await asyncio.wait_for(_receive(websocket), HELLO_TIMEOUT))
    except WebSocketDisconnect:
        return
    except (TimeoutError, ValueError):
        await _refuse(websocket, CLOSE_PROTOCOL, "bad_hello", "open with a hello message (see docs/protocol.md)")
        return
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await _refuse(websocket, CLOSE_PROTOCOL, "bad_hello", "the first message must be of type 'hello'")
        return
    if hello.get("protocol", PROTOCOL) not in SUPPORTED:
        await _refuse(
            websocket,
            CLOSE_PROTOCOL,
            "protocol",
            f"protocol {hello.get('protocol')!r} is not spoken here; supported: {list(SUPPORTED)}",
        )
        return
    room = lobby.room(game_id)
    if room is None:
        await _refuse(websocket, CLOSE_NOT_FOUND, "not_found", f"no game {game_id!r}")
        return
    seat = hello.get("seat")
    if seat is not None and (not isinstance(seat, int) or not room.check_token(seat, hello.get("token"))):
        await _refuse(websocket, CLOSE_FORBIDDEN, "forbidden", f"this token does not hold seat {seat}")
        return
    conn = Connection(websocket, seat, lang_of(hello.get("lang")))
    room.attach(conn)
    try:
        while True:
            await _handle(room, conn, await _receive(websocket))
    except WebSocketDisconnect:
        pass
    finally:
        room.detach(conn)
        with contextlib.suppress(Exception):
            await conn.wait_closed()


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next message's payload; JSON may come in a text or a binary frame."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text") or message.get("bytes") or b""


async def _handle(room: Room, conn: Connection, text: str | bytes) -> None:
    try:
        message: Any = loads(text)
    except ValueError:
        conn.send(dumps(error("bad_json", "messages are JSON objects")))
        return
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "act":
        action = message.get("action")
        ref = message.get("id")
        if conn.seat is None:
            conn.send(dumps(refused(str(action), "spectators cannot act", ref)))
            return
        if not isinstance(action, str):
            conn.send(dumps(refused(str(action), "an action is a text in the rule set's notation", ref)))
            return
        try:
            await room.act(conn.seat, action)
        except IllegalAction as exc:
            conn.send(dumps(refused(action, str(exc), ref)))
        except Exception as exc:  # a database failure: nothing was applied, the player may try again
            conn.send(dumps(refused(action, f"the server could not store the move: {exc}", ref)))
    elif kind == "take_seat":
        if conn.seat is None:
            conn.send(dumps(error("no_seat", "a spectator has no seat to take back")))
        else:
            room.take_back(conn.seat)
    elif kind == "lang":
        room.set_lang(conn, lang_of(message.get("lang")))
    elif kind == "ping":
        conn.send(dumps({"type": "pong", "id": message.get("id")}))
    else:
        conn.send(dumps(error("unknown_type", f"unknown message type {kind!r}")))


async def _refuse(websocket: WebSocket, code: int, what: str, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(dumps(error(what, message)))
        await websocket.close(code)
