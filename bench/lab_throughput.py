"""Throughput of ``siedler experiment`` against ``siedler simulate`` with the same bots and games.

Both play the same games (the same seeds: game ``i`` of the one arm is game ``i`` of the simulation) in
this process, taking turns round by round so that the machine's drift falls on both alike, and the CPU
seconds of each are summed. The experiment's figure includes everything it adds: watching every move,
the rule set's statistics, building rows and writing them as Parquet parts.

    PYTHONPATH=src python bench/lab_throughput.py --games 40 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from siedler.sim import SimConfig, run_games
from siedler.sim.experiment import Arm, Experiment, jobs, run_local
from siedler.sim.results import ResultsStore
from siedler.sim.runner import freeze_long_lived

#: Issue 17's target: an experiment at this share or more of simulate's games per second.
TARGET = 0.9


def simulate_seconds(config: SimConfig) -> float:
    began = time.process_time()
    for _ in run_games(config):
        pass
    return time.process_time() - began


def experiment_seconds(experiment: Experiment, folder: Path) -> float:
    began = time.process_time()
    configs = experiment.configs()
    todo = jobs(experiment, configs, set())
    store = ResultsStore(folder, experiment, todo[0][4], resume=False)
    for row in run_local(todo, configs, 1):
        store.add(row)
    store.flush()
    return time.process_time() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--seats", default="greedy,random,random")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    seats = tuple(args.seats.split(","))
    freeze_long_lived()
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            seed = 1000 + r
            config = SimConfig(args.ruleset, seats, args.games, seed)
            experiment = Experiment("bench", args.ruleset, seats, (Arm("only"),), args.games, seed)
            sim = simulate_seconds(config)
            exp = experiment_seconds(experiment, Path(tmp) / f"r{r}.parquet")
            ratios.append(sim / exp)
            print(f"round {r}: simulate {args.games / sim:.1f} games/s, experiment {args.games / exp:.1f} games/s")
    print(
        f"experiment / simulate games per CPU second: median {statistics.median(ratios):.3f} "
        f"(min {min(ratios):.3f}, max {max(ratios):.3f}) over {len(ratios)} rounds; target {TARGET}"
    )
    return 0 if statistics.median(ratios) >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
