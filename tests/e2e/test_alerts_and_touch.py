"""The table tells a person when the game waits for them, and lets a finger build only what it meant to.

- Alert: when it becomes the person's turn the tab's title says so and a sound is made (two WebAudio tones,
  counted by a page hook on ``createOscillator``); switched off, neither happens, and the switch is
  remembered after a reload.
- Touch (390x844, a finger for a pointer): a tapped corner is first shown with the piece and a bar to
  confirm; cancelling builds nothing, confirming founds the settlement there. On a laptop a click builds at
  once (every other browser test plays so).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import simple_move, wait_my_turn_or_over

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: Counts the tones the page makes (each tone is one oscillator).
TONES_JS = """window.__tones = 0;
const make = BaseAudioContext.prototype.createOscillator;
BaseAudioContext.prototype.createOscillator = function () { window.__tones += 1; return make.call(this); };"""


def game(server: LiveServer, bot_delay: float) -> str:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    body = {"ruleset": "base", "seed": 4, "bot_delay": bot_delay, "name": "Anna", "seats": seats, "timer": "off"}
    status, created = server.post("/games", body)
    assert status == 201, created
    return f"{server.url}/games/{created['game']['id']}#seat=0&token={created['token']}"


def not_my_turn(page: Any) -> None:
    page.wait_for_selector("#table[data-my-turn=false]")


def test_the_turn_alert_sounds_and_titles_and_can_be_switched_off(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    context = context_factory()
    context.add_init_script(TONES_JS)
    page = context.new_page()
    page.goto(game(live_server, bot_delay=0.4))
    while True:  # Anna founds until the bots' turn comes (she may found twice in a row)
        assert wait_my_turn_or_over(page)
        assert page.title().startswith("● Your turn")
        simple_move(page)
        if page.get_attribute("#table", "data-my-turn") == "false":
            break
    assert not page.title().startswith("●")
    before = page.evaluate("window.__tones")
    assert wait_my_turn_or_over(page)
    assert page.title().startswith("● Your turn · Catan")
    assert page.evaluate("window.__tones") == before + 2
    page.uncheck("#pref-alerts")
    assert not page.title().startswith("●")  # switched off: the title is the game's again
    tones = page.evaluate("window.__tones")
    while page.get_attribute("#table", "data-my-turn") == "true":
        simple_move(page)
    assert wait_my_turn_or_over(page)
    assert page.evaluate("window.__tones") == tones and not page.title().startswith("●")
    page.reload()
    page.wait_for_selector("#table[data-n]")
    assert not page.is_checked("#pref-alerts")


def view_pieces(url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(url.split("#")[0].replace("/games/", "/api/games/") + "/view", timeout=10) as answer:
        pieces: list[dict[str, Any]] = json.loads(answer.read())["view"]["pieces"]
        return pieces


def test_a_tap_shows_the_piece_and_builds_only_when_confirmed(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    link = game(live_server, bot_delay=0)
    page = context_factory(**PHONE).new_page()
    page.goto(link)
    assert wait_my_turn_or_over(page)
    assert page.is_checked("#pref-confirm")  # on by default where the pointer is a finger
    n = page.get_attribute("#table", "data-n")
    corner = page.locator("#play-area .node-hit.target").first
    target = corner.get_attribute("data-target")
    corner.tap()
    bar = page.locator("#confirm-bar")
    bar.wait_for()
    assert "settlement" in bar.inner_text().lower()
    assert page.locator(f'#play-area .node-hit.chosen[data-target="{target}"]').count() == 1  # the piece shown
    page.tap("#confirm-no")
    assert bar.is_hidden() and page.locator("#play-area .chosen").count() == 0
    page.wait_for_timeout(300)
    assert page.get_attribute("#table", "data-n") == n  # nothing built
    corner.tap()
    page.tap("#confirm-yes")
    page.wait_for_selector(f"#table:not([data-n='{n}'])")
    assert int(target.split(":")[1]) in {p["at"] for p in view_pieces(link) if p["kind"] == "settlement"}
    assert bar.is_hidden()
