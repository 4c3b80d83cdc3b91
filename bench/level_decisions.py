"""Decision time of each rule set's Hard level (or any bot spec): median and p99 over positions with a
choice, drawn from greedy games (every ``--every``-th decision with two or more legal actions, any seat).
Faster than ``bot_decisions.py``, which plays whole games with the bot; used to pick Hard's iterations so
that a decision takes at most a second on one core (docs/bots.md, "Levels"). Times are the process's CPU
time (``time.process_time``): the work on one core, which a machine shared with other processes does not
inflate as it does the wall clock (printed beside it).

    PYTHONPATH=src .venv/bin/python bench/level_decisions.py --ruleset base --positions 40
    PYTHONPATH=src .venv/bin/python bench/level_decisions.py --ruleset base --bot mcts:iterations=600
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator

import siedler
from siedler.bots import levels_for, make_bot
from siedler.core.game import Game
from siedler.core.registry import get_ruleset


def positions(ruleset: str, players: int, every: int) -> Iterator[tuple[Game, int, int]]:
    """Positions with a choice from greedy games, seed after seed: the game, the seat to act, the seed."""
    seed = 0
    while True:
        game = siedler.new_game(ruleset, players=players, seed=seed, log=False)
        bots = [make_bot("greedy", seed * 10 + p) for p in range(players)]
        choices = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            if len(game.legal_actions()) > 1:
                choices += 1
                if choices % every == 0:
                    yield game.copy(), seat, seed
            game.apply(bots[seat].decide(game, seat))
        seed += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--bot", default="", help="a bot spec (default: the rule set's Hard level)")
    parser.add_argument("--players", type=int, default=0, help="default: the rule set's most")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args()
    spec = args.bot or levels_for(args.ruleset)["hard"]
    players = args.players or get_ruleset(args.ruleset).max_players
    cpu: list[float] = []
    wall: list[float] = []
    for game, seat, seed in positions(args.ruleset, players, args.every):
        bot = make_bot(spec, seed)
        began, began_wall = time.process_time(), time.perf_counter()
        bot.decide(game, seat)
        cpu.append((time.process_time() - began) * 1000)
        wall.append((time.perf_counter() - began_wall) * 1000)
        if len(cpu) == args.positions:
            break
    print(f"{spec} in {args.ruleset}, {len(cpu)} decisions: {_figures('CPU', cpu)}; {_figures('wall', wall)}")
    return 0


def _figures(what: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{what} median {statistics.median(ordered):.1f} ms, p99 {p99:.0f} ms"


if __name__ == "__main__":
    raise SystemExit(main())
