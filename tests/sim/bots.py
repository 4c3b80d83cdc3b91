"""Bots for the simulator's tests, loaded by import path like a user's own bot."""

from __future__ import annotations

from siedler.core.actions import Action
from siedler.core.game import Game


class FirstBot:
    """Always the first legal action: deterministic, and it needs no seed."""

    def __init__(self) -> None:
        pass

    def decide(self, game: Game, seat: int) -> Action:
        return game.legal_actions()[0]


class CheatingBot:
    """Tries to found a settlement where one already stands - always illegal after the first one."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, game: Game, seat: int) -> Action:
        if game.num_actions == 0:
            return game.legal_actions()[0]
        return game.parse_action("settle 0")


class NotABot:
    """Has no decide method."""
