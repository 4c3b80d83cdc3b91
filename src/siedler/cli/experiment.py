"""``siedler experiment``: play an experiment file's arms, appending one Parquet row per game.

Ctrl-C stops after the games already finished are written; ``--resume`` plays the missing ones. The logic
lives in ``siedler.sim.experiment`` (what is played) and ``siedler.sim.results`` (how rows are stored).
"""

from __future__ import annotations

from collections.abc import Iterator
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
from siedler.sim.experiment import Row, jobs, load_experiment, run_local
from siedler.sim.runner import freeze_long_lived

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


def experiment_command(
    file: Annotated[Path, typer.Argument(help="the experiment (TOML): rule set, arms, seats, games, seed")],
    games: Annotated[int | None, typer.Option(help="games per arm, instead of the file's")] = None,
    out: Annotated[
        Path | None, typer.Option(help="results folder (Parquet parts); default: the file's name with .parquet")
    ] = None,
    workers: Annotated[int, typer.Option(help="local processes (results do not depend on it)")] = 1,
    resume: Annotated[bool, typer.Option(help="continue the results in --out, playing only missing games")] = False,
    backend: Annotated[Backend, typer.Option(help="where games run: local processes or a Ray cluster")] = Backend.local,
    address: Annotated[
        str | None, typer.Option(help="the Ray cluster: auto, or ray://host:port (default: start one here)")
    ] = None,
) -> None:
    """Play an experiment's arms on the same seeds (a paired comparison) and store one row per game."""
    from siedler.sim.results import ResultsStore

    with bad_parameter("FILE"):
        experiment = load_experiment(file)
    with bad_parameter("--games"):
        if games is not None:
            experiment = experiment.with_games(games)
    check_counts(experiment.games, workers)
    with bad_parameter("FILE"):
        configs = experiment.configs()
    target = out or file.with_suffix(".parquet")
    with bad_parameter("--out"):
        todo = jobs(experiment, configs, set())
        store = ResultsStore(target, experiment, todo[0][4], resume)
        done = store.done()
    todo = [job for job in todo if (job[0], job[3]) not in done]
    rows: Iterator[Row]
    if backend is Backend.ray:
        from siedler.sim.ray_backend import run_ray

        with bad_parameter("--backend"):
            rows = run_ray(todo, address)
    else:
        freeze_long_lived()
        rows = run_local(todo, configs, workers)
    total = len(experiment.arms) * experiment.games
    progress = progress_bar("playing")
    task = progress.add_task("games", total=total, completed=total - len(todo))
    try:
        with progress:
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
    typer.echo(
        f"{experiment.name}: {len(experiment.arms)} arm(s) x {experiment.games} games; "
        f"{store.written} played now, {len(done)} before; results: {target}"
    )
    typer.echo(f"report: siedler report {target} --out {target.with_suffix('.html')}")


def register(app: typer.Typer) -> None:
    app.command("experiment")(experiment_command)
