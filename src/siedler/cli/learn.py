"""``siedler learn``: fit a value's weights from self-play; the logic is ``siedler.sim.learn``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from siedler.sim import SimConfig, SimulationError
from siedler.sim.learn import feature_names, fit_rows, record, weights_toml, write_rows

from .simulate import bad_parameter, check_counts, table_flags


def learn_command(
    weights: Annotated[Path, typer.Option(help="write the fitted weights here (TOML, for value:weights=PATH)")],
    ruleset: Annotated[str, typer.Option(help="the rule set (see 'siedler rules')")] = "base",
    seats: Annotated[
        str, typer.Option(help="a bot per seat, rotated one seat per game")
    ] = "value,greedy,greedy,greedy",
    games: Annotated[int, typer.Option(help="self-play games")] = 100,
    every: Annotated[int, typer.Option(help="record every seat's features every this many actions")] = 10,
    seed: Annotated[int, typer.Option(help="base seed; each game's seed is derived from it")] = 0,
    workers: Annotated[int, typer.Option(help="processes to use (results do not depend on it)")] = 1,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="rule-set options as name=value,name=value")
    ] = None,
    data: Annotated[Path | None, typer.Option(help="the samples as one Parquet file here")] = None,
) -> None:
    """Fit a value's weights from self-play: features of every seat along the games, logistic regression on
    who won."""
    rs, bots, opts = table_flags(ruleset, seats, options)
    check_counts(games, workers)
    config = SimConfig(rs.name, bots, games, seed, opts, rotate=True)
    began = time.perf_counter()
    try:
        with bad_parameter("--every"):
            rows = record(config, every, workers)
    except SimulationError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    if data:
        with bad_parameter("--data"):
            write_rows(rows, data)
    with bad_parameter("--games"):
        fit = fit_rows(rows)
    took = time.perf_counter() - began
    note = (
        f"Learned by: siedler learn --ruleset {rs.name} --seats {seats} --games {games} --every {every} --seed {seed}\n"
        f"{len(rows)} samples of {len(feature_names(rows))} features from {games} games, {took:.0f} s"
    )
    scaled = fit.scaled()
    weights.write_text(weights_toml(rs.name, scaled, note, fit.intercept), encoding="utf-8")
    typer.echo(note)
    for name, w in scaled.items():
        typer.echo(f"  {name:<20} {w:12.2f}")


def register(app: typer.Typer) -> None:
    app.command("learn")(learn_command)
