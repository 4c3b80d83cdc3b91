"""Where the ``value`` bot's strength in base comes from: ``value`` against three ``greedy`` with ``greedy``'s
choice in one group of phases (docs/bots.md, "Weights searched by win rate"), or with other weights in the
founding only, or with Hard's search (``mcts``) deciding the founding only.

A phase group's figure below plain ``value``'s is what ``value``'s own choice there is worth. Seats rotated,
the same seeds for every row.

    .venv-compiled/bin/python bench/value_phases.py --games 2000 --seed 1 --workers 2
    .venv-compiled/bin/python bench/value_phases.py --games 4000 --founding-weights a.toml --founding-weights b.toml
    .venv-compiled/bin/python bench/value_phases.py --games 2000 --seed 2 --founding-search 600 --search-depth 12
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from siedler.bots import LEVELS, GreedyBot, MctsBot, ValueBot
from siedler.bots.base import Bot, parse_parameters
from siedler.core.actions import Action
from siedler.core.game import Game
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


class PhaseBot:
    """``value``, with ``greedy`` deciding in the phase group ``greedy`` names, or deciding the founding:
    ``mcts`` with ``search`` iterations (and its ``depth`` and ``width``), or ``value`` with the
    learned-weights file ``founding``. The bare bots: ``make_bot`` hands this one a determinized copy
    already."""

    def __init__(
        self, seed: int = 0, greedy: str = "", founding: str = "", search: int = 0, depth: int = 12, width: int = 5
    ) -> None:
        self.value = ValueBot(seed)
        self.phases = GROUPS[greedy] if greedy else GROUPS["founding"]
        self.other: Bot
        if greedy:
            self.other = GreedyBot(seed)
        elif search:
            self.other = MctsBot(seed, iterations=search, guard_ms=GUARD_MS, depth=depth, width=width)
        else:
            self.other = ValueBot(seed, weights=founding)

    def decide(self, game: Game, seat: int) -> Action:
        bot = self.other if getattr(game, "phase", None) in self.phases else self.value
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
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))  # the workers import PhaseBot from this file by name
    rows = [("value", "value")]
    if args.founding_search:
        for depth in args.search_depth or [12]:
            params = f"search={args.founding_search},depth={depth},width={args.search_width}"
            rows.append((f"mcts ({params}) in the founding", f"value_phases:PhaseBot:{params}"))
    elif args.founding_weights:
        rows += [(f"founding by {p}", f"value_phases:PhaseBot:founding={p.resolve()}") for p in args.founding_weights]
    else:
        rows += [(f"greedy in {group}", f"value_phases:PhaseBot:greedy={group}") for group in GROUPS]
    for label, spec in rows:
        print(f"{label}: {100 * win_rate(spec, args.games, args.seed, args.workers):.1f}%", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
