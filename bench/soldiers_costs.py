"""The cost study of Soldaten & Armeen (issue 13): are the default prices of units, walls and the nuke such
that no purchase is useless or dominant?

Plays ``--games`` 4-player games of ``greedy`` bots (``siedler.games.soldiers_and_armies.bot``, which buys what it can
spare, drawn at random among the kinds it can pay for) with the simulator's seeds and loop, counts each
seat's purchases from the finished game (``siedler.games.soldiers_and_armies.stats.purchases``) and prints,
per purchase, how many player-games bought it, how many were bought, and the win rate of the players who
bought it against those who did not (a 95% Wilson interval each). Games are split over ``--workers``
processes; results do not depend on the split.

    .venv-compiled/bin/python bench/soldiers_costs.py --games 2000 --workers 2 --seed 1
    .venv-compiled/bin/python bench/soldiers_costs.py --games 2000 --options '{"army_costs": {"nuke": {"ore": 5}}}'
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections.abc import Iterable
from typing import Any

from siedler.bots import make_bot
from siedler.core.registry import new_game
from siedler.games.soldiers_and_armies.stats import PURCHASED, purchases
from siedler.sim.loop import play_out
from siedler.sim.runner import bot_seed, game_seed
from siedler.sim.stats import wilson_interval

RULESET = "soldiers-and-armies"
PLAYERS = 4
MAX_ACTIONS = 100_000


def play(job: tuple[int, int, dict[str, Any]]) -> dict[str, Any]:
    """Game ``index`` of the run: its winner, turns and every seat's purchases."""
    seed, index, options = job
    g_seed = game_seed(seed, index)
    game = new_game(RULESET, players=PLAYERS, seed=g_seed, options=options, log=False)
    bots = [make_bot("greedy", bot_seed(g_seed, p)) for p in range(PLAYERS)]
    stopped = play_out(game, bots, MAX_ACTIONS)
    if stopped is not None:
        raise RuntimeError(f"game {index}: seat {stopped[0]}: {stopped[1]}")
    return {"winner": game.winner, "turns": getattr(game, "turn", 0), "purchases": purchases(game)}


def table(results: Iterable[dict[str, Any]]) -> list[str]:
    rows = list(results)
    seats = [(r["winner"] == p, r["purchases"][p]) for r in rows for p in range(PLAYERS)]
    lines = [
        "| purchase | player-games buying | bought (mean per buyer) | win rate, buyers | win rate, others |",
        "| --- | --- | --- | --- | --- |",
    ]
    for kind in PURCHASED:
        buyers = [(won, n[kind]) for won, n in seats if n[kind]]
        others = [won for won, n in seats if not n[kind]]
        bought = sum(n for _, n in buyers)
        b_wins, o_wins = sum(w for w, _ in buyers), sum(others)
        b_lo, b_hi = wilson_interval(b_wins, len(buyers))
        o_lo, o_hi = wilson_interval(o_wins, len(others))
        lines.append(
            f"| {kind.removeprefix('recruited_')} | {len(buyers)} of {len(seats)} ({len(buyers) / len(seats):.0%}) "
            f"| {bought} ({bought / max(1, len(buyers)):.1f}) "
            f"| {b_wins / max(1, len(buyers)):.1%} ({b_lo:.1%}-{b_hi:.1%}) "
            f"| {o_wins / max(1, len(others)):.1%} ({o_lo:.1%}-{o_hi:.1%}) |"
        )
    won = sum(r["winner"] is not None for r in rows)
    turns = sum(r["turns"] for r in rows) / max(1, len(rows))
    lines.append(f"\n{len(rows)} games, {won} won (the rest hit the turn limit), {turns:.1f} turns on average.")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help="the rule set's options as JSON (army_costs...)")
    args = parser.parse_args()
    options = json.loads(args.options)
    jobs = [(args.seed, i, options) for i in range(args.games)]
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context().Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=8)
    else:
        results = [play(job) for job in jobs]
    print("\n".join(table(results)))
    print(f"({time.perf_counter() - start:.0f} s, {args.workers} workers)")


if __name__ == "__main__":
    main()
