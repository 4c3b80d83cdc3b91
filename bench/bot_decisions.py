"""Decision time of a bot: median and p99 over the decisions of a few games (issue 15's target for the
value bot: about 10 ms a decision or less). Forced moves (one legal action) are counted too, as a table
waits for them alike; ``--choices-only`` leaves them out. The last line gives the bot's CPU time over all
its decisions and a digest of them: the games follow the same moves exactly when every decision is the
same, so two builds or two commits with equal digests decided alike (issue 28's check of a faster search).

    PYTHONPATH=src .venv/bin/python bench/bot_decisions.py --bot value --ruleset base --games 5
    .venv-compiled/bin/python bench/bot_decisions.py --bot mcts:iterations=200 --games 2 --target-ms 1000
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import siedler
from siedler.bots import make_bot
from siedler.bots.base import split_specs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="value")
    parser.add_argument("--others", default="greedy", help="the bot in the other seats")
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--target-ms", type=float, default=10.0)
    parser.add_argument("--choices-only", action="store_true")
    args = parser.parse_args()
    times: list[float] = []
    cpu, digest = 0.0, hashlib.sha256()
    for seed in range(args.games):
        game = siedler.new_game(args.ruleset, players=args.players, seed=seed, log=False)
        specs = [args.bot, *split_specs(args.others) * args.players][: args.players]
        bots = [make_bot(spec, seed * 10 + p) for p, spec in enumerate(specs)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].decide(game, seat)
            if seat == 0 and (len(game.legal_actions()) > 1 or not args.choices_only):
                times.append((time.perf_counter() - start) * 1000)
                cpu += time.process_time() - start_cpu
                digest.update(f"{action}|".encode())
            game.apply(action)
    times.sort()
    median, p99 = statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{args.bot} in {args.ruleset}: {len(times)} decisions, median {median:.2f} ms, p99 {p99:.2f} ms")
    print(f"CPU {cpu:.3f} s in all, decisions' digest {digest.hexdigest()[:16]}")
    return 0 if median <= args.target_ms else 1


if __name__ == "__main__":
    raise SystemExit(main())
