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


def test_in_german_the_options_and_the_notation_are_german(run: Any) -> None:
    result = run("rules", "soldiers-and-armies", "--no-howto", "--lang", "de")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Catan: Soldaten & Armeen" in out and "Spieler: 2-4" in out and "Bedeutung" in out
    assert "Handelsangebote an Mitspieler pro Zug" in out and "0 bis 20" in out and "JSON-Tabelle" in out
    # the family's notation, then the rule set's own, each explained in German; no reST markup
    assert out.index("würfeln, den Zug beenden") < out.index("die Nuklearwaffe über Feld F zünden")
    assert "``" not in out and "trade offers to other players" not in out and "roll the dice" not in out
    english = " ".join(run("rules", "soldiers-and-armies", "--no-howto").stdout.split())
    assert "roll the dice" in english and "fire the nuke at hex F" in english and "players: 2-4" in english


def test_soldiers_and_armies_explains_the_offer_steps(run: Any) -> None:
    """The composed trade's steps (docs/rules/soldiers-and-armies.md, "Trades of anything")."""
    result = run("rules", "soldiers-and-armies")
    assert result.exit_code == 0, result.output
    for step in ("address @2", "give card knight", "ask place 20", "send | drop", "counter"):
        assert step in result.output, step
