"""Where the ``value`` bot's strength in base comes from: ``value`` against three ``greedy`` with ``greedy``'s
choice in one group of phases (docs/bots.md, "Weights searched by win rate"), or with other weights in the
founding only, or with Hard's search (``mcts``) deciding the founding only, or with an exact look-ahead to
the founding's end deciding it (``FoundingLookAhead``), and with a look-ahead over its own turn in the main
phase (``value:turn=N``, ``siedler.bots.value.planned``).

A phase group's figure below plain ``value``'s is what ``value``'s own choice there is worth. Seats rotated,
the same seeds for every row.

    .venv-compiled/bin/python bench/value_phases.py --games 2000 --seed 1 --workers 2
    .venv-compiled/bin/python bench/value_phases.py --games 4000 --founding-weights a.toml --founding-weights b.toml
    .venv-compiled/bin/python bench/value_phases.py --games 2000 --seed 2 --founding-search 600 --search-depth 12
    .venv-compiled/bin/python bench/value_phases.py --games 400 --seed 1 --founding-search 600 --turn-look-ahead 5
    .venv-compiled/bin/python bench/value_phases.py --games 4000 --seed 2 --founding-look-ahead 8 --look-ahead-roads 3
    .venv-compiled/bin/python bench/value_phases.py --games 4000 --seed 2 --founding-look-ahead 8 --turn-look-ahead 5
    .venv-compiled/bin/python bench/value_phases.py --games 2000 --seed 2 --founding-look-ahead 8 --turn-look-ahead 5 \
        --main-set development=30 --main-set knight=40
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from siedler.bots import LEVELS, GreedyBot, MctsBot, ValueBot
from siedler.bots.base import Bot, parse_parameters
from siedler.bots.evaluate import evaluate
from siedler.bots.knowledge import Value, knowledge_for
from siedler.bots.learned import learned_value
from siedler.bots.value import ranked as value_ranked
from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan.bot.value import WEIGHTS
from siedler.games.catan.state import DISCARD, MAIN, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from siedler.sim import SimConfig
from siedler.sim.runner import run_games

#: The phase groups ``greedy`` may be given, by name.
GROUPS = {
    "founding": (SETUP_SETTLEMENT, SETUP_ROAD),
    "main": (MAIN,),
    "robber": (ROBBER,),
    "discard": (DISCARD,),
    "roll": (ROLL,),
}


#: The wall-clock guard of the founding's search: Hard's own (``siedler.bots.levels``), far above its decisions.
GUARD_MS = float(parse_parameters(LEVELS["hard"].partition(":")[2])["guard_ms"])


def ranked(game: Game, seat: int) -> list[Action]:
    """The seat's legal moves best first by ``value``'s look-ahead with the rule set's chains: the order the
    founding's exact look-ahead branches in."""
    return value_ranked(game, seat, evaluate, knowledge_for(game).chains)


#: The hand weights the value keeps out of its sum (a won or lost game is worth ``win`` either way).
NOT_SUMMED = ("win",)


def hand_weights() -> dict[str, float]:
    """The Catan family's hand weights as a learned-weights table (``siedler.bots.learned``): those summed."""
    return {name: float(w) for name, w in WEIGHTS["catan"].items() if name not in NOT_SUMMED}


def changed(weights: Mapping[str, float], changes: Iterable[str], flag: str) -> dict[str, float]:
    """``weights`` with each ``name=number`` of ``changes``; a name they lack stops the run, naming ``flag``
    (it would change nothing: the sum reads only the features' weights)."""
    found = dict(weights)
    for change in changes:
        name, _, number = change.partition("=")
        if name not in found:
            raise SystemExit(f"{flag}: the value has no weight {name!r} (it has {', '.join(found)})")
        found[name] = float(number)
    return found


def hand_weights_with(changes: str) -> Value:
    """Base's hand weights with ``changes`` (``name=number/name=number``): whether the main phase's choices
    depend on a weight, asked without a weights file (a bot's parameters are split at commas)."""
    return learned_value("base", changed(hand_weights(), filter(None, changes.split("/")), "--main-set"))


class FoundingLookAhead:
    """The founding decided by looking ahead exactly to its end (``PhaseBot`` asks it only there).

    Against ``greedy`` the founding has no chance in it: nothing is hidden, no die is rolled, and
    ``greedy``'s founding moves are fixed (the richest intersection, the road toward the best one). So
    the others' moves are played as ``greedy`` plays them, each of this seat's settlements branches over
    the ``width`` best by ``value``'s look-ahead and each of its roads over the ``roads`` best, and each
    end of the founding is scored as Hard's search scores a playout's end (``MctsBot.reward``). A few dozen
    ends where the search plays hundreds of playouts: the same choices, if the two win alike.
    """

    def __init__(self, seed: int = 0, width: int = 8, roads: int = 3) -> None:
        self.greedy = GreedyBot(seed)
        self.score = MctsBot(seed).reward
        self.width, self.roads = width, roads

    def decide(self, game: Game, seat: int) -> Action:
        options = self._ranked(game, seat)
        return max(options, key=lambda a: (self._after(game, seat, a), -options.index(a)))

    def _ranked(self, game: Game, seat: int) -> list[Action]:
        """The seat's moves worth trying: the ``width`` best settlements by the look-ahead, or ``roads`` roads."""
        return ranked(game, seat)[: self.width if getattr(game, "phase", None) == SETUP_SETTLEMENT else self.roads]

    def _after(self, game: Game, seat: int, action: Action) -> float:
        """The score of the founding's end after ``action``, the seat's later moves at their best."""
        trial = game.copy()
        trial.apply(action)
        while getattr(trial, "phase", None) in GROUPS["founding"] and not trial.is_over:
            mover = trial.to_act
            assert mover is not None
            if mover != seat:
                trial.apply(self.greedy.decide(trial, mover))
                continue
            options = self._ranked(trial, seat)
            if len(options) > 1:
                return max(self._after(trial, seat, a) for a in options)
            trial.apply(options[0])
        return self.score(trial, seat)


