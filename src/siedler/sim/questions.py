"""An experiment's questions and their answers: what each arm is asked, the paired differences that answer
it, and the verdict of the confidence sequence (``siedler.sim.sequential``) at the margin.

Every arm but the first is asked, against its reference (the arm without its forced choice, see
``analysis.base_arm``; for an arm without one, the first arm):

- ``wins`` (arms with a forced choice only): did the forced seats win, game by game, minus did the same
  seats win the reference's game of the same seed: a difference in [-1, 1].
- each statistic the experiment gives a margin for: its per-game mean over the forced seats (all seats in
  an arm without a forced choice), minus the same in the reference's game; games where either has no value
  are left out.

The pairs are taken in game order, as a run plays them, so the answer after ``n`` games is the same
whether they were played at once or in rounds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import Row, base_arm, forced_seats, seats_mean
from .sequential import DEFAULT_MARGIN, Verdict, bounded_sequence, normal_sequence, verdict

WINS = "wins"


@dataclass(frozen=True)
class Question:
    arm: str
    reference: str
    name: str  # WINS or a statistic's name
    margin: float

    @property
    def bounded(self) -> bool:
        return self.name == WINS


@dataclass(frozen=True)
class Answer:
    question: Question
    n: int  # pairs
    effect: float  # their mean (nan without any)
    low: float
    high: float
    spread: float  # their standard deviation (nan with fewer than 2)
    verdict: Verdict

    @property
    def word(self) -> str:
        """The verdict in words: a statistic is higher or lower, not better or worse (more Bandits bought
        is neither)."""
        if self.question.bounded:
            return str(self.verdict)
        return {Verdict.better: "higher", Verdict.worse: "lower"}.get(self.verdict, str(self.verdict))


def margins(experiment: Mapping[str, Any]) -> dict[str, float]:
    """The margin of each question the file names: ``margin = 0.03`` (the wins'), or a table of them by
    question (``wins`` and statistics' names); the wins' is ``DEFAULT_MARGIN`` where none is given."""
    given = experiment.get("margin")
    table = {WINS: given} if isinstance(given, int | float) else dict(given or {})
    return {WINS: DEFAULT_MARGIN, **{k: float(v) for k, v in table.items()}}


def questions(experiment: Mapping[str, Any]) -> list[Question]:
    """Every arm's questions, in the file's order of arms (the first arm is only a reference)."""
    arms = experiment["arms"]
    found = []
    by_name = margins(experiment)
    for arm in arms[1:]:
        reference = base_arm(experiment, arm["name"])
        if reference == arm["name"]:
            reference = arms[0]["name"]
        for name, margin in by_name.items():
            if name != WINS or arm.get("force"):
                found.append(Question(arm["name"], reference, name, margin))
    return found


def pairs(question: Question, rows: Sequence[Row], reference: Sequence[Row]) -> list[float]:
    """The question's paired differences, in game order."""
    by_game = {r["game"]: r for r in reference}
    out = []
    for row in sorted(rows, key=lambda r: r["game"]):
        other = by_game.get(row["game"])
        if other is None:
            continue
        seats = forced_seats(row) or list(range(len(row["seats"])))
        if question.bounded:
            out.append(float(row["winner"] in seats) - float(other["winner"] in seats))
            continue
        mine, theirs = seats_mean(row, question.name, seats), seats_mean(other, question.name, seats)
        if mine is not None and theirs is not None:
            out.append(mine - theirs)
    return out


def answer(question: Question, rows: Sequence[Row], reference: Sequence[Row]) -> Answer:
    diffs = pairs(question, rows, reference)
    n = len(diffs)
    low, high = bounded_sequence(diffs) if question.bounded else normal_sequence(diffs)
    mean = math.fsum(diffs) / n if n else math.nan
    spread = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)) if n >= 2 else math.nan
    return Answer(question, n, mean, low, high, spread, verdict(low, high, question.margin))


def answers(experiment: Mapping[str, Any], rows: Sequence[Row]) -> list[Answer]:
    """Every question's answer from the rows played so far."""
    by_arm: dict[str, list[Row]] = {a["name"]: [] for a in experiment["arms"]}
    for row in rows:
        by_arm[row["arm"]].append(row)
    return [answer(q, by_arm[q.arm], by_arm[q.reference]) for q in questions(experiment)]
