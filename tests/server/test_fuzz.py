"""Fuzzing: the HTTP API against its own OpenAPI schema (schemathesis, in-process), and random or malformed
WebSocket messages and action texts sent to a running game (hypothesis).

What must hold whatever arrives: no 5xx, every answer as the schema documents it, the room never crashes
(it still answers, and still plays), and a refused input leaves the game exactly as it was.
Bounded to finish in well under a minute on the project's 2-core machine.
"""

from __future__ import annotations

import string
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.websockets import WebSocketDisconnect

from siedler.server import Settings, create_app

from .conftest import GREEDY, HUMAN, Server, full_table, hello

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
QUICK = settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.fixture
def fuzzed_app(tmp_path: Path) -> Iterator[Any]:
    """An app started the way schemathesis calls it (its own ASGI client and lifespan), with a running game
    of people, an open game and a finished one to aim at. The limits stay on, lowered so that the fuzzer
    meets them too (their 429 and 503 must be documented answers like any other)."""
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path / 'fuzz.db'}",
            bot_delay=1.0,
            games_per_minute=30,
            max_live_games=12,
            api_requests_per_second=10_000,
            api_burst=10_000,
            allowed_hosts=("testserver",),  # schemathesis's client
        )
    )
    with asgi.get_client(cast(Any, app)) as http:
        seats = [HUMAN, HUMAN, HUMAN]
        running = http.post("/api/games", json={"ruleset": "base", "seats": seats, "name": "Anna"}).json()
        for seat in (1, 2):
            body = {"name": f"P{seat}", "invite": running["invite"]}
            http.post(f"/api/games/{running['game']['id']}/seats/{seat}", json=body)
        opened = http.post("/api/games", json={"ruleset": "base", "seats": [HUMAN, HUMAN, GREEDY]}).json()
        bots: dict[str, Any] = {
            "ruleset": "base",
            "seats": [GREEDY] * 3,
            "claim": -1,
            "bot_delay": 0,
            "options": {"turn_limit": 1},
        }
        finished = http.post("/api/games", json=bots).json()["game"]["id"]
        deadline = time.monotonic() + 30
        while http.get(f"/api/games/{finished}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    app.state.fuzz = {
        "ids": [running["game"]["id"], opened["game"]["id"], finished],
        "token": running["token"],
    }
    yield app
    asgi.shutdown_lifespans()


def test_the_http_api_answers_every_generated_request_as_its_schema_says(fuzzed_app: Any) -> None:
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", fuzzed_app)
    ids, token = fuzzed_app.state.fuzz["ids"], fuzzed_app.state.fuzz["token"]
    lobby = fuzzed_app.state.lobby
    running = lobby.rooms[ids[0]]
    before = running.game.state()
    results = list(schema.get_all_operations())
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) == len(results) >= 10
    for operation in operations:
        strategies = []
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):
            strategies.append(operation.as_strategy(generation_mode=mode))
            if "{game_id}" in operation.path:
                for gid in ids:
                    auth = {"Authorization": f"Bearer {token}"}
                    strategies.append(
                        operation.as_strategy(generation_mode=mode, path_parameters={"game_id": gid}, headers=auth)
                    )

        @QUICK
        @given(case=st.one_of(strategies))
        def run(case: Any) -> None:
            case.call_and_validate(checks=CHECKS)

        run()
    # Random actions with the running game's token were all refused (none is legal text by chance here:
    # the game waits for a settlement and the fuzzer's texts are not notation), so nothing changed.
    assert running.game.state() == before
    assert lobby.storage.action_texts(ids[0]) == []


SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
JSON = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
)

#: Texts in the notation's shape (words and numbers), most of them illegal, some garbled.
NOTATION = st.builds(
    lambda word, args: " ".join([word, *args]),
    st.sampled_from(["settle", "road", "city", "roll", "end", "bank", "offer", "robber", "buy", "play", "discard"]),
    st.lists(st.integers(-3, 200).map(str) | st.text(string.ascii_letters + ":-@ ", max_size=8), max_size=3),
)
#: Stand for "a legal action now" and "the game's move number now", drawn when the message is sent (the
#: strategies are built once).
LEGAL = "<legal>"
NOW = "<n>"
MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "lang", "ping", "hello", "state", ""]) | st.text(max_size=12) | JSON},
        optional={
            "action": NOTATION | st.just(LEGAL) | JSON | st.text(max_size=250),
            "n": st.just(NOW) | st.integers(-2, 10**6) | JSON,
            **{name: JSON for name in ("id", "lang", "seat", "token", "protocol")},
        },
    ).map(lambda m: ("json", m)),
    JSON.map(lambda m: ("json", m)),
    st.text(max_size=200).map(lambda t: ("text", t)),
    st.binary(max_size=200).map(lambda b: ("bytes", b)),
)


