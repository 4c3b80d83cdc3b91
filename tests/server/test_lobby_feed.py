"""The lobby pushed over ``/ws/lobby`` (``siedler.server.feed``): a viewer is sent the listing when it
connects and again as soon as a game is created, joined, started or ended, through the server's notices (in
memory on SQLite, ``LISTEN``/``NOTIFY`` on PostgreSQL). Across processes: tests/server/test_cluster.py."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import HUMAN, Server, create, join, lobby_line, seated, wait_for

#: The listing's period (``lobby_push_seconds``), far beyond the deadline below: a listing that arrives
#: within the deadline was pushed by a notice, not by the period.
PERIOD = 60.0
DEADLINE = 10.0


@pytest.fixture
def pushed(database_url: str) -> Iterator[Server]:
    server = Server(database_url)
    server.start(lobby_push_seconds=PERIOD)
    yield server
    server.stop()


def _listing_where(ws: Any, condition: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    """The first listing pushed that meets ``condition``, within the deadline (a receive that waits for a
    listing that never comes is ended by the period's push, and the deadline fails it)."""
    deadline = time.monotonic() + DEADLINE
    while True:
        message = ws.receive_json()
        assert time.monotonic() < deadline, f"no listing with {what} within {DEADLINE} s"
        assert message["type"] == "lobby", message
        if condition(message["games"]):
            return message["games"]  # type: ignore[no-any-return]


def test_the_lobby_is_pushed_when_a_game_is_created_joined_started_and_ended(pushed: Server) -> None:
    client = pushed.client
    assert client is not None
    with client.websocket_connect("/ws/lobby") as ws:
        first = ws.receive_json()
        assert first == {"type": "lobby", "games": client.get("/api/games").json()}
        created = create(client, [HUMAN, HUMAN, HUMAN], claim=0, name="Anna", public=True)
        game_id = created["game"]["id"]
        _listing_where(ws, lambda g: lobby_line(g, "open", game_id) is not None, "the new game")
        assert join(client, created, 1, "Ben").status_code == 200
        _listing_where(ws, lambda g: seated(g, game_id) == ["Anna", "Ben", None], "Ben seated")
        assert join(client, created, 2, "Cleo").status_code == 200
        _listing_where(ws, lambda g: lobby_line(g, "running", game_id) is not None, "the game started")
        ended = client.post(
            f"/api/games/{game_id}/end", headers={"Authorization": f"Bearer {created['creator_token']}"}
        )
        assert ended.status_code == 200, ended.text
        stopped = _listing_where(ws, lambda g: lobby_line(g, "stopped", game_id) is not None, "the game ended")
        assert lobby_line(stopped, "running", game_id) is None


def test_a_lobby_viewer_may_only_ping_and_a_page_from_elsewhere_is_refused(pushed: Server) -> None:
    client = pushed.client
    assert client is not None
    with client.websocket_connect("/ws/lobby") as ws:
        assert ws.receive_json()["type"] == "lobby"
        ws.send_json({"type": "ping", "id": 7})
        assert ws.receive_json() == {"type": "pong", "id": 7}
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "unknown_type"
    with client.websocket_connect("/ws/lobby", headers={"Origin": "https://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "origin"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4406


def test_viewers_connecting_between_two_changes_are_sent_one_listing_read_once(
    pushed: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client opening lobby sockets in a loop costs no query: the listing is read once per change."""
    client, lobby = pushed.client, pushed.lobby
    assert client is not None
    listening = getattr(lobby.services.notices, "listening", None)  # PostgreSQL: its first look-again passed
    wait_for(lambda: listening is None or listening.is_set())
    reads: list[int] = []
    read = lobby.listing

    async def counted() -> Any:
        reads.append(1)
        return await read()

    monkeypatch.setattr(lobby, "listing", counted)
    with client.websocket_connect("/ws/lobby") as viewer:
        first = viewer.receive_json()
        for _ in range(4):
            with client.websocket_connect("/ws/lobby") as ws:
                assert ws.receive_json() == first
        assert len(reads) == 1
        game_id = create(client, [HUMAN, HUMAN, HUMAN], claim=0, public=True)["game"]["id"]
        pushed_now = _listing_where(viewer, lambda g: lobby_line(g, "open", game_id) is not None, "the new game")
        with client.websocket_connect("/ws/lobby") as ws:
            assert ws.receive_json()["games"] == pushed_now
        assert len(reads) == 2
