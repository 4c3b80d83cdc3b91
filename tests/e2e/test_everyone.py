"""Soldiers & Armies, Baden-Württemberg and Deck Building, each created in the lobby and played to the end by
clicking, on a laptop (1280x800) and on a phone (390x844), in English and in German. At every turn of the
person's: no menu entry or button shows notation or a seat index; Soldiers & Armies' board keeps its size while
a battle runs; Baden-Württemberg's town names and outside fields are at least 11 px on a phone; a German table
shows no word that only the English catalog has. At the end: the final scores (Soldiers & Armies' without
victory-point cards), no seat to take back, and the fairness panel's check, with the seed kept inside the
panel and the record downloadable.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .soldiers import Person, create_game
from .table import move_where_drawn, open_options, simple_move, wait_my_turn_or_over
from .words import choices_in_notation, english_words

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Rule set, size, language; Soldiers & Armies with cheap units (soldiers.COSTS) so that armies meet.
CASES = [(r, size, lang) for r in ("soldiers-and-armies", "baden-wuerttemberg", "deck-building")
         for size in (LAPTOP, PHONE) for lang in ("en", "de")]  # fmt: skip
#: How long a game lasts at most, in turns: each ends by its turn limit if nobody wins first.
TURNS = {"soldiers-and-armies": 24, "baden-wuerttemberg": 12, "deck-building": 10}
#: The drawn board's width (its sea), and whether a battle panel showed beside it.
SEA_JS = "() => [Math.round(document.querySelector('svg.board .sea').getBoundingClientRect().width), " \
    "Boolean(document.querySelector('#sa-battle'))]"  # fmt: skip
#: The smallest of Baden-Württemberg's words, in pixels on the screen.
BW_TEXT_JS = """() => Math.min(...[...document.querySelectorAll('.bw-town, .bw-label, .bw-note')].map((e) =>
  parseFloat(getComputedStyle(e).fontSize) * (e.ownerSVGElement ? e.ownerSVGElement.getScreenCTM().a : 1)))"""


def create(page: Any, server: LiveServer, ruleset: str) -> None:
    """From the lobby, as a newcomer: the rule set, a name, the easiest bots, a turn limit and a seed."""
    if ruleset == "soldiers-and-armies":
        create_game(page, server, seed=1, turn_limit=TURNS[ruleset])
        return
    page.goto(server.url)
    page.select_option("#ruleset", ruleset)
    page.fill("#your-name", "Anna")
    open_options(page)
    page.fill('[name="opt-turn_limit"]', str(TURNS[ruleset]))
    page.fill("#seed", "7")
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("#table[data-n]")


def names_of(page: Any) -> set[str]:
    """The names a table shows that are no words: players', the towns', the game's."""
    shown = page.locator(".pname, .bw-town, .game-title").all_text_contents()
    return {*shown, "Catan", "siedler", "MCTS", "Greedy", "Deck Building"}


@pytest.mark.parametrize(("ruleset", "size", "lang"), CASES, ids=[f"{r}-{s['width']}-{lang}" for r, s, lang in CASES])
def test_a_person_plays_to_the_end_in_words_at_any_size(
    module_server: LiveServer, context_factory: Callable[..., Any], ruleset: str, size: dict[str, int], lang: str
) -> None:
    context = context_factory(viewport=size)
    context.add_init_script(f"try {{ localStorage.setItem('siedler.lang', '{lang}') }} catch {{}}")
    page = context.new_page()
    create(page, module_server, ruleset)
    anna = Person(page, module_server)
    anna.german = lang == "de"
    problems: list[str] = []
    seas: set[tuple[int, bool]] = set()
    smallest = 99.0
    moves = 0
    while wait_my_turn_or_over(page):
        problems += choices_in_notation(page)
        if lang == "de" and moves % 3 == 0:
            problems += english_words(page, names_of(page))
        if ruleset == "soldiers-and-armies":
            seas.add(tuple(page.evaluate(SEA_JS)))
            anna.move()
        elif ruleset == "baden-wuerttemberg":
            zoom = page.locator("#zoom-toggle[aria-pressed=false]")
            if size == PHONE and zoom.count():  # the whole map first; zoomed in, its words can be read
                zoom.click()
            smallest = min(smallest, page.evaluate(BW_TEXT_JS))
            move_where_drawn(page)
        else:
            simple_move(page, prefer_end_after=3, moves_this_turn=moves % 4)
        moves += 1
        assert moves < 400, "the game should have ended by its turn limit"
    assert not sorted(set(problems)), sorted(set(problems))[:12]

    if ruleset == "soldiers-and-armies":
        assert {battle for _, battle in seas} == {False, True}, "a battle should have been fought"
        assert len({width for width, _ in seas}) == 1, f"the board changed its size: {sorted(seas)}"
    if ruleset == "baden-wuerttemberg" and size == PHONE:
        assert smallest >= 11, f"Baden-Württemberg's smallest words are {smallest:.1f} px on a phone"

    overlay = page.locator("#overlay")
    overlay.wait_for()
    headings = overlay.locator(".final-scores th").all_inner_texts()
    if ruleset == "soldiers-and-armies":  # "Die Siegpunktkarten werden aus den Entwicklungskarten entfernt"
        assert not any("card" in h.lower() or "karte" in h.lower() for h in headings), headings
    page.click("#overlay-close")
    assert page.locator("#take-seat").count() == 0
    if lang == "de":
        assert not english_words(page, names_of(page)), english_words(page, names_of(page))
    fairness_check(page, module_server)


def fairness_check(page: Any, server: LiveServer) -> None:
    """The check at the end: both lines say it holds, the seed breaks inside the panel, the record downloads."""
    page.click("#fair-check")
    result = page.locator("#fair-result")
    result.locator(".fair-line.ok").nth(1).wait_for()
    assert result.locator(".fair-line.bad").count() == 0
    panel = page.locator("#fair")
    assert panel.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), "the seed overflows the panel"
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
    href = page.locator("#fair-download").get_attribute("href")
    with urllib.request.urlopen(f"{server.url}{href}", timeout=10) as response:
        record = json.loads(response.read())
    assert record["seed"] in result.inner_text().replace("\n", "")
