"""The bench's comparison of rule sets: the ratio of games per second and its confidence interval."""

from __future__ import annotations

import math
import random

from siedler.sim.bench import ratio_interval


def test_ratio_is_the_base_games_time_over_the_other() -> None:
    # Games of the other rule set take 1.25 times as long: it plays 80% of the base game's games per second.
    base = [0.010, 0.012, 0.008, 0.010]
    other = [t * 1.25 for t in base]
    ratio, low, high = ratio_interval(base, other)
    assert math.isclose(ratio, 0.8)
    assert low is not None and high is not None and low < 0.8 < high


def test_interval_narrows_with_more_games_and_covers_the_true_ratio() -> None:
    rng = random.Random(7)

    def games(n: int, mean: float) -> list[float]:  # game times vary by a third, as random games' lengths do
        return [max(1e-4, rng.gauss(mean, mean / 3)) for _ in range(n)]

    widths = []
    covered = 0
    for n in (50, 500, 5000):
        _, low, high = ratio_interval(games(n, 0.008), games(n, 0.010))
        assert low is not None and high is not None
        widths.append(high - low)
        covered += low <= 0.8 <= high
    assert widths[0] > widths[1] > widths[2]
    assert widths[2] < 0.03
    assert covered >= 2


def test_one_game_gives_no_interval() -> None:
    assert ratio_interval([0.01], [0.02]) == (0.5, None, None)
