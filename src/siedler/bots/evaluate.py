"""Position values for the search bots, from the game's bot knowledge (``siedler.bots.knowledge``).

``evaluate(game, seat)`` is how good ``game`` looks to ``seat`` (a victory point is worth about 1000), read
only from what ``seat`` may know plus, in a determinized copy, the guesses dealt there: the rule set's value
with what each of its extensions adds, or, for a rule set without one, the score.
"""

from __future__ import annotations

from siedler.core.game import Game

from .knowledge import knowledge_for


def evaluate(game: Game, seat: int) -> float:
    return knowledge_for(game).value(game, seat)
