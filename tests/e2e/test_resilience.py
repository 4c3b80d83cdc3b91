"""The seat survives a reload and a server restart; a wrong token never plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import simple_move, state_number, wait_my_turn_or_over

pytestmark = pytest.mark.browser


def test_a_server_restart_mid_game_resumes_it_and_a_wrong_token_is_refused(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    status, created = live_server.post(
        "/games",
        {
            "ruleset": "base",
            "name": "Anna",
            "bot_delay": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    assert status == 201
    game_id, token0 = created["game"]["id"], created["token"]
    status, claimed = live_server.post(f"/games/{game_id}/seats/1", {"name": "Ben", "invite": created["invite"]})
    assert status == 200
    token1 = claimed["token"]

    anna = context_factory().new_page()
    anna.goto(f"{live_server.url}/games/{game_id}#seat=0&token={token0}")
    ben = context_factory().new_page()
    ben.goto(f"{live_server.url}/games/{game_id}#seat=1&token={token1}")
    for page in (anna, ben):
        page.wait_for_selector("#table svg.board")
    for _ in range(4):  # both play a little: founding settlements and roads
        for page in (anna, ben):
            if page.get_attribute("#table", "data-my-turn") == "true":
                simple_move(page)
        anna.wait_for_timeout(100)

    before = state_number(anna)
    live_server.restart()
    # The page notices the drop, reconnects by itself and shows the same position.
    anna.wait_for_selector(f"#table[data-n='{before}']", timeout=20_000)
    anna.wait_for_selector(".conn:not(.reconnecting)", state="attached", timeout=20_000)
    moved = False
    for _ in range(20):
        for page in (anna, ben):
            if page.get_attribute("#table", "data-my-turn") == "true":
                simple_move(page)
                moved = True
        if moved:
            break
        anna.wait_for_timeout(200)
    assert moved and max(state_number(anna), state_number(ben)) > before

    # Another seat's token: the HTTP API refuses the action, and a link with it only watches.
    to_act = int(anna.get_attribute("#table", "data-to-act") or 0)
    wrong = token1 if to_act == 0 else token0
    status, answer = live_server.post(
        f"/games/{game_id}/actions", {"seat": to_act, "action": "end", "n": 0}, token=wrong
    )
    assert status == 403 and "does not hold" in answer["detail"]
    mallory = context_factory().new_page()
    mallory.goto(f"{live_server.url}/games/{game_id}#seat={1 - to_act if to_act < 2 else 0}&token=forged")
    mallory.wait_for_selector("#table svg.board")
    mallory.wait_for_selector("#table[data-seat='']")
    assert mallory.locator("#menu .action-btn").count() == 0
    assert mallory.locator("#hand").count() == 0


def test_a_reload_keeps_the_seat_from_this_browsers_memory(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    context = context_factory()
    page = context.new_page()
    _, created = live_server.post(
        "/games",
        {
            "ruleset": "base",
            "seed": 9,
            "name": "Anna",
            "bot_delay": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    game_id, token = created["game"]["id"], created["token"]
    page.goto(f"{live_server.url}/games/{game_id}#seat=0&token={token}")
    assert wait_my_turn_or_over(page)
    simple_move(page)
    page.goto(f"{live_server.url}/games/{game_id}")  # no token in the link: the browser remembers the seat
    page.wait_for_selector("#table[data-seat='0']")
    assert wait_my_turn_or_over(page)
