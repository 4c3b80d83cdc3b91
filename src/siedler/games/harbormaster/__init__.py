"""The Harbormaster (Der Hafenmeister): an extension of every Catan rule set, and a rule set by that name.

Rule text: ``kurzspielregel-hafenmeister-fischer.md`` (VARIANTE / ZUSÄTZLICHE REGELN „HAFENMEISTER“);
rulings in ``docs/rules/harbormaster.md``.
"""

from siedler.core.registry import Extension, register_extension
from siedler.games.base import BaseGame
from siedler.games.catan import FAMILY, register_catan

from .component import Harbormaster

EXTENSION = register_extension(
    Extension(
        name="harbormaster",
        family=FAMILY,
        component=Harbormaster,
        help="the Harbormaster: harbour points, a 2-point card for the most of them, 11 points to win",
        encoding="siedler.games.harbormaster.encoding",
    )
)

RULESET = register_catan(
    "harbormaster",
    "Catan: The Harbormaster",
    "The base game with harbour points: the Harbormaster card (2 VP) goes to the player with the most of "
    "them (at least 3); 11 victory points win.",
    BaseGame,
    __name__,
    presets={"harbormaster": True},
)

__all__ = ["EXTENSION", "RULESET", "Harbormaster"]
