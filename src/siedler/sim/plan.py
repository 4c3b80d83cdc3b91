"""``siedler experiment --plan``: how many paired games each arm needs to decide its questions at their
margins, from a pilot run's spread of the paired differences (or, for wins without one, the fair share's).

The confidence sequence decides an arm without effect ("no difference larger than the margin") once its
half-width is below the margin, and one with an effect of twice the margin or more ("better" or "worse")
about as soon; any effect at all, however near the margin, is decided once the half-width is below half
the margin (the interval then either leaves out 0 or lies within the margin). The plan gives both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import Row, forced_seats
from .questions import Answer, Question, answers
from .sequential import games_needed

#: Games per arm of the pilot when ``--games`` names none.
PILOT_GAMES = 30


@dataclass(frozen=True)
class Need:
    pilot: Answer
    #: The spread planned with: the pilot's, or for wins the fair share's where the pilot has none.
    spread: float
    fair: float | None  # the wins' spread if every seat were equal and the arms independent
    no_effect: int | None  # games for a half-width below the margin (None: more than MOST_GAMES)
    any_effect: int | None  # below half the margin

    @property
    def question(self) -> Question:
        return self.pilot.question


def fair_spread(rows: Sequence[Row]) -> float | None:
    """The standard deviation of a wins difference if the forced seats won their fair share ``p`` in both
    arms, independently: sqrt(2 p (1 - p))."""
    shares = [len(forced_seats(r)) / len(r["seats"]) for r in rows if forced_seats(r)]
    if not shares:
        return None
    p = math.fsum(shares) / len(shares)
    return math.sqrt(2 * p * (1 - p))


def needs(experiment: Mapping[str, Any], rows: Sequence[Row]) -> list[Need]:
    out = []
    for found in answers(experiment, rows):
        q = found.question
        fair = fair_spread([r for r in rows if r["arm"] == q.arm]) if q.bounded else None
        spread = found.spread if found.n >= 2 and found.spread > 0 else fair
        if spread is None or math.isnan(spread):
            spread = 0.0
        out.append(
            Need(
                found,
                spread,
                fair,
                games_needed(spread, q.margin, q.bounded),
                games_needed(spread, q.margin / 2, q.bounded),
            )
        )
    return out


def games_per_arm(experiment: Mapping[str, Any], found: Sequence[Need], any_effect: bool) -> dict[str, int | None]:
    """Each arm's games: the most its own questions need, and a reference's the most of its arms'."""
    per_arm: dict[str, int | None] = {a["name"]: 0 for a in experiment["arms"]}
    for need in found:
        n = need.any_effect if any_effect else need.no_effect
        for arm in (need.question.arm, need.question.reference):
            before = per_arm[arm]
            per_arm[arm] = None if n is None or before is None else max(before, n)
    return per_arm
