"""Output is budgeted per connection and per address (issue 39, finding 1).

32 spectator sockets of a finished 2,791-action game, each sending ``{"type":"lang","lang":"de"}`` under 10
a second: every 27-byte message returned the whole 60 KiB state, 228 MiB went out in 10 s, a core was
saturated and another address's requests timed out; with sockets that never read, the server still burnt
21 CPU-seconds in 24 s. Now a language asked for again sends nothing, a change brings at most one whole
state per interval, one address's sockets share a budget of output and CPU, a connection's queue is
bounded and a socket whose peer reads nothing is cut.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from siedler.server import Settings
from siedler.server.connection import Connection
from siedler.server.limits import Limits
from siedler.server.protocol import CLOSE_RATE, CLOSE_TOO_SLOW

from .conftest import GREEDY, Server, hello, run_apart, wait_for
from .test_door import Live

BOTS = {"ruleset": "base", "seats": [GREEDY] * 3, "claim": -1, "bot_delay": 0, "options": {"turn_limit": 2}}


def finished_game(client: Any) -> str:
    """A bots' game played to its end and stored as ended: the room says "finished" before its end is
    written, and shows the end to every socket once it is, which a socket opened between would receive."""
    gid: str = client.post("/api/games", json=BOTS).json()["game"]["id"]
    storage = client.app.state.lobby.storage
    wait_for(lambda: (row := storage.load_game(gid)) is not None and row.status == "finished")
    return gid


def until_pong(ws: Any, probe: str) -> list[dict[str, Any]]:
    """The messages the server sent before answering ``ping`` ``probe``."""
    ws.send_json({"type": "ping", "id": probe})
    seen = []
    while (message := ws.receive_json()) != {"type": "pong", "id": probe}:
        seen.append(message)
    return seen


def words(state: dict[str, Any]) -> list[str]:
    return [event["text"] for event in state["events"]]


def test_a_language_asked_for_again_sends_nothing_and_a_change_comes_at_most_once_an_interval(server: Server) -> None:
    server.stop()
    client = server.start(ws_full_state_interval=3.0, ws_messages_per_second=1000, ws_burst=1000)
    gid = finished_game(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws)
        english = ws.receive_json()
        assert english["type"] == "state" and english["full"]
        for _ in range(10):
            ws.send_json({"type": "lang", "lang": "en"})
        assert until_pong(ws, "same") == []  # the state the client has, not sent again
        for lang in ("de", "en", "de", "en", "de") * 4:
            ws.send_json({"type": "lang", "lang": lang})
        assert until_pong(ws, "soon") == []  # within the interval of the state it got on connecting
        german = ws.receive_json()  # the interval over: one whole state, in the language last asked for
        assert german["type"] == "state" and german["full"] and words(german) != words(english)
        assert german["view"] == english["view"]
        assert until_pong(ws, "after") == []  # one, not one per change


def test_one_addresss_sockets_share_an_output_budget_and_others_are_not_held_up(server: Server) -> None:
    server.stop()
    client = server.start(
        client=("10.0.0.1", 50000),
        trusted_proxies=("10.0.0.1",),
        ws_output_per_second=1,
        ws_output_burst=4000,
        ws_output_wait=5.0,
    )
    gid = finished_game(client)
    path = f"/ws/games/{gid}"
    with client.websocket_connect(path, headers={"x-forwarded-for": "198.51.100.7"}) as ws:
        hello(ws)
        state = ws.receive_json()  # sent on the budget's burst: the address is now in debt
        assert state["type"] == "state" and len(json.dumps(state)) > 4000
        ws.send_json({"type": "ping", "id": 1})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()  # paying the debt back would take hours: closed, nothing more sent
        assert closed.value.code == CLOSE_RATE
    with client.websocket_connect(path, headers={"x-forwarded-for": "198.51.100.7"}) as again:
        again.send_json({"type": "hello", "protocol": 2})
        with pytest.raises(WebSocketDisconnect) as closed:
            again.receive_json()
        assert closed.value.code == CLOSE_RATE
    with client.websocket_connect(path, headers={"x-forwarded-for": "203.0.113.5"}) as other:
        hello(other)  # another address has its own budget
        assert other.receive_json()["type"] == "state"


def test_one_addresss_sockets_share_a_cpu_budget(server: Server) -> None:
    server.stop()
    client = server.start(ws_cpu_per_second=1e-9, ws_cpu_burst=0.0, ws_output_wait=5.0)
    gid = finished_game(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "protocol": 2})
        with pytest.raises(WebSocketDisconnect) as closed:  # building its state spent the address's CPU
            while True:
                ws.receive_json()
        assert closed.value.code == CLOSE_RATE


class Stuck:
    """A WebSocket whose peer reads nothing: a send never completes."""

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        await asyncio.Event().wait()


def test_a_connection_that_does_not_read_is_closed_before_its_queue_grows() -> None:
    limits = Limits(Settings(database_url="sqlite://", ws_backlog=10_000))

    async def flood() -> None:
        conn = Connection(Stuck(), None, "en", limits, "c")  # type: ignore[arg-type]
        for _ in range(5):
            conn.send("d" * 1000, state=True)
        conn.send('{"type":"pong"}')
        conn.send("f" * 2000, state=True, full=True)
        assert conn.backlog == 2000 + len('{"type":"pong"}')  # the whole state replaced the states before it
        await asyncio.sleep(0)  # the writer takes the first message and is stuck sending it
        for _ in range(100):
            conn.send("s" * 1000, state=True)
            assert conn.backlog <= 10_000
        assert conn.closed and conn.close_code == CLOSE_TOO_SLOW and conn.backlog == 0

    run_apart(flood())


def raw_websocket(port: int, path: str) -> socket.socket:
    """A WebSocket opened by hand, with a small receive buffer, whose messages nobody reads."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while not answer.endswith(b"\r\n\r\n"):
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def frame(message: dict[str, Any]) -> bytes:
    """A client's text frame (masked, as a client's must be) of a short message."""
    payload, mask = json.dumps(message).encode(), os.urandom(4)
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_socket_whose_peer_reads_nothing_is_cut(tmp_path: Path) -> None:
    settings: dict[str, Any] = {
        "write_stall": 0.5,
        "ws_full_state_interval": 0.0,
        "ws_messages_per_second": 10_000.0,
        "ws_burst": 10_000,
        "ws_output_per_second": 10**9,
        "ws_output_burst": 10**9,
        "ws_cpu_per_second": 1000.0,
        "ws_backlog": 10**9,
        "bot_delay": 0.0,
        "allowed_hosts": ("127.0.0.1",),
    }
    with Live(tmp_path, **settings) as live:
        import httpx

        base = f"http://127.0.0.1:{live.port}"
        gid = httpx.post(f"{base}/api/games", json=BOTS).json()["game"]["id"]
        wait_for(lambda: httpx.get(f"{base}/api/games/{gid}").json()["status"] == "finished")
        sock = raw_websocket(live.port, f"/ws/games/{gid}")
        sock.sendall(frame({"type": "hello", "protocol": 2}))
        deadline = time.monotonic() + 30
        try:
            while live.gate.stalled == 0:  # asks for whole states and reads none of them
                assert time.monotonic() < deadline, "a socket that reads nothing is still open"
                sock.sendall(b"".join(frame({"type": "lang", "lang": lang}) for lang in ("de", "en") * 20))
                time.sleep(0.01)
        except OSError:
            pass  # cut by the server while sending
        finally:
            sock.close()
        wait_for(lambda: live.gate.stalled == 1 and len(live.gate) == 0, timeout=20)
