"""Security headers on every response, and every field of a request bounded with a clear 4xx."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

from siedler.server.security import PAGE_POLICY

from .conftest import GREEDY, HUMAN, Server, create, join

BOTS = [GREEDY, GREEDY, GREEDY]


def test_every_page_file_and_api_answer_carries_the_security_headers(client: TestClient) -> None:
    gid = create(client, [HUMAN, HUMAN, GREEDY])["game"]["id"]
    for path in ("/", f"/games/{gid}", "/static/js/main.js", "/static/css/style.css", "/api/games", "/api/nope"):
        response = client.get(path)
        assert response.headers["content-security-policy"] == PAGE_POLICY, path
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["x-frame-options"] == "DENY"
    assert "script-src 'self';" in PAGE_POLICY and "unsafe-inline" not in PAGE_POLICY
    assert "frame-ancestors 'none'" in PAGE_POLICY


def test_the_page_has_no_inline_script_style_or_handler(client: TestClient) -> None:
    html = client.get("/").text
    assert re.findall(r"<script\b[^>]*>", html) == ['<script type="module" src="/static/js/main.js">']
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html)  # no script body
    assert not re.search(r"\son[a-z]+\s*=", html) and "style=" not in html and "<style" not in html


def test_the_api_browser_is_off_by_default_and_allows_exactly_its_own_inline_script(server: Server) -> None:
    """Issue 39, finding 8: ``/api/docs`` loaded Swagger UI from a CDN by a floating version on the origin
    whose storage holds seat tokens and invite codes. Off unless asked for, then at one pinned version."""
    assert server.client is not None
    assert server.client.get("/api/docs").status_code == 404
    assert server.client.get("/api/openapi.json").status_code == 200
    server.stop()
    client = server.start(api_docs=True)
    response = client.get("/api/docs")
    assert "swagger-ui-dist@5.35.0/" in response.text
    policy = response.headers["content-security-policy"]
    assert response.status_code == 200 and "swagger" in response.text.lower()
    scripts = re.findall(r"<script>(.*?)</script>", response.text, flags=re.DOTALL)
    assert len(scripts) == 1 and policy.count("'sha256-") == 1
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def test_bot_delay_out_of_range_is_refused_not_clamped(server: Server, client: TestClient) -> None:
    body = {"ruleset": "base", "seats": BOTS, "claim": -1}
    for delay in ("1e308", "-1", "NaN", "Infinity", "10.5"):
        raw = f'{{"ruleset": "base", "seats": [{{"kind": "bot", "bot": "greedy"}}], "bot_delay": {delay}}}'
        response = client.post("/api/games", content=raw, headers={"content-type": "application/json"})
        assert response.status_code == 422, (delay, response.text)
        assert "bot_delay" in response.text
    assert create(client, BOTS, claim=-1, bot_delay=10)["game"]["bot_delay"] == 10
    server.stop()
    client = server.start(max_bot_delay=2.0)
    refused = client.post("/api/games", json={**body, "bot_delay": 3})
    assert refused.status_code == 400 and "from 0 to 2 seconds" in refused.json()["detail"]
    assert server.lobby.storage.count_with_status(("open", "running", "finished")) == 1  # the 10 s one only


def test_names_are_bounded_and_free_of_control_characters(client: TestClient) -> None:
    for name in ("a" * 41, "Ann\x00a", "Ann\na", "evil\u202egnp.exe", "x\u2066y"):
        response = client.post("/api/games", json={"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "name": name})
        assert response.status_code == 422, name
    seat = {"kind": "bot", "bot": "greedy", "name": "Bob\x07"}
    assert client.post("/api/games", json={"ruleset": "base", "seats": [HUMAN, seat, GREEDY]}).status_code == 422
    html_name = "<img src=x onerror=alert(1)>"
    created = create(client, [HUMAN, HUMAN, GREEDY], name=html_name)
    assert created["game"]["seats"][0]["name"] == html_name  # kept as text: the page renders it as text
    assert join(client, created, 1, "Ben\x1b[31m").status_code == 422
    assert join(client, created, 1, "Zoë 👩‍👧").status_code == 200


def test_seats_claims_steps_and_actions_are_bounded(server: Server, client: TestClient) -> None:
    many = {"ruleset": "base", "seats": [GREEDY] * 17, "claim": -1}
    assert client.post("/api/games", json=many).status_code == 422
    assert client.post("/api/games", json={**many, "seats": []}).status_code == 422
    five = client.post("/api/games", json={**many, "seats": [GREEDY] * 5})
    assert five.status_code == 400 and "3 to 4 players" in five.json()["detail"]
    assert client.post("/api/games", json={"ruleset": "base", "seats": BOTS, "claim": 10**30}).status_code == 422
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")
    gid, token = created["game"]["id"], created["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/games/{gid}/seats/{10**30}", json={"name": "x"}).status_code == 422
    assert client.post(f"/api/games/{gid}/seats/-1", json={"name": "x"}).status_code == 422
    assert client.get(f"/api/games/{gid}/view", params={"seat": 10**30}).status_code == 422
    assert client.get(f"/api/games/{gid}/replay", params={"step": -1}).status_code == 422
    assert client.get(f"/api/games/{'x' * 100}").status_code == 422
    long_action = client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": "x" * 201, "n": 0}, headers=auth)
    assert long_action.status_code == 422
    assert server.lobby.storage.action_texts(gid) == []


def test_rule_set_options_are_typed_and_bounded(client: TestClient) -> None:
    base = {"ruleset": "base", "seats": BOTS, "claim": -1}
    deck = {"ruleset": "deck-building", "seats": [GREEDY, GREEDY], "claim": -1}
    cases = [
        ({**base, "options": {"turn_limit": 10**12}}, "at most 1000000000"),
        ({**base, "options": {"turn_limit": -5}}, "at least 0"),
        ({**base, "options": {"turn_limit": 2.5}}, "whole number"),
        ({**base, "options": {"board": ["random"]}}, "takes text"),
        ({**base, "options": {"board": "square"}}, "must be one of"),
        ({**base, "options": {"fishermen": "perhaps"}}, "true or false"),
        ({**base, "options": {"x" * 500: 1}}, "no option"),
        ({**deck, "options": {"deck": {"wood": 10**6}}}, "from 0 to 99"),
        ({**deck, "options": {"supply": {"city": 10**30}}}, "from 0 to 99"),
        ({**deck, "options": {"costs": {"city": {"wood": -1}}}}, "from 0 to 99"),
    ]
    for body, words in cases:
        started = time.monotonic()
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, (body, response.text)
        assert words in response.json()["detail"], (body, response.json())
        assert time.monotonic() - started < 2  # refused before anything large is built
    assert client.get("/api/games").json()["running"] == []
