"""``siedler experiment --until decided``: play in rounds and stop each arm once its questions are decided.

After each round every question is answered from all the games played so far (``siedler.sim.questions``);
an arm whose questions are all decided plays no more, nor does a reference arm none of whose arms is still
open. The confidence sequences hold at every number of games at once, so looking after every round costs
no error rate. A round plays the same jobs as a fixed run, in the same order (game by game across the
arms), leaving out only the arms that stopped: the rows are a fixed run's rows for the games played.

Rounds grow: the first look is after ``FIRST_LOOK`` games per arm, each later one adds half the games
played so far (at least ``FIRST_LOOK``), up to the maximum; so an arm plays at most half again the games
it needed, and a run makes few rounds (each starts its workers anew).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from .config import SimConfig
from .experiment import Experiment, Job, Row, jobs
from .questions import Answer, answers
from .sequential import Verdict

FIRST_LOOK = 100


def looks(maximum: int, first: int = FIRST_LOOK) -> list[int]:
    """The games per arm after each round."""
    out = [min(first, maximum)]
    while out[-1] < maximum:
        out.append(min(maximum, max(out[-1] + first, out[-1] * 3 // 2)))
    return out


def open_arms(experiment: Experiment, found: Sequence[Answer]) -> set[str]:
    """The arms still to play: those with an undecided question, and the arms they are compared with."""
    undecided = [a.question for a in found if a.verdict is Verdict.undecided]
    return {q.arm for q in undecided} | {q.reference for q in undecided}


def until_decided(
    experiment: Experiment,
    configs: Sequence[SimConfig],
    rows: list[Row],
    play: Callable[[Sequence[Job]], Iterable[Row]],
    maximum: int,
    first: int | None = None,
) -> Iterator[Row]:
    """Play rounds of games with ``play`` (the local workers or Ray), yielding each new row; ``rows`` holds
    the rows stored before (a resumed run) and grows with the new ones. Stops when every question is
    decided or every open arm has ``maximum`` games."""
    planned = experiment.with_games(maximum)
    every = jobs(planned, configs, set())
    data = planned.to_json()
    done = {(r["arm_index"], r["game"]) for r in rows}
    playing = {arm.name for arm in experiment.arms}
    for look in looks(maximum, first or FIRST_LOOK):
        todo = [job for job in every if job[3] < look and job[1] in playing and (job[0], job[3]) not in done]
        for row in play(todo):
            rows.append(row)
            done.add((row["arm_index"], row["game"]))
            yield row
        playing = open_arms(experiment, answers(data, rows))
        if not playing:
            return