def test_random_websocket_messages_never_crash_a_room_or_change_a_game_they_do_not_play(server: Server) -> None:
    server.stop()
    client = server.start(ws_messages_per_second=10_000, ws_burst=10_000)
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]
    sockets: dict[int | None, Any] = {}

    def socket(seat: int | None) -> Any:
        if seat not in sockets:
            ws = client.websocket_connect(f"/ws/games/{gid}").__enter__()
            hello(ws, seat, tokens.get(seat) if seat is not None else None)
            sockets[seat] = ws
        return sockets[seat]

    probes = iter(range(10**9))

    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        game = room.game
        seat = data.draw(st.sampled_from([0, 1, 2, None]))
        form, payload = data.draw(MESSAGES)
        if isinstance(payload, dict) and payload.get("action") == LEGAL:
            payload["action"] = data.draw(st.sampled_from([str(a) for a in game.legal_actions()]))
        if isinstance(payload, dict) and payload.get("n") == NOW:
            payload["n"] = game.num_actions
        before, n = game.state(), game.num_actions
        ws = socket(seat)
        if form == "json":
            ws.send_json(payload)
        elif form == "text":
            ws.send_text(payload)
        else:
            ws.send_bytes(payload)
        probe = f"probe-{next(probes)}"
        ws.send_json({"type": "ping", "id": probe})
        try:
            while ws.receive_json() != {"type": "pong", "id": probe}:
                pass
        except WebSocketDisconnect as closed:  # no message this small may close a connection
            raise AssertionError(f"closed with {closed.code} after {payload!r}") from None
        if game.num_actions == n:
            assert game.state() == before, payload
        else:  # the one way to change a game: its seat to act sent a legal action
            assert game.num_actions == n + 1 and form == "json" and isinstance(payload, dict)
            assert payload["type"] == "act" and seat == before["to_act"] and payload["n"] == n
            assert game.record()["actions"][-1] == payload["action"]

    try:
        run()
        # Still playing: the seat to act can move, and the stored log is the game's.
        actor = room.game.to_act
        action = str(room.game.legal_actions()[0])
        response = client.post(
            f"/api/games/{gid}/actions",
            json={"seat": actor, "action": action, "n": room.game.num_actions},
            headers={"Authorization": f"Bearer {tokens[actor]}"},
        )
        assert response.status_code == 200
        assert server.lobby.storage.action_texts(gid) == room.game.record()["actions"]
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def test_random_action_texts_over_http_are_refused_without_a_trace(server: Server, client: Any) -> None:
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]

    @settings(max_examples=120, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(
        seat=st.integers(-2, 20),
        holder=st.sampled_from([0, 1, 2, None]),
        action=NOTATION | st.text(max_size=220) | st.sampled_from(["", " ", "settle", "settle 999999999999"]),
        ahead=st.sampled_from([0, 0, 0, 1, -1]),
    )
    def run(seat: int, holder: int | None, action: str, ahead: int) -> None:
        headers = {"Authorization": f"Bearer {tokens[holder]}"} if holder is not None else {}
        before, n = room.game.state(), room.game.num_actions
        body = {"seat": seat, "action": action, "n": n + ahead}
        response = client.post(f"/api/games/{gid}/actions", json=body, headers=headers)
        if response.status_code == 200:  # a legal move by chance: its seat's holder played it
            assert seat == holder == before["to_act"] and room.game.num_actions == n + 1 and ahead == 0
            return
        assert response.status_code in (403, 409, 422), response.text
        assert room.game.num_actions == n and room.game.state() == before

    run()
    assert server.lobby.storage.action_texts(gid) == room.game.record()["actions"]
