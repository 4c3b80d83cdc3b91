"""Search a Catan-family value's weights by win rate: a coordinate search of the ``value`` bot against three
``greedy``, each candidate played over the same seeds with the seats rotated (docs/bots.md, "Weights
searched by win rate").

Why a search and not the regression of ``siedler learn``: the regression weighs what goes with winning,
the search what a change of weight wins. Starting from the weights of ``--start`` (the package's hand
weights by default, with ``--set name=value`` changes), each weight in turn (``ORDER``) is halved, then doubled; the
first that raises the win rate by more than ``--margin`` is kept and the search moves on to the next weight.
One pass over the weights; the result is a learned-weights file (``value:weights=PATH``,
``mcts:iterations=600,weights=PATH``), to check on other seeds before it replaces the hand weights.

    .venv-compiled/bin/python bench/tune_value.py --games 4000 --seed 2 --workers 2 --out tuned.toml
"""

from __future__ import annotations

import argparse
import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path

from value_phases import changed, hand_weights  # the script beside this one
from value_phases import win_rate as spec_win_rate

from siedler.sim.learn import weights_toml

#: The weights tried, in this order (the run in docs/bots.md); ``victory_point`` stays at 1000, the unit of
#: every other weight and of the search's temperature.
ORDER = (
    "production", "city_production", "harbor", "enemy_production", "threat", "ready", "affordable", "spot",
    "spots", "frontier", "development", "knight", "road_length", "card", "overflow", "free_road", "new_resource",
)  # fmt: skip
#: The factors each weight is tried at, in order.
FACTORS = (0.5, 2.0)


def win_rate(ruleset: str, weights: Mapping[str, float], games: int, seed: int, workers: int) -> float:
    """The share of games ``value`` with ``weights`` wins against three ``greedy``, seats rotated."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "weights.toml"
        path.write_text(weights_toml(ruleset, weights, "a candidate of bench/tune_value.py"), encoding="utf-8")
        return spec_win_rate(f"value:weights={path}", games, seed, workers, ruleset)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--margin", type=float, default=0.012, help="the gain in win rate a change must beat")
    parser.add_argument("--start", type=Path, help="a learned-weights file to start from (default: hand weights)")
    parser.add_argument("--set", action="append", default=[], help="name=value: a starting weight changed")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    start = dict(tomllib.loads(args.start.read_text(encoding="utf-8"))["weights"]) if args.start else hand_weights()
    weights = changed(start, args.set, "--set")
    best = win_rate(args.ruleset, weights, args.games, args.seed, args.workers)
    print(f"start: {100 * best:.2f}%", flush=True)
    for name in ORDER:
        for factor in FACTORS:
            trial = {**weights, name: weights[name] * factor}
            rate = win_rate(args.ruleset, trial, args.games, args.seed, args.workers)
            print(f"{name} x{factor}: {100 * rate:.2f}% (best {100 * best:.2f}%)", flush=True)
            if rate > best + args.margin:
                weights, best = trial, rate
                print(f"  kept: {name} = {weights[name]}", flush=True)
                break
    note = f"bench/tune_value.py --games {args.games} --seed {args.seed}: {100 * best:.2f}% against three greedy"
    args.out.write_text(weights_toml(args.ruleset, weights, note), encoding="utf-8")
    print(note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
