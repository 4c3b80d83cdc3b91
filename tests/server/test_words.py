"""The page's words come from the server's catalog, complete for every rule set and option it lists."""

from __future__ import annotations

import random
import re
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

import siedler
from siedler.core.i18n import ENGLISH, languages, own_keys

PANELS = resources.files("siedler").joinpath("web/js/panels.js").read_text("utf-8")


def test_the_page_gets_every_language_with_english_filling_gaps(client: TestClient) -> None:
    words = client.get("/api/words").json()
    assert list(words) == list(languages())
    assert words["de"]["winner"] == "{0} gewinnt!" and words[ENGLISH]["winner"] == "{0} wins!"
    assert set(words["de"]) == set(words[ENGLISH])


def test_every_listed_rule_set_and_option_has_its_own_words(client: TestClient) -> None:
    # The lobby shows these (each option's name, help and choices, a table option's rows and columns); without
    # a catalog entry a German player would read the registry's English.
    # A third-party rule set (the walkthrough's Pig, from an entry point) brings its own words, not ours.
    english = own_keys(ENGLISH)
    ours = {r.name for r in siedler.rulesets() if r.game_class.__module__.startswith("siedler.")}
    listed = client.get("/api/rulesets").json()
    assert ours <= {r["name"] for r in listed}
    for ruleset in (r for r in listed if r["name"] in ours):
        for part in ("title", "description"):
            assert f"page.rulesets.{ruleset['name']}.{part}" in english
        for option in ruleset["options"]:
            name = option["name"]
            assert f"page.option_help.{name}" in english and f"page.option_names.{name}" in english, name
            for choice in option.get("choices", []):
                assert f"page.option_values.{name}.{choice}" in english, (name, choice)
            form = option.get("form") or {}
            for row in form.get("rows", []):  # a table option's form names its rows and columns
                assert f"page.{form['words']}.{row}" in english, (name, row)
            for column in form.get("columns", []):
                assert f"page.{form['column_words']}.{column}" in english, (name, column)


def test_every_count_a_player_row_shows_has_its_words() -> None:
    # The table's player rows show every number (and word) a rule set adds to a player's view as a labelled
    # tag, named from page.fields; without the entry a German player would read "town halls: 3".
    known = re.search(r"const KNOWN = new Set\(\[(.*?)\]\)", PANELS, re.S)
    assert known, "panels.js lists the player fields it draws itself in KNOWN"
    drawn_by_hand = set(re.findall(r'"(\w+)"', known[1]))
    english = own_keys(ENGLISH)
    for ruleset in (r.name for r in siedler.rulesets() if r.game_class.__module__.startswith("siedler.")):
        game = siedler.new_game(ruleset, players=2 if ruleset == "deck-building" else 3, seed=1)
        rng = random.Random(1)
        while not game.is_over and game.num_actions < 200:
            game.apply(rng.choice(game.legal_actions()))
        for player in game.view(0)["players"]:
            for key, value in player.items():
                if key in drawn_by_hand or isinstance(value, bool) or not isinstance(value, int | str):
                    continue
                assert f"page.fields.{key}" in english, (ruleset, key)
                if isinstance(value, str):
                    assert f"page.fields.{value}" in english, (ruleset, key, value)
