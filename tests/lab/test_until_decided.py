"""``siedler experiment --until decided`` and ``--plan`` on Deck Building games: a forced choice of known
effect (never buying a city: a seat that cannot buy the 2-point card) is stopped early as "worse", a choice
without a clear effect is never called better or worse, and the rows are a fixed run's rows for the games
played. The error rates of the method itself are simulated in test_sequential.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.sim import rounds
from siedler.sim.questions import answers
from siedler.sim.results import read_results
from siedler.sim.sequential import Verdict

EXPERIMENT = """
name = "cities"
ruleset = "deck-building"
seats = ["greedy", "greedy"]
games = 120
seed = 1
rotate = true
margin = 0.1
[[arms]]
name = "plain"
[[arms]]
name = "never a city"
force = [{ seat = 0, when = "never", kind = "buy", fields = { card = "city" } }]
[[arms]]
name = "never a harbor"
force = [{ seat = 0, when = "never", kind = "buy", fields = { card = "harbor" } }]
"""

runner = CliRunner()


@pytest.fixture
def cities(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(rounds, "FIRST_LOOK", 40)  # looks after 40, 80 and 120 games
    path = tmp_path / "cities.toml"
    path.write_text(EXPERIMENT, encoding="utf-8")
    return path


def test_until_decided_stops_a_known_effect_early_and_keeps_the_fixed_runs_rows(cities: Path, tmp_path: Path) -> None:
    until, fixed = tmp_path / "until.parquet", tmp_path / "fixed.parquet"
    result = runner.invoke(app, ["experiment", str(cities), "--until", "decided", "--out", str(until)])
    assert result.exit_code == 0, result.output
    assert "never a city: wins" in result.output and "after 40 games: worse" in result.output
    experiment, rows = read_results(until)
    played = {arm: sorted(r["game"] for r in rows if r["arm"] == arm) for arm in ("plain", "never a city")}
    assert played["never a city"] == list(range(40))  # stopped at the first look
    assert played["plain"] == list(range(120))  # the reference plays on for the undecided arm
    by_name = {a.question.arm: a for a in answers(experiment, rows)}
    assert by_name["never a city"].verdict is Verdict.worse and by_name["never a city"].high < 0
    assert by_name["never a harbor"].verdict in (Verdict.same, Verdict.undecided)
    assert by_name["never a harbor"].n == 120
    assert runner.invoke(app, ["experiment", str(cities), "--out", str(fixed)]).exit_code == 0
    fixed_rows = read_results(fixed)[1]
    kept = {(r["arm"], r["game"]) for r in rows}
    assert rows == [r for r in fixed_rows if (r["arm"], r["game"]) in kept]


def test_the_report_opens_with_the_verdicts(cities: Path, tmp_path: Path) -> None:
    out = tmp_path / "until.parquet"
    assert runner.invoke(app, ["experiment", str(cities), "--until", "decided", "--out", str(out)]).exit_code == 0
    assert runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "r.html")]).exit_code == 0
    page = (tmp_path / "r.html").read_text()
    assert page.index("<h2>Verdict</h2>") < page.index("<svg") < page.index("<h2>The experiment</h2>")
    summary = (tmp_path / "r.md").read_text()
    assert summary.index("## Verdict") < summary.index("## Win rate by seat")
    assert "| never a city | plain | wins | 40 |" in summary and "| worse |" in summary


def test_the_plan_says_games_and_time_from_a_pilot(cities: Path) -> None:
    result = runner.invoke(app, ["experiment", "--plan", str(cities), "--games", "20"])
    assert result.exit_code == 0, result.output
    assert "pilot of 20 games per arm, 60 games in" in result.output
    assert "never a city - plain: wins, margin 0.1" in result.output and "fair share 0.71" in result.output
    assert "all arms, no effect:" in result.output and "here" in result.output


@pytest.mark.parametrize(
    ("margin", "message"),
    [
        ("margin = 0", "margin is the smallest difference that matters, a number above 0; not 0"),
        ("margin = { wins = 0.03, bought_catapult = 1 }", "margin: no question bought_catapult; the questions:"),
    ],
)
def test_a_bad_margin_is_refused(cities: Path, margin: str, message: str) -> None:
    cities.write_text(EXPERIMENT.replace("margin = 0.1", margin), encoding="utf-8")
    result = runner.invoke(app, ["experiment", str(cities), "--until", "decided"], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and message in result.output


def test_max_games_needs_until_and_a_game(cities: Path) -> None:
    result = runner.invoke(app, ["experiment", str(cities), "--max-games", "10"], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "--max-games goes with --until decided" in result.output
    args = ["experiment", str(cities), "--until", "decided", "--max-games", "0"]
    result = runner.invoke(app, args, env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "at least 1 game per arm, not 0" in result.output


def test_resume_continues_the_rounds_with_a_new_margin_and_maximum(cities: Path, tmp_path: Path) -> None:
    """The margin is no part of the rows: a resumed run may change it, and the rounds go on from the rows
    stored (the decided arm stays decided, the others play up to the new maximum)."""
    out = tmp_path / "until.parquet"
    first = runner.invoke(
        app, ["experiment", str(cities), "--until", "decided", "--max-games", "40", "--out", str(out)]
    )
    assert first.exit_code == 0, first.output
    cities.write_text(EXPERIMENT.replace("margin = 0.1", "margin = 0.2"), encoding="utf-8")
    args = ["experiment", str(cities), "--until", "decided", "--max-games", "80", "--out", str(out), "--resume"]
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0, resumed.output
    assert "(margin 0.2)" in resumed.output and ", 120 before;" in resumed.output
    experiment, rows = read_results(out)
    assert experiment["margin"] == 0.2
    counts = {arm: sum(1 for r in rows if r["arm"] == arm) for arm in ("plain", "never a city", "never a harbor")}
    assert counts["never a city"] == 40 and counts["plain"] == counts["never a harbor"] == 80
