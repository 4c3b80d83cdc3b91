"""``siedler bench``: the engine's speed on one core; the measuring is in ``siedler.sim.bench``."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from siedler.core.errors import OptionError
from siedler.core.registry import get_ruleset
from siedler.sim.bench import BenchReport, Throughput, run_bench


def _offers(t: Throughput) -> str:
    """Whether player-to-player offers were on ("-" for rule sets without them)."""
    if "max_offers" not in t.options:
        return "on" if t.ruleset_has_offers else "-"
    return "off" if t.options["max_offers"] == 0 else f"{t.options['max_offers']}/turn"


def _relative(t: Throughput) -> str:
    """The share of the base game's games/s with its 95% confidence interval: ``81% (77-85%)``."""
    if t.relative_to_base is None:
        return "-"
    if t.relative_low is None or t.relative_high is None:
        return f"{t.relative_to_base:.0%}"
    return f"{t.relative_to_base:.0%} ({t.relative_low * 100:.0f}-{t.relative_high * 100:.0f})"


def _throughput_table(title: str, rows: list[Throughput], base: str | None = None) -> Table:
    table = Table(
        title=title,
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 1),
        collapse_padding=True,
    )
    headings = ["rule set", "seats", "offers", "games/s", "actions/game", "µs/action", "no winner"]
    if base:  # all with offers off, said in the title; the share of the base game's games/s instead (and
        # shorter headings, for the interval to fit in 80 columns)
        headings = ["rule set", "seats", "games/s", "act./game", "µs/act.", "no winner", f"vs {base}"]
    for heading in headings:
        table.add_column(heading, justify="left" if heading in ("rule set", "offers") else "right", no_wrap=True)
    for t in rows:
        cells = [
            t.ruleset,
            str(t.players),
            _offers(t),
            f"{t.games_per_second:,.1f}",
            f"{t.actions_per_game:,.0f}",
            f"{t.us_per_action:.2f}",
            str(t.unfinished),
        ]
        if base:
            cells = [*cells[:2], *cells[3:], _relative(t)]
        table.add_row(*cells)
    return table


def print_report(console: Console, report: BenchReport) -> None:
    m = report.machine
    first = report.throughput[0]
    console.print(
        f"[bold]siedler bench[/bold] · {m['build']} · {m['python']} · {m['platform']} · one core · "
        f"medians of {first.runs} runs x {first.games} games, uniformly random seats, CPU time"
    )
    console.print(_throughput_table(f"Complete random games: {report.ruleset}", report.throughput))
    if report.calls:
        c = report.calls
        console.print(
            f"Per call on {c.positions} mid-game positions (median): legal_actions() "
            f"{c.legal_actions_us:.2f} µs · apply() {c.apply_us:.2f} µs · copy() {c.copy_us:.2f} µs"
            f" · determinize() {c.determinize_us:.2f} µs"
        )
    if report.memory:
        console.print(
            f"Memory: tracemalloc peak during one complete game {report.memory.tracemalloc_peak_kib:,.0f} "
            f"KiB · process peak RSS (getrusage ru_maxrss) {report.memory.max_rss_mib:,.1f} MiB"
        )
    if report.others:
        first_other = report.others[0]
        console.print(
            _throughput_table(
                f"Every rule set, offers off: {first_other.games * first_other.runs} random games each, in "
                f"{first_other.runs} rounds taking turns, pooled; games/s as a share of {report.ruleset}'s "
                f"(95% confidence interval)",
                report.others,
                base=report.ruleset,
            )
        )
    for name, error in report.failed.items():
        console.print(f"[red]{name}: random games failed: {error}[/red]")
    console.print(FIGURES)


#: What the two headline figures measure, printed under the tables (and in docs/performance.md), because
#: they answer different questions and are easily mixed up.
FIGURES = (
    "[bold]games/s[/bold]: whole games - complete random games finished per second of CPU time on one core, "
    "each from a new game (board set-up included) to its end: what a simulation of many games costs. Longer "
    "games lower it.\n"
    "[bold]µs/action[/bold]: one step - the same CPU time divided by the actions played (listing the legal "
    "actions, choosing one at random, applying it; the set-up's share included): what a search pays per move."
)


def bench_command(
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    games: Annotated[int, typer.Option(help="games per run")] = 20,
    runs: Annotated[int, typer.Option("--runs", "--repeat", help="runs; figures are medians over them")] = 5,
    ruleset: Annotated[
        str | None,
        typer.Option(help="measure only this rule set in detail (default: the base game in detail, then every other)"),
    ] = None,
    positions: Annotated[int, typer.Option(help="mid-game positions for the per-call costs")] = 60,
    compare_games: Annotated[
        int,
        typer.Option(
            help="games of each rule set for the comparison of all rule sets (random games vary so much in "
            "length that fewer give a wide confidence interval)"
        ),
    ] = 500,
) -> None:
    """Measure the engine: random games per second, µs per action, per-call costs, memory."""
    try:
        if games < 1 or runs < 1 or compare_games < 1 or positions < 0:
            raise OptionError("--games, --runs and --compare-games must be at least 1, --positions at least 0")
        name = get_ruleset(ruleset).name if ruleset else "base"
    except OptionError as exc:
        raise typer.BadParameter(str(exc)) from None
    # Plain lines, not a spinner: a spinner's refresh thread would steal time from the measurement.
    progress = Console(stderr=True, highlight=False)
    report = run_bench(
        name,
        games,
        runs,
        positions,
        others=ruleset is None,
        progress=lambda text: progress.print(f"[dim]measuring {text}[/dim]"),
        compare_games=compare_games,
    )
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        print_report(Console(highlight=False), report)


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_command)
