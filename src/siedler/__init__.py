"""siedler: the Catan family of games.

    >>> import siedler
    >>> game = siedler.new_game("base", players=4, seed=1)
    >>> game.apply(game.legal_actions()[0])
"""

# The rule-set packages live in the subpackage ``siedler.rulesets``, while ``siedler.rulesets()`` is the public
# function listing them. Importing the subpackage once, here, before binding the function, keeps the
# function in place: Python sets a package attribute only when a subpackage is first loaded. (Code that
# needs the subpackage module itself uses importlib.import_module("siedler.rulesets").)
import siedler.rulesets as _rulesets_package  # noqa: F401  (must precede the import of the function)
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
