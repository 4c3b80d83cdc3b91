"""Side-by-side speed of siedler and Catanatron on random 4-player base games, in one run.

Usage (from the repository root, with the project's virtualenv):

    .venv/bin/python bench/compare_catanatron.py [--games 20] [--runs 5] [--json]

Catanatron (PyPI ``catanatron``) is not a dependency of siedler: this script creates a throwaway virtualenv
``bench/.catanatron-venv`` (git-ignored) on first use, installs Catanatron there, and measures it in a
child process with that interpreter, while siedler is measured in this process. Both play complete games
with uniformly random players in one process on one core; siedler with player-to-player offers off
(``max_offers=0``), since Catanatron's random players make none. Figures are medians over ``--runs`` runs,
taken alternately for the two engines so that the machine's changing load affects both alike; both count
CPU time, play one warm-up game first and freeze long-lived objects out of the garbage collector.

Targets (issue 2): at least 5x Catanatron in actions per second and in complete games per second, and
siedler's ``copy()`` under 20 microseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VENV = HERE / ".catanatron-venv"
#: The targets for the compiled engine: games/s against Catanatron (issue 28's 20x, up from issue 11's 12x)
#: and fastcatan's published single-game figure (259 random 4-player games/s on one core), copy() and legal
#: actions plus apply (issue 11's).
TARGET_RATIO = 20.0
TARGET_GAMES_PER_SECOND = 259.0
TARGET_COPY_US = 2.0
TARGET_STEP_US = 1.5

# Runs inside the Catanatron virtualenv. "games N SEED": one run of N complete games; "copy SEED": the median
# copy() time on mid-game positions. Mirrors siedler.sim.bench (same game counts, same position sampling).
CHILD = r"""
import json, random, statistics, sys, time
from importlib.metadata import version
from catanatron import Color, Game, RandomPlayer

colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]

def new(s):
    return Game([RandomPlayer(c) for c in colors], seed=s)

if sys.argv[1] == "games":
    import gc
    games, seed = int(sys.argv[2]), int(sys.argv[3])
    new(0).play()  # warm-up outside the timing, as for siedler
    gc.collect()
    gc.freeze()  # long-lived objects out of the collector's sweeps, as for siedler
    lengths, unfinished = [], 0
    start = time.process_time()
    for i in range(games):
        game = new(seed * 100_003 + i + 1)
        unfinished += game.play() is None
        lengths.append(len(game.state.actions))
    elapsed = time.process_time() - start
    print(json.dumps({"version": version("catanatron"), "elapsed": elapsed, "lengths": lengths,
                      "unfinished": unfinished}))
else:
    seed = int(sys.argv[2])
    copies, g = [], 0
    while len(copies) < 60:
        g += 1
        game = new(seed * 7 + g)
        snaps = []
        while game.winning_color() is None and game.state.num_turns < 1000:
            if len(game.state.actions) % 25 == 0:
                snaps.append(game.copy())
            game.play_tick()
        n = len(game.state.actions)
        copies.extend(s for s in snaps if 0.2 * n <= len(s.state.actions) <= 0.8 * n)
    times = []
    for pos in copies[:60]:
        start = time.perf_counter_ns()
        for _ in range(200):
            pos.copy()
        times.append((time.perf_counter_ns() - start) / 200 / 1000)
    print(json.dumps({"copy_us": statistics.median(times)}))
"""


def ensure_catanatron(version: str | None) -> Path:
    """The throwaway virtualenv's interpreter, with Catanatron installed (done once)."""
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {VENV.relative_to(HERE.parent)} ...", file=sys.stderr)
        venv.create(VENV, with_pip=True, clear=True)
        (VENV / ".gitignore").write_text("*\n")
    probe = subprocess.run([python, "-c", "import catanatron"], capture_output=True)
    if probe.returncode != 0:
        spec = f"catanatron=={version}" if version else "catanatron"
        print(f"installing {spec} into the throwaway virtualenv ...", file=sys.stderr)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", spec], check=True)
    return python


def _child(python: Path, *args: object) -> dict[str, Any]:
    out = subprocess.run([python, "-c", CHILD, *map(str, args)], check=True, capture_output=True, text=True)
    return dict(json.loads(out.stdout))


def _siedler_run(games: int, seed: int) -> dict[str, Any]:
    from siedler.core.registry import new_game
    from siedler.sim.bench import NO_OFFERS, play_random

    rng = random.Random(seed)
    lengths, unfinished = [], 0
    start = time.process_time()
    for i in range(games):
        game = new_game("base", players=4, seed=seed * 100_003 + i + 1, options=NO_OFFERS, log=False)
        play_random(game, rng)
        lengths.append(game.num_actions)
        unfinished += game.winner is None
    return {"elapsed": time.process_time() - start, "lengths": lengths, "unfinished": unfinished}


