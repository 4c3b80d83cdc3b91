"""Environment steps per second: siedler's Gymnasium environment (base and Deck Building: one process, its
vector environment of 8 games, Gymnasium's vector over two processes) and Catanatron's (``catanatron-gym``,
2 players against a random bot), in one run.

Usage (from the repository root; the compiled engine is the one to quote, see docs/rl.md):

    .venv-compiled/bin/python bench/rl_steps.py [--seconds 5] [--runs 3] [--json] [--no-catanatron] [--vectors]

A step is one action of the learning seat and then the bots' actions until it acts again, with the
observation encoded and the mask made: what a learner pays per step (the defaults, ``info_view=False``: a learner reads
the observation, not the view, as Catanatron's environment gives none). The learner picks a uniformly random
legal action (from the mask for siedler, from ``get_valid_actions()`` for Catanatron). siedler's base game
needs 3 players (the learner and 2 random bots); Deck Building is 2 players, as Catanatron's environment.
``catanatron-gym`` is not a dependency of siedler: this script makes a throwaway virtualenv
``bench/.catanatron-gym-venv`` (git-ignored) on first use and measures Catanatron there, in a child process.
Figures are wall-clock medians over ``--runs`` runs, taken in turn for every setting, so that the
machine's changing load touches all alike; on a shared machine they are noisy: quote them with the load.
The exit code is 0 when siedler's single-process steps/s reach ``TARGET_RATIO`` times Catanatron's, for
base with trades between players off (``max_offers=0``: the game Catanatron's environment plays, which has
no such trades; the default, with them, is measured beside it) and for Deck Building.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import siedler.envs
from siedler.build import build_info
from siedler.sim.bench import NO_OFFERS

HERE = Path(__file__).resolve().parent
VENV = HERE / ".catanatron-gym-venv"
#: Issue 18's target: at least this many times Catanatron's single-process steps per second.
TARGET_RATIO = 10.0

# Runs inside the Catanatron virtualenv: "SECONDS VECTORIZED" -> one JSON line.
CHILD = r"""
import json, random, sys, time
import gymnasium, catanatron_gym
seconds, vectorized = float(sys.argv[1]), sys.argv[2] == "1"
rng = random.Random(0)
if not vectorized:
    env = gymnasium.make("catanatron_gym:catanatron-v1")
    obs, info = env.reset(seed=0)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, reward, terminated, truncated, info = env.step(rng.choice(env.unwrapped.get_valid_actions()))
        steps += 1
        if terminated or truncated:
            episodes += 1
            obs, info = env.reset()
    elapsed = time.perf_counter() - start
    print(json.dumps({"steps": steps / elapsed, "episodes": episodes / elapsed, "obs_size": len(obs)}))
else:
    envs = gymnasium.vector.AsyncVectorEnv([lambda: gymnasium.make("catanatron_gym:catanatron-v1")] * 2)
    obs, info = envs.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        valid = envs.call("get_valid_actions")
        obs, reward, terminated, truncated, info = envs.step([rng.choice(v) for v in valid])
        steps += 2
    elapsed = time.perf_counter() - start
    envs.close()
    print(json.dumps({"steps": steps / elapsed, "episodes": None, "obs_size": obs.shape[1]}))
"""


def ensure_catanatron() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {VENV.relative_to(HERE.parent)} ...", file=sys.stderr)
        venv.create(VENV, with_pip=True, clear=True)
        (VENV / ".gitignore").write_text("*\n")
        subprocess.run([python, "-m", "pip", "install", "--quiet", "catanatron-gym"], check=True)
    return python


def catanatron(python: Path, seconds: float, vectorized: bool) -> dict[str, Any]:
    out = subprocess.run(
        [python, "-c", CHILD, str(seconds), "1" if vectorized else "0"], check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def pick(mask: Any, rng: random.Random) -> int:
    """A uniformly random legal index: ``random.choice`` as Catanatron's loop (numpy's ``Generator.choice``
    costs more per call than a step of the engine)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))]) if len(legal) else 0  # an empty mask: the game is over


