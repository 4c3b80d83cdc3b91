"""Statistics of a simulation run: win rates with Wilson intervals, game lengths, throughput.

The Wilson score interval is used rather than the normal approximation because win rates near 0 or 1
and small runs are common for variant designers, where the normal interval leaves [0, 1] or collapses.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .runner import GameResult

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (``(0, 1)`` when there are none)."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    # At 0 or all successes the bound is exactly 0 or 1; rounding would otherwise leave 1e-17 beside it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class WinRate:
    """Wins of one seat or one bot; ``share`` is the rate it would have if all seats were equal."""

    label: str
    wins: int
    games: int
    rate: float
    low: float
    high: float
    share: float

    @classmethod
    def of(cls, label: str, wins: int, games: int, share: float) -> WinRate:
        low, high = wilson_interval(wins, games)
        return cls(label, wins, games, wins / games if games else 0.0, low, high, share)


@dataclass(frozen=True)
class Spread:
    mean: float | None
    median: float | None
    minimum: int | None
    maximum: int | None

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        if not values:
            return cls(None, None, None, None)
        return cls(statistics.fmean(values), float(statistics.median(values)), min(values), max(values))


@dataclass(frozen=True)
class Summary:
    games: int
    seats: tuple[WinRate, ...]
    bots: tuple[WinRate, ...]
    wins: int
    no_winner: int
    aborted: int
    turns: Spread
    actions: Spread
    elapsed: float
    games_per_second: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def summarize(results: Iterable[GameResult], seats: Sequence[str], elapsed: float, rotate: bool = False) -> Summary:
    """Aggregate game results; ``seats`` is the run's seat list (bot specs), ``elapsed`` its wall time."""
    results = list(results)
    n = len(results)
    players = len(seats)
    seat_wins = [0] * players
    bot_wins: dict[str, int] = dict.fromkeys(seats, 0)
    outcomes = {"win": 0, "no_winner": 0, "aborted": 0}
    turns: list[int] = []
    actions: list[int] = []
    for r in results:
        outcomes[r["outcome"]] += 1
        if r["winner"] is not None:
            seat_wins[r["winner"]] += 1
            bot_wins[r["winner_bot"]] = bot_wins.get(r["winner_bot"], 0) + 1
        if r["turns"] is not None:
            turns.append(r["turns"])
        actions.append(r["actions"])
    seat_rates = tuple(
        WinRate.of(f"seat {p}" if rotate else f"seat {p} ({seats[p]})", seat_wins[p], n, 1 / players)
        for p in range(players)
    )
    bot_rates = tuple(WinRate.of(bot, wins, n, seats.count(bot) / players) for bot, wins in bot_wins.items())
    return Summary(
        games=n,
        seats=seat_rates,
        bots=bot_rates,
        wins=outcomes["win"],
        no_winner=outcomes["no_winner"],
        aborted=outcomes["aborted"],
        turns=Spread.of(turns),
        actions=Spread.of(actions),
        elapsed=elapsed,
        games_per_second=n / elapsed if elapsed > 0 else math.inf,
    )
