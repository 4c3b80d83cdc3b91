"""Screenshots for docs/server.md, made only when asked for:

SIEDLER_SCREENSHOTS=docs/screenshots .venv/bin/pytest tests/e2e/test_screenshots.py
"""

from __future__ import annotations

import pytest

from .conftest import shots_dir
from .table import click_and_wait, simple_move, wait_my_turn_or_over

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(shots_dir() is None, reason="set SIEDLER_SCREENSHOTS to a folder to make them"),
]


def seat_page(live_server, context_factory, body):
    status, created = live_server.post("/games", {"bot_delay": 0, "name": "Anna", **body})
    assert status == 201, created
    page = context_factory().new_page()
    page.goto(f"{live_server.url}/games/{created['game']['id']}#seat=0&token={created['token']}")
    return page


def test_screenshot_of_a_base_game(live_server, context_factory):
    page = seat_page(
        live_server,
        context_factory,
        {"ruleset": "base", "seed": 12, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3},
    )
    turns = 0
    while wait_my_turn_or_over(page) and turns < 7:
        if page.locator('#menu [data-action="end"]').count() and not page.locator("#play-area .target").count():
            turns += 1
        simple_move(page)
    wait_my_turn_or_over(page)
    if page.locator('#menu [data-action="roll"]').count():
        click_and_wait(page, page.locator('#menu [data-action="roll"]'))
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots_dir() / "base-game.png"))


def test_screenshot_of_a_deck_building_game_in_german(live_server, context_factory):
    page = seat_page(
        live_server,
        context_factory,
        {"ruleset": "deck-building", "seed": 4, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )
    page.wait_for_selector("#table .zones")
    page.click('[data-lang="de"]')
    for _ in range(6):
        if not wait_my_turn_or_over(page):
            break
        simple_move(page, prefer_end_after=3, moves_this_turn=0)
    wait_my_turn_or_over(page)
    for _ in range(3):
        targets = page.locator("#play-area .card.target")
        if targets.count():
            click_and_wait(page, targets.first)
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots_dir() / "deck-building.png"))


def test_screenshot_of_the_winner_overlay(live_server, context_factory):
    status, created = live_server.post(
        "/games",
        {"ruleset": "base", "seed": 2, "claim": -1, "bot_delay": 0, "seats": [{"kind": "bot", "bot": "greedy"}] * 4},
    )
    assert status == 201
    page = context_factory().new_page()
    page.goto(f"{live_server.url}/games/{created['game']['id']}")
    page.wait_for_selector("#overlay .winner-title", timeout=120_000)
    assert "wins" in page.locator(".winner-title").inner_text()
    page.wait_for_timeout(600)  # let the overlay finish fading in
    page.screenshot(path=str(shots_dir() / "winner-overlay.png"))
