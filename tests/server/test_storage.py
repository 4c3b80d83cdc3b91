"""The log is the game: written before anyone sees a move, resumed after a restart, replayable at the end."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import siedler
from siedler.games.catan.layout import with_layout
from siedler.server.database import Database
from siedler.server.journal import Journal
from siedler.server.storage import GameRow, SeatRow, Storage

from .conftest import (
    GREEDY,
    HUMAN,
    RANDOM,
    Server,
    create,
    full_table,
    hello,
    log_matches_game,
    my_turn,
    next_state,
    played,
    room_of,
    wait_for,
)


def test_a_restarted_server_resumes_every_unfinished_game_where_it_stood(server: Server) -> None:
    client = server.client
    assert client is not None
    playing = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=21)
    gid, token = playing["game"]["id"], playing["token"]
    waiting = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")["game"]["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        state = next_state(ws)
        for _ in range(3):
            state = my_turn(ws, state)
            ws.send_json({"type": "act", "action": state["actions"][0]["action"], "n": state["n"]})
            state = next_state(ws)
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.game.to_act == 0)
    before = room.game.state()
    server.stop()
    client = server.start()
    room = room_of(server, gid)
    assert room.game.state() == before
    assert room_of(server, waiting).status == "open"
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        state = my_turn(ws, next_state(ws))
        assert state["n"] == len(before["actions"])
        ws.send_json({"type": "act", "action": state["actions"][0]["action"], "n": state["n"]})
        assert next_state(ws)["n"] == state["n"] + 1
    log_matches_game(server, gid)


def test_bot_games_go_on_after_a_restart_and_finish(server: Server) -> None:
    client = server.client
    assert client is not None
    gid = create(client, [GREEDY, GREEDY, RANDOM], claim=-1, seed=5, options={"turn_limit": 30})["game"]["id"]
    server.stop()
    server.start()
    wait_for(lambda: gid in server.lobby.rooms)  # resumed in the background, nobody asked for it
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.status == "finished")
    assert server.client is not None
    record = server.client.get(f"/api/games/{gid}/record").json()
    assert siedler.replay(record).state() == room.game.state(record["actions"])


def test_a_move_the_database_refuses_is_neither_applied_nor_shown(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = server.client
    assert client is not None
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]
    seat = room.game.to_act

    def broken(rows: Any, at_once: bool = False) -> Any:
        raise RuntimeError("disk full")

    monkeypatch.setattr(server.lobby.storage, "append_actions", broken)
    before = room.game.state()
    with client.websocket_connect(f"/ws/games/{gid}") as ws, client.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(ws, seat, tokens[seat])
        hello(watcher)
        next_state(ws)
        next_state(watcher)
        ws.send_json({"type": "act", "action": str(room.game.legal_actions()[0]), "n": 0})
        refused = next_state(ws)
        assert refused["type"] == "refused" and refused["code"] == "internal"
        assert "disk full" not in refused["message"] and "reference" in refused["message"]
        watcher.send_json({"type": "ping"})
        assert watcher.receive_json()["type"] == "pong"  # the watcher was shown nothing in between
    assert room.game.state() == before
    monkeypatch.undo()
    http = client.post(
        f"/api/games/{gid}/actions",
        json={"seat": seat, "action": str(room.game.legal_actions()[0]), "n": 0},
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    assert http.status_code == 200 and http.json() == {"n": 0}


def test_finished_games_replay_move_by_move(server: Server) -> None:
    client = server.client
    assert client is not None
    gid = create(client, [GREEDY, RANDOM, RANDOM], claim=-1, seed=3, options={"turn_limit": 12})["game"]["id"]
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.status == "finished")
    record = client.get(f"/api/games/{gid}/record").json()
    total = len(record["actions"])
    for step in (0, 1, total // 2, total - 1, total, total + 5):
        expected = siedler.new_game("base", players=record["players"], seed=3, options=record["options"])
        for text in record["actions"][:step]:
            expected.apply(text)
        got = client.get(f"/api/games/{gid}/replay", params={"step": step, "lang": "de"}).json()
        assert got["step"] == min(step, total) and got["total"] == total
        assert got["view"] == with_layout(expected.view(None))
        assert got["events"][-1]["text"] == expected.events(None, 0, "de")[-1]["text"]
    seen = client.get(f"/api/games/{gid}/replay", params={"step": total, "seat": 1}).json()
    assert seen["view"]["you"] and seen["view"]["over"]
    listed = client.get("/api/games").json()["finished"]
    assert listed[0]["id"] == gid and listed[0]["result"]["over"]


def test_every_rule_set_plays_on_the_server_without_server_code_of_its_own(server: Server) -> None:
    server.stop()
    client = server.start(max_game_actions=60)  # every game stops there, or ends before
    rooms = []
    for ruleset in client.get("/api/rulesets").json():
        seats = [RANDOM] * ruleset["players"]["min"]
        created = create(client, seats, ruleset=ruleset["name"], claim=-1, seed=1)
        rooms.append(server.lobby.rooms[created["game"]["id"]])
    wait_for(lambda: all(r.status != "running" for r in rooms))
    for room in rooms:
        assert room.error is None
        assert len(played(server, room.id)) == room.game.num_actions


def test_migrations_are_idempotent_and_the_log_refuses_gaps_and_duplicates(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'x.db'}")
    storage.migrate()
    storage.migrate()
    storage.create_game(GameRow("g", "base", {}, 1, "running", 0.0, [SeatRow(0, "bot", "random", "R")]))
    storage.append_actions([("g", 0, 0, "roll"), ("g", 1, 0, "end")])
    with pytest.raises(Exception):  # noqa: B017 - the driver's IntegrityError
        storage.append_actions([("g", 1, 0, "end")])
    assert storage.action_texts("g") == ["roll", "end"]
    storage.append_actions([("g", 3, 0, "end")])
    with pytest.raises(ValueError, match="missing"):
        storage.action_texts("g")
    storage.close()


def test_the_journal_commits_concurrent_moves_together_and_in_order(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'j.db'}")
    storage.migrate()
    for g in range(20):
        storage.create_game(GameRow(f"g{g}", "base", {}, 1, "running", 0.0, [SeatRow(0, "bot", "random", "R")]))
    database = Database(storage)
    journal = Journal(database)

    async def main() -> None:
        async def game(g: int) -> None:
            for n in range(10):
                await journal.append(f"g{g}", n, 0, f"move {n}")

        await asyncio.gather(*(game(g) for g in range(20)))

    # A thread of its own: a browser test run earlier by the same worker leaves Playwright's event loop
    # running in the main thread, where asyncio.run refuses to start another.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, main()).result()
    assert journal.rows == 200 and journal.batches <= 20
    assert all(storage.action_texts(f"g{g}") == [f"move {n}" for n in range(10)] for g in range(20))
    database.close()


def test_the_migrations_also_speak_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    from alembic import command
    from alembic.config import Config

    from siedler.server.storage import MIGRATIONS, normalise_url

    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", "postgresql://u@h/db")
    command.upgrade(cfg, "head", sql=True)
    ddl = capsys.readouterr().out
    for table in ("games", "seats", "actions"):
        assert f"CREATE TABLE {table}" in ddl
    assert "JSON" in ddl and "BIGINT" in ddl and "TIMESTAMP WITH TIME ZONE" in ddl


def test_bots_wait_out_a_database_that_refuses_their_moves(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = server.lobby.storage
    real = storage.append_actions
    failures: list[Any] = []

    def flaky(rows: Any, at_once: bool = False) -> Any:
        if len(failures) < 2:
            failures.append(rows)
            raise RuntimeError("database is locked")
        real(rows, at_once=at_once)

    monkeypatch.setattr(storage, "append_actions", flaky)
    assert server.client is not None
    gid = create(server.client, [GREEDY, GREEDY, GREEDY], claim=-1, seed=4)["game"]["id"]
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.game.num_actions >= 3, timeout=10)
    assert len(failures) == 2 and room.error is None
    stored, played = storage.action_texts(gid), room.game.record()["actions"]
    k = min(len(stored), len(played))  # the bots play on between the two reads
    assert k >= 3 and stored[:k] == played[:k]
