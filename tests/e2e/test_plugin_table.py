"""A person plays the walkthrough's plugin rule set (Pig, tests/plugin_ruleset) in German: the lobby names it
in its own words, its table draws its own layer (not the raw view), the cost card, phase and log speak its
words, and its How-to page opens; none of it needs an edit outside its package."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import open_options, simple_move, wait_my_turn_or_over

pytestmark = pytest.mark.browser


def test_a_person_plays_pig_at_its_own_table(live_server: LiveServer, context_factory: Callable[..., Any]) -> None:
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.click('[data-lang="de"]')
    assert page.locator('#ruleset option[value="pig"]').inner_text() == "Schweinchen"
    page.select_option("#ruleset", "pig")
    page.fill("#your-name", "Anna")
    open_options(page)
    page.fill('[name="opt-target"]', "10")
    page.fill("#seed", "3")
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("#pig")
    assert page.locator(".raw-view").count() == 0
    assert page.locator(".pig-bar").count() == 4  # Anna and three bots
    assert page.locator("#pig .pig-target").inner_text() == "Wer zuerst 10 Punkte hat, gewinnt"
    row = page.locator('#cost-card tr[data-piece="hold"]').inner_text()
    assert "Die Punkte des Zugs sichern" in row and "1 Wurf" in row
    assert page.get_attribute(".howto-link", "href") == "/howto/pig?lang=de"
    howto = page.request.get(f"{live_server.url}/howto/pig?lang=de")
    assert howto.status == 200 and "So wird gespielt: Schweinchen" in howto.text()

    moves = 0
    while wait_my_turn_or_over(page):
        if moves == 0:
            assert "Noch einmal würfeln oder aufhören" in page.locator(".topbar").inner_text()
        simple_move(page)  # always rolls: the bot, which holds, wins in the end
        moves += 1
        assert moves < 300, "the bot should have reached 10 points"
    page.locator("#overlay").wait_for()
    log = page.locator("#log").inner_text()
    assert "Du würfelst" in log and "gewinnt mit" in log
