"""Screenshots of every rule set's table at a laptop's and a phone's size, for docs/screenshots/ (a docs
generator, not a test). A person's seat plays a few moves against bots, so that the hand, the public facts,
the actions and the log are filled; the picture is taken when it is that person's turn again.

    make screenshots     # all of them, from a fresh clone: sets up .venv first
    PYTHONPATH=. .venv/bin/python scripts/table_screenshots.py [docs/screenshots [RULESET ...]]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer
from tests.e2e.layout import layout_problems
from tests.e2e.soldiers import Person
from tests.e2e.table import move_where_drawn, simple_move, wait_my_turn_or_over

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: Rule set: number of seats and the moves the person makes before the picture.
GAMES = {
    "base": (4, 14),
    "harbormaster": (3, 14),
    "fishermen": (4, 14),
    "resource-realms": (3, 14),
    "deck-building": (2, 8),
    "soldiers-and-armies": (4, 14),
    "baden-wuerttemberg": (4, 14),
}


def shoot(browser: Any, server: LiveServer, ruleset: str, size: str, folder: Path) -> list[str]:
    players, moves = GAMES[ruleset]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    status, created = server.post(
        "/games", {"ruleset": ruleset, "seed": 11, "bot_delay": 0, "name": "Anna", "seats": seats}
    )
    assert status == 201, created
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(f"{server.url}/games/{created['game']['id']}#seat=0&token={created['token']}")
    anna = Person(page, server)  # Soldiers & Armies: phases to leave, armies to recruit and march
    for move in range(moves):
        if not wait_my_turn_or_over(page):
            break
        if ruleset == "soldiers-and-armies":
            anna.move()
        elif ruleset == "baden-wuerttemberg":
            move_where_drawn(page)
        else:
            simple_move(page, prefer_end_after=3 if ruleset == "deck-building" else None, moves_this_turn=move % 4)
    wait_my_turn_or_over(page)
    page.evaluate("document.querySelector('#play-area').scrollTop = 0")  # clicking cards scrolled it
    page.evaluate("window.scrollTo(0, 0)")  # a phone's ticker holds to the screen's top: the page's top
    page.wait_for_timeout(400)
    problems = layout_problems(page)
    page.screenshot(path=str(folder / f"table-{ruleset}-{size}.png"), full_page=size == "phone")
    context.close()
    return problems


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    chosen = sys.argv[2:] or list(GAMES)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LiveServer(Path(tmp) / "games.db")
        server.start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for ruleset in chosen:
                for size in SIZES:
                    problems = shoot(browser, server, ruleset, size, folder)
                    print(f"{ruleset} {size}: {'; '.join(problems) or 'ok'}")
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
