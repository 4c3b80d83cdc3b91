"""What the browser table draws Soldiers & Armies from: each side's dice and the exact chance of the next
round, the price of each move, turned buildings, nuked hexes, and the click targets of the panel's buttons."""

from __future__ import annotations

from siedler.games.soldiers_and_armies.odds import beats
from tests.catan.positions import cards

from .positions import fight, position


def test_the_battle_view_gives_each_sides_dice_and_the_exact_chance_of_the_next_round() -> None:
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
    game = fight(game, "resist", [(12, 2), (12, 1)])  # 2 against 1 + 2: the artillery becomes cavalry
    battle = game.view(0)["soldiers"]["battle"]
    assert battle["sides"]["attack"] == [{"at": 21, "building": False, "die": 10, "bonus": 0}]
    assert battle["odds"] == {"round": "7/30", "percent": 23.3}  # d10 against d12 + 2: 28 of 120


def test_an_alliance_rolls_its_best_units_die() -> None:
    """The panel's dice follow the owners' answers: seat 0's cavalry at 19 counts once brought in; V's army at
    31, still to be asked, does not cover his city yet."""
    armies = {21: (0, (1, 0, 0)), 19: (0, (0, 1, 0)), 31: (1, (1, 0, 0))}
    game = position(cities={0: [13], 1: [20]}, armies=armies, phase="combat")
    game.apply("attack 21>20")
    game.apply("resist")
    assert game.view(None)["soldiers"]["battle"]["sides"]["attack"][0]["die"] == 6  # 19 not brought in yet
    game.apply("ally 19 @0")
    battle = game.view(None)["soldiers"]["battle"]
    assert battle["waiting"] == [31] and battle["armies"] == [21, 19]
    # one die a side: the alliance rolls its best unit's, the cavalry's d10, at 19, against the city's d12
    assert battle["sides"]["attack"] == [{"at": 19, "building": False, "die": 10, "bonus": 0}]
    assert battle["sides"]["defence"] == [{"at": 20, "building": True, "die": 12, "bonus": 0}]
    chance = beats(10, 12, 0)
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
