"""``siedler experiment``: play an experiment file's arms, appending one Parquet row per game.

Ctrl-C stops after the games already finished are written; ``--resume`` plays the missing ones. The logic
lives in ``siedler.sim.experiment`` (what is played) and ``siedler.sim.results`` (how rows are stored).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from siedler.core.errors import OptionError
from siedler.sim import SimulationError
from siedler.sim.config import SimConfig
from siedler.sim.experiment import Experiment, Job, Row, jobs, load_experiment, run_local
from siedler.sim.plan import PILOT_GAMES, games_per_arm, needs
from siedler.sim.questions import answers
from siedler.sim.rounds import until_decided
from siedler.sim.runner import freeze_long_lived
from siedler.sim.sequential import MOST_GAMES

from .report import effect_text, num
from .simulate import bad_parameter, check_counts

#: Exit code after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


class Backend(StrEnum):
    local = "local"
    ray = "ray"


class RateColumn(ProgressColumn):
    """Games per second over the last half minute."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s")


def progress_bar(what: str) -> Progress:
    """The bar every long command shows on a terminal: count, rate and time left. No refresh thread
    (``auto_refresh=False``): worker processes are forked, and forking beside a thread is unsafe."""
    console = Console(stderr=True)
    return Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        console=console,
        auto_refresh=False,
        transient=True,
        disable=not console.is_terminal,
    )


class Until(StrEnum):
    decided = "decided"


def experiment_command(
    file: Annotated[Path, typer.Argument(help="the experiment (TOML): rule set, arms, seats, games, seed")],
    games: Annotated[int | None, typer.Option(help="games per arm instead of the file's (--plan: the pilot's)")] = None,
    out: Annotated[
        Path | None, typer.Option(help="results folder (Parquet parts); default: the file's name with .parquet")
    ] = None,
    workers: Annotated[int, typer.Option(help="local processes (results do not depend on it)")] = 1,
    resume: Annotated[bool, typer.Option(help="continue the results in --out, playing only missing games")] = False,
    backend: Annotated[Backend, typer.Option(help="where games run: local processes or a Ray cluster")] = Backend.local,
    address: Annotated[
        str | None, typer.Option(help="the Ray cluster: auto, or ray://host:port (default: start one here)")
    ] = None,
    until: Annotated[
        Until | None, typer.Option(help="decided: play in rounds, each arm until its questions are decided")
    ] = None,
    max_games: Annotated[
        int | None, typer.Option(help="with --until decided: the most games per arm (default: --games or the file's)")
    ] = None,
    plan: Annotated[
        bool, typer.Option("--plan", help="play a short pilot and say how many games each arm needs to decide")
    ] = False,
) -> None:
    """Play an experiment's arms on the same seeds (a paired comparison) and store one row per game."""
    from siedler.sim.results import ResultsStore

    with bad_parameter("FILE"):
        experiment = load_experiment(file)
    with bad_parameter("--games"):
        if games is not None:
            experiment = experiment.with_games(games)
        elif plan:
            experiment = experiment.with_games(PILOT_GAMES)
    if max_games is not None and until is None:
        raise typer.BadParameter("--max-games goes with --until decided", param_hint="--max-games")
    if max_games is not None and max_games < 1:
        raise typer.BadParameter(f"at least 1 game per arm, not {max_games}", param_hint="--max-games")
    maximum = experiment.games if max_games is None else max_games
    check_counts(maximum, workers)
    with bad_parameter("FILE"):
        configs = experiment.configs()
    if plan:
        _plan(experiment, configs, backend, address, workers)
        return
    target = out or file.with_suffix(".parquet")
    with bad_parameter("--out"):
        todo = jobs(experiment, configs, set())
        store = ResultsStore(target, experiment.with_games(maximum), todo[0][4], resume)
        done = store.done()
        before = store.rows() if until is not None else []
    todo = [job for job in todo if (job[0], job[3]) not in done]
    play = _player(backend, address, configs, workers)
    rows: Iterator[Row] = (
        until_decided(experiment, configs, before, play, maximum) if until is not None else iter(play(todo))
    )
    total = len(experiment.arms) * maximum
    progress = progress_bar("playing")
    task = progress.add_task("games", total=total, completed=len(done))
    try:
        with progress, _session(backend, address):
            for row in rows:
                store.add(row)
                progress.advance(task)
                progress.refresh()
    except KeyboardInterrupt:
        store.flush()
        typer.echo(f"stopped: {len(done) + store.written} of {total} games in {target}; --resume continues", err=True)
        raise typer.Exit(INTERRUPTED) from None
    except (SimulationError, OptionError) as exc:
        store.flush()
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    store.flush()
    if until is not None:
        _verdicts(experiment, before)
    arms = f"{len(experiment.arms)} arm(s) x {'at most ' if until else ''}{maximum} games"
    typer.echo(f"{experiment.name}: {arms}; {store.written} played now, {len(done)} before; results: {target}")
    typer.echo(f"report: siedler report {target} --out {target.with_suffix('.html')}")


