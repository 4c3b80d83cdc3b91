"""A bots-only game of every rule set watched to its end in the browser, on a laptop and on a phone: nothing
on the board overlaps or leaves the frame at any moment looked at, every piece and card has its name, the
page never scrolls sideways, and the console stays clean. Soldiers & Armies' armies and Baden-Württemberg's
landmarks and town names are checked like the other pieces (layout.py). Each game has a turn limit: it
ends, with or without a winner, within seconds (Soldiers & Armies, the slowest, in about 20 s)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .layout import layout_problems

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: Rule set, seats, options: a turn limit keeps each game short; the seed (5) gives boards with harbours and
#: (Fishermen) fishing grounds next to settlements, and armies on the board of Soldiers & Armies.
GAMES = {
    "base": (4, {"turn_limit": 24}),
    "harbormaster": (3, {"turn_limit": 24}),
    "fishermen": (4, {"turn_limit": 24}),
    "resource-realms": (3, {"turn_limit": 24}),
    "deck-building": (2, {"turn_limit": 16}),
    "soldiers-and-armies": (4, {"turn_limit": 24}),
    "baden-wuerttemberg": (4, {"turn_limit": 24}),
}


def watch_to_the_end(page: Any, problems: list[str]) -> int:
    """Look at the table every half second until the winner overlay shows; how many looks were taken."""
    page.wait_for_selector("#table[data-n]")
    looks = 0
    for _ in range(240):
        if page.locator("#overlay .winner-title").count():
            return looks
        page.wait_for_timeout(500)
        if page.locator("#table[data-n]").count() and page.locator("#play-area svg.board, #play-area .zones").count():
            problems += layout_problems(page)
            looks += 1
    raise AssertionError("the game should have ended by its turn limit within two minutes")


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_bots_game_is_drawn_cleanly_to_its_end(
    module_server: LiveServer, context_factory: Callable[..., Any], ruleset: str, size: dict[str, int]
) -> None:
    players, options = GAMES[ruleset]
    seats = [{"kind": "bot", "bot": "greedy"}] * players
    status, created = module_server.post(
        "/games", {"ruleset": ruleset, "seed": 5, "claim": -1, "bot_delay": 0.1, "seats": seats, "options": options}
    )
    assert status == 201, created
    page = context_factory(viewport=size).new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.goto(f"{module_server.url}/games/{created['game']['id']}")
    page.wait_for_selector("#play-area svg.board, #play-area .zones")
    problems: list[str] = []
    looks = watch_to_the_end(page, problems)
    page.click("#overlay-close")
    problems += layout_problems(page)
    # The final position is the most crowded one; the looks while the game ran (as many as the machine's
    # speed allows: none when the bots finish before the page has loaded) add robber positions and offers.
    assert not sorted(set(problems)), (looks, sorted(set(problems))[:20])
    assert page.locator(".howto-link").count() == 1
    assert not console, console
