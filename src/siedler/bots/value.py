"""The value bot: every legal action tried one step ahead on a copy, the best by ``evaluate`` chosen.

It plays on the determinized copy ``FairBot`` gives it, so an action with chance in it (a roll, a card
bought, a theft) is tried against one dealt guess of the unknown, never the real future. Trades with other
players (hundreds of offers in a main phase) are left out of the look-ahead: the rule set's trader (its bot
knowledge, ``siedler.bots.knowledge.Trader``) decides offers and answers.
"""

from __future__ import annotations

import random as _random

from siedler.core.actions import Action
from siedler.core.game import Game

from .base import register_bot
from .evaluate import evaluate
from .knowledge import Chains, Value, knowledge_for
from .learned import value_of


def _then(game: Game, seat: int, kinds: frozenset[str], value: Value) -> float:
    """The best value of ``game`` after one more action of ``seat``'s, of one of ``kinds`` (``-inf``: none
    legal)."""
    best = -float("inf")
    for action in game.legal_actions():
        if action[0] in kinds:
            trial = game.copy()
            trial.apply(action)
            best = max(best, value(trial, seat))
    return best


def tried(game: Game, seat: int, action: Action, chains: Chains, value: Value) -> float:
    """The value to ``seat`` of ``game`` after ``action`` (on a copy), or after the seat's best next move
    of the kinds ``chains`` names for that action's kind, when the seat is still to act: the one-step
    look-ahead ``value`` decides by and ``mcts`` ranks its candidates by."""
    trial = game.copy()
    trial.apply(action)
    found = value(trial, seat)
    then = chains.get(action[0])
    if then is not None and not trial.is_over and trial.to_act == seat:
        found = max(found, _then(trial, seat, then, value))
    return found


def look_ahead(game: Game, seat: int, rng: _random.Random, value: Value = evaluate) -> tuple[Action, float]:
    """The best action (ties broken by ``rng``) other than a trade offer, and its gain over standing still,
    by ``value`` (the package's hand weights unless a bot was given learned ones).

    After an action of a kind the rule set chains (``Knowledge.chains``) the seat's own next move is looked
    at too, when the seat is still to act: a trade is worth the build it pays for, a card played the
    move it lets the seat make, not the position halfway."""
    legal = game.legal_actions()
    play = knowledge_for(game)
    decided, chains = play.decided_kinds, play.chains
    now = value(game, seat)
    best: Action | None = None
    best_value = -float("inf")
    for action in legal:
        if action[0] in decided:
            continue
        found = tried(game, seat, action, chains, value) + rng.random() * 1e-6
        if found > best_value:
            best, best_value = action, found
    if best is None:  # only offers: the first is as good as any (none is left out in such a phase)
        return legal[0], 0.0
    return best, best_value - now


def forced_or_answer(game: Game, seat: int) -> Action | None:
    """The decision that needs no search: the only legal action, or the answer to a trade offer put to the
    seat; ``None`` when the bot must weigh its actions. Shared by ``value`` and ``mcts``."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    trader = knowledge_for(game).trader
    return trader.answer(game, seat) if trader is not None else None


def decide_with_trades(game: Game, seat: int, rng: _random.Random, value: Value = evaluate) -> Action:
    settled = forced_or_answer(game, seat)
    if settled is not None:
        return settled
    action, gain = look_ahead(game, seat, rng, value)
    trader = knowledge_for(game).trader
    if trader is not None:
        offer = trader.offer(game, seat, gain)
        if offer is not None:
            return offer
    return action


class ValueBot:
    """``weights``: a learned-weights file (``siedler.bots.learned``); none: the package's hand weights."""

    def __init__(self, seed: int = 0, weights: str = "") -> None:
        self.rng = _random.Random(seed)
        self.value: Value = value_of(weights) or evaluate

    def decide(self, game: Game, seat: int) -> Action:
        return decide_with_trades(game, seat, self.rng, self.value)


register_bot("value", ValueBot)