def single(ruleset: str, seconds: float, count: int = 0, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """One environment in this process, for ``seconds`` or, if given, ``count`` steps (``--steps``: a fixed
    work, for ``farm-bench``, which times whole processes). The learner draws from the environment's list of
    its legal actions (``legal_indices()``), as Catanatron's loop draws from ``get_valid_actions()``."""
    env = siedler.envs.make(ruleset, options=options)  # the defaults: no view in the infos
    rng = random.Random(0)
    obs, _ = env.reset(seed=0)
    steps = episodes = 0
    start = time.perf_counter()
    while steps < count if count else time.perf_counter() - start < seconds:
        legal = env.legal_indices()
        obs, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
        if terminated or truncated:
            episodes += 1
            obs, _ = env.reset()
    elapsed = time.perf_counter() - start
    return {"steps": steps / elapsed, "episodes": episodes / elapsed, "obs_size": obs["observation"].size}


def vector_steps(
    ruleset: str, seconds: float, n: int = 8, count: int = 0, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """``siedler.envs.vector(ruleset, n)`` with the single environment's settings, for ``seconds`` or
    ``count`` steps in all (each game's step counts one). Each game's learner draws from its list of legal
    actions, as in ``single``; a game that ended is reset by the next step, which counts, as the vector
    environments' below count it."""
    envs = siedler.envs.vector(ruleset, n, options=options)
    rng = random.Random(0)
    envs.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while steps < count if count else time.perf_counter() - start < seconds:
        actions = [int(legal[rng.randrange(len(legal))]) if len(legal) else 0 for legal in envs.legal_indices()]
        obs, *_ = envs.step(np.array(actions))
        steps += n
    elapsed = time.perf_counter() - start
    return {"steps": steps / elapsed, "episodes": None, "obs_size": obs["observation"].shape[1]}


def _make(ruleset: str) -> Callable[[], gymnasium.Env[Any, Any]]:
    return lambda: siedler.envs.make(ruleset)


def vectorized(ruleset: str, seconds: float, n: int = 2, processes: bool = True) -> dict[str, Any]:
    """``n`` environments in as many processes (``AsyncVectorEnv``) or in this one (``SyncVectorEnv``); a
    finished episode is reset on the next step (Gymnasium's default), which counts as a step here as there."""
    vector = gymnasium.vector.AsyncVectorEnv if processes else gymnasium.vector.SyncVectorEnv
    envs = vector([_make(ruleset)] * n)
    rng = random.Random(0)
    obs, _ = envs.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # A finished episode's mask is empty: its next action is ignored (the reset).
        obs, *_ = envs.step(np.array([pick(mask, rng) for mask in obs["action_mask"]]))
        steps += n
    elapsed = time.perf_counter() - start
    envs.close()
    return {"steps": steps / elapsed, "episodes": None, "obs_size": obs["observation"].shape[1]}


#: The games of ``siedler.envs.vector`` measured against the single environment.
VECTOR = 8
#: Issue 45's target: the vector environment makes this many times the single one's steps per second.
VECTOR_TARGET = 3.0

#: ``--vectors``: the vector environments of docs/rl.md's table, (environments, in processes).
VECTORS = ((1, False), (8, False), (2, True), (4, True), (8, True))


def measure(seconds: float, runs: int, with_catanatron: bool, vectors: bool = False) -> dict[str, Any]:
    settings: dict[str, Callable[[], dict[str, Any]]] = {
        "siedler base, 3 players": lambda: single("base", seconds),
        # Catanatron's environment has no trades between players: this is the same game (as
        # compare_catanatron.py plays it).
        "siedler base, 3 players, offers off": lambda: single("base", seconds, options=NO_OFFERS),
        "siedler deck-building, 2 players": lambda: single("deck-building", seconds),
        # The vector environment, with the settings of the single one above it.
        f"siedler base, 3 players, vector of {VECTOR}": lambda: vector_steps("base", seconds, VECTOR),
        f"siedler deck-building, 2 players, vector of {VECTOR}": lambda: vector_steps("deck-building", seconds, VECTOR),
    }
    for ruleset in ("base", "deck-building"):
        for n, processes in VECTORS if vectors else ((2, True),):
            name = f"siedler {ruleset}, {n} {'processes' if processes else 'in SyncVectorEnv'}"
            settings[name] = lambda r=ruleset, n=n, p=processes: vectorized(r, seconds, n, p)
    if with_catanatron:
        python = ensure_catanatron()
        settings["catanatron-gym, 2 players"] = lambda: catanatron(python, seconds, False)
        settings["catanatron-gym, 2 processes"] = lambda: catanatron(python, seconds, True)
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in settings}
    for _ in range(runs):
        for name, run in settings.items():
            results[name].append(run())
    table = {
        name: {
            "steps_per_s": statistics.median(r["steps"] for r in rs),
            "episodes_per_s": statistics.median(r["episodes"] for r in rs) if rs[0]["episodes"] is not None else None,
            "obs_size": rs[0]["obs_size"],
        }
        for name, rs in results.items()
    }
    out: dict[str, Any] = {"engine": build_info(), "load": os.getloadavg(), "settings": table}
    out["vector_ratio"] = {
        name: table[f"{name}, vector of {VECTOR}"]["steps_per_s"] / table[name]["steps_per_s"]
        for name in ("siedler base, 3 players", "siedler deck-building, 2 players")
    }
    if with_catanatron:
        reference = table["catanatron-gym, 2 players"]["steps_per_s"]
        out["ratio_to_catanatron"] = {
            name: row["steps_per_s"] / reference for name, row in table.items() if name.startswith("siedler")
        }
        out["target_ratio"] = TARGET_RATIO
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-catanatron", action="store_true")
    parser.add_argument("--vectors", action="store_true", help="1 and 8 in SyncVectorEnv, 2, 4 and 8 processes")
    parser.add_argument("--steps", type=int, default=0, help="only: this many steps of --ruleset in one process")
    parser.add_argument("--ruleset", default="base", help="with --steps")
    parser.add_argument("--no-offers", action="store_true", help="with --steps: no trades between players")
    parser.add_argument("--vector", type=int, default=0, help="with --steps: in siedler.envs.vector of this many")
    args = parser.parse_args()
    if args.steps:
        options = NO_OFFERS if args.no_offers else None
        if args.vector:
            rate = vector_steps(args.ruleset, 0.0, args.vector, args.steps, options)["steps"]
        else:
            rate = single(args.ruleset, 0.0, args.steps, options)["steps"]
        print(f"{rate:.0f} steps/s")
        return
    result = measure(args.seconds, args.runs, not args.no_catanatron, args.vectors)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"engine: {result['engine']}; load average at the end: {', '.join(f'{x:.1f}' for x in result['load'])}")
    ratios = result.get("ratio_to_catanatron", {})
    for name, row in result["settings"].items():
        episodes = f"{row['episodes_per_s']:8.1f}" if row["episodes_per_s"] is not None else "       -"
        ratio = f"{ratios[name]:6.1f}x" if name in ratios else ""
        print(f"{name:42} {row['steps_per_s']:9.0f} steps/s {episodes} episodes/s  obs {row['obs_size']:5}  {ratio}")
    for name, ratio in result["vector_ratio"].items():
        verdict = "met" if ratio >= VECTOR_TARGET else "NOT met"
        print(
            f"{name}: the vector of {VECTOR} makes {ratio:.2f}x the single environment's steps/s "
            f"(target {VECTOR_TARGET:.0f}x: {verdict})"
        )
    if ratios:
        # The same game as Catanatron's environment (no trades between players), and Deck Building.
        one_process = [ratios["siedler base, 3 players, offers off"], ratios["siedler deck-building, 2 players"]]
        met = min(one_process) >= TARGET_RATIO
        verdict = "met" if met else "NOT met"
        print(
            f"target: {TARGET_RATIO:.0f}x catanatron-gym's steps/s in one process, base (offers off, the game "
            f"Catanatron's environment plays) and Deck Building: {verdict}"
        )
        sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
