"""The greedy baseline: one bot name, a strategy per rule set and extension from its own package.

The strategies come from the game's bot knowledge (``siedler.bots.knowledge``): the components' first,
then the rule set's, each returning an action or ``None`` to pass the decision on; a random legal action
when none decides.
"""

from __future__ import annotations

import random as _random

from siedler.core.actions import Action
from siedler.core.game import Game

from .base import register_bot
from .knowledge import knowledge_for


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = _random.Random(seed)

    def decide(self, game: Game, seat: int) -> Action:
        for strategy in knowledge_for(game).strategies:
            action = strategy(game, seat, self.rng)
            if action is not None:
                return action
        return self.rng.choice(game.legal_actions())


register_bot("greedy", GreedyBot)
