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
        return self.choose(game.legal_actions())

    def choose(self, legal: tuple[Action, ...]) -> Action:
        """Fair by construction (``LegalPolicy``): nothing but the seat's legal actions is read."""
        if not legal:
            raise IndexError("no legal action to choose from")
        return legal[below(self.rng, len(legal))]


def below(rng: _random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)``: the draw ``rng.choice`` makes (CPython's rejection sampling on
    ``getrandbits``), written out so that the compiled build runs it natively; the same choices either way,
    which ``tests/bots/test_random.py`` checks against ``random.Random.choice``."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


register_bot("random", RandomBot)
