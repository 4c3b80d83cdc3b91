"""``siedler simulate``: many bot games, a results file and a summary; the logic lives in ``siedler.sim``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from siedler.bots import make_bot
from siedler.core.errors import OptionError
from siedler.core.i18n import languages
from siedler.core.registry import Ruleset, get_ruleset
from siedler.sim import (
    GameResult,
    SimConfig,
    SimulationError,
    Summary,
    check_options,
    parse_options,
    parse_seats,
    simulate,
)
from siedler.sim.config import check_seat_count


def check_language(lang: str) -> str:
    """``--lang`` must name a language of the message catalog (one file per language)."""
    if lang not in languages():
        raise typer.BadParameter(f"choose {' or '.join(languages())}, not {lang!r}", param_hint="--lang")
    return lang


@contextmanager
def bad_parameter(hint: str | None = None) -> Iterator[None]:
    """Turn the library's ``OptionError`` into typer's usage error (exit code 2) naming the flag."""
    try:
        yield
    except OptionError as exc:
        raise typer.BadParameter(str(exc), param_hint=hint) from None


def check_counts(games: int, workers: int) -> None:
    """At least one game and one worker, each refused naming its flag: every command that plays games."""
    with bad_parameter("--games"):
        if games < 1:
            raise OptionError(f"the number of games must be at least 1, not {games}")
    with bad_parameter("--workers"):
        if workers < 1:
            raise OptionError(f"at least 1 worker is needed, not {workers}")


def table_flags(
    ruleset: str, seats: str | None, options: list[str] | None
) -> tuple[Ruleset, tuple[str, ...], dict[str, Any]]:
    """The rule set, a bot spec per seat and the options from their flags, each refused naming its flag:
    every command that seats bots. No ``seats``: random bots, four where the rule set allows."""
    with bad_parameter("--ruleset"):
        rs = get_ruleset(ruleset)
    with bad_parameter("--seats"):
        specs = parse_seats(seats) if seats else ("random",) * max(rs.min_players, min(4, rs.max_players))
        check_seats(rs, specs)
    with bad_parameter("--options"):
        opts = check_options(rs, parse_options(options))
    return rs, specs, opts


def check_seats(rs: Ruleset, seats: tuple[str, ...]) -> None:
    """The seat count fits the rule set and every bot can be made."""
    check_seat_count(rs, len(seats))
    for spec in dict.fromkeys(seats):
        if spec != "human":
            make_bot(spec, 0)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:,.{digits}f}"


def print_summary(console: Console, config: SimConfig, summary: Summary, workers: int) -> None:
    console.print(
        f"[bold]{config.games} games[/bold] of {config.ruleset}, seed {config.seed}, "
        f"{workers} worker(s)"
        + (", seats rotating" if config.rotate else "")
        + (f", options {dict(config.options)}" if config.options else "")
    )
    for title, rates in (("Wins by seat", summary.seats), ("Wins by bot", summary.bots)):
        table = Table(title=title, title_justify="left", header_style="bold")
        for heading in ("", "wins", "win rate", "95% CI (Wilson)", "fair share"):
            table.add_column(heading, justify="left" if not heading else "right")
        for r in rates:
            table.add_row(r.label, str(r.wins), _pct(r.rate), f"{_pct(r.low)} - {_pct(r.high)}", _pct(r.share))
        console.print(table)
    games = summary.games
    lines = [
        f"games won: {summary.wins}   without a winner (turn limit / draw): {summary.no_winner}"
        + (f"   aborted at {config.max_actions} actions: {summary.aborted}" if summary.aborted else ""),
        f"turns per game: mean {_num(summary.turns.mean)}, median {_num(summary.turns.median, 0)}"
        f" (min {summary.turns.minimum}, max {summary.turns.maximum})",
        f"actions per game: mean {_num(summary.actions.mean)}, median {_num(summary.actions.median, 0)}",
        f"{games} games in {summary.elapsed:.2f} s: {summary.games_per_second:,.1f} games/s",
    ]
    for line in lines:
        console.print(line)


def summary_json(config: SimConfig, summary: Summary, workers: int, out: Path | None) -> dict[str, Any]:
    return {
        "config": config.to_json(),
        "workers": workers,
        "out": str(out) if out else None,
        "summary": summary.to_json(),
    }


class Sink:
    """Writes each result as it arrives: a JSONL line (record embedded if asked) and/or a record file."""

    def __init__(self, out: IO[str] | None, records_dir: Path | None, embed: bool) -> None:
        self.out, self.records_dir, self.embed = out, records_dir, embed

    def __call__(self, result: GameResult) -> None:
        record = result.get("record")
        if self.records_dir is not None and record is not None:
            path = self.records_dir / f"game-{result['game']:06d}.json"
            path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
        if self.out is not None:
            line = result if self.embed else {k: v for k, v in result.items() if k != "record"}
            self.out.write(json.dumps(line, ensure_ascii=False) + "\n")


def simulate_command(
    seats: Annotated[
        str | None,
        typer.Option(help="a bot per seat: random, greedy or package.module:Class (default: random in every seat)"),
    ] = None,
    ruleset: Annotated[str, typer.Option(help="the rule set (see 'siedler rules')")] = "base",
    games: Annotated[int, typer.Option(help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="base seed; each game's seed is derived from it")] = 0,
    workers: Annotated[int, typer.Option(help="processes to use (results do not depend on it)")] = 1,
    out: Annotated[Path | None, typer.Option(help="write one JSON line per game here")] = None,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="rule-set options as name=value,name=value")
    ] = None,
    records: Annotated[Path | None, typer.Option(help="save each game's full record in this directory")] = None,
    save_records: Annotated[
        bool, typer.Option("--save-records", help="embed each game's full record in its --out line")
    ] = False,
    rotate: Annotated[bool, typer.Option(help="rotate the bots one seat per game")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play many games between bots and summarize them: win rates with confidence intervals, lengths, speed."""
    rs, seat_specs, opts = table_flags(ruleset, seats, options)
    check_counts(games, workers)
    with bad_parameter("--save-records"):
        if save_records and out is None:
            raise OptionError("--save-records embeds records in the --out file; give --out too")
    with bad_parameter():
        config = SimConfig(
            rs.name, seat_specs, games, seed, opts, rotate, keep_records=bool(records or save_records)
        ).checked()
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    console = Console(highlight=False)
    progress_console = Console(stderr=True)
    progress = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=progress_console,
        auto_refresh=False,
        transient=True,
        disable=not progress_console.is_terminal,
    )
    # No refresh thread (auto_refresh=False): worker processes are forked, and forking beside a thread
    # that may hold a lock is unsafe; the bar is redrawn as each game finishes instead.
    task = progress.add_task("games", total=games)
    handle = out.open("w", encoding="utf-8") if out else None
    sink = Sink(handle, records, save_records)

    def on_result(result: GameResult) -> None:
        sink(result)
        progress.advance(task)
        progress.refresh()

    try:
        with progress:
            run = simulate(config, workers, on_result, freeze_gc=True)
    except SimulationError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    finally:
        if handle:
            handle.close()
    if as_json:
        typer.echo(json.dumps(summary_json(run.config, run.summary, workers, out), indent=2))
    else:
        print_summary(console, run.config, run.summary, workers)
        if out:
            console.print(f"results: {out}" + (f"   records: {records}/" if records else ""))


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
