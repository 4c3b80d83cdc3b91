"""Every move followable on a phone (390x844, touch): after a bot's move the ticker at the top of the screen
says it in the log's words, and what it put on the board is marked until a move changes the board again,
pulsing as it appears (a bot's move); the person's own move is marked without the pulse. A steal is told
to a spectator in a toast, in the log's words under the catalog's title.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import simple_move, wait_my_turn_or_over

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: The marked pieces' names and classes, and where the ticker and the board stand on the screen.
SEEN_JS = """() => ({
  fresh: [...document.querySelectorAll('svg.board .fresh')].map((e) => [e.getAttribute('aria-label'),
    e.classList.contains('pulse')]),
  ticker: document.querySelector('#ticker').getBoundingClientRect().top,
  board: document.querySelector('svg.board').getBoundingClientRect().top,
  newest: document.querySelector('#ticker .newest').textContent,
  last: document.querySelector('#log li:last-child').textContent,
})"""
#: Every piece that pulsed as it was marked, by its name (a page hook: the pulse lasts a second or two).
PULSES_JS = """window.__pulsed = [];
new MutationObserver((changes) => { for (const c of changes) {
  if (c.target.classList?.contains('pulse')) window.__pulsed.push(c.target.getAttribute('aria-label'));
} }).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});"""


def test_a_bots_move_is_in_the_ticker_and_marked_on_the_board_on_a_phone(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    body = {"ruleset": "base", "seed": 4, "bot_delay": 0.2, "name": "Anna", "seats": seats, "timer": "off"}
    status, created = live_server.post("/games", body)
    assert status == 201, created
    context = context_factory(**PHONE)
    context.add_init_script(PULSES_JS)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{created['game']['id']}#seat=0&token={created['token']}")
    assert wait_my_turn_or_over(page)
    simple_move(page)  # Anna's settlement: her own move is marked, without a bot's pulse
    own = page.evaluate(SEEN_JS)
    assert own["fresh"] == [["Settlement of Anna", False]], own
    for _ in range(4):  # her road (and, if she founds last, her second settlement and road), then the bots'
        assert wait_my_turn_or_over(page)
        seen = page.evaluate(SEEN_JS)
        if "Easy" in seen["newest"]:  # greedy bots are named by their level, Easy (issue 41)
            break
        simple_move(page)
    assert seen["newest"] == seen["last"] and "Easy" in seen["newest"], seen
    assert 0 <= seen["ticker"] < seen["board"], "the ticker stands above the board, at the top of the screen"
    assert len(seen["fresh"]) == 1 and "Easy" in seen["fresh"][0][0], seen  # the piece a bot's move placed
    pulsed = page.evaluate("window.__pulsed")
    assert seen["fresh"][0][0] in pulsed and not any("Anna" in name for name in pulsed), pulsed
    # Scrolled down to the hand and the menu, the ticker still shows the last moves.
    page.mouse.wheel(0, 600)
    page.wait_for_timeout(200)
    assert page.locator("#ticker").evaluate("(e) => e.getBoundingClientRect().top") >= 0


#: Every toast the page shows, by its words (a page hook: a toast is gone after a few seconds).
TOASTS_JS = """window.__toasts = [];
new MutationObserver((changes) => { for (const c of changes) for (const node of c.addedNodes) {
  if (node.classList?.contains('toast')) window.__toasts.push(node.textContent);
} }).observe(document, {subtree: true, childList: true});"""


def test_a_steal_is_told_in_a_toast_as_the_log_says_it(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    seats = [{"kind": "bot", "bot": "greedy"}] * 3
    body = {"ruleset": "base", "seed": 2, "bot_delay": 0.25, "seats": seats, "claim": -1}
    status, created = live_server.post("/games", body)
    assert status == 201, created
    context = context_factory(**PHONE)
    context.add_init_script(TOASTS_JS)
    page = context.new_page()
    # A spectator of three bots, there before the first roll (the bots found for 12 moves at 0.25 s each).
    page.goto(f"{live_server.url}/games/{created['game']['id']}")
    page.wait_for_selector("#log li.ev-steal", timeout=60_000)
    stolen = page.locator("#log li.ev-steal").first.inner_text()
    toasts = page.evaluate("window.__toasts")
    assert f"Stolen: {stolen}" in toasts, toasts
    assert all(toast.split(": ")[0] in {"Stolen", "Monopoly"} for toast in toasts), toasts  # no other news
