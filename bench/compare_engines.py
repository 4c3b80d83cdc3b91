"""Random 4-player base games per second of CPU time: fastcatan, siedler's loops and Catanatron, in one run.

Usage (from the repository root; the compiled build is the one to quote):

    .venv-compiled/bin/python bench/compare_engines.py [--seconds 4] [--rounds 2] [--json]

The loops, each in a process of its own (started afresh for every round, so no loop inherits another's
heap), taking turns round by round so that the machine's changing load touches all alike:

- fastcatan (PyPI, a C++ core): ``env.legal_actions()`` with the player offers left out (their compose,
  open, answer and cancel actions), ``random.choice``, ``env.step``, in a Python loop;
- siedler's compiled driver: ``siedler.sim.bench.play_random`` on ``new_game(..., log=False)``;
- siedler's public API, the loop a user writes: ``while not g.is_over: g.apply(rng.choice(g.legal_actions()))``,
  with ``log=False`` and with ``new_game``'s defaults (the log kept);
- Catanatron: ``Game([RandomPlayer] * 4).play()``.

siedler plays with player offers off (``max_offers=0``), as neither other engine's random players make any.
Each process plays one warm-up game, then whole games until ``--seconds`` of its own CPU time have passed;
nothing is frozen out of the garbage collector (the loops as a user runs them). The figure of a round is
games / CPU seconds; the table gives each loop's range over the rounds and its median's ratio to
Catanatron's, with the machine and its load average before and after.

Neither fastcatan nor Catanatron is a dependency of siedler: the script makes throwaway virtualenvs for them
(git-ignored, under ``bench/``) on first use and installs them with pip: fastcatan into
``bench/.fastcatan-venv`` with Python 3.12 or newer (its wheels need it; ``--fastcatan-python`` names the
interpreter), Catanatron into ``bench/.catanatron-venv`` (the one ``compare_catanatron.py`` uses). siedler
runs with the interpreter that runs the script, as it is installed there.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FASTCATAN_VENV = HERE / ".fastcatan-venv"
CATANATRON_VENV = HERE / ".catanatron-venv"

#: Plays games until SECONDS of CPU time have passed; the loop's own part (``setup``) defines ``play(seed)``.
TIMER = r"""
import json, random, sys, time
seconds = float(sys.argv[1])
{setup}
play(0)  # warm-up
games, start = 0, time.process_time()
while time.process_time() - start < seconds:
    games += 1
    play(games)
print(json.dumps({{"games": games, "cpu": time.process_time() - start, "version": VERSION}}))
"""

FASTCATAN = r"""
from importlib.metadata import version
import fastcatan
from fastcatan import action as A
VERSION = "fastcatan " + version("fastcatan")
env, rng = fastcatan.Env(), random.Random(1)
low, high = A.TRADE_ADD_GIVE_BASE, A.TRADE_CANCEL  # the player offers' actions, left out
def play(seed):
    env.reset(seed)
    while not env.done:
        env.step(rng.choice([a for a in env.legal_actions() if not low <= a <= high]))
"""

SIEDLER_DRIVER = r"""
from siedler import __version__
from siedler.build import build_info
from siedler.core.registry import new_game
from siedler.sim.bench import NO_OFFERS, play_random
VERSION = f"siedler {__version__} ({build_info()})"
rng = random.Random(1)
def play(seed):
    play_random(new_game("base", players=4, seed=seed, options=NO_OFFERS, log=False), rng)
"""

#: ``LOG``: the keyword given to ``new_game`` after the options (none: its defaults).
SIEDLER_API = r"""
import siedler
from siedler.build import build_info
VERSION = f"siedler {siedler.__version__} ({build_info()})"
rng = random.Random(1)
def play(seed):
    g = siedler.new_game("base", players=4, seed=seed, options={"max_offers": 0}LOG)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
"""

CATANATRON = r"""
from importlib.metadata import version
from catanatron import Color, Game, RandomPlayer
VERSION = "catanatron " + version("catanatron")
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
def play(seed):
    Game([RandomPlayer(c) for c in colors], seed=seed).play()
