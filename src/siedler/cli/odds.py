"""``siedler rules soldiers-and-armies --odds "..."``: the combat odds calculator at the command line.

The calculator (``siedler.games.soldiers_and_armies.odds``) needs no game, so the option works from the
rule set's name alone; the words come from the message catalogs (``cli.odds``) in the language of
``--lang``. Chances are printed as percentages, with the exact fraction when it is short enough to read;
``--json`` gives every value as an exact fraction.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import typer

from siedler.core.i18n import text
from siedler.games.soldiers_and_armies.odds import Matchup, Odds, OddsError, Target, odds, parse

#: The rule set whose combat the calculator computes.
RULESET = "soldiers-and-armies"
#: Longer fractions are shown as a percentage only (their exact value is in ``--json``).
READABLE = 10**6


def check_ruleset(ruleset: str | None) -> None:
    """``--odds`` is about one rule set's combat, and must be asked of it by name."""
    if ruleset != RULESET:
        raise typer.BadParameter(
            f"the odds calculator is for {RULESET}: siedler rules {RULESET} --odds '...'", param_hint="RULESET"
        )


def odds_lines(matchup_text: str, lang: str) -> list[str]:
    """The calculator's answer in words, one line each; ``typer.BadParameter`` for text that does not parse."""
    matchup = _parse(matchup_text)
    result = odds(matchup.attackers, matchup.target)
    target = matchup.target

    def say(key: str, **fields: Any) -> str:
        return text(f"cli.odds.{key}", lang, **fields)

    def chance(value: Fraction) -> str:
        percent = f"{float(value) * 100:.1f}%".replace(".", say("decimal"))
        return percent if value.denominator > READABLE else f"{percent} ({value})"

    defender = say("die", sides=result.defender_die)
    if result.defender_bonus:
        defender = say("bonus", die=defender, bonus=result.defender_bonus)
    lines = [matchup_text, say("dice", attacker=say("die", sides=result.attacker_die), defender=defender)]
    if target.robber:
        return [*lines, say("robber", chance=chance(result.round_win))]
    lines.append(say("round", chance=chance(result.round_win)))
    if result.cover_destroyed is not None:
        lines.append(say("cover", chance=chance(result.cover_destroyed)))
    if result.city_reduced is not None:
        lines.append(say("reduce", chance=chance(result.city_reduced)))
    lines.append(say("army" if target.building is None else "building", chance=chance(result.destroy)))
    rounds = f"{float(result.expected_rounds):.2f}".replace(".", say("decimal"))
    return [*lines, say("rounds", rounds=rounds)]


def odds_json(matchup_text: str) -> str:
    """The same answer for programs: every chance as an exact fraction (``"55/144"``) and as a number."""
    matchup = _parse(matchup_text)
    result = odds(matchup.attackers, matchup.target)
    return json.dumps({"matchup": matchup_text, **_values(result, matchup.target)}, indent=2, ensure_ascii=False)


def _values(result: Odds, target: Target) -> dict[str, Any]:
    fields: dict[str, Fraction | None] = {
        "round_win": result.round_win,
        "destroy": result.destroy,
        "expected_rounds": result.expected_rounds,
        "cover_destroyed": result.cover_destroyed,
        "city_reduced": result.city_reduced,
    }
    out: dict[str, Any] = {
        name: None if value is None else {"exact": str(value), "value": float(value)} for name, value in fields.items()
    }
    out["dice"] = {"attacker": result.attacker_die, "defender": result.defender_die, "bonus": result.defender_bonus}
    out["target"] = "robber" if target.robber else "army" if target.building is None else "building"
    return out


def _parse(matchup_text: str) -> Matchup:
    try:
        return parse(matchup_text)
    except OddsError as exc:
        raise typer.BadParameter(str(exc), param_hint="--odds") from None
