"""What the browser table draws Soldiers & Armies from: each side's dice and the exact chance of the next
round, the price of each move, turned buildings, nuked hexes, and the click targets of the panel's buttons."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.games.soldiers_and_armies.odds import OddsError, beats, round_win
from tests.catan.positions import cards

from .positions import position, scripted_dice


def brute_round_win(attack: list[tuple[int, int]], defence: list[tuple[int, int]]) -> Fraction:
    """Every combination of every member's roll, counted: the best totals decide, a tie is the attacker's."""
    dice = [range(1, sides + 1) for sides, _ in (*attack, *defence)]
    bonuses = [bonus for _, bonus in (*attack, *defence)]
    wins = total = 0
    for rolls in itertools.product(*dice):
        totals = [r + b for r, b in zip(rolls, bonuses, strict=True)]
        total += 1
        wins += max(totals[: len(attack)]) > max(totals[len(attack) :])
    return Fraction(wins, total)


@settings(max_examples=40, deadline=None)
@given(
    attack=st.lists(st.tuples(st.sampled_from([6, 10, 12]), st.just(0)), min_size=1, max_size=2),
    defence=st.lists(st.tuples(st.sampled_from([6, 8, 10, 12]), st.integers(0, 3)), min_size=1, max_size=2),
)
def test_the_chance_of_a_round_counts_every_roll_of_every_member(
    attack: list[tuple[int, int]], defence: list[tuple[int, int]]
) -> None:
    assert round_win(attack, defence) == brute_round_win(attack, defence)


def test_one_member_a_side_is_the_odds_calculators_round() -> None:
    for a, d, bonus in itertools.product((6, 10, 12), (6, 8, 10, 12), range(4)):
        assert round_win([(a, 0)], [(d, bonus)]) == beats(a, d, bonus)
    with pytest.raises(OddsError):
        round_win([], [(8, 0)])


def test_the_battle_view_gives_each_sides_dice_and_the_exact_chance_of_the_next_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 1 artillery + 2 cavalry at 21 against the city with 2 walls at 20: d12 against d12 + 2.
    game = position(cities={0: [13], 1: [20]}, walls={20: 2}, armies={21: (0, (0, 2, 1))}, phase="combat")
    assert game.view(0)["soldiers"]["battle"] is None
    game.apply("attack 21>20")
    battle = game.view(None)["soldiers"]["battle"]
    assert battle["sides"] == {
        "attack": [{"at": 21, "building": False, "die": 12, "bonus": 0}],
        "defence": [{"at": 20, "building": True, "die": 12, "bonus": 2}],
    }
    assert battle["odds"] == {"round": "5/16", "percent": 31.2}  # rolls 4..12 beat 1..(roll - 3): 45 of 144
    assert all(game.view(seat)["soldiers"]["battle"] == battle for seat in (0, 1, 2))
    with scripted_dice(monkeypatch, [(12, 2), (12, 1)]):  # 2 against 1 + 2: the artillery becomes cavalry
        game.apply("resist")
    battle = game.view(0)["soldiers"]["battle"]
    assert battle["sides"]["attack"] == [{"at": 21, "building": False, "die": 10, "bonus": 0}]
    assert battle["odds"] == {"round": "7/30", "percent": 23.3}  # d10 against d12 + 2: 28 of 120


def test_a_second_army_next_to_the_target_rolls_its_own_die() -> None:
    game = position(cities={0: [13], 1: [20]}, armies={21: (0, (1, 0, 0)), 19: (0, (0, 1, 0))}, phase="combat")
    game.apply("attack 21>20")
    battle = game.view(None)["soldiers"]["battle"]
    assert [m["die"] for m in battle["sides"]["attack"]] == [6, 10]
    chance = round_win([(6, 0), (10, 0)], [(12, 0)])
    assert battle["odds"]["round"] == f"{chance.numerator}/{chance.denominator}"


def test_moves_carry_their_price_for_the_seat_to_act_only() -> None:
    game = position(cities={0: [13]}, armies={14: (0, (1, 0, 0))}, hands={0: cards(wood=1, grain=1)}, phase="movement")
    moves = game.view(0)["soldiers"]["moves"]
    legal = {str(a) for a in game.legal_actions() if a[0] == "move"}
    assert {f"move {m['from']}>{m['to']}" for m in moves} == legal
    by_dest = {m["to"]: m for m in moves}
    assert by_dest[26] == {"from": 14, "to": 26, "steps": 3, "paid": 0, "cost": {}}
    assert by_dest[37] == {"from": 14, "to": 37, "steps": 4, "paid": 1, "cost": {"wood": 1, "grain": 1}}
    assert game.view(1)["soldiers"]["moves"] == [] and game.view(None)["soldiers"]["moves"] == []


def test_turned_buildings_and_nuked_hexes_are_drawn_from_the_view() -> None:
    game = position(cities={0: [13], 1: [20]}, settlements={1: [42]}, turned=[20], nuked=["E"])
    view = game.view(None)
    flags = {p["at"]: p.get("turned") for p in view["pieces"] if p["kind"] in ("settlement", "city")}
    assert flags == {13: None, 20: True, 42: None}
    hexes = {hx["id"]: hx for hx in view["board"]["hexes"]}
    assert hexes["E"]["terrain"] == "nuked" and hexes["E"]["number"] is None
    assert hexes["F"]["terrain"] != "nuked" and hexes["F"]["number"]
    label = view["legend"]["terrains"]["nuked"]["label"]
    assert label["en"].startswith("Nuked") and label["de"].startswith("Atomisiert")


def test_the_panels_buttons_are_click_targets() -> None:
    game = position(cities={0: [13], 1: [20]}, armies={21: (0, (0, 2, 1))}, phase="main")
    targets = {str(a): game.action_target(a) for a in game.legal_actions()}
    assert targets["march"] == "phase:movement"
    game.apply("march")
    assert game.action_target(next(a for a in game.legal_actions() if str(a) == "fight")) == "phase:combat"
    game.apply("fight")
    targets = {str(a): game.action_target(a) for a in game.legal_actions()}
    assert targets["end"] == "phase:end" and targets["attack 21>20"] == "node:20"
    game.apply("attack 21>20")
    assert {str(a): game.action_target(a) for a in game.legal_actions()} == {
        "resist": "battle:resist",
        "capitulate": "battle:capitulate",
    }
