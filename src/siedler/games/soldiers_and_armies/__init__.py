"""Soldaten & Armeen (Soldiers & Armies): a fan expansion of the base game with armies, dice combat, city
walls and the nuke (rule text: ``soldaten-und-armeen.md``; rulings in ``docs/rules/soldiers-and-armies.md``).

Harbormaster and Fishermen combine with it as options, like with every rule set of the Catan family.
"""

from siedler.core.options import Option
from siedler.core.registry import Ruleset, register
from siedler.games.catan import CATAN_OPTIONS, FAMILY

from .game import SoldiersGame
from .layout import LAYER as BOARD_LAYER
from .rules import army_costs_form

OPTIONS = (
    *CATAN_OPTIONS,
    Option(
        "army_costs",
        {},
        'replaced costs of units, walls, the nuke and a paid move, e.g. {"cavalry": {"wool": 1, "ore": 2}} (JSON)',
        form=army_costs_form(),
    ),
    Option(
        "combat_variant",
        False,
        "the text's Variante: infantry upgraded to cavalry, weaker cities once all have 5 points, "
        "victory-point cards upgrade units",
    ),
)

RULESET = register(
    Ruleset(
        name="soldiers-and-armies",
        title="Catan: Soldiers & Armies",
        description="The base game with armies: buy infantry, cavalry and artillery, move them, attack with "
        "dice, conquer settlements, build walls and fire the nuke; 13 points win.",
        game_class=SoldiersGame,
        min_players=2,
        max_players=4,
        family=FAMILY,
        options=OPTIONS,
        rules_doc="docs/rules/soldiers-and-armies.md",
        package=__name__,
        layers=("armies.js", "armies.css"),
        commands=("siedler.games.soldiers_and_armies.command:register",),
        bot="siedler.games.soldiers_and_armies.bot",
        encoding="siedler.games.soldiers_and_armies.encoding",
    )
)

__all__ = ["BOARD_LAYER", "RULESET", "SoldiersGame"]
