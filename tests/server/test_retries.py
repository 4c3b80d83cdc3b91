"""A retried action is applied once: every action carries ``n``, the move number it is to get (issue 25).

Two identical requests sent at the same time, over HTTP or over two WebSockets of the same seat, used to
both be applied (n 0 and 1); now the second finds the game at another move number and is refused with 409
(or ``refused``, code ``stale``) naming the current ``n``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import sqlalchemy as sa
from fastapi.testclient import TestClient

from siedler.server.models import actions

from .conftest import GREEDY, HUMAN, Server, create, hello, my_turn, next_state, on_loop

DECK = {"ruleset": "deck-building"}


def _movers(server: Server, gid: str) -> list[int | None]:
    """The seat of every stored action, in order."""
    with server.lobby.storage.engine.connect() as conn:
        query = sa.select(actions.c.seat).where(actions.c.game_id == gid).order_by(actions.c.n)
        return list(conn.execute(query).scalars())


async def _twice(app: Any, gid: str, body: dict[str, Any], token: str) -> list[httpx.Response]:
    """The same request twice at once, in the app's own event loop (they interleave as real ones do)."""
    transport = httpx.ASGITransport(app=app)
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        post = http.post(f"/api/games/{gid}/actions", json=body, headers=headers)
        again = http.post(f"/api/games/{gid}/actions", json=body, headers=headers)
        return list(await asyncio.gather(post, again))


def test_two_identical_concurrent_http_actions_apply_once(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY], **DECK, name="Anna", seed=3)
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    assert room.game.to_act == 0
    action = str(room.game.legal_actions()[0])
    answers = on_loop(client, _twice, client.app, gid, {"seat": 0, "action": action, "n": 0}, token)
    assert sorted(a.status_code for a in answers) == [200, 409]
    applied, refused = sorted(answers, key=lambda a: a.status_code)
    assert applied.json() == {"n": 0}
    # the refusal names the move number the game had then: at least 1, as the bot may have played on since
    assert 1 <= refused.json()["n"] <= room.game.num_actions and "move 0" in refused.json()["detail"]
    assert server.lobby.storage.action_texts(gid)[:1] == [action]
    assert _movers(server, gid).count(0) == 1  # the bot plays on; Anna's seat moved once


def test_an_action_for_another_move_number_changes_nothing(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=5)
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    auth = {"Authorization": f"Bearer {token}"}
    action = str(room.game.legal_actions()[0])
    before = room.game.state()
    for n in (1, 7):
        refused = client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": action, "n": n}, headers=auth)
        assert refused.status_code == 409 and refused.json()["n"] == 0
    illegal = client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": "end", "n": 0}, headers=auth)
    assert illegal.status_code == 409 and illegal.json()["n"] == 0  # every 409 names the game's n
    for body in ({"seat": 0, "action": action}, {"seat": 0, "action": action, "n": True}, {"seat": True, "n": 0}):
        assert client.post(f"/api/games/{gid}/actions", json=body, headers=auth).status_code == 422
    assert room.game.state() == before


def _until_pong(ws: Any) -> list[dict[str, Any]]:
    """Every message up to the answer to a ping sent now: a connection's messages are handled in order, so
    these include the answers to everything it sent before."""
    ws.send_json({"type": "ping", "id": "last"})
    seen = []
    while (message := ws.receive_json()) != {"type": "pong", "id": "last"}:
        seen.append(message)
    return seen


def test_two_connections_of_a_seat_sending_the_same_act_apply_it_once(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=5)
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as one, client.websocket_connect(f"/ws/games/{gid}") as two:
        hello(one, 0, token)
        hello(two, 0, token)
        state = my_turn(one, next_state(one))
        my_turn(two, next_state(two))
        act = {"type": "act", "action": state["actions"][0]["action"], "n": state["n"], "id": 1}
        one.send_json(act)
        two.send_json(act)
        refused = [m for ws in (one, two) for m in _until_pong(ws) if m["type"] == "refused"]
        assert len(refused) == 1 and refused[0]["code"] == "stale" and refused[0]["n"] == state["n"] + 1
        assert refused[0]["id"] == 1
    assert server.lobby.storage.action_texts(gid)[state["n"]] == act["action"]
    assert _movers(server, gid)[state["n"] :].count(0) == 1 and room.game.num_actions > state["n"]


def test_an_act_without_a_move_number_is_refused(client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=5)
    with client.websocket_connect(f"/ws/games/{created['game']['id']}") as ws:
        hello(ws, 0, created["token"])
        state = my_turn(ws, next_state(ws))
        for n in (None, "0", True, 0.0):
            ws.send_json({"type": "act", "action": state["actions"][0]["action"], "n": n})
            refused = next_state(ws)
            assert refused["type"] == "refused" and refused["code"] == "bad_action" and "n" in refused["message"]
