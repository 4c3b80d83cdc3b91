"""The how-to-play pages: one per rule set shipped with siedler in every catalog language, the same structure in
each language, cost cards that agree with the rule sets' own numbers, and a board picture where there is
a board."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import siedler
from siedler import howto
from siedler.core.i18n import catalog, languages
from siedler.core.registry import rulesets
from siedler.games.catan.rules import RESOURCES

#: The rule sets shipped with siedler (a plugin's, such as the walkthrough's, brings its own pages or none).
REGISTERED = [rs.name for rs in rulesets() if rs.game_class.__module__.startswith("siedler.")]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "howto"
COST_CARD = {"en": "## Cost card", "de": "## Baukostenkarte"}
#: The cost card's row names, per language, and the purchase each names in the rule set's data.
ROWS = {
    "en": {
        "road": "road", "settlement": "settlement", "city": "city", "development card": "development",
        "infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery", "city wall": "wall",
        "nuke": "nuke", "each move beyond 3 corners": "move", "harbour": "harbor", "bandit": "bandit",
        "knight (offensive)": "knight", "knight (defensive)": "defender",
        "town hall": "town_hall", "landmark": "landmark",
    },
    "de": {
        "Straße": "road", "Siedlung": "settlement", "Stadt": "city", "Entwicklungskarte": "development",
        "Infanterie": "infantry", "Kavallerie": "cavalry", "Artillerie": "artillery", "Stadtmauer": "wall",
        "Nuklearwaffe": "nuke", "jede Kreuzung über 3 hinaus": "move", "Hafen": "harbor", "Bandit": "bandit",
        "Ritter (Offensiv)": "knight", "Ritter (Defensiv)": "defender",
        "Rathaus": "town_hall", "Wahrzeichen": "landmark",
    },
}  # fmt: skip


def test_every_shipped_rule_set_has_a_page() -> None:
    assert set(REGISTERED) <= set(howto.rulesets())
    assert {"base", "harbormaster", "fishermen", "resource-realms", "deck-building", "soldiers-and-armies"} <= set(
        REGISTERED
    )


def _outline(text: str) -> list[str]:
    """The page's shape: its headings' levels and each table's row count."""
    shape, rows = [], 0
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows += 1
            continue
        if rows:
            shape.append(f"table {rows}")
            rows = 0
        if line.startswith("#"):
            shape.append(line.split()[0])
    return shape


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_each_language_has_the_whole_page(ruleset: str) -> None:
    english = howto.page(ruleset, "en")
    for lang in languages():
        text = howto.page(ruleset, lang)
        assert COST_CARD[lang] in text, f"{ruleset}.{lang}: the cost card"
        assert _outline(text) == _outline(english), f"{ruleset}.{lang} has another shape than the English page"
        if lang != "en":
            assert text != english, f"{ruleset}.{lang} is the English page"


def _cost_card(text: str, lang: str) -> dict[str, dict[str, int]]:
    """``{purchase: {resource: n}}`` from the page's cost card (rows without a price left out)."""
    card = text.split(COST_CARD[lang], 1)[1].split("\n## ", 1)[0]
    names = catalog(lang)
    # the board games' resource words, and the card game's names for its resource cards
    words = {names[f"{kind}.{r}"].lower(): r for kind in ("catan.resource", "deck_building.card") for r in RESOURCES}
    out = {}
    for line in card.splitlines()[3:]:
        if not line.startswith("|"):
            continue
        name, cost = (cell.strip().strip("*") for cell in line.strip("|").split("|")[:2])
        prices = re.findall(r"(\d+) (\w+)", cost.split("(")[0])
        counted = {words[w.lower()]: int(n) for n, w in prices if w.lower() in words}
        if counted:
            out[ROWS[lang][name]] = counted
    return out


def _data_costs(ruleset: str) -> dict[str, dict[str, int]]:
    """What the rule set itself charges: its view's cost card (the card game's supply prices without what
    must be shown or given back), and a paid army move, which is no purchase but is on the printed card."""
    players = 2 if ruleset == "deck-building" else 3
    game: Any = siedler.new_game(ruleset, players=players, seed=1)
    costs = {card: {r: n for r, n in cost.items() if r in RESOURCES} for card, cost in game.view(0)["costs"].items()}
    army = getattr(game, "army_rules", None)
    if army is not None:
        costs["move"] = {r: n for r, n in zip(RESOURCES, army.costs["move"], strict=True) if n}
    return costs


@pytest.mark.parametrize("ruleset", REGISTERED)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cost_card_is_the_rule_sets(ruleset: str, lang: str) -> None:
    assert _cost_card(howto.page(ruleset, lang), lang) == _data_costs(ruleset)


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_a_picture_of_the_board(ruleset: str) -> None:
    picture = howto.picture(ruleset, "de")
    if ruleset == "deck-building":
        assert picture is None
        return
    assert picture is not None
    root = ET.fromstring(picture)
    pieces = [e.get("data-kind") for e in root.iter("{http://www.w3.org/2000/svg}g") if e.get("class") == "piece"]
    assert "settlement" in pieces or "city" in pieces  # the founding is done in the example position


def test_a_rule_set_without_a_page_is_named() -> None:
    with pytest.raises(LookupError, match="no how-to page for 'nonesuch'; there are pages for baden-wuerttemberg, "):
        howto.page("nonesuch")


def test_a_language_without_the_page_falls_back_to_english() -> None:
    assert howto.page("base", "fr") == howto.page("base", "en")


@pytest.mark.parametrize("ruleset", REGISTERED)
def test_the_docs_pictures_are_current(ruleset: str) -> None:
    """docs/howto/RULESET.svg is what ``howto.picture`` draws (regenerate: docs/howto/README.md)."""
    stored = DOCS / f"{ruleset}.svg"
    picture = howto.picture(ruleset)
    assert (stored.read_text(encoding="utf-8") if stored.exists() else None) == picture
