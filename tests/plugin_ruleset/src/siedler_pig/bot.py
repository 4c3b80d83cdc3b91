"""What siedler's bots know of Pig, registered with the rule set (``Ruleset.bot``): the greedy bot holds
once the turn's total reaches 20 or wins the game, and the search bots value a position by the points
banked and at stake; the package ships a value network (``data/value.npz``, trained by ``siedler train``),
which Hard reads (``learned_hard``)."""

from __future__ import annotations

import random

from siedler.bots import Knowledge
from siedler.core import Action, Game

from .game import HOLD, ROLL, PigGame

HOLD_AT = 20


def strategy(game: Game, seat: int, rng: random.Random) -> Action | None:
    """Hold with 20 or more at stake, or with enough to win; roll otherwise."""
    assert isinstance(game, PigGame)
    at_stake = game.turn_total
    wins = game.banked[seat] + at_stake >= game.options["target"]
    return HOLD if at_stake and (at_stake >= HOLD_AT or wins) else ROLL


def value(game: Game, seat: int) -> float:
    """The seat's points, those at stake this turn counted half, ahead of the best other's banked points."""
    assert isinstance(game, PigGame)
    if game.is_over:
        return 1e9 if game.winner == seat else -1e9
    mine = game.banked[seat] + (game.turn_total / 2 if game.current == seat else 0)
    return mine - max(p for s, p in enumerate(game.banked) if s != seat)


#: Hard reading the shipped network: a leaf valued by it costs about half again the hand value's, so 400
#: iterations keep a decision within the 600 hand-valued ones' p99 (siedler's docs/bots.md, "Levels").
LEARNED_HARD = "mcts:iterations=400,guard_ms=10000,model=default"

KNOWLEDGE = Knowledge(strategy=strategy, value=value, learned_hard=LEARNED_HARD)
