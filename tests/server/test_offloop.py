"""Work off the event loop (issue 25): a database write that waits, a verification and a long replay hold up
no other request. These check the behaviour without timing it; ``bench/hardening.py`` times it."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

import siedler
from siedler.server import replay

from .conftest import GREEDY, RANDOM, Server, create, on_loop, wait_for


def test_a_write_that_waits_holds_up_neither_the_lobby_nor_the_page(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's probe: another process held SQLite's write lock, and the commit of a bot's move on the
    event loop froze every request for the lock's whole duration."""
    client = server.client
    assert client is not None
    storage = server.lobby.storage
    real = storage.append_actions
    entered, release = threading.Event(), threading.Event()

    def waiting(rows: Any) -> None:  # a commit that waits for a lock another process holds
        entered.set()
        assert release.wait(30), "the test never let the write go on: the loop was blocked"
        real(rows)

    monkeypatch.setattr(storage, "append_actions", waiting)
    gid = create(client, [GREEDY, RANDOM, RANDOM], claim=-1, options={"turn_limit": 4})["game"]["id"]
    assert entered.wait(10)  # the bots' first move is being stored ...
    assert client.get("/api/games").status_code == 200  # ... and meanwhile the lobby answers,
    assert client.get("/").status_code == 200  # the page too,
    assert client.get(f"/api/games/{gid}").json()["actions"] == 0  # and the move is not shown before it is stored
    release.set()
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["actions"] > 0, timeout=10)


def test_a_finished_games_verification_is_computed_once_for_every_request(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = server.client
    assert client is not None
    gid = create(client, [GREEDY, RANDOM, RANDOM], claim=-1, options={"turn_limit": 6})["game"]["id"]
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["status"] == "finished")
    verifier = server.lobby.services.verifier
    calls: list[str] = []
    real = verifier.verify

    async def counted(record: dict[str, Any]) -> Any:
        calls.append(record["game_id"])
        return await real(record)

    monkeypatch.setattr(verifier, "verify", counted)
    room = server.lobby.rooms[gid]

    async def four_at_once() -> list[Any]:
        return list(await asyncio.gather(*(room.replays.verdict() for _ in range(4))))

    verdicts = on_loop(client, four_at_once)
    assert all(v.ok for v in verdicts) and calls == [gid]
    assert client.get(f"/api/games/{gid}/verify").json()["replay_ok"] and calls == [gid]


def test_replaying_a_long_log_lets_the_loop_serve_others_between_slices(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay, "SLICE", 0.0)  # a turn of the loop as often as it may
    game = siedler.new_game("base", players=3, seed=7)
    texts: list[str] = []
    while len(texts) < 300:
        action = game.legal_actions()[0]
        texts.append(str(action))
        game.apply(action)

    async def replay_beside_another() -> tuple[int, bool]:
        turns = 0
        done = asyncio.Event()

        async def other() -> None:
            nonlocal turns
            while not done.is_set():
                turns += 1
                await asyncio.sleep(0)

        beside = asyncio.create_task(other())
        fresh = siedler.new_game("base", players=3, seed=7)
        await replay.advance(fresh, texts)
        done.set()
        await beside
        return turns, fresh.state() == game.state()

    turns, same = on_loop(client, replay_beside_another)
    assert same and turns >= len(texts) // 16 - 1
