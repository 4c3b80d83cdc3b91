"""No request and no WebSocket message makes the server fail (issue 39, finding 7).

Two inputs answered 500 and logged a 10 KB traceback each: a move written with digits that are not ASCII
(``settle ²``: ``str.isdigit`` accepted it, ``int`` did not) and a body that is not UTF-8 sent as
``text/plain`` or without a content type (the 422 answer decoded it). Whatever arrives, the answer is below
500 and the log has no traceback: a traceback there is a failure of the server's own (``incidents.py``).
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import Server, full_table, hello, next_state

ODD_DIGITS = ("²", "³", "¹²", "①")
QUICK = settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_a_move_in_other_digits_is_refused_as_illegal(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    client = server.client
    assert client is not None
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]
    seat = room.game.to_act
    for odd in ODD_DIGITS:
        body = {"seat": seat, "action": f"settle {odd}", "n": 0}
        answer = client.post(
            f"/api/games/{gid}/actions", json=body, headers={"Authorization": f"Bearer {tokens[seat]}"}
        )
        assert answer.status_code == 409 and "is not an intersection" in answer.json()["detail"], answer.text
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, seat, tokens[seat])
        next_state(ws)
        for odd in ODD_DIGITS:
            ws.send_json({"type": "act", "action": f"settle {odd}", "n": 0})
            refused = next_state(ws)
            assert refused["type"] == "refused" and refused["code"] == "illegal", refused
    assert room.game.num_actions == 0 and tracebacks(caplog) == []


@pytest.mark.parametrize("content_type", ["text/plain", None, "application/json", "application/octet-stream"])
def test_a_body_that_is_not_utf8_gets_a_4xx(
    server: Server, caplog: pytest.LogCaptureFixture, content_type: str | None
) -> None:
    client = server.client
    assert client is not None
    gid, _ = full_table(client)
    headers = {} if content_type is None else {"content-type": content_type}
    for path in ("/api/games", f"/api/games/{gid}/actions", f"/api/games/{gid}/seats/1"):
        answer = client.post(path, content=b"\xff\xfe{\x80\xc3(", headers=headers)
        assert 400 <= answer.status_code < 500, (path, answer.status_code, answer.text)
    assert tracebacks(caplog) == []


PATHS = st.sampled_from(
    [
        "/api/games",
        "/api/games/{gid}",
        "/api/games/{gid}/actions",
        "/api/games/{gid}/seats/{n}",
        "/api/games/{gid}/seats/{n}/back",
        "/api/games/{gid}/view",
        "/api/games/{gid}/end",
        "/api/games/{gid}/record",
        "/api/games/{gid}/verify",
        "/api/games/{gid}/replay",
        "/api/rulesets",
        "/",
        "/games/{gid}",
        "/howto/{word}",
        "/layers/{word}/{word}",
        "/static/{word}",
    ]
)
WORD = st.text(max_size=12).map(lambda t: quote(t, safe="")) | st.sampled_from(["base", "..", "%2e%2e", "²", "①"])
CONTENT_TYPES = st.sampled_from(
    [None, "text/plain", "application/json", "application/x-www-form-urlencoded", "multipart/form-data", "x/y"]
) | st.text(max_size=20).filter(lambda t: t.isascii() and t.isprintable())
BODIES = (
    st.binary(max_size=300)
    | st.text(max_size=100).map(str.encode)
    | st.sampled_from([b'{"seat": 0, "action": "settle \xc2\xb2", "n": 0}', b"\xff\xfe{", b"{}", b"[]", b"null"])
)


def test_no_request_gets_a_5xx_or_leaves_a_traceback(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    client = server.client
    assert client is not None
    gid, tokens = full_table(client)
    room = server.lobby.rooms[gid]
    before = room.game.state()

    @QUICK
    @given(
        method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]),
        path=PATHS,
        game=st.sampled_from([gid, "nothere", "²"]),
        seat=st.sampled_from(["0", "1", "²", "-1", "99"]),
        word=WORD,
        content_type=CONTENT_TYPES,
        body=BODIES,
        auth=st.sampled_from([None, tokens[0], "x"]),
        query=st.sampled_from(["", "?seat=²", "?step=%E2%91%A0&lang=%FF", "?seat=0&lang=de"]),
    )
    def run(method: str, path: str, game: str, seat: str, word: str, content_type: str | None, body: bytes,
            auth: str | None, query: str) -> None:  # fmt: skip
        url = path.format(gid=game, n=seat, word=word) + query
        headers = {} if content_type is None else {"content-type": content_type}
        if auth is not None:
            headers["authorization"] = f"Bearer {auth}"
        answer = client.request(method, url, content=body if method != "GET" else None, headers=headers)
        assert answer.status_code < 500, (method, url, content_type, body, answer.text)

    run()
    assert tracebacks(caplog) == []
    assert room.game.state() == before


def test_no_websocket_message_leaves_a_traceback(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    server.stop()
    client = server.start(ws_messages_per_second=10_000, ws_burst=10_000)
    gid, tokens = full_table(client)
    seat = server.lobby.rooms[gid].game.to_act
    texts = st.builds(
        lambda kind, args: " ".join([kind, *args]),
        st.sampled_from(["settle", "road", "city", "robber", "offer", "play", "bank", "discard"]),
        st.lists(st.text(alphabet="0123456789²³¹①٣-@>+wood", max_size=6), max_size=3),
    )
    messages: Any = st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "lang", "ping", "take_seat", "hello"])},
        optional={"action": texts | st.text(max_size=30), "n": st.integers(-1, 3), "lang": st.text(max_size=5)},
    )
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, seat, tokens[seat])
        probes = iter(range(10**9))

        @QUICK
        @given(message=messages | st.binary(max_size=40))
        def run(message: Any) -> None:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_json(message)
            probe = f"probe-{next(probes)}"
            ws.send_json({"type": "ping", "id": probe})
            while (answer := ws.receive_json()) != {"type": "pong", "id": probe}:
                assert answer.get("code") != "internal", (message, answer)

        run()
    assert tracebacks(caplog) == []
