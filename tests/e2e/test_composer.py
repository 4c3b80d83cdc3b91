"""A choice with many variants is composed step by step, shown in words and, where it gives something away,
confirmed: Anna, on a phone (390x844, a finger for a pointer) in German, offers one of her buildings in a
Soldiers & Armies game ("Es kann grundsätzlich alles mit den Mitspielern gehandelt werden, inklusive ...
Siedlungen / Städten"). The table lists no drop-down for the hundreds of such offers: it asks which building,
to whom, for what, with a screenful of choices at a time, shows the offer in words, and asks before the
building is given away. Cancelling there sends nothing and keeps what she composed; confirming sends it.

The game is brought to her trade phase through the API (drive.py: the test is about the composer).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .drive import drive
from .table import TABLE, state_number, wait_my_turn_or_over

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"}
#: The choices one step shows at once (compose.js), and what a phone's screen holds of them.
PAGE = 12
#: Words no player reads: the notation's kinds, seats counted from 0, a bare number for a place.
NOTATION = re.compile(r"sellplace|@\d|\bbei \d+\b|-1")


def trade_phase_game(server: LiveServer) -> str:
    """A game against three bots, played by the API to Anna's trade phase where she may offer a building."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3
    body = {"ruleset": "soldiers-and-armies", "seed": 3, "bot_delay": 0, "name": "Anna", "seats": seats,
            "timer": "off", "lang": "de"}  # fmt: skip
    status, created = server.post("/games", body)
    assert status == 201, created
    game_id, token = created["game"]["id"], created["token"]

    def ready(seat: int, got: dict[str, Any]) -> bool:
        actions = [a["action"] for a in got["actions"]]
        return (
            got["view"]["phase"] == "main" and "roll" not in actions and any(a.startswith("sellplace") for a in actions)
        )

    drive(server, game_id, {0: token}, ready)
    return f"{server.url}/games/{game_id}#seat=0&token={token}"


def compose_offer(page: Any) -> tuple[list[str], list[str]]:
    """Open the composer for offering a building and take the first choice of each step until the offer
    stands; returns the prompts asked and the words chosen."""
    page.click('[data-compose="sellplace"]')
    composer = page.locator('.composer[data-kind="sellplace"]')
    prompts: list[str] = []
    while not composer.locator(".compose-play").count():
        step = composer.locator(".compose-step")
        prompts.append(step.locator(".compose-ask").inner_text())
        choices = step.locator(".compose-choice")
        assert 0 < choices.count() <= PAGE
        choices.first.click()
    chosen = composer.locator(".compose-done b").all_inner_texts()
    asked = [p.strip() for p in composer.locator(".compose-done .compose-prompt").all_inner_texts()]
    assert set(prompts) <= set(asked)  # a step with one possible value is taken, and shown with the others
    return asked, chosen


def open_trade_phase(page: Any, server: LiveServer) -> None:
    page.goto(trade_phase_game(server))
    assert wait_my_turn_or_over(page)
    page.wait_for_selector('[data-compose="sellplace"]')
    # Hundreds of offers, and not one drop-down: each kind with many is composed.
    assert not page.locator("#menu select").count()


