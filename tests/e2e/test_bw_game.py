"""A person plays Baden-Württemberg Catan against three bots to the end by clicking; the board shows the
towns and the landmark fields, and beside it a list of the landmarks' outside pictures and the award fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import move_where_drawn, open_options, wait_my_turn_or_over

pytestmark = pytest.mark.browser


def test_a_person_plays_baden_wuerttemberg_against_three_bots_to_the_end(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.select_option("#ruleset", "baden-wuerttemberg")
    page.fill("#your-name", "Anna")
    open_options(page)
    page.fill('[name="opt-turn_limit"]', "12")  # three rounds: the game really ends, and soon
    page.fill("#seed", "7")
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("svg.board .bw")
    board = page.locator("svg.board")
    assert board.locator(".bw-landmark").count() == 12
    towns = board.locator(".bw-town").evaluate_all("els => els.map(e => e.textContent)")
    assert {"Stuttgart", "Ebingen", "Biberach", "Sigmaringen", "Friedrichshafen", "Sinsheim"} <= set(towns)
    outside = page.locator("#bw-outside")  # beside the map: 12 landmark pictures and the 2 award fields
    assert outside.locator(".bw-field").count() == 14
    labels = outside.locator(".bw-label").all_inner_texts()
    assert "Stuttgart: TV Tower" in labels and "Longest trade road" in labels
    # Anna's three start town halls from her build-cost card stand on the map in her colour.
    assert page.locator("svg .settlement[fill='#d7263d']").count() == 3

    moves = 0
    while wait_my_turn_or_over(page):
        move_where_drawn(page)
        moves += 1
        assert moves < 300, "the game should have ended by its turn limit"
    overlay = page.locator("#overlay")
    overlay.wait_for()
    assert overlay.locator(".final-scores tr").count() == 1 + 4
    assert page.locator("#log li").count() > 10
