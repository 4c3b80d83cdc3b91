"""A server on a fresh database per test (a SQLite file; and a PostgreSQL database too, where
``SIEDLER_TEST_POSTGRES_URL`` names a server to create it on, as CI does), driven in-process with
FastAPI's TestClient."""

from __future__ import annotations

import asyncio
import os
import time
import uuid
import warnings
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette prefers httpx2 for its test client; httpx works
    from fastapi.testclient import TestClient

from siedler.server import Settings, create_app

#: An administrative URL of a PostgreSQL server on which each test gets a database of its own.
POSTGRES = os.environ.get("SIEDLER_TEST_POSTGRES_URL", "")


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    if not POSTGRES:
        pytest.skip("set SIEDLER_TEST_POSTGRES_URL to a PostgreSQL server to run these against it (CI does)")
    import psycopg

    name = f"siedler_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = POSTGRES.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


#: Tests play many games from one address ("testclient") in quick succession: the per-address rates are
#: lifted here, and tests/server/test_limits.py sets them to see each one refuse.
RELAXED = {
    "games_per_minute": 10_000,
    "api_requests_per_second": 10_000.0,
    "api_burst": 10_000,
    "bot_games_per_client": 10_000,
    "allowed_hosts": ("testserver",),  # the test client's Host
}


class Server:
    """Start, stop and restart an app on one database, as a restarted process would."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client: TestClient | None = None

    def start(self, client: tuple[str, int] = ("testclient", 50000), **settings: Any) -> TestClient:
        """The app on a test client from ``client`` (an address), which gets a server error's answer rather
        than the exception: what a player would read."""
        app = create_app(Settings(database_url=self.url, bot_delay=0.0, **{**RELAXED, **settings}))
        self.client = TestClient(app, client=client, raise_server_exceptions=False)
        self.client.__enter__()
        return self.client

    def stop(self) -> None:
        if self.client is not None:
            self.client.__exit__(None, None, None)
            self.client = None

    @property
    def lobby(self) -> Any:
        assert self.client is not None
        return self.client.app.state.lobby  # type: ignore[attr-defined]


@pytest.fixture
def server(database_url: str) -> Iterator[Server]:
    srv = Server(database_url)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def client(server: Server) -> TestClient:
    assert server.client is not None
    return server.client


def create(client: TestClient, seats: list[dict[str, Any]], ruleset: str = "base", **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"ruleset": ruleset, "seats": seats, **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def full_table(client: TestClient) -> tuple[str, dict[int, str]]:
    """A base game of three people, every seat taken: its id and each seat's token (and a seed nobody
    chose: only a game with at most one human seat may have a chosen seed)."""
    created = create(client, [HUMAN, HUMAN, HUMAN], name="Anna")
    tokens = {0: created["token"]}
    for seat in (1, 2):
        tokens[seat] = join(client, created, seat, f"P{seat}").json()["token"]
    return created["game"]["id"], tokens


def join(client: TestClient, created: dict[str, Any], seat: int, name: str = "") -> Any:
    """Take a free seat of a game with the invite code its creator got (``created``: the creation's answer)."""
    body = {"name": name, "invite": created["invite"]}
    return client.post(f"/api/games/{created['game']['id']}/seats/{seat}", json=body)


HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}


def hello(ws: Any, seat: int | None = None, token: str | None = None, lang: str = "en") -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "protocol": 2, "lang": lang}
    if seat is not None:
        message.update(seat=seat, token=token)
    ws.send_json(message)
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome  # type: ignore[no-any-return]


_views: dict[int, dict[str, Any]] = {}


def next_state(ws: Any) -> dict[str, Any]:
    """The next state (with its whole ``view``, rebuilt from ``view_changes``) or refusal."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            view = message.get("view")
            if view is None:
                view = {**_views[id(ws)], **message["view_changes"]}
                for key in message.get("view_removed", []):
                    del view[key]
                message["view"] = view
            _views[id(ws)] = view
        if message["type"] in ("state", "refused"):
            return message  # type: ignore[no-any-return]


def my_turn(ws: Any, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """``state`` if it lets this seat act or shows the game over, else the next state that does."""
    while state is None or state["type"] != "state" or not (state["actions"] or state["over"]):
        state = next_state(ws)
    return state


def on_loop(client: TestClient, call: Callable[..., Any], *args: Any) -> Any:
    """``await call(*args)`` on the app's event loop (the server's own coroutines, from a test's thread)."""
    assert client.portal is not None
    return client.portal.call(call, *args)


def wait_for(predicate: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def room_of(server: Server, gid: str) -> Any:
    """The game's room, rebuilt by the server if it was not in memory (a request for a spectator's view: a
    summary is read from the game's row alone)."""
    assert server.client is not None
    assert server.client.get(f"/api/games/{gid}/view").status_code == 200
    return server.lobby.rooms[gid]


def played(server: Server, gid: str) -> list[str]:
    """The texts of the game's actions as its room played them, checked against the stored log: the room's
    game may hold only the actions since the snapshot it was loaded from (and none once it is over), so
    the stored log, replayed from the start, must end where the room's game stands."""
    room = server.lobby.rooms[gid]
    stored: list[str] = server.lobby.storage.action_texts(gid)
    replayed = room.new_game()
    for text in stored:
        replayed.apply(text)
    assert replayed.state() == room.game.state(stored)
    return stored


def log_matches_game(server: Server, gid: str) -> None:
    """The stored log equals the game's moves once the bots have stopped (at a person's turn or the end)."""
    room = server.lobby.rooms[gid]

    def settled() -> bool:
        # Equal counts alone are a moment between two bot moves: the next one may land between reading the
        # log and reading the game. With no bot to act, nothing moves until the test does.
        idle = room.bots.seat() is None and not room.bots.moving
        return idle and room.game.num_actions == len(server.lobby.storage.action_texts(gid))

    wait_for(settled)
    played(server, gid)


def lobby_line(games: dict[str, list[dict[str, Any]]], status: str, game_id: str) -> dict[str, Any] | None:
    """The game's line in a lobby listing's ``status`` list (``GET /api/games``, ``/ws/lobby``), if there."""
    return next((g for g in games[status] if g["id"] == game_id), None)


def seated(games: dict[str, list[dict[str, Any]]], game_id: str) -> list[str | None] | None:
    """The names of a waiting game's seated players in a lobby listing (``None`` for a free seat)."""
    line = lobby_line(games, "open", game_id)
    return None if line is None else [s["name"] if s["claimed"] else None for s in line["seats"]]


def run_apart(scenario: Coroutine[Any, Any, None]) -> None:
    """Run a test's own event loop to its end in a thread of its own: a browser test run before in the same
    worker may leave the main thread's loop running, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()
