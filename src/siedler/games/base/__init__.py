"""The base game of Catan for 3-4 players (rule text: kurzspielregel-hafenmeister-fischer.md)."""

from mypy_extensions import mypyc_attr

from siedler.games.catan import CatanGame, register_catan


@mypyc_attr(allow_interpreted_subclasses=True)
class BaseGame(CatanGame):
    """The base game needs nothing beyond the shared mechanics."""


RULESET = register_catan(
    "base",
    "Catan",
    "The base game: settle the island, trade, build, reach 10 victory points.",
    BaseGame,
    __name__,
)
