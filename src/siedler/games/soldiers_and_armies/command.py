"""``siedler odds "..."``: the combat odds calculator at the command line, a command of this rule set.

The rule set declares it (``Ruleset.commands``) and the command line registers it; the engine never imports
this module. The calculator (``odds``) needs no game; the words come from this rule set's catalog
(``soldiers.odds``) in the language of ``--lang``. Chances are printed as percentages, with the exact
fraction when it is short enough to read; ``--json`` gives every value as an exact fraction.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer

from siedler.core.i18n import languages, text

from .odds import Matchup, Odds, OddsError, Target, odds, parse

#: Longer fractions are shown as a percentage only (their exact value is in ``--json``).
READABLE = 10**6


def register(app: typer.Typer) -> None:
    """The hook ``Ruleset.commands`` names: adds ``siedler odds``."""
    app.command("odds")(odds_command)


def odds_command(
    matchup: Annotated[
        str,
        typer.Argument(
            metavar="MATCHUP",
            help="Soldiers & Armies: a match-up, e.g. '2 cavalry + 1 artillery vs city with 1 wall' (docs/cli.md)",
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="every chance as an exact fraction, as JSON")] = False,
    lang: Annotated[str, typer.Option(help="language of the answer: en or de")] = "en",
) -> None:
    """The exact combat odds of a Soldiers & Armies match-up.

    The first round's dice and the chances to win it and to destroy the target, and the rounds to expect;
    exact fractions, no sampling (docs/cli.md, "Combat odds")."""
    if lang not in languages():
        raise typer.BadParameter(f"choose {' or '.join(languages())}, not {lang!r}", param_hint="--lang")
    typer.echo(odds_json(matchup) if as_json else "\n".join(odds_lines(matchup, lang)))


def odds_lines(matchup_text: str, lang: str) -> list[str]:
    """The calculator's answer in words, one line each; ``typer.BadParameter`` for text that does not parse."""
    matchup = _parse(matchup_text)
    result = odds(matchup.attackers, matchup.target)
    target = matchup.target

    def say(key: str, **fields: Any) -> str:
        return text(f"soldiers.odds.{key}", lang, **fields)

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
        raise typer.BadParameter(str(exc), param_hint="MATCHUP") from None
