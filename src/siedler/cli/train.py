"""``siedler train``: a value network from self-play for any rule set; the logic is ``siedler.learn.train``,
imported when the command runs (it needs numpy and gymnasium, the ``rl`` extra), so that the rest of the
command line works without them. The bot that plays a network: ``siedler.learn:NetBot:model=PATH``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from siedler.bots.base import split_specs
from siedler.core.errors import OptionError

from .simulate import bad_parameter, check_counts, table_flags


def _round_words(run: Any) -> str:
    """The latest round's figures: the loss, and how often the current network's seats won."""
    last = run.history[-1]
    seats, wins = last["seats"]["current"], last["wins"]["current"]
    share = f"{wins}/{seats} won" if seats else "no seat"
    return f"loss {last['loss']:.3f}, current network {share}"


def _hidden(text: str) -> tuple[int, int]:
    with bad_parameter("--hidden"):
        try:
            first, second = (int(part) for part in text.split(","))
        except ValueError:
            raise OptionError(f"two layer sizes as N,N, not {text!r}") from None
        return first, second


def _mix(text: str) -> tuple[float, ...]:
    with bad_parameter("--mix"):
        try:
            return tuple(float(part) for part in text.split(","))
        except ValueError:
            raise OptionError(f"shares as numbers N,N,N,N, not {text!r}") from None


def train_command(
    ruleset: Annotated[str, typer.Option(help="the rule set (see 'siedler rules')")] = "base",
    games: Annotated[int, typer.Option(help="self-play games in all (a resumed run goes on to this many)")] = 1000,
    out: Annotated[
        Path | None, typer.Option(help="the network and checkpoint (npz), value-RULESET.npz if not given")
    ] = None,
    resume: Annotated[bool, typer.Option(help="go on from the checkpoint at --out")] = False,
    network: Annotated[
        Path | None, typer.Option(help="also write the network alone here (what a package ships as data/value.npz)")
    ] = None,
    seed: Annotated[int, typer.Option(help="the run's seed: games, opponents and weights follow from it")] = 0,
    workers: Annotated[int, typer.Option(help="processes playing the games (the weights do not depend on it)")] = 1,
    address: Annotated[str | None, typer.Option(help="play on the Ray cluster at this address instead")] = None,
    players: Annotated[int | None, typer.Option(help="players per game; default the rule set's most")] = None,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="rule-set options as name=value,name=value")
    ] = None,
    hidden: Annotated[str, typer.Option(help="the two hidden layers' sizes")] = "128,64",
    lam: Annotated[float, typer.Option(help="TD(λ)'s λ")] = 0.8,
    rate: Annotated[float, typer.Option(help="Adam's learning rate")] = 1e-3,
    explore: Annotated[float, typer.Option(help="share of the networks' moves chosen at random")] = 0.05,
    batch: Annotated[int, typer.Option(help="games per round of learning")] = 16,
    epochs: Annotated[int, typer.Option(help="passes over a round's positions")] = 2,
    snapshot: Annotated[int, typer.Option(help="games between the networks kept as earlier opponents")] = 200,
    samples: Annotated[int, typer.Option(help="determinizations the networks' seats try each move on")] = 1,
    prior: Annotated[
        float, typer.Option(help="learn a correction to the hand value at this temperature (400: Hard's; 0: none)")
    ] = 0.0,
    mix: Annotated[
        str | None,
        typer.Option(help="shares of seats for the current network, earlier ones, greedy, random (docs/bots.md)"),
    ] = None,
    trial: Annotated[
        int, typer.Option(help="games the network plays against each hand bot at each trial (0: no trials)")
    ] = 0,
    trial_against: Annotated[str, typer.Option(help="the hand bots of the trials, by name")] = "greedy",
    trial_every: Annotated[int, typer.Option(help="training games between trials")] = 500,
    trial_samples: Annotated[int, typer.Option(help="determinizations the network's seat tries in a trial")] = 1,
    curve: Annotated[
        Path | None, typer.Option(help="draw the run's trials (win rate over training games) as SVG here")
    ] = None,
) -> None:
    """Train a value network by self-play (TD(λ) over after-states), for the bot net:model=PATH."""
    from siedler.learn import train as learning
    from siedler.learn.trial import Trials, curve_svg

    rs, _, opts = table_flags(ruleset, None, options)
    check_counts(games, workers)
    with bad_parameter("--players"):
        count = players or rs.max_players
        if not rs.min_players <= count <= rs.max_players:
            raise OptionError(f"{rs.name} is for {rs.min_players} to {rs.max_players} players, not {count}")
    path = out or Path(f"value-{rs.name}.npz")
    with bad_parameter("--games"):
        config = learning.TrainConfig(
            rs.name,
            count,
            opts,
            games,
            seed,
            _hidden(hidden),
            lam,
            rate,
            explore,
            batch,
            epochs,
            snapshot,
            samples=samples,
            prior=prior,
        )
        config = replace(config, mix=_mix(mix)).checked() if mix else config.checked()
    with bad_parameter("--trial"):
        trials = (
            Trials(trial, tuple(split_specs(trial_against)), trial_every, trial_samples).checked() if trial else None
        )
    with bad_parameter("--resume"):
        if resume and not path.is_file():
            raise OptionError(f"no checkpoint at {path} to resume")
        run = learning.resume(config, path) if resume else learning.start(config)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, TextColumn("{task.fields[note]}")) as progress:
        task = progress.add_task(f"train {rs.name}", total=games, completed=run.done, note="")

        def on_round(now: Any) -> None:
            progress.update(task, completed=now.done, note=_round_words(now))

        with bad_parameter("--address"):
            learning.train(run, path, workers, address, on_round, trials)
    if network is not None:
        run.net.save(network)
    if curve is not None:
        with bad_parameter("--curve"):
            title = f"{rs.name}, {count} players: the network against the hand bots"
            curve.write_text(curve_svg(run.trials, count, title), encoding="utf-8")
        typer.echo(f"training curve ({len(run.trials)} trials): {curve}")
    typer.echo(f"{run.done} games; network and checkpoint: {path} (play it: siedler.learn:NetBot:model={path})")


def register(app: typer.Typer) -> None:
    app.command("train")(train_command)
