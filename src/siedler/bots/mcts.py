"""The MCTS bot: information-set Monte Carlo tree search over determinizations (single-observer ISMCTS)
of the seat's own moves, the other seats played by a cheap policy.

Each iteration deals a new determinization of the position (``game.determinize`` with the bot's own
generator) and walks one shared tree of the seat's own moves by UCB, counting each child's availability (a
child is a candidate only in the determinizations where its action is legal). The other seats' moves on
the way are not searched: the policy (the greedy bot's strategy, bare: it plays on a determinized copy
already) plays them, as it plays every seat after the tree. Searching them too, as the values' best
replies, spread the iterations over moves the bot does not choose; playing them gained a few points
against ``greedy``, within the intervals (docs/bots.md). The iteration adds one node, plays on with the policy
for ``depth`` actions, and backs up the seat's reward: 1 for a win, 0 for another's, else the seat's share
of ``exp(value / temperature)`` over the seats, the value being ``evaluate`` (the value bot's evaluation),
or the learned value of ``weights=PATH`` (``siedler.bots.learned``). The answer is the root's most visited
action.

Only the engine's API is used in the search (``determinize``, ``legal_actions``, ``apply``, ``to_act``,
``is_over``, ``winner``) and the bot knowledge: no rule set is named here. Each node searches only the
``width`` actions that the value bot's look-ahead ranks best (``siedler.bots.value.tried``: one move, or
two where the rule set chains them, as a bank trade and the build it pays for, until another seat moves:
see ``NO_CHAINS``), expanded best first
(progressive pruning by a prior: a Catan main phase lists hundreds of actions, a founding phase fifty
intersections); the final choice breaks ties in visits by that order. Trades with other players are
decided outside the search, as the value bot decides them: the search leaves out the kinds that logic
decides (the rule set's trader, ``siedler.bots.knowledge.Trader``).

With ``turn=N`` the search decides only the rule set's founding (``Knowledge.founding``; a rule set that
names none is searched throughout), and every later decision is the value bot's with its look-ahead over
the seat's own turn (``value:turn=N``, ``turn_depth`` moves deep): in base the search's whole gain over
the value bot lies in the founding, where nothing is hidden and no die is rolled, and after it the
look-ahead over the turn gains where the search does not (docs/bots.md, "Hard against three greedy").

Budget: ``mcts:iterations=200`` (reproducible with the bot's seed) or ``mcts:ms=500`` (wall clock). An
iteration budget may carry a guard, ``mcts:iterations=1000,guard_ms=10000``: the search stops early only
once the guard's time has passed, so a machine too slow or too loaded for the budget cannot hold a table
for ever. The guard is set far above a typical decision and is never the budget: while it does not trip,
the decision is the same on any machine (``siedler.bots.levels``).
"""

from __future__ import annotations

import math
import random as _random
import time

from siedler.core.actions import Action
from siedler.core.game import Game

from .base import register_bot
from .evaluate import evaluate
from .greedy import GreedyBot
from .knowledge import Chains, Value, knowledge_for
from .learned import value_of
from .leaves import Leaf, leaf
from .value import ValueBot, forced_or_answer, look_ahead, ranked

#: The look-ahead's chains once another seat has moved (past the turn being decided): none. Two moves at
#: every node of the later turns cost ten times one (a seat rich in cards and roads made a decision take
#: seconds), and a move there is only a guess at how the seat goes on.
NO_CHAINS: Chains = {}


