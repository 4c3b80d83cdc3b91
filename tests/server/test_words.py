"""The page's words come from the server's catalog, complete for every rule set and option it lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

import siedler
from siedler.core.i18n import ENGLISH, languages, own_keys


def test_the_page_gets_every_language_with_english_filling_gaps(client: TestClient) -> None:
    words = client.get("/api/words").json()
    assert list(words) == list(languages())
    assert words["de"]["winner"] == "{0} gewinnt!" and words[ENGLISH]["winner"] == "{0} wins!"
    assert set(words["de"]) == set(words[ENGLISH])


def test_every_listed_rule_set_and_option_has_its_own_words(client: TestClient) -> None:
    # The lobby shows these; without a catalog entry a German player would read the registry's English.
    # A third-party rule set (the walkthrough's Pig, from an entry point) brings its own words, not ours.
    english = own_keys(ENGLISH)
    ours = {r.name for r in siedler.rulesets() if r.game_class.__module__.startswith("siedler.")}
    listed = client.get("/api/rulesets").json()
    assert ours <= {r["name"] for r in listed}
    for ruleset in (r for r in listed if r["name"] in ours):
        for part in ("title", "description"):
            assert f"page.rulesets.{ruleset['name']}.{part}" in english
        for option in ruleset["options"]:
            assert f"page.option_help.{option['name']}" in english, option["name"]
