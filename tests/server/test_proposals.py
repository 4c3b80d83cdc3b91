"""A move proposed to another player over the WebSocket (a counter-offer): it changes nothing, reaches
everyone connected with its words in each reader's language, and is refused with a reason for a spectator,
for text that writes no action of the game, and beyond its rate."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from siedler.server.proposals import BURST

from .conftest import GREEDY, HUMAN, Server, create, hello, join, next_state


def proposal(ws: Any) -> dict[str, Any]:
    """The next ``proposal`` or ``proposal_refused`` message (states in between are skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] in ("proposal", "proposal_refused"):
            return message  # type: ignore[no-any-return]


def test_a_proposal_reaches_everyone_in_their_words_and_changes_nothing(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")
    ben = join(client, created, 1, "Ben").json()
    gid = created["game"]["id"]
    with (
        client.websocket_connect(f"/ws/games/{gid}") as anna,
        client.websocket_connect(f"/ws/games/{gid}") as bens,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        hello(anna, 0, created["token"], lang="de")
        hello(bens, 1, ben["token"])
        hello(watcher)
        n = next_state(anna)["n"]
        next_state(bens)
        next_state(watcher)
        bens.send_json({"type": "propose", "action": "OFFER 1ore>2wool @1"})  # any case, as moves are read
        said = {name: proposal(ws) for name, ws in (("anna", anna), ("ben", bens), ("watcher", watcher))}
        assert said["anna"] == {
            "type": "proposal",
            "seat": 1,
            "action": "offer 1ore>2wool @1",
            "label": "1 Erz für 2 Wolle anbieten an Ben",
        }
        assert said["watcher"]["label"] == said["ben"]["label"] == "Offer 1 ore for 2 wool to Ben"
        watcher.send_json({"type": "propose", "action": "offer 1ore>2wool @1"})
        assert proposal(watcher)["code"] == "spectator"
        for bad in ("offer 1ore>1ore @1", "settle ²", 12, "x" * 500):
            bens.send_json({"type": "propose", "action": bad})
            refused = proposal(bens)
            assert refused["type"] == "proposal_refused" and refused["code"] == "bad_action", (bad, refused)
        assert server.lobby.rooms[gid].game.num_actions == n  # a proposal is no move


def test_proposals_are_bounded_in_rate(server: Server, client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")
    ben = join(client, created, 1, "Ben").json()
    with client.websocket_connect(f"/ws/games/{created['game']['id']}") as bens:
        hello(bens, 1, ben["token"])
        next_state(bens)
        for _ in range(BURST):
            bens.send_json({"type": "propose", "action": "offer 1ore>2wool @1"})
            assert proposal(bens)["type"] == "proposal"
        bens.send_json({"type": "propose", "action": "offer 1ore>2wool @1"})
        assert proposal(bens)["code"] == "rate"
