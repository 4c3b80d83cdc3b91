"""Confidence sequences: intervals for a paired difference that hold at every number of games at once, so
that a run may look after every round and stop when the question is decided without inflating its errors.

Two sequences, both at level ``1 - ALPHA`` uniformly over time:

- **Wins** (a difference of two 0/1 outcomes, in [-1, 1]): the predictable plug-in empirical-Bernstein
  confidence sequence of Waudby-Smith & Ramdas, "Estimating means of bounded random variables by betting"
  (JRSS B, 2023), Theorem 2 with their eq. (13) for the bets (``c = 1/2``). It is exact for any bounded
  variable (no normal approximation) and narrows with the observed spread.
- **Statistics** (unbounded counts such as cards bought): the asymptotic confidence sequence of
  Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas, "Time-uniform central limit theory and asymptotic
  confidence sequences" (Annals of Statistics, 2024), Theorem 2.2: Robbins' normal mixture with the
  running standard deviation, tuned to be narrowest near ``T_STAR`` games. Valid as the games grow, as a
  t-test is.

A verdict reads the sequence against the margin (the smallest difference that matters): ``better`` or
``worse`` when it leaves out 0 on one side, ``no difference larger than the margin`` when it lies within
(-margin, +margin) (that wins when both hold: the difference is then smaller than matters), else
``undecided``. Since the sequence covers the true difference at all times with probability ``1 - ALPHA``,
a false ``better``/``worse`` (no true difference) and a false ``no difference`` (a true one of the margin
or more) each happen with probability at most ``ALPHA``, however often a run looks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from enum import StrEnum

ALPHA = 0.05
#: The smallest win-rate difference that matters when an experiment names none.
DEFAULT_MARGIN = 0.03
#: The largest bet of the empirical-Bernstein sequence (Waudby-Smith & Ramdas suggest 1/2 or 3/4).
MAX_BET = 0.5
#: The number of games the statistics' sequence is tuned for (it is valid at every other number too).
T_STAR = 1000
#: ``games_needed`` gives up beyond this many games.
MOST_GAMES = 200_000


class Verdict(StrEnum):
    better = "better"
    worse = "worse"
    same = "no difference larger than the margin"
    undecided = "undecided"


class BoundedSequence:
    """Waudby-Smith & Ramdas' PrPl-EB confidence sequence for the mean of differences in [-1, 1], fed one
    pair at a time (the values are mapped to [0, 1] and the interval back)."""

    __slots__ = ("_log_term", "_mean", "_penalty", "_squares", "_total", "_variance", "_weighted", "_weights", "n")

    def __init__(self, alpha: float = ALPHA) -> None:
        self._log_term = math.log(2 / alpha)
        self._weighted = self._weights = self._penalty = self._total = 0.0
        self._squares = 0.25  # the estimates start at a mean of 1/2 and a variance of 1/4, as in the paper
        self._mean, self._variance = 0.5, 0.25
        self.n = 0

    def add(self, diff: float) -> None:
        x = (diff + 1) / 2
        self.n += 1
        bet = _bet(self._variance, self.n, self._log_term)
        self._weighted += bet * x
        self._weights += bet
        self._penalty += (x - self._mean) ** 2 * _psi(bet)  # v_i psi_E(lambda_i), v_i = 4 (x_i - mu_{i-1})^2
        self._total += x
        self._mean = (0.5 + self._total) / (self.n + 1)
        self._squares += (x - self._mean) ** 2
        self._variance = self._squares / (self.n + 1)

    def interval(self) -> tuple[float, float]:
        if self.n == 0:
            return (-1.0, 1.0)
        centre, half = self._weighted / self._weights, (self._log_term + self._penalty) / self._weights
        return (2 * max(0.0, centre - half) - 1, 2 * min(1.0, centre + half) - 1)


def bounded_sequence(diffs: Iterable[float], alpha: float = ALPHA) -> tuple[float, float]:
    """The empirical-Bernstein confidence sequence for the mean of ``diffs`` (each in [-1, 1]) after all of
    them, in the order given."""
    sequence = BoundedSequence(alpha)
    for d in diffs:
        sequence.add(d)
    return sequence.interval()


def _bet(variance: float, t: int, log_term: float) -> float:
    """The bet on the t-th value (eq. 13): predictable, from the variance of the values before it."""
    return min(math.sqrt(2 * log_term / (variance * t * math.log1p(t))), MAX_BET)


def _psi(bet: float) -> float:
    """4 psi_E(lambda) = -log(1 - lambda) - lambda."""
    return -math.log1p(-bet) - bet


def normal_sequence(diffs: Sequence[float], alpha: float = ALPHA) -> tuple[float, float]:
    """The asymptotic confidence sequence for the mean of ``diffs`` (any finite-variance values)."""
    n = len(diffs)
    if n < 2:
        return (-math.inf, math.inf)
    mean = math.fsum(diffs) / n
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = sd * _normal_factor(n, alpha)
    return (mean - half, mean + half)


def _normal_factor(n: int, alpha: float) -> float:
    """The half-width of the normal-mixture sequence in standard deviations, after ``n`` values."""
    rho2 = (-2 * math.log(alpha) + math.log(-2 * math.log(alpha) + 1)) / T_STAR
    return math.sqrt(2 * (n * rho2 + 1) / (n * n * rho2) * math.log(math.sqrt(n * rho2 + 1) / alpha))


def verdict(low: float, high: float, margin: float) -> Verdict:
    """What an interval says at this margin (see the module's docstring)."""
    if -margin < low and high < margin:
        return Verdict.same
    if low > 0:
        return Verdict.better
    if high < 0:
        return Verdict.worse
    return Verdict.undecided


def games_needed(spread: float, half_width: float, bounded: bool, alpha: float = ALPHA) -> int | None:
    """The fewest pairs after which the sequence's half-width is at most ``half_width``, for paired
    differences of standard deviation ``spread``, as if every one deviated from the mean by exactly that
    (``None``: more than ``MOST_GAMES``). Bounded: the wins' sequence, whose width is followed game by game;
    otherwise the statistics'. Both widths fall as the games grow, so the first such number is the answer."""
    if spread == 0:
        spread = 1e-9
    log_term = math.log(2 / alpha)
    variance = spread * spread / 4  # of the values mapped to [0, 1]
    weights = penalty = 0.0
    estimate = 0.25
    for n in range(1, MOST_GAMES + 1):
        if not bounded:
            if n >= 2 and spread * _normal_factor(n, alpha) <= half_width:
                return n
            continue
        bet = _bet(estimate, n, log_term)
        weights += bet
        penalty += variance * _psi(bet)
        estimate = (0.25 + n * variance) / (n + 1)
        if 2 * (log_term + penalty) / weights <= half_width:
            return n
    return None
