"""The table's states a newcomer meets besides a game played to its end: the lobby in German with its difficulty
levels and its table options as form fields, a game ended by its creator and reloaded, a phone's taps (a
finger's reach around a corner, a tag's explanation), and motion that stops (and never starts for those who
ask for less)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from siedler.bots import levels_for

from .conftest import LiveServer
from .soldiers import set_costs
from .table import open_options, simple_move, wait_my_turn_or_over
from .test_everyone import LAPTOP, PHONE, fairness_check
from .words import english_words

pytestmark = pytest.mark.browser


def german(context: Any) -> Any:
    context.add_init_script("try { localStorage.setItem('siedler.lang', 'de') } catch {}")
    return context.new_page()


def summary(server: LiveServer, game_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}", timeout=10) as response:
        found: dict[str, Any] = json.loads(response.read())
        return found


def test_the_lobby_speaks_german_offers_levels_and_fills_table_options_in_fields(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = german(context_factory(viewport=LAPTOP))
    page.goto(module_server.url)
    page.wait_for_selector("#create-form")
    for ruleset in page.locator("#ruleset option").evaluate_all("els => els.map((e) => e.value)"):
        page.select_option("#ruleset", ruleset)
        open_options(page)
        leftovers = english_words(page, {"Catan", "siedler", "Deck Building", "JSON"})
        assert not leftovers, (ruleset, leftovers)
    # A seat is you, a friend's, or a bot by its level; named bots only behind the advanced box.
    page.select_option("#ruleset", "deck-building")
    menu = page.locator('.seat-kind[data-seat="1"]')
    specs = levels_for("deck-building")  # the rule set's own levels
    levels = [f"Bot: {word}" for word in ("Leicht", "Mittel", "Schwer")]
    assert menu.locator("option").all_inner_texts() == ["Du", "Freier Platz (für Freunde)", *levels]
    assert menu.input_value() == f"bot:{specs['easy']}"
    assert menu.locator('option[data-level="hard"]').get_attribute("value") == f"bot:{specs['hard']}"
    page.check("#advanced-bots")
    assert "Bot: Gierig" in menu.locator("optgroup option").all_inner_texts()
    assert menu.input_value() == f"bot:{specs['easy']}"  # what was chosen stays
    # Deck Building's supply and costs as numbers: the edition's own as placeholders, a change sent alone.
    open_options(page)
    road = page.locator('[data-option="supply"] input[data-row="road"]')
    assert road.get_attribute("placeholder") == "18"
    page.select_option('[name="opt-edition"]', "later")
    assert road.get_attribute("placeholder") == "14"
    road.fill("10")
    set_costs(page, "costs", {"bandit": {"wool": 1, "grain": 1}})
    page.fill("#your-name", "Anna")
    page.click("#create")
    page.wait_for_selector("#table[data-n]")
    game = summary(module_server, page.url.split("/games/")[1].split("#")[0])
    changed = {name: game["options"][name] for name in ("edition", "supply", "costs", "deck")}
    assert changed == {
        "edition": "later",
        "supply": {"road": 10},
        "costs": {"bandit": {"wool": 1, "grain": 1}},  # the later edition's desert is paid: a zero drops it
        "deck": {},
    }
    assert game["seats"][1]["name"] == "Leicht 2"  # named by the level the lobby offered, in its language


@pytest.mark.parametrize(("size", "lang"), [(LAPTOP, "en"), (PHONE, "de")], ids=["1280-en", "390-de"])
def test_a_game_ended_by_its_creator_shows_it_after_a_reload_and_reveals_its_seed(
    module_server: LiveServer, context_factory: Callable[..., Any], size: dict[str, int], lang: str
) -> None:
    context = context_factory(viewport=size)
    context.add_init_script(f"try {{ localStorage.setItem('siedler.lang', '{lang}') }} catch {{}}")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(module_server.url)
    page.select_option("#ruleset", "soldiers-and-armies")
    page.fill("#your-name", "Anna")
    page.click("#create")
    for _ in range(6):
        wait_my_turn_or_over(page)
        simple_move(page)
    page.click("#end-game")
    page.wait_for_selector(".notice.stopped")
    page.reload()
    page.wait_for_selector("#table[data-n]")
    page.wait_for_selector(".notice.stopped")
    status = page.locator("#turn-status").inner_text()
    assert status == ("ended by its creator" if lang == "en" else "vom Ersteller beendet")
    assert page.get_attribute("#table", "data-my-turn") == "false"
    assert page.locator("#menu button, #play-area .target").count() == 0
    assert not page.locator(".topbar .phase").inner_text().strip()
    assert page.locator("#take-seat").count() == 0
    fairness_check(page, module_server)  # the seed is revealed, checked, and the record downloads
    if lang == "de":
        assert not english_words(page, {"Catan", "siedler", "Anna", "Greedy"})


def test_a_phone_takes_a_tap_near_a_corner_and_explains_a_tag(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    status, created = module_server.post(
        "/games",
        {"ruleset": "base", "seed": 3, "bot_delay": 0, "name": "Anna",
         "seats": [{"kind": "human"}, *[{"kind": "bot", "bot": "greedy"}] * 2]},
    )  # fmt: skip
    assert status == 201, created
    page.goto(f"{module_server.url}/games/{created['game']['id']}#seat=0&token={created['token']}")
    wait_my_turn_or_over(page)
    dot = page.locator("#play-area .node-hit.target").first
    target = dot.get_attribute("data-target")
    reach = page.locator(f'#play-area .node-reach[data-target="{target}"]').bounding_box()
    drawn = dot.bounding_box()
    assert drawn["width"] < 20 and reach["width"] >= 30  # the dot is a few pixels; the finger's reach is not
    n = page.get_attribute("#table", "data-n")
    # A tap beside the dot, inside the reach, shows the settlement there; confirmed, it is founded.
    page.touchscreen.tap(drawn["x"] + drawn["width"] / 2 + 11, drawn["y"] + drawn["height"] / 2 + 4)
    page.tap("#confirm-yes")
    page.wait_for_selector(f"#table:not([data-n='{n}'])")
    assert int(target.split(":")[1]) in {p["at"] for p in view_pieces(module_server, page) if p["kind"] == "settlement"}
    # A tag's explanation, which a mouse reads by hovering, shows on a tap.
    tag = page.locator(".players .tag[title]").first
    tag.tap()
    assert page.locator("#tip").inner_text() == tag.get_attribute("title")


def view_pieces(server: LiveServer, page: Any) -> list[dict[str, Any]]:
    game_id = page.url.split("/games/")[1].split("#")[0]
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}/view", timeout=10) as response:
        pieces: list[dict[str, Any]] = json.loads(response.read())["view"]["pieces"]
        return pieces


def test_motion_stops_by_itself_and_never_starts_for_reduced_motion(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    status, created = module_server.post(
        "/games",
        {"ruleset": "soldiers-and-armies", "seed": 3, "bot_delay": 0, "name": "Anna",
         "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )  # fmt: skip
    assert status == 201, created
    link = f"{module_server.url}/games/{created['game']['id']}#seat=0&token={created['token']}"
    page = context_factory(viewport=LAPTOP).new_page()
    page.goto(link)
    wait_my_turn_or_over(page)
    rounds = page.evaluate("() => document.getAnimations().map((a) => a.effect.getComputedTiming().iterations)")
    assert rounds and all(r != float("inf") and r <= 10 for r in rounds), rounds  # the glow, the corners' pulse
    calm = context_factory(viewport=LAPTOP, reduced_motion="reduce").new_page()
    calm.goto(link)
    wait_my_turn_or_over(calm)
    assert calm.locator("#play-area .target").count() and calm.evaluate("() => document.getAnimations().length") == 0