def _summary(runs: list[dict[str, Any]], games: int) -> dict[str, Any]:
    """Medians over runs of games/s and actions/s; the median game length over all games."""
    lengths = [n for r in runs for n in r["lengths"]]
    aps = statistics.median(sum(r["lengths"]) / r["elapsed"] for r in runs)
    return {
        "games_per_second": statistics.median(games / r["elapsed"] for r in runs),
        "actions_per_second": aps,
        "us_per_action": 1e6 / aps,
        "actions_per_game": statistics.median(lengths),
        "unfinished": sum(r["unfinished"] for r in runs),
    }


def measure(python: Path, games: int, runs: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both engines, runs interleaved (Catanatron, siedler, Catanatron...) so that a change in the
    machine's load during the measurement hits both alike."""
    try:
        import siedler  # the installed build (compiled in .venv-compiled); the source tree only without one
    except ImportError:
        sys.path.insert(0, str(HERE.parent / "src"))
    from siedler import __version__
    from siedler.build import build_info
    from siedler.core.registry import new_game
    from siedler.sim.bench import NO_OFFERS, call_costs, midgame_positions, play_random
    from siedler.sim.runner import freeze_long_lived

    play_random(new_game("base", players=4, seed=0, options=NO_OFFERS), random.Random(0))  # warm-up
    freeze_long_lived()  # as the child does for Catanatron
    theirs, ours = [], []
    for run in range(runs):
        theirs.append(_child(python, "games", games, seed + run))
        ours.append(_siedler_run(games, seed + run))
    catanatron = _summary(theirs, games) | {"version": theirs[0]["version"]}
    catanatron |= _child(python, "copy", seed)
    siedler = _summary(ours, games) | {"version": __version__, "build": build_info()}
    costs = call_costs(midgame_positions("base", 4, NO_OFFERS, 60, seed))
    siedler |= {"copy_us": costs.copy_us, "step_us": costs.legal_actions_us + costs.apply_us}
    return siedler, catanatron


def compare(siedler: dict[str, Any], catanatron: dict[str, Any]) -> dict[str, Any]:
    ratios = {
        "games_per_second": siedler["games_per_second"] / catanatron["games_per_second"],
        "actions_per_second": siedler["actions_per_second"] / catanatron["actions_per_second"],
        "copy_speedup": catanatron["copy_us"] / siedler["copy_us"],
    }
    targets = {
        f"games_per_second >= {TARGET_RATIO:g}x catanatron": ratios["games_per_second"] >= TARGET_RATIO,
        f"games_per_second >= {TARGET_GAMES_PER_SECOND:g}": siedler["games_per_second"] >= TARGET_GAMES_PER_SECOND,
        f"copy() <= {TARGET_COPY_US:g} us": siedler["copy_us"] <= TARGET_COPY_US,
        f"legal_actions() + apply() <= {TARGET_STEP_US:g} us": siedler["step_us"] <= TARGET_STEP_US,
    }
    return {"siedler": siedler, "catanatron": catanatron, "ratios": ratios, "targets": targets}


def print_table(result: dict[str, Any], games: int, runs: int) -> None:
    s, c, r = result["siedler"], result["catanatron"], result["ratios"]
    print(
        f"Random 4-player base games, one process, medians of {runs} runs x {games} games "
        f"(siedler {s['version']}, {s['build']}, with max_offers=0; catanatron {c['version']})\n"
    )
    rows = [
        ("complete games / s", "games_per_second", "{:.1f}", f"{r['games_per_second']:.1f}x"),
        ("actions / s", "actions_per_second", "{:,.0f}", f"{r['actions_per_second']:.1f}x"),
        ("us / action", "us_per_action", "{:.1f}", ""),
        ("actions / game (median)", "actions_per_game", "{:.0f}", ""),
        ("games without winner", "unfinished", "{}", ""),
        ("copy() us (median, mid-game)", "copy_us", "{:.2f}", f"{r['copy_speedup']:.0f}x faster"),
    ]
    print(f"{'':32}{'siedler':>14}{'catanatron':>14}{'ratio':>16}")
    for label, key, fmt, ratio in rows:
        print(f"{label:32}{fmt.format(s[key]):>14}{fmt.format(c[key]):>14}{ratio:>16}")
    print(f"{'legal_actions() + apply() us':32}{s['step_us']:>14.2f}   (median, mid-game)")
    print()
    for name, met in result["targets"].items():
        print(f"  target {name}: {'met' if met else 'MISSED'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per run (default 20)")
    parser.add_argument("--runs", type=int, default=5, help="runs; medians are taken over them (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--catanatron-version", default=None, help="pin a Catanatron version")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.runs < 1:
        parser.error("--games and --runs must be at least 1")
    python = ensure_catanatron(args.catanatron_version)
    siedler, catanatron = measure(python, args.games, args.runs, args.seed)
    result = compare(siedler, catanatron)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_table(result, args.games, args.runs)
    return 0 if all(result["targets"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
