"""The confidence sequences behind ``--until decided``: their error rates under repeated looks, simulated on
Bernoulli pairs (no games), their verdicts, and the plan's game counts against the widths they predict."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.sim.sequential import (
    ALPHA,
    BoundedSequence,
    Verdict,
    bounded_sequence,
    games_needed,
    normal_sequence,
    verdict,
)
from siedler.sim.stats import paired_proportions

SEEDS = 600
#: Pairs per simulated run; the interval is looked at after every one of them (the harshest schedule).
PAIRS = 1500
FAIR = 0.25  # a forced seat's share in a four-player game
WALD_FROM = 30


def pairs(rng: random.Random, p_arm: float, p_reference: float) -> Callable[[], float]:
    """One paired difference: did the arm's seat win, minus did the reference's (independent games)."""
    return lambda: float(rng.random() < p_arm) - float(rng.random() < p_reference)


def sequential_run(draw: Callable[[], float], margin: float) -> Verdict:
    """Look after every pair and stop at the first decision, as ``--until decided`` does after each round."""
    sequence = BoundedSequence()
    for _ in range(PAIRS):
        sequence.add(draw())
        found = verdict(*sequence.interval(), margin)
        if found is not Verdict.undecided:
            return found
    return Verdict.undecided


def test_without_an_effect_repeated_looks_say_better_or_worse_at_most_alpha_of_the_time() -> None:
    found = [sequential_run(pairs(random.Random(seed), FAIR, FAIR), 0.1) for seed in range(SEEDS)]
    wrong = sum(1 for v in found if v in (Verdict.better, Verdict.worse))
    assert wrong / SEEDS <= ALPHA
    assert found.count(Verdict.same) > SEEDS / 2  # and the margin is reached: it does decide


def test_a_fixed_sample_interval_looked_at_as_often_says_better_or_worse_far_more_often() -> None:
    """The same looks with the paired Wald interval (valid at one planned n only) exceed alpha: the
    harness above can tell a method whose errors grow with the looks. (Looks from 30 pairs on, where
    the normal approximation is fair.)"""
    wrong = 0
    for seed in range(SEEDS // 3):
        draw, diffs = pairs(random.Random(seed), FAIR, FAIR), []
        for n in range(PAIRS // 3):
            diffs.append(draw())
            if n < WALD_FROM:
                continue
            d = paired_proportions([(x > 0, x < 0) for x in diffs])
            if d.low > 0 or d.high < 0:
                wrong += 1
                break
    assert wrong / (SEEDS // 3) > 2 * ALPHA


def test_with_an_effect_of_the_margin_repeated_looks_say_no_difference_at_most_alpha_of_the_time() -> None:
    margin = 0.1
    found = [sequential_run(pairs(random.Random(seed), FAIR + margin, FAIR), margin) for seed in range(SEEDS)]
    assert found.count(Verdict.same) / SEEDS <= ALPHA
    assert found.count(Verdict.worse) / SEEDS <= ALPHA
    assert found.count(Verdict.better) > SEEDS / 2


def test_a_large_effect_is_decided_early() -> None:
    """A seat that wins half its games against a fair quarter: decided as better within a few hundred."""
    sequence, rng = BoundedSequence(), random.Random(1)
    draw = pairs(rng, 0.5, FAIR)
    while verdict(*sequence.interval(), 0.03) is Verdict.undecided:
        sequence.add(draw())
    assert verdict(*sequence.interval(), 0.03) is Verdict.better and sequence.n < 400


def test_the_statistics_sequence_covers_the_mean_under_repeated_looks() -> None:
    """Counts with a spread of their own (a difference of two Poisson-like counts, mean 0.3): the
    asymptotic sequence looked at every 25 values misses the true mean at most alpha of the time."""
    misses = 0
    runs = 300
    for seed in range(runs):
        rng, diffs = random.Random(seed), []
        for _look in range(40):
            diffs += [
                sum(rng.random() < 0.4 for _ in range(3)) - sum(rng.random() < 0.3 for _ in range(3)) for _ in range(25)
            ]
            low, high = normal_sequence(diffs)
            if not low <= 0.3 <= high:
                misses += 1
                break
    assert misses / runs <= ALPHA


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (0.01, 0.2, Verdict.better),
        (-0.2, -0.01, Verdict.worse),
        (-0.02, 0.02, Verdict.same),
        (0.005, 0.02, Verdict.same),  # positive but smaller than matters: the margin's question is answered
        (-0.01, 0.05, Verdict.undecided),
    ],
)
def test_verdicts_read_the_interval_against_the_margin(low: float, high: float, expected: Verdict) -> None:
    assert verdict(low, high, 0.03) is expected


@pytest.mark.parametrize(("spread", "margin"), [(0.6, 0.1), (0.5, 0.06)])
def test_the_planned_games_give_the_planned_width(spread: float, margin: float) -> None:
    """Pairs of the planned spread: after the planned number the half-width is about the margin."""
    n = games_needed(spread, margin, bounded=True)
    assert n is not None
    rng = random.Random(3)
    p = spread**2 / 2  # P(+1) = P(-1) = p gives a mean of 0 and a variance of spread^2
    diffs = [1.0 if (u := rng.random()) < p else -1.0 if u < 2 * p else 0.0 for _ in range(n)]
    low, high = bounded_sequence(diffs)
    assert (high - low) / 2 == pytest.approx(margin, rel=0.15)
    quarter = games_needed(spread, margin / 2, bounded=True)
    assert quarter is not None and quarter > 3 * n  # half the width: about four times the games
    statistics_n = games_needed(spread, margin, bounded=False)
    assert statistics_n is not None
    counts = [rng.gauss(0, spread) for _ in range(statistics_n)]
    low, high = normal_sequence(counts)
    mean = sum(counts) / len(counts)
    sd = math.sqrt(sum((c - mean) ** 2 for c in counts) / (len(counts) - 1))
    assert (high - low) / 2 * spread / sd == pytest.approx(margin, rel=0.02)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([-1.0, 0.0, 1.0]), max_size=200))
def test_the_bounded_sequence_stays_within_its_bounds(diffs: list[float]) -> None:
    low, high = bounded_sequence(diffs)
    assert -1.0 <= low <= high <= 1.0
    assert bounded_sequence([-d for d in diffs]) == pytest.approx((-high, -low))
