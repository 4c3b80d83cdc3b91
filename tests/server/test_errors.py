"""Internal errors reach players as a short sentence and a reference; the details go to the server's log
(issue 25: a failed insert sent the player the database's error with its SQL, and a broken game showed
``IllegalAction: ...`` to anyone)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
import sqlalchemy as sa

from siedler.server.models import actions

from .conftest import GREEDY, Server, create, full_table, hello, my_turn, next_state, room_of, wait_for

#: What an exception's text would bring: its class, a database's words, SQL.
LEAKS = re.compile(r"IntegrityError|IllegalAction|RuntimeError|UNIQUE|INSERT|SELECT|sqlite|Traceback|secret")


def _duplicate(rows: Any, at_once: bool = False) -> Any:
    raise sa.exc.IntegrityError(
        "INSERT INTO actions (game_id, n, seat, text, at) VALUES (?, ?, ?, ?, ?)",
        rows,
        Exception("UNIQUE constraint failed: actions.game_id, actions.n"),
    )


def _reference(text: str, caplog: pytest.LogCaptureFixture) -> None:
    """``text`` names a reference, and the log has the details under it."""
    assert not LEAKS.search(text), text
    ref = re.search(r"reference ([0-9a-f]{8})", text)
    assert ref, text
    logged = [r for r in caplog.records if ref.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info is not None


def test_a_move_the_database_refuses_is_answered_with_a_reference(
    server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, "siedler.server")
    client = server.client
    assert client is not None
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]
    seat = room.game.to_act
    monkeypatch.setattr(server.lobby.storage, "append_actions", _duplicate)
    action = str(room.game.legal_actions()[0])
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, seat, tokens[seat])
        state = my_turn(ws, next_state(ws))
        ws.send_json({"type": "act", "action": action, "n": state["n"]})
        refused = next_state(ws)
    assert refused["type"] == "refused" and refused["code"] == "internal"
    _reference(refused["message"], caplog)
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    answer = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": action, "n": 0}, headers=auth)
    assert answer.status_code == 500
    _reference(answer.json()["detail"], caplog)
    assert room.game.num_actions == 0


def test_a_game_whose_log_no_longer_replays_says_so_with_a_reference(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, "siedler.server")
    client = server.client
    assert client is not None
    gid, _ = full_table(client)  # people only: nothing moves until they do
    server.stop()
    with server_storage(server) as conn:  # a move the engine refuses, as after an engine change
        conn.execute(actions.insert().values(game_id=gid, n=0, seat=0, text="city 999", at=sa.func.now()))
    server.start()
    room = room_of(server, gid)
    summary = server.client.get(f"/api/games/{gid}").json() if server.client else {}
    assert room.status == "broken" and "no longer replay" in summary["error"]
    _reference(summary["error"], caplog)


def test_a_bot_that_fails_stops_with_a_reference(
    server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, "siedler.server")
    from siedler.bots.greedy import GreedyBot

    def broken(self: Any, game: Any, seat: int) -> Any:
        raise RuntimeError("secret: SELECT seed FROM games")

    monkeypatch.setattr(GreedyBot, "decide", broken)
    client = server.client
    assert client is not None
    gid = create(client, [GREEDY, GREEDY, GREEDY], claim=-1)["game"]["id"]
    wait_for(lambda: server.lobby.rooms[gid].error is not None, timeout=10)
    error = client.get(f"/api/games/{gid}").json()["error"]
    assert "stopped working" in error
    _reference(error, caplog)


def server_storage(server: Server) -> Any:
    from siedler.server.storage import Storage

    return Storage(server.url).engine.begin()