def test_a_building_offered_is_composed_in_words_and_confirmed_on_a_phone(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory(**PHONE).new_page()
    open_trade_phase(page, module_server)
    prompts, chosen = compose_offer(page)
    assert prompts == ["Welche?", "An wen?", "Wofür?"]
    place, to, price = chosen
    assert re.match(r"^eine (Siedlung|Stadt) bei \D", place), place
    assert to.startswith("Leicht ")
    words = page.locator(".composer .compose-words").inner_text()
    assert words == f"{to} {place} für {price} anbieten"
    assert not NOTATION.search(words)
    n = state_number(page)
    page.click(".compose-play")
    warning = page.locator("#warn-bar")
    warning.wait_for()
    assert page.locator("#warn-words").inner_text() == f"Du gibst an {to} ab: {place}."
    assert page.locator("#warn-yes").inner_text() == "Ja, abgeben"
    page.click("#warn-yes")
    page.wait_for_selector(f"{TABLE}:not([data-n='{n}'])")
    assert page.locator("#warn-bar").is_hidden()
    page.wait_for_selector("#log li:has-text('Du bietest')")
    offered = page.locator("#log li", has_text="Du bietest").last.inner_text()
    assert offered == f"Du bietest {to} {place} für {price} an.", offered
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"


def test_cancelling_the_warning_sends_nothing_and_keeps_the_offer(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory(**PHONE).new_page()
    open_trade_phase(page, module_server)
    _, chosen = compose_offer(page)
    n = state_number(page)
    page.click(".compose-play")
    page.locator("#warn-bar").wait_for()
    page.click("#warn-no")
    assert page.locator("#warn-bar").is_hidden()
    assert page.get_attribute(TABLE, "data-pending") == "false" and state_number(page) == n
    # Nothing was lost: the offer stands composed, each step as chosen, to be changed or sent.
    assert page.locator(".composer .compose-done b").all_inner_texts() == chosen
    page.locator('.composer .compose-done[data-step="to"] .compose-change').click()
    assert page.locator(".composer .compose-ask").inner_text() == "An wen?"
    assert page.locator(".composer .compose-done b").all_inner_texts() == chosen[:1]
    page.click(".composer .compose-cancel")
    assert not page.locator(".composer").count()
    assert page.locator('[data-compose="sellplace"]').count()
    assert state_number(page) == n
    assert not page.locator("#log li", has_text="Du bietest").count()


#: A kind no rule set of siedler has (a plug-in's): 5 colours x 4 sizes and gold, each action with its parts.
MENU_JS = """async () => {
    const {renderMenu} = await import('/static/js/actions.js');
    const colours = ['red', 'blue', 'green', 'white', 'black'];
    const sizes = ['small', 'medium', 'large', 'huge'];
    const actions = colours.flatMap((c) => sizes.map((s) => ({
        action: `paint ${c} ${s}`, label: `Paint it ${c}, ${s}`, target: null, kind: 'paint',
        parts: [['colour', c], ['size', s]],
    })));
    // Gold comes in one size: nothing to choose in that step (empty words).
    actions.push({action: 'paint gold', label: 'Gild it', target: null, kind: 'paint',
                  parts: [['colour', 'gold'], ['size', '']]});
    const menu = document.createElement('div');
    menu.id = 'menu';
    document.body.replaceChildren(menu);
    window.played = [];
    const draw = () => renderMenu(menu, actions, (a) => window.played.push(a), new Set(), draw);
    draw();
}"""


def test_any_kind_with_parts_is_composed_by_the_shared_page(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    """Shared code builds the composer from the actions' parts alone: a plug-in's kind gets it too, with the
    catalog's generic words for what it does not name."""
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.wait_for_selector("#create-form")
    page.evaluate(MENU_JS)
    assert not page.locator("#menu select").count()  # twenty variants, no drop-down
    page.click('[data-compose="paint"]')
    assert page.locator(".compose-choice").all_inner_texts() == ["red", "blue", "green", "white", "black", "gold"]
    page.click('[data-choice="gold"]')  # one size: the step is taken, and not shown
    assert page.locator(".compose-words").inner_text() == "Gild it"
    assert page.locator(".compose-done").all_inner_texts() == ["Choose gold change"]
    page.click(".compose-change")
    page.click('[data-choice="green"]')
    assert page.locator(".compose-choice").all_inner_texts() == ["small", "medium", "large", "huge"]
    page.click('[data-choice="large"]')
    assert page.locator(".compose-words").inner_text() == "Paint it green, large"
    page.click(".compose-play")
    assert page.evaluate("window.played") == ["paint green large"]
