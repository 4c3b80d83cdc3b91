"""The screenshots in docs/server.md: a docs generator, not part of the test suite.

They are collected only when asked for (see ``pytest_collection_modifyitems`` in conftest.py), and then
check that each picture shows what its caption in docs/server.md promises, with no error in the console,
before saving it:

SIEDLER_SCREENSHOTS=docs/screenshots .venv/bin/pytest tests/e2e/test_screenshots.py
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer, shots_dir
from .soldiers import Person, create_game
from .table import click_and_wait, discard, simple_move, wait_my_turn_or_over

pytestmark = [pytest.mark.browser, pytest.mark.screenshots]


def folder() -> Path:
    path = shots_dir()
    assert path is not None, "set SIEDLER_SCREENSHOTS to the folder for the pictures"
    return path


def watched_page(context_factory: Callable[..., Any], url: str) -> tuple[Any, list[str]]:
    """A page at ``url`` and the console errors it logs (script errors fail the test in the fixture)."""
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(url)
    return page, errors


def seat_page(
    live_server: LiveServer, context_factory: Callable[..., Any], body: dict[str, Any]
) -> tuple[Any, list[str]]:
    status, created = live_server.post("/games", {"bot_delay": 0, "name": "Anna", **body})
    assert status == 201, created
    url = f"{live_server.url}/games/{created['game']['id']}#seat=0&token={created['token']}"
    return watched_page(context_factory, url)


def test_screenshot_of_a_base_game(live_server: LiveServer, context_factory: Callable[..., Any]) -> None:
    page, errors = seat_page(
        live_server,
        context_factory,
        {"ruleset": "base", "seed": 12, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3},
    )
    turns = 0
    while wait_my_turn_or_over(page) and turns < 7:
        if page.locator('#menu [data-action="end"]').count() and not page.locator("#play-area .target").count():
            turns += 1
        simple_move(page)
    assert wait_my_turn_or_over(page), "the game should still be on after seven turns"
    while page.locator("#discard-confirm").count():  # another's 7: Anna's answer first, then her turn
        discard(page)
        assert wait_my_turn_or_over(page)
    if page.locator('#menu [data-action="roll"]').count():
        click_and_wait(page, page.locator('#menu [data-action="roll"]'))
    for _ in range(4):  # a 7 of Anna's: the robber and his victim first, then the trade and build phase
        if page.locator(".trade").count() or not wait_my_turn_or_over(page):
            break
        simple_move(page)
    page.wait_for_timeout(300)
    # The caption: the board, legal places highlighted, the trade panel, the log.
    assert page.locator("svg.board .hexes > *").count() >= 19
    assert page.locator("svg.board .piece.settlement, svg.board .piece.city").count() >= 8
    assert page.locator("#play-area .target").count() or page.locator("#menu [data-action]").count()
    assert page.locator(".trade, #trade").count()
    assert page.locator("#log li").count() > 10
    assert not errors, f"console errors: {errors}"
    page.screenshot(path=str(folder() / "base-game.png"))


def test_screenshot_of_a_deck_building_game_in_german(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page, errors = seat_page(
        live_server,
        context_factory,
        {"ruleset": "deck-building", "seed": 4, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )
    page.wait_for_selector("#table .zones")
    page.click('[data-lang="de"]')
    for _ in range(3):  # a few cards laid out of the hand (it comes first), and a purchase if one is possible
        if not wait_my_turn_or_over(page):
            break
        simple_move(page, prefer_end_after=3, moves_this_turn=0)
    assert wait_my_turn_or_over(page), "the game should still be on after three moves"
    piles = page.locator("#play-area .pile.target")
    if piles.count():
        click_and_wait(page, piles.first)
    page.wait_for_timeout(300)
    # The caption: the supply, both players' zones and the own hand, in German.
    assert page.locator("#table .zones").count()
    assert page.locator("#hand .card").count() >= 1
    assert page.locator("html").get_attribute("lang") == "de"
    table = page.locator("#table").inner_text()
    assert "Vorrat" in table.title() and "Du bist am Zug" in table
    assert not errors, f"console errors: {errors}"
    page.screenshot(path=str(folder() / "deck-building.png"))


def test_screenshot_of_the_winner_overlay(live_server: LiveServer, context_factory: Callable[..., Any]) -> None:
    status, created = live_server.post(
        "/games",
        {"ruleset": "base", "seed": 2, "claim": -1, "bot_delay": 0, "seats": [{"kind": "bot", "bot": "greedy"}] * 4},
    )
    assert status == 201
    page, errors = watched_page(context_factory, f"{live_server.url}/games/{created['game']['id']}")
    page.wait_for_selector("#overlay .winner-title", timeout=120_000)
    # The caption: the winner and the final scores.
    assert "wins" in page.locator(".winner-title").inner_text()
    assert page.locator("#overlay .final-scores tr").count() == 1 + 4
    page.wait_for_timeout(600)  # let the overlay finish fading in
    assert not errors, f"console errors: {errors}"
    page.screenshot(path=str(folder() / "winner-overlay.png"))


def test_screenshot_of_a_soldiers_and_armies_battle(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page, errors = watched_page(context_factory, live_server.url)
    create_game(page, live_server, seed=1, turn_limit=24)  # the end-to-end game's, up to its first round fought
    anna = Person(page, live_server)
    while not page.locator("#sa-last .sa-roll").count():
        assert wait_my_turn_or_over(page), "the game should see a battle before its end"
        anna.move()
    page.wait_for_timeout(300)
    # The caption: armies with their units, the phase strip, the combat panel with both dice, the odds and the
    # last round's roll.
    assert page.locator("svg.board .army .unit").count() >= 1
    assert page.locator("#sa-phases .sa-phase.current").count() == 1
    assert page.locator("#sa-battle .sa-die").count() >= 2 and page.locator("#sa-odds").count()
    assert not errors, f"console errors: {errors}"
    page.screenshot(path=str(folder() / "soldiers-and-armies.png"))
