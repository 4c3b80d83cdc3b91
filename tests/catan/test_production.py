"""ROHSTOFFERTRAEGE: 1 card per settlement, 2 per city, nothing from the robber's hex, nothing on a 7,
and the bank's shortage rule."""

from __future__ import annotations

from .positions import EMPTY, bank, cards, hand, phase, position, roll

# A roll of 6 makes hills E (corners 9 10 11 19 20 21) and fields R (41 42 43 49 50 51) produce.
SETTLED = {0: [11], 2: [42], 3: [33]}  # 33 touches only the desert, forest 3 and fields 4
CITIES = {1: [19]}


def test_a_settlement_yields_one_card_and_a_city_two() -> None:
    game = roll(position(phase="roll", settlements=SETTLED, cities=CITIES), 6)
    assert hand(game, 0) == cards(brick=1)
    assert hand(game, 1) == cards(brick=2)
    assert hand(game, 2) == cards(grain=1)
    assert hand(game, 3) == EMPTY
    assert bank(game) == {"wood": 19, "brick": 16, "wool": 19, "grain": 18, "ore": 19}
    assert phase(game) == "main" and game.to_act == 0


def test_each_building_on_the_hex_yields() -> None:
    game = roll(position(phase="roll", settlements={0: [9, 11, 43]}), 6)  # 9 and 11 on E, 43 on R
    assert hand(game, 0) == cards(brick=2, grain=1)


def test_the_roll_is_made_for_every_player_not_only_the_roller() -> None:
    game = roll(position(phase="roll", current=2, settlements=SETTLED, cities=CITIES), 6)
    assert hand(game, 0) == cards(brick=1) and hand(game, 1) == cards(brick=2)


def test_the_robbers_hex_yields_nothing_but_its_twin_number_does() -> None:
    game = roll(position(phase="roll", settlements=SETTLED, cities=CITIES, robber="E"), 6)
    assert hand(game, 0) == EMPTY and hand(game, 1) == EMPTY
    assert hand(game, 2) == cards(grain=1)


def test_a_seven_yields_nothing() -> None:
    game = roll(position(phase="roll", settlements=SETTLED, cities=CITIES), 7)
    assert all(hand(game, p) == EMPTY for p in range(4))
    assert phase(game) == "robber"


def test_a_number_nobody_touches_yields_nothing() -> None:
    game = roll(position(phase="roll", settlements=SETTLED, cities=CITIES), 5)
    assert all(hand(game, p) == EMPTY for p in range(4))
    assert bank(game) == {r: 19 for r in ("wood", "brick", "wool", "grain", "ore")}


# ---------------------------------------------------------------------- the bank runs short
def test_when_the_bank_cannot_pay_everyone_owed_nobody_gets_that_resource() -> None:
    # Seat 3 holds 18 brick: one is left, seats 0 and 1 are owed three.
    game = roll(position(phase="roll", settlements=SETTLED, cities=CITIES, hands={3: cards(brick=18)}), 6)
    assert hand(game, 0) == EMPTY and hand(game, 1) == EMPTY
    assert bank(game)["brick"] == 1
    assert hand(game, 2) == cards(grain=1), "other resources are paid as usual"


def test_when_only_one_player_is_owed_he_gets_what_is_left() -> None:
    game = roll(position(phase="roll", settlements={2: [42]}, cities=CITIES, hands={3: cards(brick=18)}), 6)
    assert hand(game, 1) == cards(brick=1), "owed two, the bank had one"
    assert bank(game)["brick"] == 0
    assert hand(game, 2) == cards(grain=1)


def test_when_the_bank_holds_exactly_enough_everyone_is_paid() -> None:
    game = roll(position(phase="roll", settlements=SETTLED, cities=CITIES, hands={3: cards(brick=16)}), 6)
    assert hand(game, 0) == cards(brick=1) and hand(game, 1) == cards(brick=2)
    assert bank(game)["brick"] == 0


def test_an_empty_bank_pays_a_lone_claimant_nothing() -> None:
    game = roll(position(phase="roll", cities=CITIES, hands={3: cards(brick=19)}), 6)
    assert hand(game, 1) == EMPTY
