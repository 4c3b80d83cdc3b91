"""A game's chat over the WebSocket: its players write and everyone connected reads, spectators only read
unless the creator allowed them to write; messages are bounded in length and rate, folded to one line and
refused with control or text-direction characters; they are stored outside the game's record, come back to
a client that connects later and after a restart, and go with their game when it is deleted."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from siedler.server.chat import BURST, MAX_TEXT
from siedler.server.models import chat
from siedler.server.storage import now

from .conftest import GREEDY, HUMAN, Server, create, hello, join, next_state


def chat_message(ws: Any) -> dict[str, Any]:
    """The next ``chat`` or ``chat_refused`` message (states in between are skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] in ("chat", "chat_refused"):
            return message  # type: ignore[no-any-return]


def two_players(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna", **body)
    ben = join(client, created, 1, "Ben").json()
    return created["game"]["id"], {0: created["token"], 1: ben["token"]}


def test_players_write_everyone_reads_and_spectators_only_read(server: Server, client: TestClient) -> None:
    gid, tokens = two_players(client)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as anna,
        client.websocket_connect(f"/ws/games/{gid}") as ben,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        hello(anna, 0, tokens[0])
        hello(ben, 1, tokens[1])
        hello(watcher)
        for ws in (anna, ben, watcher):
            next_state(ws)
        anna.send_json({"type": "chat", "text": "  hallo\n <b>Ben</b>  "})
        for ws in (anna, ben, watcher):
            said = chat_message(ws)
            assert said["type"] == "chat" and not said["full"]
            [entry] = said["messages"]
            # one line, spaces folded; markup stays text for the page to show as text
            assert (entry["seat"], entry["name"], entry["text"], entry["n"]) == (0, "Anna", "hallo <b>Ben</b>", 0)
        watcher.send_json({"type": "chat", "text": "may I?"})
        refused = chat_message(watcher)
        assert refused == {"type": "chat_refused", "code": "spectator", "message": refused["message"]}
        for text, code in (
            ("x" * (MAX_TEXT + 1), "too_long"),
            ("   ", "empty"),
            ("a\u202eb", "not_text"),
            (7, "not_text"),
        ):
            ben.send_json({"type": "chat", "text": text})
            assert chat_message(ben)["code"] == code
    stored = server.lobby.storage
    with stored.engine.connect() as conn:
        rows = list(conn.execute(sa.select(chat.c.text)).scalars())
    assert rows == ["hallo <b>Ben</b>"]
    assert "hallo" not in str(stored.action_texts(gid))  # no move, no part of the record


def test_a_writer_is_held_to_its_rate(client: TestClient) -> None:
    gid, tokens = two_players(client)
    with client.websocket_connect(f"/ws/games/{gid}") as anna:
        hello(anna, 0, tokens[0])
        answers = []
        for i in range(BURST + 1):
            anna.send_json({"type": "chat", "text": f"message {i}"})
            answers.append(chat_message(anna))
    assert [a["type"] for a in answers] == ["chat"] * BURST + ["chat_refused"]
    assert answers[-1]["code"] == "rate"


def test_the_chat_comes_back_after_a_restart_and_spectators_may_write_if_allowed(server: Server) -> None:
    client = server.client
    assert client is not None
    gid, tokens = two_players(client, spectator_chat=True)
    assert client.get(f"/api/games/{gid}").json()["spectator_chat"] is True
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(watcher)
        watcher.send_json({"type": "chat", "text": "good luck"})
        [entry] = chat_message(watcher)["messages"]
        assert (entry["n"], entry["seat"], entry["name"], entry["text"]) == (0, None, None, "good luck")
    server.stop()
    client = server.start()
    with client.websocket_connect(f"/ws/games/{gid}") as ben:
        hello(ben, 1, tokens[1])
        history = chat_message(ben)
        assert history["full"] and [m["text"] for m in history["messages"]] == ["good luck"]
        ben.send_json({"type": "chat", "text": "thanks"})
        assert chat_message(ben)["messages"][0]["n"] == 1  # numbered on from the stored ones


def test_a_deleted_games_chat_goes_with_it(server: Server, client: TestClient) -> None:
    gid, tokens = two_players(client)
    with client.websocket_connect(f"/ws/games/{gid}") as anna:
        hello(anna, 0, tokens[0])
        anna.send_json({"type": "chat", "text": "bye"})
        chat_message(anna)
    storage = server.lobby.storage
    storage.set_status(gid, "ended", {"reason": "creator"})
    assert storage.delete_stopped(now() + timedelta(days=1)) == [gid]
    with storage.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(chat)).scalar() == 0
