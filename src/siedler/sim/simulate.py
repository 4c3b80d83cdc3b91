"""One call for scripts: run the games, keep the results, summarize them."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .config import SimConfig
from .runner import GameResult, run_games
from .stats import Summary, summarize


@dataclass(frozen=True)
class SimulationRun:
    config: SimConfig
    results: tuple[GameResult, ...]
    summary: Summary


def simulate(
    config: SimConfig, workers: int = 1, on_result: Callable[[GameResult], None] | None = None, freeze_gc: bool = False
) -> SimulationRun:
    """Play ``config.games`` games and summarize them (results in game order, whatever ``workers`` is)."""
    config = config.checked()
    start = time.perf_counter()
    results = tuple(run_games(config, workers, on_result, freeze_gc))
    elapsed = time.perf_counter() - start
    return SimulationRun(config, results, summarize(results, config.seats, elapsed, config.rotate))
