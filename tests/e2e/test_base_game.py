"""A person creates a base game against three bots in the lobby and plays it to the end by clicking."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import open_options, simple_move, state_number, wait_my_turn_or_over

pytestmark = pytest.mark.browser


def test_a_person_plays_a_base_game_against_three_bots_to_the_end(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.select_option("#ruleset", "base")
    page.fill("#your-name", "Anna")
    for seat in (1, 2, 3):
        assert page.locator(f'.seat-kind[data-seat="{seat}"]').input_value().startswith("bot:")
    open_options(page)
    page.fill('[name="opt-turn_limit"]', "12")  # three rounds: the game really ends, and soon
    page.fill("#seed", "7")
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("svg.board")
    assert "#seat=0&token=" in page.url

    moves, reloaded = 0, False
    while wait_my_turn_or_over(page):
        simple_move(page)
        moves += 1
        assert moves < 300, "the game should have ended by its turn limit"
        if moves == 3 and not reloaded:
            before = state_number(page)
            page.reload()  # the link holds the seat: after a reload the page plays on for Anna
            page.wait_for_selector("#table[data-seat='0']")
            assert state_number(page) >= before
            reloaded = True

    overlay = page.locator("#overlay")
    overlay.wait_for()
    title = overlay.locator(".winner-title").inner_text()
    assert title == "You win!" or title.endswith(" wins!") or "without a winner" in title
    assert overlay.locator(".final-scores tr").count() == 1 + 4
    # Anna's clicks built her founding settlements and roads on the board, in her colour.
    assert page.locator("svg .settlement[fill='#d7263d'], svg .city[fill='#d7263d']").count() >= 2
    assert page.locator("#log li").count() > 20

    page.click("#overlay-close")
    page.click('[data-lang="de"]')
    page.locator("#log", has_text="würfelt").wait_for()
    assert "Spielende" in page.locator("#turn-status").inner_text()

    # The commitment shown while the game ran (remembered by the page) matches the seed revealed now, and
    # the server's replay gives the game's end; the page says both in words and names the command.
    page.click("#fair-check")
    result = page.locator("#fair-result")
    result.locator(".fair-line.ok").nth(1).wait_for()
    assert result.locator(".fair-line.bad").count() == 0 and result.locator(".fair-line.warn").count() == 0
    assert "siedler verify" in result.inner_text()
    seen = page.evaluate("JSON.parse(localStorage.getItem('siedler.commitments'))")
    game_id = page.url.split("/games/")[1].split("#")[0]
    assert seen[game_id] == page.locator(".fair-commitment code").inner_text()
