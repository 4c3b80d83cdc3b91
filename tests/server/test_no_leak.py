"""Nothing a client gets for an unfinished game gives away its seed, its generator or a hidden deck's order.

For every registered rule set and combination of extensions, a person plays a game against random bots
through the server (WebSocket moves, bad moves among them, and every REST call a client may make: listing,
summary, views, record, replay, verification, refused actions, a spectator's connection). Every answer's
text is kept; the secrets are read from the server's own game along the way: the seed in decimal and hex,
its key bytes, the generator's next words (the dice and cards to come), and each Deck Building draw pile
in order. No answer may hold any of them, nor a ``seed`` or ``rng`` field, until the game is over.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import siedler

from ..contracts.combos import CONFIGURATIONS, IDS
from .conftest import RANDOM, Server

#: The person's moves per game: enough to reach dice, robbers, purchases and reshuffles, not the end.
MOVES = 25


def _secrets(server: Server, gid: str) -> set[str]:
    room = server.lobby.rooms[gid]
    seed = room.row.seed
    found = {str(seed), f"{seed:x}", f"{seed:X}", seed.to_bytes(32, "little").hex(), seed.to_bytes(32, "big").hex()}
    upcoming = room.game.rng.copy()
    found |= {str(upcoming.next64()) for _ in range(16)}  # what the next dice and draws are made of
    game = room.game.state()["game"]
    for player in game.get("players", []):
        pile = player.get("draw") if isinstance(player, dict) else None
        # Six cards or more: a shorter pile of five kinds of card matches a laid-out row by chance.
        if isinstance(pile, list) and len(pile) >= 6:
            found |= {json.dumps(pile), json.dumps(pile, separators=(",", ":"))}
    return found


def _fields(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _fields(v)}
    if isinstance(value, list):
        return {k for v in value for k in _fields(v)}
    return set()


class Client:
    """The test client, keeping the text of every answer given while the game was unfinished: one received
    while the game is still unfinished was certainly composed before its end (a game never comes back)."""

    def __init__(self, server: Server) -> None:
        assert server.client is not None
        self.server = server
        self.client = server.client
        self.texts: list[str] = []
        self.game_id: str | None = None

    def _keep(self, text: str) -> None:
        room = self.server.lobby.rooms.get(self.game_id) if self.game_id else None
        if room is None or room.status != "finished":
            self.texts.append(text)

    def get(self, path: str, **kwargs: Any) -> Any:
        response = self.client.get(path, **kwargs)
        self._keep(response.text)
        return response

    def post(self, path: str, **kwargs: Any) -> Any:
        response = self.client.post(path, **kwargs)
        self._keep(response.text)
        return response

    def receive(self, ws: Any) -> dict[str, Any]:
        text = ws.receive_text()
        self._keep(text)
        return json.loads(text)  # type: ignore[no-any-return]


def _rest_calls(c: Client, gid: str, token: str) -> None:
    auth = {"Authorization": f"Bearer {token}"}
    c.get("/api/games")
    c.get(f"/api/games/{gid}")
    c.get(f"/api/games/{gid}/view", params={"seat": 0}, headers=auth)
    c.get(f"/api/games/{gid}/view")
    for path in ("record", "replay", "verify"):
        c.get(f"/api/games/{gid}/{path}")  # 403 while the game runs
    c.get(f"/api/games/{gid}/view", params={"seat": 1})  # another seat's view: 403
    c.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": "fly away", "n": 0}, headers=auth)  # 409
    c.post(f"/api/games/{gid}/actions", json={"seat": 1, "action": "end", "n": 0})  # 403


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
def test_no_answer_for_an_unfinished_game_holds_its_seed_generator_or_deck_order(
    server: Server, name: str, ruleset: str, options: dict[str, Any]
) -> None:
    assert server.client is not None
    c = Client(server)
    players = siedler.get_ruleset(ruleset).min_players
    created = c.post(
        "/api/games",
        json={"ruleset": ruleset, "options": options, "seats": [{"kind": "human"}] + [RANDOM] * (players - 1)},
    ).json()
    gid, token = created["game"]["id"], created["token"]
    c.game_id = gid
    secrets = _secrets(server, gid)
    rng = random.Random(name)
    with server.client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "protocol": 2, "lang": "en", "seat": 0, "token": token})
        assert c.receive(ws)["type"] == "welcome"
        for move in range(MOVES):
            state = c.receive(ws)
            while state["type"] != "state" or not (state["actions"] or state["over"]):
                state = c.receive(ws)
            if state["over"]:
                break
            secrets |= _secrets(server, gid)
            _rest_calls(c, gid, token)
            if move % 5 == 0:  # a refused move
                ws.send_json({"type": "act", "action": "fly away", "n": state["n"]})
                assert c.receive(ws)["type"] == "refused"
            ws.send_json({"type": "act", "action": rng.choice(state["actions"])["action"], "n": state["n"]})
    with server.client.websocket_connect(f"/ws/games/{gid}") as spectator:
        spectator.send_json({"type": "hello", "protocol": 2, "lang": "de"})
        assert c.receive(spectator)["type"] == "welcome"
        c.receive(spectator)
    assert len(c.texts) > 50  # answers from many moves were checked (an early end still leaves plenty)
    for text in c.texts:
        leaked = [s for s in secrets if s in text]
        assert not leaked, f"{leaked} in {text[:300]}"
        try:
            fields = _fields(json.loads(text))
        except json.JSONDecodeError:
            continue
        assert not {"seed", "rng"} & fields, text[:300]
