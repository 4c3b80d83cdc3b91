"""``siedler report``: an experiment's results as one self-contained HTML page and a Markdown summary.

Both are written from the same sections (a title, figures, tables), so they never disagree; the page
inlines its SVG figures and its style, so it opens without a network. The figures are computed by
``siedler.sim.analysis``; this module only lays them out.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from siedler.bots.forced import Force
from siedler.sim.analysis import ArmReport, Comparison, Rates, Report, analyse
from siedler.sim.questions import Answer, answers
from siedler.sim.sequential import Verdict
from siedler.sim.stats import Difference, WinRate

from .report_plots import forest_svg, lengths_svg, points_svg, rates_svg
from .simulate import bad_parameter

Table = tuple[Sequence[str], Sequence[Sequence[str]]]

STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:75em;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th:first-child,td:first-child{text-align:left}.figs{display:flex;flex-wrap:wrap;gap:1em}
.figs svg{max-width:100%;height:auto}
.yes{color:#a00;font-weight:bold}code{background:#f4f4f4;padding:0 .2em}
.better{color:#070;font-weight:bold}.worse{color:#a00;font-weight:bold}.same{color:#036}.moved{font-weight:bold}
.side{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}.side table{margin:0;font-size:.85em}
.side td,.side th{padding:.2em .4em}.side td:last-child{max-width:9em}.side svg{max-width:100%;height:auto}"""
#: The class of a table cell with a verdict's word, for its colour (a statistic's higher or lower: bold only).
VERDICT_CLASS = {"better": "better", "worse": "worse", str(Verdict.same): "same", "higher": "moved", "lower": "moved"}


@dataclass
class Section:
    title: str
    text: str = ""
    figures: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    #: Tables first, with the figures beside them (the verdicts: both on the first screen).
    side_by_side: bool = False


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def num(x: float | None, digits: int = 2) -> str:
    return "-" if x is None or math.isnan(x) else f"{x:,.{digits}f}"


def difference_cells(d: Difference | None, percent: bool) -> tuple[str, str, str, str]:
    """Difference, its 95% interval, p-value, and whether it is significant at 5%."""
    if d is None:
        return ("-", "-", "-", "-")

    def show(v: float) -> str:
        return f"{100 * v:+.1f} pp" if percent else f"{v:+.2f}"  # pp: percentage points

    return (show(d.diff), f"{show(d.low)} .. {show(d.high)}", f"{d.p_value:.3g}", "yes" if d.significant else "no")


DIFF_HEADERS = ("difference", "95% interval", "p", "significant")


def effect_cells(found: Answer, percent: bool) -> tuple[str, str]:
    """An answer's effect and its confidence sequence: ``+9.5 pp``, ``-0.2 .. +19.1``."""
    if found.n == 0:
        return ("-", "-")

    def show(v: float) -> str:
        if math.isinf(v):
            return "-inf" if v < 0 else "+inf"
        return f"{100 * v:+.1f}" if percent else f"{v:+.2f}"

    return (f"{show(found.effect)}{' pp' if percent else ''}", f"{show(found.low)} .. {show(found.high)}")


def effect_text(found: Answer, percent: bool) -> str:
    effect, interval = effect_cells(found, percent)
    return f"{effect} ({interval})"


def _verdict_section(found: Sequence[Answer]) -> Section | None:
    """The answers first: each arm's questions with the effect, its interval and the verdict."""
    if not found:
        return None
    headers = ("arm", "against", "question", "games", "effect", "95% conf. sequence", "margin", "verdict")
    rows = [
        (
            a.question.arm,
            a.question.reference,
            a.question.name,
            str(a.n),
            *effect_cells(a, a.question.bounded),
            f"{100 * a.question.margin:g} pp" if a.question.bounded else f"{a.question.margin:g}",
            a.word,
        )
        for a in found
    ]
    return Section(
        "Verdict",
        "Each arm against the arm it is compared with, paired by seed: wins are the forced seats' (did they "
        "win, minus did the same seats win the other arm's game); a statistic is its per-game mean over "
        "those seats (all seats in an arm without a forced choice). The interval is a 95% confidence "
        "sequence, valid however often a run looked: better or worse (a statistic: higher or lower) when it "
        "leaves out 0, no difference larger than the margin when it lies within it (shaded in the plot).",
        [forest_svg(found, name) for name in dict.fromkeys(a.question.name for a in found)],
        [(headers, rows)],
        side_by_side=True,
    )


def _rate_cell(r: WinRate) -> str:
    """The rate and its interval, starred when the interval leaves out the fair share."""
    star = " *" if not r.low <= r.share <= r.high else ""
    return f"{pct(r.rate)} ({pct(r.low)} - {pct(r.high)}){star}"


