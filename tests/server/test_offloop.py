"""Work off the event loop (issue 25): a database write that waits, a verification and a long replay hold up
no other request. These check the behaviour without timing it; ``bench/hardening.py`` times it."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import siedler
from siedler.server import snapshots
from siedler.server.database import Database
from siedler.server.journal import Journal
from siedler.server.storage import Busy, GameRow, SeatRow, Storage

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

    def waiting(rows: Any, at_once: bool = False) -> None:  # a commit that waits for a lock another process holds
        if at_once:
            raise Busy("database is locked")  # what the loop's own connection says, without waiting
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
    monkeypatch.setattr(snapshots, "SLICE", 0.0)  # a turn of the loop as often as it may
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
        await snapshots.advance(fresh, texts)
        done.set()
        await beside
        return turns, fresh.state() == game.state()

    turns, same = on_loop(client, replay_beside_another)
    assert same and turns >= len(texts) // 16 - 1


def test_the_loops_own_commit_never_waits_for_a_lock_and_the_thread_does(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'lock.db'}")
    storage.migrate()
    storage.create_game(GameRow("g", "base", {}, 1, "running", 0.0, [SeatRow(0, "bot", "random", "R")]))
    other = sqlite3.connect(tmp_path / "lock.db", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another process's write lock
    with pytest.raises(Busy):
        storage.append_actions([("g", 0, 0, "roll")], at_once=True)  # at once: no waiting on the loop
    database = Database(storage)
    journal = Journal(database)
    threading.Timer(0.3, lambda: other.execute("ROLLBACK")).start()  # well within the thread's 2 s

    async def append() -> None:
        await journal.append("g", 0, 0, "roll")  # handed to the writer thread, which waits for the lock

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (see test_storage's journal test)
        thread.submit(asyncio.run, append()).result()
    storage.checkpoint()
    assert storage.action_texts("g") == ["roll"]
    other.close()
    database.close()
