"""A rule set's own commands (``Ruleset.commands``): Soldiers & Armies' combat odds calculator is
``siedler odds``, registered by that rule set's package; a command whose name is taken is left out."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from siedler.cli import commands
from siedler.core.registry import get_ruleset, rulesets


def test_the_odds_command_is_the_rule_sets_own() -> None:
    declared = {target for rs in rulesets() for target in rs.commands}
    assert declared == {"siedler.games.soldiers_and_armies.command:register"}
    assert get_ruleset("soldiers-and-armies").commands == ("siedler.games.soldiers_and_armies.command:register",)


def test_odds_of_a_soldiers_and_armies_combat(run: Any) -> None:
    result = run("odds", "1 infantry vs settlement")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "1 infantry vs settlement"
    assert "the attacker rolls d6, the defender d8" in lines[1]
    assert "Win the first round: 31.2% (5/16)" in lines
    assert "Destroy the settlement (and conquer its site): 9.8% (25/256)" in lines


def test_odds_in_german_with_walls(run: Any) -> None:
    result = run("odds", "--lang", "de", "1 Infanterie gegen Stadt mit 2 Mauern")
    assert result.exit_code == 0, result.output
    assert "der Verteidiger W12+2" in result.output
    assert "Die erste Runde gewinnen: 8,3% (1/12)" in result.output  # d6 > d12+2: 4, 5, 6 beat 1+2+3 of 72
    assert "Die Stadt zur Siedlung abwerten" in result.output


def test_odds_as_json_are_exact_fractions(run: Any) -> None:
    result = run("odds", "--json", "1 cavalry vs 1 infantry")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["round_win"] == {"exact": "13/20", "value": 0.65}
    assert data["destroy"]["exact"] == "191/240"  # 13/20 + 7/20 * 15/36
    assert data["target"] == "army" and data["city_reduced"] is None


def test_odds_refuse_bad_text_and_languages(run: Any) -> None:
    bad = run("odds", "1 tank vs city")
    assert bad.exit_code == 2 and "unknown word 'tank'" in bad.output and "MATCHUP" in bad.output
    language = run("odds", "--lang", "fr", "1 infantry vs city")
    assert language.exit_code == 2 and "--lang" in language.output


def test_a_command_whose_name_is_taken_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    app = typer.Typer()

    @app.command("odds")
    def own() -> None:
        typer.echo("the command line's own")

    @app.command("other")
    def other() -> None:
        typer.echo("another")

    twice = replace(get_ruleset("soldiers-and-armies"), name="twice")
    monkeypatch.setattr(commands, "rulesets", lambda: [*rulesets(), twice])
    commands.register_ruleset_commands(app)
    assert [info.name for info in app.registered_commands] == ["odds", "other"]
    result = CliRunner().invoke(app, ["odds"])
    assert result.exit_code == 0 and result.output == "the command line's own\n"
