"""The Fishermen of Catan (Die Fischer von Catan): an extension of every Catan rule set, and a rule set by
that name (rule text: ``kurzspielregel-hafenmeister-fischer.md``, VARIANTE / ZUSÄTZLICHE REGELN „FISCHER
VON CATAN“ and ALTER SCHUH; rulings in ``docs/rules/fishermen.md``)."""

from siedler.core.registry import Extension, register_extension
from siedler.games.base import BaseGame
from siedler.games.catan import FAMILY, register_catan

from .component import Fishermen
from .layout import LAYER as BOARD_LAYER

EXTENSION = register_extension(
    Extension(
        name="fishermen",
        family=FAMILY,
        component=Fishermen,
        help="the Fishermen of Catan: a lake and fishing grounds yield fish tokens to spend on actions; "
        "the old boot costs its holder a victory point",
        bot="siedler.games.fishermen.bot",
        encoding="siedler.games.fishermen.encoding",
    )
)

RULESET = register_catan(
    "fishermen",
    "Catan: The Fishermen of Catan",
    "The base game with a lake and six fishing grounds: fish tokens buy the robber's removal, a theft, "
    "a resource, a road or a development card; beware the old boot.",
    BaseGame,
    __name__,
    presets={"fishermen": True},
)

__all__ = ["BOARD_LAYER", "EXTENSION", "RULESET", "Fishermen"]
