"""A value learned from self-play: the rule set's named features (``Knowledge.features``), each times a
weight that ``siedler learn`` fitted (``siedler.sim.learn``), read from the TOML file it wrote::

    ruleset = "base"
    [weights]
    victory_point = 1000.0
    production = 41.3
    ...

The value and MCTS bots take such a file as ``weights=PATH`` (``value:weights=base.toml``); without one they
value positions by their package's hand weights (``evaluate``). No numpy at run time: a sum of products.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from siedler.core.errors import OptionError
from siedler.core.game import Game

from .knowledge import Value, knowledge_for

#: A won game's value (lost: minus this), as the hand weights have it.
WIN = 1_000_000.0


def read_weights(path: str) -> tuple[str, dict[str, float]]:
    """The rule set and the weights of a learned-weights file; an ``OptionError`` says what is wrong."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        ruleset, table = data["ruleset"], data["weights"]
        weights = {str(name): float(w) for name, w in table.items()}
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise OptionError(f"{path}: not a learned-weights file (ruleset and [weights]): {exc}") from None
    if not isinstance(ruleset, str):
        raise OptionError(f"{path}: ruleset must be a rule set's name")
    return ruleset, weights


def learned_value(ruleset: str, weights: Mapping[str, float]) -> Value:
    """The value of a position: the features' sum, each times its learned weight; a game of another rule
    set, or one with a feature the weights lack, is an ``OptionError``."""

    def value(game: Game, seat: int) -> float:
        if game.is_over:
            return WIN if game.winner == seat else -WIN
        features = knowledge_for(game).features
        if game.ruleset != ruleset or features is None:
            raise OptionError(f"the weights are fitted for {ruleset}, not for a game of {game.ruleset}")
        total = 0.0
        for name, x in features(game, seat).items():
            w = weights.get(name)
            if w is None:
                raise OptionError(f"the learned weights have none for the feature {name!r}")
            total += w * x
        return total

    return value


def value_of(weights: str) -> Value | None:
    """A bot's ``weights`` parameter as its value: ``None`` (the hand weights) for ``""``."""
    if not weights:
        return None
    return learned_value(*read_weights(weights))
