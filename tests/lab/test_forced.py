"""Intervention arms: a choice forced on a seat's bot (always, never, at the first chance), named by action
kind and fields, checked against the rule set, applied on built positions, and played in an experiment
whose rows say which seat was forced, paired with the arm without the choice."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import siedler
from siedler.bots import make_bot
from siedler.bots.forced import Force, ForcedBot
from siedler.cli.main import app
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.sim.analysis import base_arm
from siedler.sim.experiment import Experiment, load_experiment
from siedler.sim.results import read_results
from tests.catan.positions import cards

from ..deck_building.positions import play
from ..deck_building.positions import position as deck_position
from ..soldiers_and_armies.positions import position as soldiers_position

ARTILLERY = cards(wood=1, brick=1, ore=2)
#: Enough for any unit: artillery, cavalry (wool, grain, ore) or infantry (wool, ore).
UNITS = cards(wood=1, brick=1, ore=2, wool=1, grain=1)


def force(when: str, kind: str, game: Game, **fields: Any) -> Force:
    return Force.of(when, kind, fields).resolved(game)


def decide(game: Game, forces: list[Force], seed: int = 1) -> str:
    assert game.to_act is not None
    return str(ForcedBot(make_bot("greedy", seed), forces, seed).decide(game, game.to_act))


def test_a_force_matches_the_actions_named_by_kind_and_fields() -> None:
    game = siedler.new_game("soldiers-and-armies", players=4, seed=1)
    artillery = force("always", "recruit", game, unit="artillery").actions
    assert len(artillery) == 54  # one at each intersection
    assert {str(a).rsplit(" ", 1)[0] for a in artillery} == {"recruit artillery"}
    assert force("always", "recruit", game, unit="ARTILLERY").actions == artillery  # any case
    assert force("always", "recruit", game, unit=2).actions == artillery  # the field's own value
    both = force("never", "recruit", game, unit=["cavalry", "artillery"], at=13).actions
    assert {str(a) for a in both} == {"recruit cavalry 13", "recruit artillery 13"}
    assert {str(a) for a in force("never", "nuke", game, hex="J").actions} == {"nuke J"}
    deck = siedler.new_game("deck-building", players=2, seed=1)
    assert {str(a) for a in force("first", "buy", deck, card="bandit").actions} == {"buy bandit"}


@pytest.mark.parametrize(
    ("when", "kind", "fields", "message"),
    [
        ("sometimes", "recruit", {}, "when is always, never, first; not 'sometimes'"),
        ("always", "recruitt", {}, "soldiers-and-armies has no action kind 'recruitt' (its kinds: accept,"),
        ("always", "recruit", {"units": "artillery"}, "kind 'recruit' has no field 'units' (its fields: at, unit)"),
        ("always", "march", {"unit": "artillery"}, "kind 'march' has no field 'unit' (it has no fields)"),
        (
            "always",
            "recruit",
            {"unit": "artilery"},
            "field 'unit' of 'recruit' has no value 'artilery' (values: infantry, cavalry, artillery, nuke)",
        ),
        ("always", "recruit", {"unit": True}, "field 'unit' takes a value or a list of values"),
        ("always", "recruit", {"unit": "nuke", "at": 999}, "field 'at' of 'recruit' has no value 999"),
    ],
)
def test_an_unknown_kind_field_or_value_is_refused_by_name(
    when: str, kind: str, fields: dict[str, Any], message: str
) -> None:
    game = siedler.new_game("soldiers-and-armies", players=3, seed=1)
    with pytest.raises(OptionError) as caught:
        Force.of(when, kind, fields).resolved(game)
    assert message in str(caught.value)


def test_always_takes_the_forced_action_the_bot_would_not() -> None:
    """Four cards are too few for the greedy bot to arm itself; forced, it recruits artillery at its city."""
    game = soldiers_position(cities={0: [13]}, settlements={1: [42]}, hands={0: ARTILLERY})
    assert not decide(game, []).startswith("recruit")
    assert decide(game, [force("always", "recruit", game, unit="artillery")]) == "recruit artillery 13"


def test_never_takes_the_allowed_action_most_like_the_bots() -> None:
    """A hostile army beside its city: the greedy bot guards it with its best unit, artillery; forbidden
    that, it recruits another unit at the same city."""
    game = soldiers_position(cities={0: [13]}, settlements={1: [42]}, armies={14: (1, (1, 0, 0))}, hands={0: UNITS})
    assert decide(game, []) == "recruit artillery 13"
    for seed in range(6):
        choice = decide(game, [force("never", "recruit", game, unit="artillery")], seed)
        assert choice in {"recruit infantry 13", "recruit cavalry 13"}
    assert decide(game, [force("never", "recruit", game, unit=["artillery", "cavalry"])]) == "recruit infantry 13"


def test_first_buys_the_bandit_at_its_first_chance_then_leaves_the_choice_to_the_bot() -> None:
    hands = (["wool", "wool", "grain", "desert", "ore", "wool", "wool", "grain"], ["sea"])
    game = deck_position(hands=hands)
    assert decide(game, []) != "buy bandit"
    bot = ForcedBot(make_bot("greedy", 1), [force("first", "buy", game, card="bandit")], 1)
    assert str(bot.decide(game, 0)) == "buy bandit"
    play(game, "buy bandit")
    assert "buy bandit" in {str(a) for a in game.legal_actions()}  # a second chance: not forced
    assert bot.decide(game, 0) == make_bot("greedy", 1).decide(game, 0)


def test_a_forced_bot_is_as_fair_as_its_bot() -> None:
    """Two games its seat cannot tell apart (tests/hidden.py's twins): the same forced decision."""
    from ..hidden import _loaded, twin_state
    from ..test_hidden_information import mid_game

    for seed in range(6):
        game = mid_game("soldiers-and-armies", {}, 3, seed, ["random", "greedy"], 60 + 40 * seed)
        seat = game.to_act
        assert seat is not None
        twin = _loaded(twin_state(game, seat, random.Random(seed)))
        forces = [force("always", "recruit", game, unit="infantry"), force("never", "settle", game)]
        assert ForcedBot(make_bot("greedy", seed), forces, seed).decide(game, seat) == ForcedBot(
            make_bot("greedy", seed), forces, seed
        ).decide(twin, seat)


EXPERIMENT = """
name = "artillery"
ruleset = "soldiers-and-armies"
seats = ["greedy", "greedy", "greedy"]
games = 6
seed = 3
rotate = true
[options]
turn_limit = 40
[[arms]]
name = "as the bot likes"
[[arms]]
name = "always artillery"
[[arms.force]]
seat = 1
when = "always"
kind = "recruit"
fields = { unit = "artillery" }
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "forced.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_intervention_arm_forces_one_seat_paired_with_the_arm_without(tmp_path: Path) -> None:
    path, out = _file(tmp_path, EXPERIMENT), tmp_path / "forced.parquet"
    result = CliRunner().invoke(app, ["experiment", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = read_results(out)[1]
    plain = {r["game"]: r for r in rows if r["arm"] == "as the bot likes"}
    forced = {r["game"]: r for r in rows if r["arm"] == "always artillery"}
    for game, row in forced.items():
        seat = (1 + game) % 3  # seat index 1 of the file, moving one seat a game
        assert row["forced"] == [("always recruit unit=artillery" if p == seat else None) for p in range(3)]
        assert plain[game]["forced"] == [None] * 3 and plain[game]["seed"] == row["seed"]
    artillery = sum(r["stat_recruited_artillery"][(1 + g) % 3] for g, r in forced.items())
    assert artillery > sum(r["stat_recruited_artillery"][(1 + g) % 3] for g, r in plain.items())
    assert load_experiment(path) == Experiment.from_json(load_experiment(path).to_json())
    resumed = CliRunner().invoke(app, ["experiment", str(path), "--out", str(out), "--resume", "--games", "7"])
    assert resumed.exit_code == 0 and "2 played now, 12 before" in resumed.output, resumed.output
    report = CliRunner().invoke(app, ["report", str(out), "--out", str(tmp_path / "r.html")])
    assert report.exit_code == 0, report.output
    summary = (tmp_path / "r.md").read_text()
    assert "## Forced choices" in summary and "always artillery - as the bot likes: recruited_artillery" in summary


def test_an_intervention_arm_is_compared_with_the_arm_of_its_options_without_a_choice() -> None:
    cheap = {"costs": {"bandit": {"wool": 1, "grain": 1}}}
    force = [{"seat": 0, "when": "never", "kind": "buy", "fields": {"card": ["bandit"]}}]
    arms: list[dict[str, Any]] = [
        {"name": "printed", "options": {}},
        {"name": "cheaper", "options": cheap},
        {"name": "printed, never", "options": {}, "force": force},
        {"name": "cheaper, never", "options": cheap, "force": force},
        {"name": "dearer, never", "options": {"costs": {"bandit": {"wool": 3}}}, "force": force},
    ]
    bases = [base_arm({"arms": arms}, a["name"]) for a in arms]
    assert bases == ["printed", "cheaper", "printed", "cheaper", "printed"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("seat = 1\n", "seat = 3\n", "arm 'always artillery': a force's seat is an index into seats, 0 to 2; not 3"),
        ('kind = "recruit"', 'kind = "recruits"', "arm 'always artillery': soldiers-and-armies has no action kind"),
        ("unit = ", "units = ", "arm 'always artillery': action kind 'recruit' has no field 'units'"),
        ('"artillery"', '"catapult"', "arm 'always artillery': field 'unit' of 'recruit' has no value 'catapult'"),
        ("seat = 1\n", "seat = 1\ncolour = 2\n", "arm 'always artillery': unknown key(s) colour in a force"),
        ('when = "always"\n', "", "arm 'always artillery': a force needs 'when'"),
        ('when = "always"', 'when = "often"', "arm 'always artillery': when is always, never, first; not 'often'"),
    ],
)
def test_a_bad_force_is_refused_naming_the_arm(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in EXPERIMENT
    path = _file(tmp_path, EXPERIMENT.replace(old, new))
    with pytest.raises(OptionError) as caught:
        load_experiment(path).configs()
    assert message in str(caught.value)
    result = CliRunner().invoke(app, ["experiment", str(path), "--out", str(tmp_path / "no.parquet")])
    assert result.exit_code == 2  # the command line's bad parameter: FILE, with the same words
    assert not (tmp_path / "no.parquet").exists()
