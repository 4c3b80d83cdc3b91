"""The base game of Catan for 3-4 players (rule text: kurzspielregel-hafenmeister-fischer.md)."""

from siedler.core.registry import Ruleset, register
from siedler.games.catan import CATAN_OPTIONS, FAMILY, CatanGame


class BaseGame(CatanGame):
    """The base game needs nothing beyond the shared mechanics."""


RULESET = register(
    Ruleset(
        name="base",
        title="Catan",
        description="The base game: settle the island, trade, build, reach 10 victory points.",
        game_class=BaseGame,
        min_players=3,
        max_players=4,
        family=FAMILY,
        options=CATAN_OPTIONS,
        rules_doc="docs/rules/base.md",
    )
)
