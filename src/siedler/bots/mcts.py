"""The MCTS bot: information-set Monte Carlo tree search over determinizations (single-observer ISMCTS).

Each iteration deals a new determinization of the position (``game.determinize`` with the bot's own
generator), walks one shared tree by UCB, counting each child's availability (a child is a candidate only
in the determinizations where its action is legal), adds one node, plays on with a cheap policy (the
greedy bot's strategy, bare: it plays on a determinized copy already) for ``depth`` actions, and backs up a
reward per seat: 1 for the winner, else each seat's share of ``exp(value / temperature)``, the value
being ``evaluate`` (the value bot's evaluation). The answer is the root's most visited action.

Only the engine's API is used in the search (``determinize``, ``legal_actions``, ``apply``, ``to_act``,
``is_over``, ``winner``, the action's kind ``action[0]``): no rule set is named here. Where a node has many
actions of one kind (a Catan main phase lists hundreds of trade offers), at most ``per_kind`` of each kind,
drawn at random once per node, are searched. Trades with other players are decided outside the search, as
the value bot decides them: the search leaves out the kinds that logic decides
(``trade_catan.DECIDED_KINDS``).

Budget: ``mcts:iterations=200`` (reproducible with the bot's seed) or ``mcts:ms=500`` (wall clock).
"""

from __future__ import annotations

import math
import random as _random
import time

from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan import CatanGame

from . import trade_catan
from .base import register_bot
from .evaluate import evaluate
from .greedy import GreedyBot
from .value import look_ahead


class Node:
    __slots__ = ("avail", "candidates", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        #: The seat whose action led here: rewards are counted for it.
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Action, Node] = {}
        #: Actions searched from here, per action: drawn once, so that the kinds with many stay few.
        self.candidates: set[Action] | None = None


class MctsBot:
    def __init__(
        self,
        seed: int = 0,
        ms: float = 0,
        iterations: int = 0,
        depth: int = 12,
        c: float = 0.7,
        per_kind: int = 4,
        temperature: float = 400.0,
    ) -> None:
        if ms < 0 or iterations < 0 or depth < 0 or per_kind < 1 or temperature <= 0:
            raise ValueError("ms, iterations and depth must be 0 or more, per_kind and temperature positive")
        self.rng = _random.Random(seed)
        self.ms = ms if ms or iterations else 500.0
        self.iterations = iterations
        self.depth, self.c, self.per_kind, self.temperature = depth, c, per_kind, temperature
        self.policy = GreedyBot(seed)

    def decide(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if isinstance(game, CatanGame):
            answer = trade_catan.answer(game, seat)
            if answer is not None:
                return answer
        root = Node(seat)
        deadline = time.perf_counter() + self.ms / 1000
        done = 0
        while (done < self.iterations) if self.iterations else (done == 0 or time.perf_counter() < deadline):
            self._iterate(root, game.determinize(seat, self.rng))
            done += 1
        best = max(root.children.items(), key=lambda item: item[1].visits)[0]
        if isinstance(game, CatanGame):
            _, gain = look_ahead(game, seat, self.rng)
            offer = trade_catan.offer(game, seat, gain)
            if offer is not None:
                return offer
        return best

    def _candidates(self, node: Node, legal: tuple[Action, ...]) -> set[Action]:
        if node.candidates is None:
            by_kind: dict[str, list[Action]] = {}
            for a in legal:
                by_kind.setdefault(a[0], []).append(a)
            chosen: set[Action] = set()
            for actions in by_kind.values():
                chosen.update(actions if len(actions) <= self.per_kind else self.rng.sample(actions, self.per_kind))
            node.candidates = chosen
        return node.candidates

    def _iterate(self, root: Node, game: Game) -> None:
        node, path = root, [root]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            candidates = self._candidates(node, legal)
            options = [a for a in legal if a in candidates and a[0] not in trade_catan.DECIDED_KINDS] or list(legal)
            untried = [a for a in options if a not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = node.children[action] = Node(seat)
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
            seat = game.to_act
            if seat is None:
                break
            game.apply(self.policy.decide(game, seat))
        rewards = self._rewards(game)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.mover]

    def _ucb(self, child: Node) -> float:
        """UCB1 with the child's availability in place of its parent's visits (ISMCTS)."""
        if not child.visits:
            return float("inf")
        return child.reward / child.visits + self.c * math.sqrt(math.log(max(1, child.avail)) / child.visits)

    def _rewards(self, game: Game) -> list[float]:
        n = game.num_players
        if game.is_over:
            return [1.0 if game.winner == p else 0.0 for p in range(n)]
        values = [evaluate(game, p) / self.temperature for p in range(n)]
        top = max(values)
        weights = [math.exp(v - top) for v in values]
        total = sum(weights)
        return [w / total for w in weights]


register_bot("mcts", MctsBot)
