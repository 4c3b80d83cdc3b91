"""The server's door (issue 25): only its own host names are answered, a connection that does not send its
headers in time is closed, and connections are capped per address and overall. Tested with real sockets
on a real uvicorn, since that is where the door is (``siedler.server.gate``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect

from siedler.server import Settings, create_app
from siedler.server.gate import Gate
from siedler.server.runner import uvicorn_options

from .conftest import HUMAN, Server, create, wait_for

PARTIAL = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def test_only_the_servers_own_host_names_are_answered(server: Server) -> None:
    client = server.client
    assert client is not None
    gid = create(client, [HUMAN, HUMAN, HUMAN], name="Anna")["game"]["id"]
    evil = {"host": "evil.example", "origin": "http://evil.example"}
    for path in ("/", "/api/games", f"/api/games/{gid}"):
        refused = client.get(path, headers=evil)
        assert refused.status_code == 400 and "does not answer for the host 'evil.example'" in refused.text
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/ws/games/{gid}", headers=evil) as ws:
        ws.receive_json()  # the probe got welcome and state here
    for host in ("testserver", "TESTSERVER:8000", "testserver."):
        assert client.get("/api/games", headers={"host": host}).status_code == 200


def test_the_default_host_names_are_this_machines_and_any_can_be_allowed(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'h.db'}"
    with TestClient(create_app(Settings(database_url=url))) as client:
        for host, status in (("127.0.0.1:8000", 200), ("localhost", 200), ("[::1]:80", 200), ("rebound.io", 400)):
            assert client.get("/api/bots", headers={"host": host}).status_code == status, host
    with TestClient(create_app(Settings(database_url=url, allowed_hosts=("*",)))) as client:
        assert client.get("/api/bots", headers={"host": "rebound.io"}).status_code == 200


class Live:
    """A real uvicorn on a loopback port, in a thread, with a door of the test's settings."""

    def __init__(self, tmp_path: Path, **settings: Any) -> None:
        self.settings = Settings(database_url=f"sqlite:///{tmp_path / 'door.db'}", **settings)
        self.gate = Gate(self.settings)
        config = uvicorn.Config(
            create_app(self.settings), log_level="warning", **uvicorn_options(self.settings, self.gate)
        )
        self.server = uvicorn.Server(config)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve(sockets=[self.sock])))

    def __enter__(self) -> Live:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    def partial(self) -> socket.socket:
        """A connection that sends half a request and then nothing."""
        sock = socket.create_connection(("127.0.0.1", self.port))
        sock.sendall(PARTIAL)
        return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (whatever it said first), without waiting."""
    sock.setblocking(False)
    try:
        while data := sock.recv(4096):
            if not data:
                break
        return True
    except BlockingIOError:
        return False
    except OSError:
        return True


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with Live(tmp_path, header_timeout=0.5, connections_per_client=8, max_connections=40) as server:
        yield server


def test_a_connection_that_does_not_finish_its_headers_is_closed(live: Live) -> None:
    sock = live.partial()
    sock.settimeout(10)
    answer = b""
    while chunk := sock.recv(4096):  # the server answers 408 and closes; recv returns b"" at the close
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 408")
    sock.close()
    assert httpx.get(f"http://127.0.0.1:{live.port}/api/games").status_code == 200  # a whole request is answered


def test_half_open_sockets_from_one_address_evict_each_other_and_a_real_request_gets_in(live: Live) -> None:
    flood = [live.partial() for _ in range(30)]
    time.sleep(0.1)
    open_now = sum(not closed_by_server(s) for s in flood)
    assert open_now <= 8 and len(live.gate) <= 8  # the address's cap; the rest were closed at once
    answer = httpx.get(f"http://127.0.0.1:{live.port}/api/games", timeout=5)  # takes an idle one's place
    assert answer.status_code == 200
    deadline = time.monotonic() + 5
    while not all(closed_by_server(s) for s in flood):
        assert time.monotonic() < deadline, "half-open sockets outlived the header deadline"
        time.sleep(0.05)
    for sock in flood:
        sock.close()
    assert live.gate.evicted >= 22


class FakeTransport:
    """What the gate asks of a transport: its peer, and closing it."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.aborted = False

    def get_extra_info(self, name: str) -> Any:
        return (self.address, 1234) if name == "peername" else None

    def abort(self) -> None:
        self.aborted = True


