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

from .knowledge import Value, knowledge_for, weighted


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
        knowledge = knowledge_for(game)
        if game.ruleset != ruleset or knowledge.features is None:
            raise OptionError(f"the weights are fitted for {ruleset}, not for a game of {game.ruleset}")
        if game.is_over:  # a won or lost game is worth what the hand value says
            return knowledge.value(game, seat)
        features = knowledge.features(game, seat)
        try:
            return weighted(features, weights)
        except KeyError as missing:
            raise OptionError(f"the learned weights have none for the feature {missing}") from None

    return value


def value_of(weights: str) -> Value | None:
    """A bot's ``weights`` parameter as its value: ``None`` (the hand weights) for ``""``."""
    if not weights:
        return None
    return learned_value(*read_weights(weights))
