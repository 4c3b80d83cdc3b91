"""Where the ``value`` bot's strength in base comes from: ``value`` against three ``greedy`` with ``greedy``'s
choice in one group of phases (docs/bots.md, "Weights searched by win rate"), or with other weights in the
founding only.

A phase group's figure below plain ``value``'s is what ``value``'s own choice there is worth. Seats rotated,
the same seeds for every row.

    .venv-compiled/bin/python bench/value_phases.py --games 2000 --seed 1 --workers 2
    .venv-compiled/bin/python bench/value_phases.py --games 4000 --founding-weights a.toml --founding-weights b.toml
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from siedler.bots import GreedyBot, ValueBot
from siedler.bots.base import Bot
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


class PhaseBot:
    """``value``, with ``greedy`` deciding in the phase group ``greedy`` names, or ``value`` with the
    learned-weights file ``founding`` deciding the founding. The bare bots: ``make_bot`` hands this one a
    determinized copy already."""

    def __init__(self, seed: int = 0, greedy: str = "", founding: str = "") -> None:
        self.value = ValueBot(seed)
        self.phases = GROUPS[greedy] if greedy else GROUPS["founding"]
        self.other: Bot = GreedyBot(seed) if greedy else ValueBot(seed, weights=founding)

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
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))  # the workers import PhaseBot from this file by name
    rows = [("value", "value")]
    if args.founding_weights:
        rows += [(f"founding by {p}", f"value_phases:PhaseBot:founding={p.resolve()}") for p in args.founding_weights]
    else:
        rows += [(f"greedy in {group}", f"value_phases:PhaseBot:greedy={group}") for group in GROUPS]
    for label, spec in rows:
        print(f"{label}: {100 * win_rate(spec, args.games, args.seed, args.workers):.1f}%", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