Player = Callable[[Sequence[Job]], Iterable[Row]]


def _player(backend: Backend, address: str | None, configs: Sequence[SimConfig], workers: int) -> Player:
    """How a batch of games is played: by local processes or on Ray (within ``_session``)."""
    if backend is Backend.ray:
        from siedler.sim.ray_backend import run_ray

        return lambda todo: run_ray(todo, address)
    freeze_long_lived()
    return lambda todo: run_local(todo, configs, workers)


@contextmanager
def _session(backend: Backend, address: str | None) -> Iterator[None]:
    """One Ray connection for all of a run's rounds (nothing for the local backend)."""
    if backend is not Backend.ray:
        yield
        return
    from siedler.sim.ray_backend import ray_session

    with ExitStack() as stack:
        with bad_parameter("--backend"):  # only reaching Ray: a game's error is reported as such
            stack.enter_context(ray_session(address))
        yield


#: Said when an experiment asks nothing (``--plan``, ``--until decided``).
NO_QUESTIONS = "no questions: no arm has a forced choice, and the file gives no statistic a margin"


def _verdicts(experiment: Experiment, rows: Sequence[Row]) -> None:
    every = answers(experiment.to_json(), rows)
    if not every:
        typer.echo(f"{NO_QUESTIONS}: one round played")
    for found in every:
        q = found.question
        typer.echo(
            f"{q.arm}: {q.name} {effect_text(found, q.bounded)} after {found.n} games: {found.word} "
            f"(margin {q.margin:g})"
        )


def _plan(
    experiment: Experiment, configs: Sequence[SimConfig], backend: Backend, address: str | None, workers: int
) -> None:
    """Play the pilot (nothing stored), time it, and print what each arm needs."""
    todo = jobs(experiment, configs, set())
    play = _player(backend, address, configs, workers)
    start = time.perf_counter()
    with _session(backend, address):
        rows = list(play(todo))
    seconds = (time.perf_counter() - start) / len(todo)
    data = experiment.to_json()
    found = needs(data, rows)
    typer.echo(
        f"{experiment.name}: pilot of {experiment.games} games per arm, {len(todo)} games in "
        f"{seconds * len(todo):.1f} s with {workers} worker(s): {seconds:.3f} s a game here"
    )
    if not found:
        typer.echo(NO_QUESTIONS)
        return
    typer.echo("games per arm to decide (confidence sequence at 95%, paired by seed):")
    for need in found:
        q, pilot = need.question, need.pilot
        fair = "" if need.fair is None else f", fair share {need.fair:.2f}"
        typer.echo(
            f"  {q.arm} - {q.reference}: {q.name}, margin {q.margin:g}; pilot {effect_text(pilot, q.bounded)}, "
            f"spread {num(pilot.spread)}{fair}; no effect: {_count(need.no_effect)}, "
            f"any effect: {_count(need.any_effect)}"
        )
    for label, any_effect in (("no effect", False), ("any effect", True)):
        per_arm = games_per_arm(data, found, any_effect)
        counts = list(per_arm.values())
        if any(n is None for n in counts):
            typer.echo(f"all arms, {label}: more than {MOST_GAMES:,} games for some arm")
            continue
        total = sum(n for n in counts if n is not None)
        typer.echo(f"all arms, {label}: {total:,} games, about {duration(total * seconds)} here")


def _count(n: int | None) -> str:
    return f"more than {MOST_GAMES:,}" if n is None else f"{n:,}"


def duration(seconds: float) -> str:
    """Seconds in the unit a person reads best: 40 s, 12 min, 3.5 h."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def register(app: typer.Typer) -> None:
    app.command("experiment")(experiment_command)
