"""Playing over the WebSocket: views per seat, refusals with the engine's words, tokens, spectators."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .conftest import Server, join

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

import pytest
from starlette.websockets import WebSocketDisconnect

import siedler
from siedler.games.catan.layout import with_layout
from siedler.server.views import MENU_ITEMS

from .conftest import GREEDY, HUMAN, RANDOM, create, full_table, hello, log_matches_game, my_turn, next_state


def simple_choice(actions: list[dict[str, Any]]) -> str:
    texts: list[str] = [a["action"] for a in actions]
    for preferred in ("roll", "end"):
        if preferred in texts:
            return preferred
    return texts[0]


def test_a_person_plays_against_bots_to_the_end(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY, RANDOM], name="Anna", seed=11, options={"turn_limit": 8})
    gid, token = created["game"]["id"], created["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        welcome = hello(ws, 0, token, lang="de")
        assert welcome["seat"] == 0 and welcome["protocol"] == 2
        state = next_state(ws)
        assert state["full"] and state["view"]["seat"] == 0
        composed = 0
        while True:
            state = my_turn(ws, state)
            if state["over"]:
                break
            # A kind with more variants than a menu lists (the offers) comes in parts the page composes, each
            # in words; nothing of the base game gives away a building, a unit or a card unasked.
            many = Counter(a["kind"] for a in state["actions"])
            for a in state["actions"]:
                assert set(a) - {"parts"} == {"action", "label", "target", "kind"}
                assert ("parts" in a) == (many[a["kind"]] > MENU_ITEMS), a
                composed += "parts" in a
                assert all(words and not words.isdigit() for _, words in a.get("parts", ()))
            # every action in words, the trade offers (hundreds of them) too: never notation on a button
            assert all(a["label"] and a["label"] != a["action"] for a in state["actions"])
            ws.send_json({"type": "act", "action": simple_choice(state["actions"]), "n": state["n"]})
            state = next_state(ws)
    assert state["view"]["over"] and "final" in state["view"]
    assert state["events"][-1]["kind"] == "over"
    assert composed
    record = client.get(f"/api/games/{gid}/record").json()
    game = siedler.replay(record)
    assert game.is_over and record["seed"] == "11" and record["seed_chosen"] is True
    stored = server.lobby.storage.action_texts(gid)
    assert stored == record["actions"]
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "finished" and summary["result"]["over"]


def test_views_hold_exactly_what_each_seat_may_know(server: Server, client: TestClient) -> None:
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(watcher)
        state = next_state(watcher)
        assert state["view"] == with_layout(room.game.view(None))  # the view and its board's layout
        assert "you" not in state["view"] and state["actions"] == []
        for seat in range(3):
            with client.websocket_connect(f"/ws/games/{gid}") as ws:
                hello(ws, seat, tokens[seat])
                mine = next_state(ws)
                assert mine["view"] == with_layout(room.game.view(seat))
                acting = seat == room.game.to_act
                assert bool(mine["actions"]) == acting
                if acting:
                    assert [a["action"] for a in mine["actions"]] == [str(a) for a in room.game.legal_actions()]
        assert state["events"] == room.game.events(None, 0, "en")


def test_illegal_actions_are_refused_with_the_engines_reason_and_change_nothing(
    server: Server, client: TestClient
) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=5)
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        state = my_turn(ws, next_state(ws))
        before = room.game.state()
        for text in ("city 3", "settle 999", "fly away", "roll"):
            copy = room.game.copy()
            with pytest.raises(siedler.IllegalAction) as reason:
                copy.apply(text)
            ws.send_json({"type": "act", "action": text, "id": 7, "n": state["n"]})
            refused = next_state(ws)
            expected = {"action": text, "code": "illegal", "message": str(reason.value), "id": 7}
            assert refused == {"type": "refused", **expected}
        assert room.game.state() == before
        log_matches_game(server, gid)
        assert state["n"] == room.game.num_actions


def test_nobody_acts_for_a_seat_without_its_token(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")
    gid, token0 = created["game"]["id"], created["token"]
    token1 = join(client, created, 1, "Ben").json()["token"]
    room = server.lobby.rooms[gid]
    seat = room.game.to_act
    assert seat in (0, 1, 2)
    action = str(room.game.legal_actions()[0])
    other = {0: token1, 1: token0}
    for victim in (0, 1):
        wrong = client.post(
            f"/api/games/{gid}/actions",
            json={"seat": victim, "action": action, "n": 0},
            headers={"Authorization": f"Bearer {other[victim]}"},
        )
        assert wrong.status_code == 403
        missing = client.post(f"/api/games/{gid}/actions", json={"seat": victim, "action": action, "n": 0})
        assert missing.status_code == 403
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "protocol": 2, "seat": 1, "token": token0})
        assert ws.receive_json()["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws)  # a spectator
        ws.send_json({"type": "act", "action": action, "id": 1, "n": 0})
        answer = next_state(ws)
        while answer["type"] != "refused":  # the bot may be moving meanwhile
            answer = next_state(ws)
        assert answer["message"] == "spectators cannot act" and answer["id"] == 1
    log_matches_game(server, gid)
    assert all(seat == 2 for seat in _seats_that_moved(server, gid))  # only the bot has played


def _seats_that_moved(server: Server, gid: str) -> list[int]:
    import sqlalchemy as sa

    from siedler.server.models import actions

    with server.lobby.storage.engine.connect() as conn:
        return [row.seat for row in conn.execute(sa.select(actions.c.seat).where(actions.c.game_id == gid))]


def test_http_play_and_views_need_the_right_token(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, HUMAN], claim=0, name="Anna")
    gid = created["game"]["id"]
    tokens = [created["token"]] + [join(client, created, s, f"x{s}").json()["token"] for s in (1, 2)]
    room = server.lobby.rooms[gid]
    for _ in range(6):
        seat = room.game.to_act
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        seen = client.get(f"/api/games/{gid}/view", params={"seat": seat}, headers=headers).json()
        assert seen["view"] == room.game.view(seat)
        done = client.post(
            f"/api/games/{gid}/actions",
            json={"seat": seat, "action": seen["actions"][0]["action"], "n": seen["n"]},
            headers=headers,
        )
        assert done.status_code == 200
    refused = client.post(
        f"/api/games/{gid}/actions",
        json={"seat": room.game.to_act, "action": "city 0", "n": room.game.num_actions},
        headers={"Authorization": f"Bearer {tokens[room.game.to_act]}"},
    )
    assert refused.status_code == 409 and refused.json()["detail"]
    peek = client.get(f"/api/games/{gid}/view", params={"seat": 0}, headers={"Authorization": f"Bearer {tokens[1]}"})
    assert peek.status_code == 403
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    assert client.get(f"/api/games/{gid}/replay").status_code == 403


def test_refusals_name_players_and_count_seats_from_1(server: Server, client: TestClient) -> None:
    """A person reads names or seat numbers from 1, never a bare index: the table says "Seat 1" for index 0."""
    created = create(client, [HUMAN, HUMAN, HUMAN], claim=0, name="Anna")
    gid = created["game"]["id"]
    tokens = [created["token"], join(client, created, 1, "Ben").json()["token"]]
    taken = join(client, created, 1, "Dora")  # the game is still open
    assert taken.status_code == 409 and taken.json()["detail"] == "seat 2 (index 1) is taken"
    tokens.append(join(client, created, 2, "Cleo").json()["token"])
    room = server.lobby.rooms[gid]
    names, acting = ["Anna", "Ben", "Cleo"], room.game.to_act
    assert acting is not None
    waiting = (acting + 1) % 3
    early = client.post(
        f"/api/games/{gid}/actions",
        json={"seat": waiting, "action": str(room.game.legal_actions()[0]), "n": room.game.num_actions},
        headers={"Authorization": f"Bearer {tokens[waiting]}"},
    )
    assert early.json()["detail"] == f"it is {names[acting]}'s turn, not {names[waiting]}'s"


def test_protocol_errors_are_named(client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, GREEDY], claim=-1)  # open: no moves, only answers arrive
    gid = created["game"]["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "protocol": 99})
        assert ws.receive_json()["code"] == "protocol"
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "act", "action": "roll"})
        assert ws.receive_json()["code"] == "bad_hello"
    with client.websocket_connect("/ws/games/missing") as ws:
        ws.send_json({"type": "hello", "protocol": 2})
        assert ws.receive_json()["code"] == "not_found"
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws)
        ws.send_text("not json")
        ws.send_json({"type": "dance"})
        ws.send_json({"type": "ping", "id": 3})
        seen = [ws.receive_json() for _ in range(3)]
        assert [m.get("code") or m["type"] for m in seen] == ["bad_json", "unknown_type", "pong"]
        assert seen[2]["id"] == 3


def test_switching_language_resends_the_log_in_words(client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=1)
    gid, token = created["game"]["id"], created["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token, lang="en")
        english = next_state(ws)
        ws.send_json({"type": "lang", "lang": "de"})
        german = next_state(ws)
        while not german["full"]:
            german = next_state(ws)
    assert english["events"][0]["text"].startswith("Starting rolls")
    assert german["events"][0]["text"].startswith("Startwürfe")


def test_after_the_first_state_only_the_changed_parts_of_a_view_are_sent(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, HUMAN], name="Anna")
    gid = created["game"]["id"]
    tokens = [created["token"]] + [join(client, created, s, f"x{s}").json()["token"] for s in (1, 2)]
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws)
        view = ws.receive_json()["view"]
        for _ in range(6):
            seat = room.game.to_act
            action = str(room.game.legal_actions()[0])
            client.post(
                f"/api/games/{gid}/actions",
                json={"seat": seat, "action": action, "n": room.game.num_actions},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            raw = ws.receive_json()
            assert "view" not in raw and not {"board", "layout"} & raw["view_changes"].keys()  # sent once
            view = {**view, **raw["view_changes"]}
            for key in raw.get("view_removed", []):
                del view[key]
            assert view == with_layout(room.game.view(None))