def test_busy_connections_are_never_evicted_and_a_trusted_proxy_counts_only_overall() -> None:
    settings = Settings(
        database_url="sqlite://", connections_per_client=2, max_connections=4, trusted_proxies=("10.0.0.1",)
    )
    gate = Gate(settings)

    def admit(transport: FakeTransport) -> bool:
        return gate.admit(transport)  # type: ignore[arg-type]

    a, b, c = FakeTransport("1.1.1.1"), FakeTransport("1.1.1.1"), FakeTransport("1.1.1.1")
    assert admit(a) and admit(b)
    gate.busy(a, True)  # type: ignore[arg-type]
    gate.busy(b, True)  # type: ignore[arg-type]
    assert not admit(c)  # the address's cap, and both its connections are being answered: refused
    gate.busy(b, False)  # type: ignore[arg-type]  # b answered and waits for its next request
    assert admit(c) and b.aborted and not a.aborted  # c takes the idle one's place
    proxied = [FakeTransport("10.0.0.1") for _ in range(3)]
    assert all(admit(t) for t in proxied)  # three from the proxy's address: its clients are many
    assert c.aborted and not any(t.aborted for t in proxied) and len(gate) == 4  # the server's cap evicted c
    gate.busy(a, True)  # type: ignore[arg-type]
    for t in proxied:
        gate.busy(t, True)  # type: ignore[arg-type]
    assert not admit(FakeTransport("2.2.2.2")) and gate.refused == 2


def read_all(sock: socket.socket, timeout: float = 10.0) -> bytes:
    """What the server sends until it closes the connection."""
    sock.settimeout(timeout)
    answer = b""
    while chunk := sock.recv(4096):
        answer += chunk
    return answer


def test_a_body_trickled_a_byte_at_a_time_is_cut(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 39, finding 2: 64 ``POST /api/games`` declaring 60,000 bytes and sending one stayed open past 30 s
    and locked their address out; from 65 addresses they held all 4,096 connections."""
    with Live(tmp_path, body_timeout=0.5, connections_per_client=8) as live:
        sock = socket.create_connection(("127.0.0.1", live.port))
        head = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        sock.sendall(head + b"Content-Length: 60000\r\n\r\n{")
        started = time.monotonic()
        with contextlib.suppress(OSError):
            while time.monotonic() - started < 5 and not closed_by_server(sock):
                sock.setblocking(True)
                sock.sendall(b" ")  # a byte now and then: each one used to keep the request alive
                time.sleep(0.05)
        sock.setblocking(True)
        assert time.monotonic() - started < 5, "a trickled body was not cut"
        assert live.gate.slow_bodies == 1
        sock.close()
        assert httpx.get(f"http://127.0.0.1:{live.port}/api/games").status_code == 200
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []


def test_a_request_that_sends_no_body_at_all_is_answered_408(tmp_path: Path) -> None:
    with Live(tmp_path, body_timeout=0.5) as live:
        sock = socket.create_connection(("127.0.0.1", live.port))
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n")
        assert read_all(sock).startswith(b"HTTP/1.1 408")
        sock.close()


def test_an_idle_connection_between_requests_is_closed(tmp_path: Path) -> None:
    with Live(tmp_path, keep_alive_timeout=0.5) as live:
        sock = socket.create_connection(("127.0.0.1", live.port))
        sock.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        started = time.monotonic()
        answer = read_all(sock)  # the answer, then the close once the connection idles
        assert answer.startswith(b"HTTP/1.1 200") and time.monotonic() - started < 5
        sock.close()


def test_two_host_headers_are_refused(server: Server) -> None:
    """Issue 39, finding 8: with two ``Host`` headers the first was checked, whatever a proxy reads."""
    client = server.client
    assert client is not None
    for hosts in (("testserver", "evil.example"), ("evil.example", "testserver"), ("testserver", "testserver")):
        answer = client.get("/api/games", headers=[("host", hosts[0]), ("host", hosts[1])])
        assert answer.status_code == 400 and "several Host headers" in answer.text, hosts
    assert client.get("/api/games", headers={"host": "testserver"}).status_code == 200


def test_a_connection_that_reads_no_answer_is_cut(tmp_path: Path) -> None:
    """An answer nobody reads kept its connection busy for ever, never evicted at the address's cap."""
    with Live(tmp_path, write_stall=0.5) as live:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", live.port))
        request = b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        deadline = time.monotonic() + 30
        with contextlib.suppress(OSError):  # cut by the server while asking
            while live.gate.stalled == 0:
                assert time.monotonic() < deadline, "a connection that reads nothing is still open"
                sock.sendall(request * 20)  # answers pile up unread
                time.sleep(0.02)
        sock.close()
        wait_for(lambda: live.gate.stalled == 1 and len(live.gate) == 0, timeout=20)