"""


def _venv(path: Path, package: str, python: str | None = None) -> Path:
    """The throwaway virtualenv's interpreter with ``package`` installed (made and installed once)."""
    interpreter = path / "bin" / "python"
    if not interpreter.exists():
        print(f"creating {path.relative_to(HERE.parent)} ...", file=sys.stderr)
        if python is None:
            venv.create(path, with_pip=True, clear=True)
        else:
            subprocess.run([python, "-m", "venv", "--clear", str(path)], check=True)
        (path / ".gitignore").write_text("*\n")
    module = package.split("==")[0].replace("-", "_")
    if subprocess.run([interpreter, "-c", f"import {module}"], capture_output=True).returncode != 0:
        print(f"installing {package} into {path.relative_to(HERE.parent)} ...", file=sys.stderr)
        pip = [interpreter, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", package]
        subprocess.run(pip, check=True)
    return interpreter


def _python312() -> str:
    """An interpreter of Python 3.12 or newer for fastcatan's wheels: this one, or one on the path."""
    if sys.version_info >= (3, 12):
        return sys.executable
    for name in ("python3.13", "python3.12"):
        found = shutil.which(name)
        probe = [found, "-c", "import sys; assert sys.version_info >= (3, 12)"] if found else None
        if probe and subprocess.run(probe, capture_output=True).returncode == 0:
            return found
    raise SystemExit("fastcatan needs Python 3.12 or newer: name one with --fastcatan-python")


def _run(python: Path | str, loop: str, seconds: float) -> dict[str, Any]:
    program = TIMER.format(setup=loop)
    out = subprocess.run([python, "-c", program, str(seconds)], check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def measure(seconds: float, rounds: int, fastcatan_python: str | None) -> dict[str, Any]:
    loops: dict[str, tuple[Path | str, str]] = {
        "fastcatan: legal_actions() without offers, random.choice, step": (
            _venv(FASTCATAN_VENV, "fastcatan", fastcatan_python or _python312()),
            FASTCATAN,
        ),
        "siedler play_random (compiled driver, log=False)": (sys.executable, SIEDLER_DRIVER),
        "siedler public API loop, log=False": (sys.executable, SIEDLER_API.replace("LOG", ", log=False")),
        "siedler public API loop, new_game's defaults": (sys.executable, SIEDLER_API.replace("LOG", "")),
        "catanatron Game([RandomPlayer] * 4).play()": (_venv(CATANATRON_VENV, "catanatron"), CATANATRON),
    }
    load_before = os.getloadavg()
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in loops}
    for _ in range(rounds):
        for name, (python, loop) in loops.items():
            runs[name].append(_run(python, loop, seconds))
    rates = {name: [r["games"] / r["cpu"] for r in rs] for name, rs in runs.items()}
    reference = statistics.median(rates["catanatron Game([RandomPlayer] * 4).play()"])
    fast = statistics.median(rates["fastcatan: legal_actions() without offers, random.choice, step"])
    return {
        "machine": _machine(),
        "python": platform.python_version(),
        "load_before": load_before,
        "load_after": os.getloadavg(),
        "seconds": seconds,
        "rounds": rounds,
        "loops": {
            name: {
                "version": runs[name][0]["version"],
                "games_per_s": rs,
                "median": statistics.median(rs),
                "vs_catanatron": statistics.median(rs) / reference,
                "vs_fastcatan": statistics.median(rs) / fast,
            }
            for name, rs in rates.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per loop and round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--fastcatan-python", help="a Python 3.12+ interpreter for fastcatan's virtualenv")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.seconds, args.rounds, args.fastcatan_python)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    load = ", ".join(f"{x:.1f}" for x in (*result["load_before"], *result["load_after"]))
    print(f"machine: {result['machine']}; Python {result['python']} (siedler)")
    rounds = f"{result['rounds']} interleaved rounds of {result['seconds']:g} CPU s each"
    print(f"{rounds}; load average before, after: {load}")
    print()
    print("| loop | build | games/s | vs Catanatron | vs fastcatan |")
    print("| --- | --- | --- | --- | --- |")
    for name, row in result["loops"].items():
        low, high = min(row["games_per_s"]), max(row["games_per_s"])
        print(
            f"| {name} | {row['version']} | {low:.1f}-{high:.1f} | {row['vs_catanatron']:.1f}x "
            f"| {row['vs_fastcatan']:.2f}x |"
        )


if __name__ == "__main__":
    main()
