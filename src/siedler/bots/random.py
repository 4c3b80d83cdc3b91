"""Uniformly random over the legal actions: the baseline every benchmark and property test uses."""

from __future__ import annotations

import random as _random

from siedler.core.actions import Action
from siedler.core.game import Game

from .base import register_bot


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = _random.Random(seed)

    def decide(self, game: Game, seat: int) -> Action:
        return self.rng.choice(game.legal_actions())


register_bot("random", RandomBot)
