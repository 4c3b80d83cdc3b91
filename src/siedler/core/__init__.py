"""The rule-set-independent engine: games, actions, options, randomness, board topology, registry."""

from .actions import Action
from .errors import IllegalAction, OptionError, RecordError
from .game import Game
from .options import Option
from .registry import (
    Extension,
    Ruleset,
    from_state,
    get_ruleset,
    new_game,
    register,
    register_extension,
    replay,
    rulesets,
)
from .rng import Rng

__all__ = [
    "Action",
    "Extension",
    "Game",
    "IllegalAction",
    "Option",
    "OptionError",
    "RecordError",
    "Rng",
    "Ruleset",
    "from_state",
    "get_ruleset",
    "new_game",
    "register",
    "register_extension",
    "replay",
    "rulesets",
]
