"""``siedler rules``: rule sets, options with defaults and allowed values, players, notation."""

from __future__ import annotations

import json
from typing import Any

from siedler.core.registry import rulesets


def test_lists_every_rule_set_with_options_and_notation(run: Any) -> None:
    result = run("rules")
    assert result.exit_code == 0, result.output
    for rs in rulesets():
        assert rs.name in result.output
    assert "max_offers" in result.output and "beginner, random, balanced" in result.output
    assert "players: 3-4" in result.output
    assert "settle 12" in result.output and "road 12-13" in result.output


def test_one_rule_set_as_json(run: Any) -> None:
    result = run("rules", "base", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["name"] == "base" and data["players"] == {"min": 3, "max": 4}
    options = {o["name"]: o for o in data["options"]}
    assert options["board"]["default"] == "random"
    assert options["board"]["choices"] == ["beginner", "random", "balanced"]
    assert "bank wool>ore" in data["notation"]


def test_unknown_rule_set_is_a_usage_error(run: Any) -> None:
    result = run("rules", "chess")
    assert result.exit_code == 2
    assert "unknown rule set 'chess'" in result.output


def test_odds_of_a_soldiers_and_armies_combat(run: Any) -> None:
    result = run("rules", "soldiers-and-armies", "--odds", "1 infantry vs settlement")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "1 infantry vs settlement"
    assert "the attacker rolls d6, the defender d8" in lines[1]
    assert "Win the first round: 31.2% (5/16)" in lines
    assert "Destroy the settlement (and conquer its site): 9.8% (25/256)" in lines


def test_odds_in_german_with_walls(run: Any) -> None:
    result = run("rules", "soldiers-and-armies", "--lang", "de", "--odds", "1 Infanterie gegen Stadt mit 2 Mauern")
    assert result.exit_code == 0, result.output
    assert "der Verteidiger W12+2" in result.output
    assert "Die erste Runde gewinnen: 8,3% (1/12)" in result.output  # d6 > d12+2: 4, 5, 6 beat 1+2+3 of 72
    assert "Die Stadt zur Siedlung abwerten" in result.output


def test_odds_as_json_are_exact_fractions(run: Any) -> None:
    result = run("rules", "soldiers-and-armies", "--json", "--odds", "1 cavalry vs 1 infantry")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["round_win"] == {"exact": "13/20", "value": 0.65}
    assert data["destroy"]["exact"] == "191/240"  # 13/20 + 7/20 * 15/36
    assert data["target"] == "army" and data["city_reduced"] is None


def test_odds_refuse_bad_text_and_other_rule_sets(run: Any) -> None:
    bad = run("rules", "soldiers-and-armies", "--odds", "1 tank vs city")
    assert bad.exit_code == 2 and "unknown word 'tank'" in bad.output and "--odds" in bad.output
    other = run("rules", "base", "--odds", "1 infantry vs city")
    assert other.exit_code == 2 and "the odds calculator is for soldiers-and-armies" in other.output
    language = run("rules", "soldiers-and-armies", "--lang", "fr", "--odds", "1 infantry vs city")
    assert language.exit_code == 2 and "--lang" in language.output


def test_one_rule_set_starts_with_its_how_to_page_wrapped_to_the_terminal(run: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    result = run("rules", "fishermen", "--lang", "de")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    page = result.stdout.split("fishermen - ", 1)[0]  # the page, before the options and notation
    assert "So wird gespielt: die Fischer von Catan" in page and "Baukostenkarte" in page
    assert "Fischgrund" in " ".join(page.split())
    assert max(len(line.rstrip()) for line in page.splitlines()) <= 60
    assert any(line.startswith("fishermen - ") for line in lines)  # then the options, as before
    english = run("rules", "fishermen")
    assert "How to play: the Fishermen of Catan" in english.stdout and "Cost card" in english.stdout
    assert "How to play" not in run("rules", "fishermen", "--no-howto").stdout
    assert "How to play" not in run("rules").stdout  # the list of every rule set stays short
