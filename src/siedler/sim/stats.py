"""Statistics of a simulation run: win rates with Wilson intervals, game lengths, throughput; and the
comparisons of an experiment's arms: paired differences with their intervals and p-values.

The Wilson score interval is used rather than the normal approximation because win rates near 0 or 1
and small runs are common for variant designers, where the normal interval leaves [0, 1] or collapses.

Arms of an experiment play the same seeds, so their comparison is paired: a proportion (seat 0 won) is
compared with McNemar's test and the Wald interval for paired proportions (Agresti, *Categorical Data
Analysis*, 10.1), a number (game length) with the paired t-test. Unpaired groups (winners against the other
seats) use Welch's t-test. Student's t distribution is computed here (regularized incomplete beta function)
so that the package needs no SciPy.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from siedler.core.seats import seat_words

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
        WinRate.of(seat_words(p, None if rotate else seats[p]), seat_wins[p], n, 1 / players) for p in range(players)
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


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast only below the mean; use the symmetry
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    f, c, d = 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            numerator = 1.0
        elif i % 2 == 0:
            numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1.0 + numerator * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + numerator / c
        c = c if abs(c) > tiny else tiny
        f *= c * d
        if abs(1.0 - c * d) < 1e-14:
            break
    return front * (f - 1.0)


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom (``df`` may be fractional: Welch)."""
    if math.isinf(df):
        return 2 * (1 - statistics.NormalDist().cdf(abs(t)))
    return _incomplete_beta(df / 2, 0.5, df / (df + t * t))


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile (p > 0.5) of Student's t: by bisection on the tail probability."""
    tail = 2 * (1 - p)
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > tail:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > tail:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True)
class Difference:
    """Arm A minus arm B (or group A minus group B): the two means, their difference with its 95%
    interval, the test's p-value, and how many pairs (or observations) it rests on."""

    mean_a: float
    mean_b: float
    diff: float
    low: float
    high: float
    p_value: float
    n: int

    @property
    def significant(self) -> bool:
        """At the 5% level: the interval leaves out 0."""
        return self.p_value < 0.05

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "significant": self.significant}


def paired_proportions(pairs: Sequence[tuple[bool, bool]], z: float = Z95) -> Difference:
    """The difference of two proportions measured on the same units (the same seed in two arms): the Wald
    interval for paired proportions and McNemar's test (without continuity correction)."""
    n = len(pairs)
    if n == 0:
        raise ValueError("no pairs to compare")
    only_a = sum(1 for a, b in pairs if a and not b)
    only_b = sum(1 for a, b in pairs if b and not a)
    mean_a = sum(1 for a, _ in pairs if a) / n
    mean_b = sum(1 for _, b in pairs if b) / n
    diff = (only_a - only_b) / n
    spread = math.sqrt(max(0.0, (only_a + only_b) - (only_a - only_b) ** 2 / n)) / n
    discordant = only_a + only_b
    p = 1.0 if discordant == 0 else 2 * (1 - statistics.NormalDist().cdf(abs(only_a - only_b) / math.sqrt(discordant)))
    return Difference(mean_a, mean_b, diff, diff - z * spread, diff + z * spread, p, n)


def paired_means(a: Sequence[float], b: Sequence[float]) -> Difference:
    """The paired t-test and its 95% interval for the mean of ``a[i] - b[i]``."""
    if len(a) != len(b):
        raise ValueError(f"paired samples must have the same length, not {len(a)} and {len(b)}")
    n = len(a)
    if n < 2:
        raise ValueError("a paired comparison needs at least 2 pairs")
    diffs = [x - y for x, y in zip(a, b)]
    diff = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(n)
    return _t_difference(statistics.fmean(a), statistics.fmean(b), diff, se, n - 1, n)


def welch(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Welch's t-test and its 95% interval for mean(a) - mean(b), two independent groups."""
    if len(a) < 2 or len(b) < 2:
        raise ValueError("each group needs at least 2 values")
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1)) if se > 0 else math.inf
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    return _t_difference(mean_a, mean_b, mean_a - mean_b, se, df, len(a) + len(b))


def _t_difference(mean_a: float, mean_b: float, diff: float, se: float, df: float, n: int) -> Difference:
    if se == 0:  # every difference alike: no spread to test against
        return Difference(mean_a, mean_b, diff, diff, diff, 1.0 if diff == 0 else 0.0, n)
    half = t_quantile(0.975, df) * se
    return Difference(mean_a, mean_b, diff, diff - half, diff + half, t_two_sided_p(diff / se, df), n)