class PhaseBot:
    """``value``, with ``greedy`` deciding in the phase group ``greedy`` names, or deciding the founding:
    ``mcts`` with ``search`` iterations (and its ``depth`` and ``width``), the exact look-ahead over
    ``look_ahead`` settlements and ``roads`` roads, or ``value`` with the learned-weights file
    ``founding``; with ``turn``, the main phase by the look-ahead over ``turn_depth`` moves of the turn,
    ``turn`` at each; with ``main``, every phase after the founding valued by the hand weights changed as
    ``main`` says (``hand_weights_with``; the trader, which decides offers, keeps the hand weights). The
    bare bots: ``make_bot`` hands this one a determinized copy already."""

    def __init__(
        self,
        seed: int = 0,
        greedy: str = "",
        founding: str = "",
        search: int = 0,
        depth: int = 12,
        width: int = 5,
        look_ahead: int = 0,
        roads: int = 3,
        turn: int = 0,
        turn_depth: int = 5,
        main: str = "",
    ) -> None:
        self.main = ValueBot(seed, turn=turn, turn_depth=turn_depth)
        if main:
            self.main.value = hand_weights_with(main)
        self.phases = GROUPS[greedy] if greedy else GROUPS["founding"]
        self.other: Bot
        if greedy:
            self.other = GreedyBot(seed)
        elif search:
            self.other = MctsBot(seed, iterations=search, guard_ms=GUARD_MS, depth=depth, width=width)
        elif look_ahead:
            self.other = FoundingLookAhead(seed, look_ahead, roads)
        else:
            self.other = ValueBot(seed, weights=founding)

    def decide(self, game: Game, seat: int) -> Action:
        bot = self.other if getattr(game, "phase", None) in self.phases else self.main
        return bot.decide(game, seat)


def win_rate(spec: str, games: int, seed: int, workers: int, ruleset: str = "base") -> float:
    """The share of games the bot ``spec`` wins against three ``greedy``, seats rotated (``tune_value.py``'s
    too)."""
    config = SimConfig(ruleset, (spec, "greedy", "greedy", "greedy"), games, seed, rotate=True)
    return sum(1 for r in run_games(config, workers, freeze_gc=True) if r["winner_bot"] == spec) / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--founding-weights", type=Path, action="append", default=[])
    parser.add_argument("--founding-search", type=int, default=0, help="mcts's iterations in the founding")
    parser.add_argument("--search-depth", type=int, action="append", default=[], help="its playouts' length")
    parser.add_argument("--search-width", type=int, default=5, help="its candidates at each node")
    parser.add_argument(
        "--founding-look-ahead", type=int, default=0, help="settlements each founding look-ahead branches over"
    )
    parser.add_argument("--look-ahead-roads", type=int, default=3, help="roads it branches over")
    parser.add_argument("--turn-look-ahead", type=int, default=0, help="moves each main-phase step branches over")
    parser.add_argument("--turn-depth", type=int, default=5, help="moves of one turn it looks ahead")
    parser.add_argument(
        "--main-set", action="append", default=[], metavar="NAME=NUMBER", help="a hand weight after the founding"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))  # the workers import PhaseBot from this file by name
    rows = [("value", "value")]
    turn = f"turn={args.turn_look_ahead},turn_depth={args.turn_depth}" if args.turn_look_ahead else ""
    if args.main_set:
        hand_weights_with("/".join(args.main_set))  # a weight base lacks stops the run before any game
        turn = ",".join(filter(None, (turn, "main=" + "/".join(args.main_set))))
    if turn:
        rows.append((f"value, after the founding with {turn}", f"value_phases:PhaseBot:{turn}"))
    foundings: list[tuple[str, str]] = []  # (label, parameters): a founding's row, and with ``turn`` after it
    if args.founding_search:
        for depth in args.search_depth or [12]:
            params = f"search={args.founding_search},depth={depth},width={args.search_width}"
            foundings.append((f"mcts ({params}) in the founding", params))
    elif args.founding_look_ahead:
        params = f"look_ahead={args.founding_look_ahead},roads={args.look_ahead_roads}"
        foundings.append((f"exact look-ahead ({params}) in the founding", params))
    for label, params in foundings:
        rows.append((label, f"value_phases:PhaseBot:{params}"))
        if turn:
            rows.append((f"the same, and after the founding with {turn}", f"value_phases:PhaseBot:{params},{turn}"))
    if args.founding_weights and not foundings:
        rows += [(f"founding by {p}", f"value_phases:PhaseBot:founding={p.resolve()}") for p in args.founding_weights]
    elif not (foundings or turn):
        rows += [(f"greedy in {group}", f"value_phases:PhaseBot:greedy={group}") for group in GROUPS]
    for label, spec in rows:
        print(f"{label}: {100 * win_rate(spec, args.games, args.seed, args.workers):.1f}%", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
