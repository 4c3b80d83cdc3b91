"""The greedy baseline: one bot name, a strategy per family of rule sets.

Each family registers a function ``strategy(game, seat, rng) -> action | None`` for its game class; the
bot walks the game's class hierarchy to find it and falls back to a random legal action.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable

from siedler.core.actions import Action
from siedler.core.game import Game

from .base import register_bot

Strategy = Callable[[Game, int, _random.Random], Action | None]
_STRATEGIES: dict[type, Strategy] = {}


def register_strategy(game_class: type, strategy: Strategy) -> None:
    _STRATEGIES[game_class] = strategy


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = _random.Random(seed)

    def decide(self, game: Game, seat: int) -> Action:
        for cls in (*(type(c) for c in game.components), *type(game).__mro__):
            strategy = _STRATEGIES.get(cls)
            if strategy is not None:
                action = strategy(game, seat, self.rng)
                if action is not None:
                    return action
                break
        return self.rng.choice(game.legal_actions())


register_bot("greedy", GreedyBot)

# Strategies for the families shipped with siedler register themselves on import.
from . import greedy_bw, greedy_catan, greedy_deck_building, greedy_fishermen, greedy_soldiers  # noqa: E402,F401