class Node:
    __slots__ = ("avail", "candidates", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        #: The sum of the searching seat's rewards over the iterations through this node.
        self.reward = 0.0
        self.children: dict[Action, Node] = {}
        #: The actions searched from here, best first by the look-ahead: chosen once per node.
        self.candidates: list[Action] | None = None


class MctsBot:
    def __init__(
        self,
        seed: int = 0,
        ms: float = 0,
        iterations: int = 0,
        depth: int = 12,
        c: float = 0.7,
        width: int = 5,
        temperature: float = 400.0,
        guard_ms: float = 0,
        weights: str = "",
        turn: int = 0,
        turn_depth: int = 5,
        model: str = "",
    ) -> None:
        if model and weights:
            raise ValueError("model and weights are two values: give one")
        if ms < 0 or iterations < 0 or depth < 0 or width < 1 or temperature <= 0 or guard_ms < 0:
            raise ValueError("ms, iterations, depth and guard_ms must be 0 or more, width and temperature positive")
        if guard_ms and not iterations:
            raise ValueError("guard_ms guards an iteration budget: give iterations with it")
        self.rng = _random.Random(seed)
        self.ms = ms if ms or iterations else 500.0
        self.iterations = iterations
        self.guard_ms = guard_ms
        self.depth, self.c, self.width, self.temperature = depth, c, width, temperature
        self.policy = GreedyBot(seed)
        #: With ``model``: the learned value (a seat's chance to win) of ``siedler.bots.leaves``.
        self.leaf: Leaf | None = leaf(model, seed) if model else None
        self.hand: Value = value_of(weights) or evaluate
        #: The value of the decision being made: the learned one where it has one for the game (``learned``).
        self.value: Value = self.hand
        self.learned = False
        #: With ``turn``: the value bot looking ahead over its turn, which decides after the founding.
        self.planner = ValueBot(seed, weights, turn, turn_depth) if turn else None

    def decide(self, game: Game, seat: int) -> Action:
        if self.leaf is not None:
            self.learned = self.leaf.start(game, seat)
            self.value = self.leaf if self.learned else self.hand
            if self.planner is not None:
                self.planner.value = self.value
        if self.planner is not None:
            founding = knowledge_for(game).founding
            if founding is not None and not founding(game):
                return self.planner.decide(game, seat)
        settled = forced_or_answer(game, seat)
        if settled is not None:
            return settled
        root = Node()
        trader = knowledge_for(game).trader
        withhold = trader.withhold if trader is not None else None
        deadline = time.perf_counter() + (self.guard_ms or self.ms) / 1000
        done = 0
        while self._go_on(done, deadline):
            copy = game.determinize(seat, self.rng)
            if withhold is not None:
                withhold(copy)
            self._iterate(root, copy, seat)
            done += 1
        order = root.candidates or []
        best = max(order, key=lambda a: (root.children[a].visits if a in root.children else -1, -order.index(a)))
        if trader is not None:
            _, gain = look_ahead(game, seat, self.rng, self.hand)  # the trader's units (value.decide_with_trades)
            offer = trader.offer(game, seat, gain)
            if offer is not None:
                return offer
        return best

    def _go_on(self, done: int, deadline: float) -> bool:
        """Whether to search on after ``done`` iterations: up to the iteration budget unless the guard has
        passed (the clock is read only with a guard), else until the deadline, at least once."""
        if self.iterations:
            return done < self.iterations and not (self.guard_ms and done and time.perf_counter() >= deadline)
        return done == 0 or time.perf_counter() < deadline

    def _candidates(self, node: Node, game: Game, seat: int, chains: Chains) -> list[Action]:
        """The actions searched from ``node``: once per node, the ``width`` best by the value bot's
        look-ahead for ``seat``, with ``chains``."""
        if node.candidates is None:
            node.candidates = ranked(game, seat, self.value, chains)[: self.width] or list(game.legal_actions()[:1])
        return node.candidates

    def _iterate(self, root: Node, game: Game, seat: int) -> None:
        """One iteration for ``seat``: down the tree of its own moves (the others' by the policy), one node
        added, a playout, the reward backed up."""
        node, path = root, [root]
        chains = knowledge_for(game).chains
        while not game.is_over:
            mover = game.to_act
            assert mover is not None
            if mover != seat:
                game.apply(self.policy.decide(game, mover))
                chains = NO_CHAINS
                continue
            legal = game.legal_actions()
            options = [a for a in self._candidates(node, game, seat, chains) if a in legal]
            if not options:  # none of this node's candidates is legal in this determinization
                options = self._candidates(Node(), game, seat, chains)
            untried = [a for a in options if a not in node.children]
            if untried:
                action = untried[0]  # the best first, by the look-ahead
                child = node.children[action] = Node()
                child.avail = 1
                game.apply(action)
                path.append(child)
                break
            for a in options:
                node.children[a].avail += 1
            action = max(options, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            game.apply(action)
            path.append(node)
        for _ in range(self.depth):
            mover = game.to_act
            if mover is None:
                break
            game.apply(self.policy.decide(game, mover))
        reward = self.reward(game, seat)
        for n in path:
            n.visits += 1
            n.reward += reward

    def _ucb(self, child: Node) -> float:
        """UCB1 with the child's availability in place of its parent's visits (ISMCTS)."""
        if not child.visits:
            return float("inf")
        return child.reward / child.visits + self.c * math.sqrt(math.log(max(1, child.avail)) / child.visits)

    def reward(self, game: Game, seat: int) -> float:
        """The seat's reward at a playout's end: 1 for its win, 0 for another's, else its share of
        ``exp(value / temperature)`` (public: a benchmark scores its own look-ahead's ends the same way)."""
        if game.is_over:
            return 1.0 if game.winner == seat else 0.0
        if self.learned:  # a chance to win already
            return self.value(game, seat)
        values = [self.value(game, p) / self.temperature for p in range(game.num_players)]
        top = max(values)
        weights = [math.exp(v - top) for v in values]
        return weights[seat] / sum(weights)


register_bot("mcts", MctsBot)
