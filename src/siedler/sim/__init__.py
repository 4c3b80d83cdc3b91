"""The simulator: many bot games with reproducible seeds, their statistics, and the engine benchmark.

>>> from siedler.sim import SimConfig, simulate
>>> run = simulate(SimConfig("base", ("greedy", "random", "random"), games=20, seed=1))
>>> run.summary.bots[0].rate            # greedy's share of wins, with run.summary.bots[0].low/high
"""

from .config import SimConfig, check_options, parse_options, parse_seats
from .runner import GameResult, SimulationError, bot_seed, game_seed, play_game, run_games
from .simulate import SimulationRun, simulate
from .stats import Spread, Summary, WinRate, summarize, wilson_interval

__all__ = [
    "GameResult",
    "SimConfig",
    "SimulationError",
    "SimulationRun",
    "Spread",
    "Summary",
    "WinRate",
    "bot_seed",
    "check_options",
    "game_seed",
    "parse_options",
    "parse_seats",
    "play_game",
    "run_games",
    "simulate",
    "summarize",
    "wilson_interval",
]
