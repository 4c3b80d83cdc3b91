"""The value bot: every legal action tried one step ahead on a copy, the best by ``evaluate`` chosen; with
``turn``, the first move of the best sequence of the seat's own moves in the free part of its turn.

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
from .knowledge import Chains, Stage, Value, knowledge_for
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


def ranked(game: Game, seat: int, value: Value, chains: Chains) -> list[Action]:
    """The seat's legal moves best first by ``tried`` with ``chains``, the kinds the rule set's trader
    decides left out: the order the turn's look-ahead branches in and the search's nodes take candidates."""
    decided = knowledge_for(game).decided_kinds
    scored = [(tried(game, seat, a, chains, value), a) for a in game.legal_actions() if a[0] not in decided]
    scored.sort(key=lambda item: -item[0])
    return [a for _, a in scored]


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


def decide_with_trades(
    game: Game, seat: int, rng: _random.Random, value: Value = evaluate, hand: Value | None = None
) -> Action:
    """The best move by ``value``, unless the trader offers a trade worth more than it. The trader weighs
    exchanges by the hand value, so where ``value`` is another's (a network's chance to win), the gain an
    offer must beat is the best move's by ``hand``: in the trader's units, not in chances."""
    settled = forced_or_answer(game, seat)
    if settled is not None:
        return settled
    action, gain = look_ahead(game, seat, rng, value)
    trader = knowledge_for(game).trader
    if trader is not None:
        if hand is not None and hand is not value:
            _, gain = look_ahead(game, seat, rng, hand)
        offer = trader.offer(game, seat, gain)
        if offer is not None:
            return offer
    return action


#: The positions whose moves the turn's look-ahead ranks, at most, after each first move it weighs (a
#: fifth of a decision's at the default width). Most main-phase decisions rank a few dozen; a hand of
#: twenty cards, with a bank trade and a build at every step, ranks hundreds (two seconds of one core in
#: pure Python). Past it the look-ahead values the positions it reaches where they stand: bound by work,
#: not by the clock, so a decision is the same on any machine.
TURN_POSITIONS = 60


class _Turn:
    """One decision's look-ahead over the seat's own turn: the value, the moves tried at each step, and the
    positions it may still rank after the first move being weighed."""

    __slots__ = ("chains", "left", "seat", "turn", "value", "width")

    def __init__(self, seat: int, value: Value, width: int, chains: Chains, turn: Stage) -> None:
        self.seat, self.value, self.width, self.chains, self.turn = seat, value, width, chains, turn
        self.left = TURN_POSITIONS

    def best(self, game: Game, depth: int) -> float:
        """The best value of the seat's turn from ``game`` on, in ``depth`` more moves at most: standing
        still (ending the turn here) or one of the ``width`` best moves that keep the seat to act and the
        best of the turn after it (a move that hands the game to another seat ends the turn: standing
        still, counted)."""
        seat = self.seat
        best = self.value(game, seat)
        if not depth or not self.left or game.is_over or game.to_act != seat or not self.turn(game):
            return best
        self.left -= 1
        for action in ranked(game, seat, self.value, self.chains)[: self.width]:
            trial = game.copy()
            trial.apply(action)
            if trial.to_act == seat or trial.is_over:
                best = max(best, self.best(trial, depth - 1))
        return best


def planned(game: Game, seat: int, value: Value, width: int, depth: int) -> Action | None:
    """The first move of the seat's best sequence of up to ``depth`` moves of its own, each step over the
    ``width`` best by the one-move look-ahead (``ranked``), a sequence scored by ``value`` where it stops;
    ``None`` outside the free part of a turn (``Knowledge.turn``; a rule set naming none has none).

    Within the free part of its turn the seat's moves meet no die and no other seat, so a sequence of them
    can be weighed exactly on one copy (the bot's own determinization: a card bought is its guess), where
    the one-move look-ahead takes the best single move: a road is worth the settlement two moves later.
    The sequences are played on a copy without the offers that only the trader decides (``withhold``):
    a main phase lists hundreds, which every step would list again and read past. After each first move
    the look-ahead ranks ``TURN_POSITIONS`` positions at most."""
    play = knowledge_for(game)
    if play.turn is None or not play.turn(game):
        return None
    root = game.copy()
    if play.trader is not None and play.trader.withhold is not None:
        play.trader.withhold(root)
    best: tuple[float, Action] | None = None
    for action in ranked(root, seat, value, play.chains)[:width]:
        trial = root.copy()
        trial.apply(action)
        score = _Turn(seat, value, width, play.chains, play.turn).best(trial, depth - 1)
        if best is None or score > best[0]:
            best = (score, action)
    return None if best is None else best[1]


class ValueBot:
    """``weights``: a learned-weights file (``siedler.bots.learned``); none: the package's hand weights.
    ``turn``: in the free part of its turn, the first move of the best sequence of up to ``turn_depth`` of
    its moves, ``turn`` at each step (``planned``), unless it offers a trade; 0: the one-move look-ahead."""

    def __init__(self, seed: int = 0, weights: str = "", turn: int = 0, turn_depth: int = 5) -> None:
        if turn < 0 or turn_depth < 1:
            raise ValueError("turn must be 0 or more and turn_depth positive")
        self.rng = _random.Random(seed)
        self.value: Value = value_of(weights) or evaluate
        #: The value in the trader's units (the weights'), which ``value`` stays unless a network replaces it.
        self.hand: Value = self.value
        self.turn, self.turn_depth = turn, turn_depth

    def decide(self, game: Game, seat: int) -> Action:
        choice = decide_with_trades(game, seat, self.rng, self.value, self.hand)
        if not self.turn or forced_or_answer(game, seat) is not None:
            return choice
        if choice[0] in knowledge_for(game).decided_kinds:  # an offer: the trader's, not the look-ahead's
            return choice
        return planned(game, seat, self.value, self.turn, self.turn_depth) or choice


register_bot("value", ValueBot)
