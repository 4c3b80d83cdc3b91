"""Position values for the search bots: one evaluator per family of rule sets, weights read from data.

``evaluate(game, seat)`` is how good ``game`` looks to ``seat``, in the weights' units (a victory point is
worth ``victory_point``), read only from what ``seat`` may know plus, in a determinized copy, the guesses
dealt there. Each family registers ``evaluator(game, seat, weights)`` for its game class (the registry
walks the class order, as the greedy bot's does); a rule set without one is valued by its score.
The weights live in ``bots/data/value.toml``, one table per family; an evaluator gets them all and reads
its own tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from siedler.core.data import load_data
from siedler.core.game import Game

Weights = Mapping[str, Any]
Evaluator = Callable[[Game, int, Weights], float]
_EVALUATORS: dict[type, Evaluator] = {}


def weights() -> dict[str, Any]:
    """Every table of ``value.toml`` (shared: read, never change)."""
    return load_data("siedler.bots", "data/value.toml")


def register_evaluator(game_class: type, evaluator: Evaluator) -> None:
    """``evaluator`` values games of ``game_class`` and its subclasses."""
    _EVALUATORS[game_class] = evaluator


def evaluator_for(game: Game) -> Evaluator:
    for cls in (*(type(c) for c in game.components), *type(game).__mro__):
        found = _EVALUATORS.get(cls)
        if found is not None:
            return found
    return _by_score


def evaluate(game: Game, seat: int) -> float:
    return evaluator_for(game)(game, seat, weights())


def _by_score(game: Game, seat: int, w: Weights) -> float:
    """Any rule set: the seat's score ahead of the best other, and the end of the game above all."""
    if game.is_over:
        return 1e9 if game.winner == seat else -1e9
    scores = game.scores()
    return float(scores[seat] - max((s for p, s in enumerate(scores) if p != seat), default=0))


# The families shipped with siedler register their evaluators on import.
from . import evaluate_catan, evaluate_deck_building  # noqa: E402,F401
