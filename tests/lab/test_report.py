"""``siedler report``: one self-contained HTML page and a Markdown summary from an experiment's rows."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.sim.analysis import analyse
from siedler.sim.results import read_results

runner = CliRunner()


def test_report_page_and_summary(experiment_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    assert runner.invoke(app, ["experiment", str(experiment_file), "--out", str(out)]).exit_code == 0
    page = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(out), "--out", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert text.count("<svg") == 6  # seats, turn order, bots, lengths, points of each of the two arms
    # Self-contained: nothing is loaded from elsewhere (the SVGs' xmlns are names, not downloads).
    assert not re.search(r"<(script|link|img)\b", text) and "@import" not in text
    summary = page.with_suffix(".md").read_text()
    for heading in ("Win rate by seat", "Win rate by turn order", "Game length", "What wins games"):
        assert f"## {heading}" in summary
    assert "harbormaster - base: seat 1" in summary and "significant" in summary  # seats count from 1
    assert "settlements_built" in summary


def test_the_analysis_pairs_the_arms_by_game(experiment_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    assert runner.invoke(app, ["experiment", str(experiment_file), "--out", str(out)]).exit_code == 0
    experiment, rows = read_results(out)
    report = analyse(experiment, rows)
    base, harbour = report.arms
    assert base.games == harbour.games == 5
    (comparison,) = report.comparisons
    for seat, d in enumerate(comparison.seats):
        assert d.n == 5
        assert d.mean_a == harbour.seats.rates[seat].rate and d.mean_b == base.seats.rates[seat].rate
    # The winners' stats are the winners' own: in every won game the winner founded at least 2 settlements.
    settle = next(e for e in base.stats if e.name == "settlements_built")
    assert settle.winners >= 2


def test_results_that_are_not_an_experiments_are_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", str(tmp_path), "--out", str(tmp_path / "x.html")], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "holds no results" in result.output
