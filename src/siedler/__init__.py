"""siedler: the Catan family of games.

>>> import siedler
>>> game = siedler.new_game("base", players=4, seed=1)
>>> game.apply(game.legal_actions()[0])
"""

from siedler.core import (
    Action,
    Game,
    IllegalAction,
    Option,
    OptionError,
    RecordError,
    from_state,
    get_ruleset,
    new_game,
    replay,
    rulesets,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "Option",
    "OptionError",
    "RecordError",
    "__version__",
    "from_state",
    "get_ruleset",
    "new_game",
    "replay",
    "rulesets",
]
