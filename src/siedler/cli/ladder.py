"""``siedler ladder``: how strong bots are, from seat-rotated games; the logic is ``siedler.sim.ladder``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from siedler.core.registry import get_ruleset
from siedler.sim import SimConfig, SimulationError, check_options, parse_options, parse_seats
from siedler.sim.ladder import Standing, cycle, percentile, run_ladder, standings
from siedler.sim.runner import GameResult, freeze_long_lived

from .experiment import INTERRUPTED, progress_bar
from .simulate import bad_parameter, check_counts

HEADERS = ("bot", "win rate", "95% CI (Wilson)", "fair share", "rating", "decisions", "median ms", "p99 ms")


def _cells(s: Standing) -> tuple[str, ...]:
    r = s.rate
    return (
        s.bot,
        f"{100 * r.rate:.1f}%",
        f"{100 * r.low:.1f}% - {100 * r.high:.1f}%",
        f"{100 * r.share:.1f}%",
        f"{s.rating:.0f}",
        str(s.decisions),
        f"{s.median_ms:.3f}",
        f"{s.p99_ms:.3f}",
    )


def markdown(title: str, command: str, table: list[Standing]) -> str:
    lines = [
        f"# {title}",
        "",
        f"    {command}",
        "",
        "| " + " | ".join(HEADERS) + " |",
        "|" + "---|" * len(HEADERS),
    ]
    lines += ["| " + " | ".join(_cells(s)) + " |" for s in table]
    lines += [
        "",
        "Win rate: wins per seat held (every bot holds every seat equally often), with its 95% Wilson interval; "
        "fair share: 1 / players. Rating: Bradley-Terry on the Elo scale (1500: the anchor), from every pair "
        "at a table (the winner beat each other bot). Decision times: wall clock per decision, this machine.",
        "",
    ]
    return "\n".join(lines)


def ladder_command(
    bots: Annotated[str, typer.Option(help="bots to rank, by name or import path, separated by commas")],
    ruleset: Annotated[str, typer.Option(help="the rule set (see 'siedler rules')")] = "base",
    games: Annotated[int, typer.Option(help="games (rounded up to a whole rotation: bots x players)")] = 100,
    players: Annotated[int | None, typer.Option(help="seats per game (default: the bots' count if it fits)")] = None,
    seed: Annotated[int, typer.Option(help="base seed; each game's seed is derived from it")] = 0,
    workers: Annotated[int, typer.Option(help="processes to use (results do not depend on it)")] = 1,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="rule-set options as name=value,name=value")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="one JSON line per game here")] = None,
    report: Annotated[Path | None, typer.Option(help="the ladder's table as Markdown here")] = None,
) -> None:
    """Rank bots by seat-rotated games: win rates with 95% intervals, a rating and decision times."""
    with bad_parameter("--ruleset"):
        rs = get_ruleset(ruleset)
    with bad_parameter("--bots"):
        names = tuple(dict.fromkeys(parse_seats(bots)))
    with bad_parameter("--players"):
        seats = players or min(rs.max_players, max(rs.min_players, len(names)))
    with bad_parameter("--options"):
        opts = check_options(rs, parse_options(options))
    check_counts(games, workers)
    rotation = cycle(names, seats)
    total = -(-games // rotation) * rotation
    config = SimConfig(rs.name, names[:1] * seats, total, seed, opts)
    with bad_parameter("--bots"):
        results_iter = iter(run_ladder(config, names, workers))
    freeze_long_lived()
    handle = out.open("w", encoding="utf-8") if out else None
    progress = progress_bar("ladder")
    task = progress.add_task("games", total=total)
    results: list[GameResult] = []
    try:
        with progress:
            for result in results_iter:
                results.append(result)
                if handle:
                    handle.write(json.dumps(_line(result)) + "\n")
                progress.advance(task)
                progress.refresh()
    except KeyboardInterrupt:
        typer.echo(f"stopped after {len(results)} of {total} games", err=True)
        if not results:
            raise typer.Exit(INTERRUPTED) from None
    except SimulationError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    finally:
        if handle:
            handle.close()
    table = standings(results, names)
    title = f"Ladder: {rs.name}, {len(results)} games, {seats} seats, seed {seed}"
    rich_table = Table(title=title, title_justify="left", header_style="bold")
    for heading in HEADERS:
        rich_table.add_column(heading, justify="left" if heading == "bot" else "right")
    for s in table:
        rich_table.add_row(*_cells(s))
    Console(highlight=False).print(rich_table)
    if report:
        # Every option that changes the games, so that the command reproduces the table.
        command = (
            f"siedler ladder --ruleset {rs.name} --bots {','.join(names)} --players {seats} --games {games}"
            f" --seed {seed}{''.join(f' -o {o}' for o in options or ())}"
        )
        report.write_text(markdown(title, command, table), encoding="utf-8")


def _line(result: GameResult) -> dict[str, object]:
    """A results line: the game, and per seat its decision count, median and p99 in milliseconds."""
    line = {k: v for k, v in result.items() if k != "decision_ns"}
    line["decisions"] = [
        {"count": len(t), "median_ms": percentile(t, 50) / 1e6, "p99_ms": percentile(t, 99) / 1e6} if t else None
        for t in result["decision_ns"]
    ]
    return line


def register(app: typer.Typer) -> None:
    app.command("ladder")(ladder_command)
