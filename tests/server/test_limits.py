"""Bounded load: each limit refuses with its own status or close code once exceeded, and not before."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from siedler.server import Settings
from siedler.server.limits import TokenBucket, client_address, parse_networks

from .conftest import GREEDY, HUMAN, Server, create, hello, wait_for

BOTS_ONLY = {"ruleset": "base", "seats": [GREEDY, GREEDY, GREEDY], "claim": -1}


def refusal(ws: Any) -> tuple[str, int]:
    """The ``error`` code the server sent, and the close code that followed it."""
    message = ws.receive_json()
    assert message["type"] == "error", message
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return message["code"], closed.value.code


def test_games_per_minute_counts_created_games_per_address(server: Server) -> None:
    server.stop()
    client = server.start(games_per_minute=3)
    assert client.post("/api/games", json={**BOTS_ONLY, "ruleset": "chess"}).status_code == 400  # not counted
    for _ in range(3):
        assert client.post("/api/games", json=BOTS_ONLY).status_code == 201
    refused = client.post("/api/games", json=BOTS_ONLY)
    assert refused.status_code == 429
    assert "at most 3 a minute" in refused.json()["detail"]
    assert 1 <= int(refused.headers["retry-after"]) <= 20  # a token comes back every 20 s
    assert len(server.lobby.rooms) == 3


def test_live_games_are_capped_and_a_finished_game_frees_its_place(server: Server) -> None:
    server.stop()
    client = server.start(max_live_games=2)
    create(client, [HUMAN, HUMAN, GREEDY])
    # Bots that move every 0.1 s finish this game in a few seconds, not before the next request.
    quick = create(client, [GREEDY, GREEDY, GREEDY], claim=-1, options={"turn_limit": 1}, bot_delay=0.1)
    quick_id = quick["game"]["id"]
    full = client.post("/api/games", json=BOTS_ONLY)
    assert full.status_code == 503 and "its limit" in full.json()["detail"]
    # The place is free once the end is stored: the count of live games is the database's, and the room
    # is finished in memory a moment before its end is written.
    wait_for(lambda: server.lobby.storage.load_game(quick_id).status == "finished")
    assert client.post("/api/games", json=BOTS_ONLY).status_code == 201


def test_api_requests_are_rate_limited_per_address_but_pages_are_not(server: Server) -> None:
    server.stop()
    client = server.start(api_requests_per_second=0.01, api_burst=3)
    assert [client.get("/api/bots").status_code for _ in range(4)] == [200, 200, 200, 429]
    limited = client.get("/api/games")
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert "too many requests" in limited.json()["detail"]
    assert client.get("/").status_code == 200


def test_request_bodies_are_bounded(server: Server) -> None:
    server.stop()
    client = server.start(max_body_bytes=1000)
    big = {**BOTS_ONLY, "options": {"x" * 2000: 1}}
    response = client.post("/api/games", json=big)
    assert response.status_code == 413 and "1000 bytes" in response.json()["detail"]
    streamed = client.post(
        "/api/games", content=iter([b'{"ruleset": "base", "seats": [', b" " * 2000, b"]}"]), headers={}
    )
    assert streamed.status_code == 413
    assert client.post("/api/games", json=BOTS_ONLY).status_code == 201


def test_the_client_is_the_peer_unless_a_trusted_proxy_forwards_for_it() -> None:
    proxies = parse_networks(["10.0.0.0/8", "::1"])

    def scope(peer: str, forwarded: str | None) -> dict[str, Any]:
        headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
        return {"client": (peer, 1234), "headers": headers}

    assert client_address(scope("203.0.113.9", "1.2.3.4"), proxies) == "203.0.113.9"  # not a proxy: ignored
    assert client_address(scope("203.0.113.9", "1.2.3.4"), ()) == "203.0.113.9"
    # Behind the proxy: the address it appended, not what the client wrote further left.
    assert client_address(scope("10.0.0.2", "6.6.6.6, 198.51.100.7"), proxies) == "198.51.100.7"
    assert client_address(scope("10.0.0.2", "198.51.100.7, 10.0.0.5"), proxies) == "198.51.100.7"
    assert client_address(scope("::1", None), proxies) == "::1"
    with pytest.raises(ValueError, match="not an IP address"):
        parse_networks(["proxy.example.org"])


def test_token_buckets_refill_at_their_rate() -> None:
    bucket = TokenBucket(rate=2.0, burst=2)
    assert [bucket.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.5]
    assert bucket.take("b", now=0.0) == 0.0  # keys are independent
    assert bucket.take("a", now=0.5) == 0.0
    assert bucket.wait("a", now=0.5) == pytest.approx(0.5)


def test_websocket_connections_per_seat_and_per_address(server: Server) -> None:
    server.stop()
    client = server.start(ws_per_seat=1, ws_per_client=3)
    created = create(client, [HUMAN, HUMAN, GREEDY])
    gid, token = created["game"]["id"], created["token"]
    path = f"/ws/games/{gid}"
    with client.websocket_connect(path) as first:
        hello(first, 0, token)
        with client.websocket_connect(path) as second:
            second.send_json({"type": "hello", "protocol": 2, "seat": 0, "token": token})
            assert refusal(second) == ("too_many", 4409)
        with client.websocket_connect(path) as watcher, client.websocket_connect(path) as other:
            hello(watcher)
            hello(other)
            with client.websocket_connect(path) as fourth:
                assert refusal(fourth) == ("too_many", 4409)  # the address holds 3 already
    with client.websocket_connect(path) as again:  # both counts were given back on closing
        assert hello(again, 0, token)["seat"] == 0


def test_websocket_messages_are_bounded_in_size_and_rate(server: Server) -> None:
    server.stop()
    client = server.start(ws_max_message_bytes=300, ws_messages_per_second=0.01, ws_burst=3)
    gid = create(client, [HUMAN, HUMAN, GREEDY])["game"]["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws)
        ws.send_text('{"type": "ping", "id": "' + "x" * 400 + '"}')
        assert refusal(ws) == ("too_big", 1009)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws)
        for i in range(3):
            ws.send_json({"type": "ping", "id": i})
            assert ws.receive_json() == {"type": "pong", "id": i}
        ws.send_json({"type": "ping", "id": 3})
        assert refusal(ws) == ("rate", 4429)


def test_websocket_origin_must_be_this_host_or_allowed(server: Server) -> None:
    server.stop()
    client = server.start(allowed_origins=("https://friends.example.org",))
    gid = create(client, [HUMAN, HUMAN, GREEDY])["game"]["id"]
    path = f"/ws/games/{gid}"
    for origin in ("http://testserver", "https://friends.example.org", None):
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(path, headers=headers) as ws:
            assert hello(ws)["type"] == "welcome"
    for origin in ("https://evil.example", "null", "http://testserver.evil.example", "http://testserver:8080"):
        with client.websocket_connect(path, headers={"origin": origin}) as ws:
            assert refusal(ws) == ("origin", 4406), origin


def test_websocket_fields_are_bounded(server: Server) -> None:
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, HUMAN, GREEDY])
    gid, token = created["game"]["id"], created["token"]
    for seat, tok in ((True, token), ("0", token), (10**30, token), (0, "x" * 5000), (0, ["a"])):
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "protocol": 2, "seat": seat, "token": tok})
            assert refusal(ws) == ("forbidden", 4403)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        ws.send_json({"type": "act", "action": "x" * 500, "id": {"deep": [1]}})
        message = ws.receive_json()
        assert message["type"] == "refused" and message["id"] is None
        assert "at most 200 characters" in message["message"] and len(message["action"]) == 200
        ws.send_json({"type": "ping", "id": "y" * 100})
        assert ws.receive_json() == {"type": "pong", "id": None}


def test_settings_refuse_limits_that_would_switch_a_protection_off(monkeypatch: pytest.MonkeyPatch) -> None:
    for bad in ({"games_per_minute": -1}, {"api_requests_per_second": float("inf")}, {"bot_delay": float("nan")}):
        with pytest.raises(ValueError, match="finite number"):
            Settings(database_url="sqlite://", **bad)
    with pytest.raises(ValueError, match="max_bot_delay"):
        Settings(database_url="sqlite://", bot_delay=11)
    monkeypatch.setenv("SIEDLER_MAX_LIVE_GAMES", "7")
    monkeypatch.setenv("SIEDLER_TRUSTED_PROXIES", "10.0.0.1, 10.0.0.2")
    settings = Settings(database_url="sqlite://")
    assert settings.max_live_games == 7 and settings.trusted_proxies == ("10.0.0.1", "10.0.0.2")


#: The issue's probe: two random bots in a Deck Building game nobody can win (no cities) and no turn limit.
RANDOM_BOT = {"kind": "bot", "bot": "random"}
ENDLESS: dict[str, Any] = {
    "ruleset": "deck-building",
    "seats": [RANDOM_BOT, RANDOM_BOT],
    "options": {"supply": {"city": 0}, "turn_limit": 0},
    "bot_delay": 0,
}


def test_a_game_of_bots_that_could_not_end_is_refused(client: Any) -> None:
    refused = client.post("/api/games", json=ENDLESS)
    assert refused.status_code == 400 and "must end" in refused.json()["detail"]
    assert client.get("/api/games").json()["running"] == []
    with_a_person = client.post("/api/games", json={**ENDLESS, "seats": [HUMAN, RANDOM_BOT]})
    assert with_a_person.status_code == 201  # a person at the table: the game ends when people leave it


def test_every_game_stops_at_the_action_limit(server: Server) -> None:
    server.stop()
    client = server.start(max_game_actions=150)
    unwinnable = {"supply": {"city": 0}, "turn_limit": 10**6}  # a turn limit, but far off
    created = create(client, [RANDOM_BOT, RANDOM_BOT], "deck-building", claim=-1, options=unwinnable, bot_delay=0)
    gid = created["game"]["id"]
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.status != "running", timeout=30)
    summary = client.get(f"/api/games/{gid}").json()
    assert (summary["status"], summary["reason"], summary["actions"]) == ("ended", "action_limit", 150)
    # stopped, it takes no more moves: its seed is revealed and its record checks out, as for any game over
    assert summary["seed"] and client.get(f"/api/games/{gid}/record").json()["actions"][:1]
    verdict = client.get(f"/api/games/{gid}/verify").json()
    assert verdict["commitment_ok"] and verdict["replay_ok"], verdict
    assert len(server.lobby.storage.action_texts(gid)) == 150
    assert server.lobby.storage.load_game(gid).status == "ended"


def test_one_address_runs_only_a_few_games_of_bots_at_once(server: Server) -> None:
    server.stop()
    client = server.start(bot_games_per_client=2)
    slow = {**BOTS_ONLY, "bot_delay": 5.0}
    first = client.post("/api/games", json=slow).json()
    assert client.post("/api/games", json=slow).status_code == 201
    refused = client.post("/api/games", json=slow)
    assert refused.status_code == 429 and "at most 2 games of bots only" in refused.json()["detail"]
    assert client.post("/api/games", json={**slow, "seats": [HUMAN, GREEDY, GREEDY]}).status_code == 201
    creator = {"Authorization": f"Bearer {first['creator_token']}"}
    assert client.post(f"/api/games/{first['game']['id']}/end", headers=creator).status_code == 200
    assert client.post("/api/games", json=slow).status_code == 201  # an ended game frees its place