def rates_table(arms: Sequence[tuple[str, Rates]]) -> Table:
    headers = ("", *(f"{name}: win rate (95% CI)" for name, _ in arms), "fair share")
    rows = []
    for i, label in enumerate(arms[0][1].labels):
        cells = [_rate_cell(r.rates[i]) for _, r in arms]
        rows.append((label, *cells, pct(arms[0][1].rates[i].share)))
    return headers, rows


def comparison_table(comparisons: Sequence[Comparison], labels: Sequence[str], pick: str, percent: bool) -> Table:
    rows = []
    for c in comparisons:
        for label, d in zip(labels, getattr(c, pick)):
            rows.append((f"{c.arm} - {c.base}: {label}", *difference_cells(d, percent)))
    return ("paired by seed", *DIFF_HEADERS), rows


def _rates_section(report: Report, title: str, pick: str, text: str) -> Section | None:
    arms = [(a.name, getattr(a, pick)) for a in report.arms if getattr(a, pick) is not None]
    if not arms:
        return None
    section = Section(title, text, [rates_svg(arms, title)], [rates_table(arms)])
    if report.comparisons:
        section.tables.append(comparison_table(report.comparisons, arms[0][1].labels, pick, True))
    return section


def _length_section(report: Report) -> Section:
    headers = ("arm", "games", "no winner", "aborted", "turns: mean", "median", "min", "max")
    rows = [
        (
            a.name,
            str(a.games),
            str(a.no_winner),
            str(a.aborted),
            num(sum(a.turns) / len(a.turns) if a.turns else None, 1),
            num(float(sorted(a.turns)[len(a.turns) // 2]) if a.turns else None, 0),
            str(min(a.turns, default="-")),
            str(max(a.turns, default="-")),
        )
        for a in report.arms
    ]
    section = Section("Game length", "", [lengths_svg(report.arms)], [(headers, rows)])
    if report.comparisons:
        diff_rows = []
        for c in report.comparisons:
            diff_rows.append((f"{c.arm} - {c.base}: turns", *difference_cells(c.turns, False)))
            diff_rows.append((f"{c.arm} - {c.base}: no winner", *difference_cells(c.no_winner, True)))
        section.tables.append((("paired by seed", *DIFF_HEADERS), diff_rows))
    return section


def _stats_section(report: Report) -> Section | None:
    if not report.stat_names:
        return None
    section = Section(
        "What wins games",
        "Each statistic the rule set reports, per seat and game: the winners' mean against the other seats' "
        "(Welch's t-test). Turns of a first purchase count only the seats that made it.",
    )
    for arm in report.arms:
        rows = [(e.name, num(e.winners), num(e.others), *difference_cells(e.difference, False)) for e in arm.stats]
        section.tables.append(((f"{arm.name}", "winners", "others", *DIFF_HEADERS), rows))
    if report.comparisons:
        totals = [
            (f"{c.arm} - {c.base}: {name}", *difference_cells(d, False))
            for c in report.comparisons
            for name, d in c.stat_means
        ]
        section.tables.append((("per game, mean over the seats", *DIFF_HEADERS), totals))
    return section


def _forced_section(report: Report) -> Section | None:
    """Intervention arms: the seats with a forced choice, and the same seats of the first arm's games."""
    if not report.forced:
        return None
    section = Section(
        "Forced choices",
        "The seats of an arm with a forced choice: their wins (fair share: their seats), and, paired by seed "
        "with the same seats of the arm without the choice (the first with the same options, else the first "
        "arm), the difference in wins (McNemar) and in each statistic, per game the mean over those seats "
        "(paired t-test).",
    )
    rows = [(f.arm, "; ".join(f.choices), _rate_cell(f.rate), pct(f.rate.share)) for f in report.forced]
    section.tables.append((("arm", "forced", "win rate (95% CI)", "fair share"), rows))
    diffs = []
    for f in report.forced:
        if f.wins is None:
            continue
        diffs.append((f"{f.arm} - {f.base}: wins", *difference_cells(f.wins, True)))
        diffs += [(f"{f.arm} - {f.base}: {name}", *difference_cells(d, False)) for name, d in f.stats]
    if diffs:
        section.tables.append((("the forced seats, paired by seed", *DIFF_HEADERS), diffs))
    return section


def sections(report: Report, found: Sequence[Answer] = ()) -> list[Section]:
    """The report's sections: the verdicts (``found``: the answers to the questions), the experiment, then
    the figures and tables of every arm."""
    parts = [
        _verdict_section(found),
        Section("The experiment", _intro(report)),
        _rates_section(
            report,
            "Win rate by seat",
            "seats",
            "95% Wilson intervals; the dashed line is the fair share; *: the interval leaves it out.",
        ),
        _rates_section(
            report,
            "Win rate by turn order",
            "positions",
            "The first player's advantage: seats by when they moved in the game's turn order.",
        ),
        _rates_section(report, "Win rate by bot", "bots", "A bot's wins over all games; fair share: its seats.")
        if len(report.bots) > 1
        else None,
        _forced_section(report),
        _length_section(report),
        Section("Points over turns", "Mean points at the start of each turn.", [points_svg(a) for a in report.arms]),
        _stats_section(report),
    ]
    return [s for s in parts if s is not None]


def _forces_text(arm: Mapping[str, Any]) -> str:
    """An intervention arm's forces, as the file gives them (seats by index in the experiment's seats)."""
    forces = [(f["seat"], Force.of(f["when"], f["kind"], f["fields"]).label) for f in arm.get("force") or []]
    return "".join(f", seat index {seat} forced: {label}" for seat, label in forces)


def _intro(report: Report) -> str:
    e = report.experiment
    arms = "; ".join(f"{a['name']} {a['options'] or '(no changes)'}{_forces_text(a)}" for a in e["arms"])
    return (
        f"Rule set {e['ruleset']}, seats {', '.join(e['seats'])}, seed {e['seed']}, "
        f"{'seats rotating, ' if e['rotate'] else ''}options {e['options'] or '(defaults)'}. Arms: {arms}. "
        f"Games per arm: {', '.join(f'{a.name} {a.games}' for a in report.arms)}. Arms play the same seeds: "
        "differences are paired (McNemar for win rates, the paired t-test for numbers), arm minus the first arm."
    )


def to_html(report: Report, parts: Sequence[Section]) -> str:
    def table(t: Table) -> str:
        headers, rows = t
        head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
        body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
        return f"<table><tr>{head}</tr>{body}</table>"

    title = html.escape(str(report.experiment["name"]))
    out = [f"<!doctype html><html lang=en><meta charset=utf-8><title>{title}</title><style>{STYLE}</style>"]
    out.append(f"<h1>{title}</h1>")
    for s in parts:
        out.append(f"<h2>{html.escape(s.title)}</h2>")
        if s.side_by_side:  # the text after: the tables and figures first, on the first screen
            out.append("<div class=side>" + "".join(map(table, s.tables)) + "".join(s.figures) + "</div>")
            out.append(f"<p>{html.escape(s.text)}</p>")
            continue
        if s.text:
            out.append(f"<p>{html.escape(s.text)}</p>")
        if s.figures:
            out.append("<div class=figs>" + "".join(s.figures) + "</div>")
        out.extend(table(t) for t in s.tables)
    return "\n".join(out) + "\n</html>\n"


def _cell(text: str) -> str:
    """A table cell: a significant difference or a verdict coloured."""
    kind = "yes" if text == "yes" else VERDICT_CLASS.get(text, "")
    return f"<td{f' class={kind}' if kind else ''}>{html.escape(text)}</td>"


def to_markdown(report: Report, parts: Sequence[Section]) -> str:
    def table(t: Table) -> str:
        headers, rows = t
        lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)

    out = [f"# {report.experiment['name']}", ""]
    for s in parts:
        out += [f"## {s.title}", ""]
        if s.text:
            out += [s.text, ""]
        for t in s.tables:
            out += [table(t), ""]
    return "\n".join(out)


def arm_summary(arm: ArmReport) -> str:
    best = max(arm.seats.rates, key=lambda r: r.rate)
    return f"{arm.name}: {arm.games} games, most wins: {best.label} {pct(best.rate)}"


def report_command(
    results: Annotated[Path, typer.Argument(help="an experiment's results folder (siedler experiment --out)")],
    out: Annotated[Path | None, typer.Option(help="the HTML page; the Markdown summary goes beside it (.md)")] = None,
) -> None:
    """Write an experiment's report: win rates with 95% intervals, lengths, points, what wins, arm differences."""
    from siedler.sim.results import read_results

    with bad_parameter("RESULTS"):
        experiment, rows = read_results(results)
        if not rows:
            raise typer.BadParameter("no games in the results yet", param_hint="RESULTS")
    report = analyse(experiment, rows)
    with bad_parameter():
        parts = sections(report, answers(experiment, rows))
    page = out or results.with_suffix(".html")
    page.write_text(to_html(report, parts), encoding="utf-8")
    summary = page.with_suffix(".md")
    summary.write_text(to_markdown(report, parts), encoding="utf-8")
    for arm in report.arms:
        typer.echo(arm_summary(arm))
    typer.echo(f"report: {page}   summary: {summary}")


def register(app: typer.Typer) -> None:
    app.command("report")(report_command)
