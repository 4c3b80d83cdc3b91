"""The fourteen kinds of card and the words the parser accepts (their names are in the catalog).

Cards are small ints so that a hand is a row of 14 counts and a pile is a list of ints: cheap to copy,
cheap to compare. The order puts the *basic* cards (resources, then terrain) first because only they can
be laid out to pay a cost unit.
"""

from __future__ import annotations

from typing import Final

from siedler.core.i18n import text

RESOURCES = ("wood", "brick", "wool", "grain", "ore")
TERRAIN = ("sea", "desert")
ACTION_CARDS = ("bandit", "knight", "defender", "harbor", "road", "settlement", "city")
CARDS = RESOURCES + TERRAIN + ACTION_CARDS

WOOD: Final = 0
BRICK: Final = 1
WOOL: Final = 2
GRAIN: Final = 3
ORE: Final = 4
SEA: Final = 5
DESERT: Final = 6
BANDIT: Final = 7
KNIGHT: Final = 8
DEFENDER: Final = 9
HARBOR: Final = 10
ROAD: Final = 11
SETTLEMENT: Final = 12
CITY: Final = 13
NUM_CARDS: Final = len(CARDS)
NUM_RESOURCES: Final = len(RESOURCES)
#: Resources and terrain: the cards whose laid-out units can pay a cost.
NUM_BASIC: Final = NUM_RESOURCES + len(TERRAIN)
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}

_EXTRA = {
    "holz": WOOD,
    "lumber": WOOD,
    "lehm": BRICK,
    "clay": BRICK,
    "weide": WOOL,
    "wolle": WOOL,
    "sheep": WOOL,
    "getreide": GRAIN,
    "korn": GRAIN,
    "wheat": GRAIN,
    "erz": ORE,
    "meer": SEA,
    "wueste": DESERT,
    "wüste": DESERT,
    "ritter-offensiv": KNIGHT,
    "ritter(offensiv)": KNIGHT,
    "ritter-o": KNIGHT,
    "offensive": KNIGHT,
    "ritter-defensiv": DEFENDER,
    "ritter(defensiv)": DEFENDER,
    "ritter-d": DEFENDER,
    "defensive": DEFENDER,
    "hafen": HARBOR,
    "port": HARBOR,
    "strasse": ROAD,
    "straße": ROAD,
    "siedlung": SETTLEMENT,
    "stadt": CITY,
    "räuber": BANDIT,
    "robber": BANDIT,
}
ALIASES = {**CARD_INDEX, **_EXTRA}


def card_named(word: str) -> int | None:
    """The card a word names (English notation name or German rule-text name), or None."""
    w = word.strip().lower().replace("_", "-").replace(" ", "-").replace("(", "-").replace(")", "")
    return ALIASES.get(w.replace("--", "-"))


def card_name(card: int, lang: str = "en") -> str:
    """The card's name in ``lang`` (``deck_building.card.<card>``; German as in the rule text)."""
    return text(f"deck_building.card.{CARDS[card]}", lang)
