"""BAUEN and GOLDENE REGELN: costs, the distance rule, connection rules, cities and the piece limits."""

from __future__ import annotations

import pytest

from .positions import (
    CITY,
    DEV_CARD,
    EMPTY,
    ROAD,
    SETTLEMENT,
    bank,
    buildings,
    cards,
    hand,
    legal,
    legal_of,
    path,
    player,
    plus,
    position,
    refused,
)

RICH = cards(wood=5, brick=5, wool=5, grain=5, ore=5)


def test_each_piece_costs_what_the_rule_book_says() -> None:
    game = position(settlements={0: [20]}, cities={}, roads={0: path(20, 21, 22)}, hands={0: RICH})
    spent = {
        "road 22-23": ROAD,
        "settle 22": SETTLEMENT,
        "city 20": CITY,
        "buy": DEV_CARD,
    }
    for action, cost in spent.items():
        before_hand, before_bank = hand(game, 0), bank(game)
        game.apply(action)
        assert hand(game, 0) == {r: before_hand[r] - cost[r] for r in cost}, action
        assert bank(game) == {r: before_bank[r] + cost[r] for r in cost}, "the cards go back to the bank"


@pytest.mark.parametrize(
    ("piece", "action", "cost"),
    [
        ("road", "road 22-23", ROAD),
        ("settlement", "settle 22", SETTLEMENT),
        ("city", "city 20", CITY),
        ("development card", "buy", DEV_CARD),
    ],
)
def test_one_card_short_and_nothing_is_built(piece: str, action: str, cost: dict[str, int]) -> None:
    for missing in (r for r, n in cost.items() if n):
        short = dict(cost)
        short[missing] -= 1
        game = position(settlements={0: [20]}, roads={0: path(20, 21, 22)}, hands={0: short})
        assert action not in legal(game), f"{piece} without its {missing}"
        refused(game, action)
        full = position(settlements={0: [20]}, roads={0: path(20, 21, 22)}, hands={0: cost})
        assert action in legal(full)


def test_a_settlement_adds_a_victory_point_and_a_city_another() -> None:
    game = position(settlements={0: [20]}, roads={0: path(20, 21, 22)}, hands={0: plus(SETTLEMENT, CITY)})
    assert game.scores()[0] == 1
    game.apply("settle 22")
    assert game.scores()[0] == 2
    game.apply("city 22")
    assert game.scores()[0] == 3
    assert buildings(game) == {20: ("settlement", 0), 22: ("city", 0)}


# ---------------------------------------------------------------------- the distance rule
def test_the_distance_rule_for_own_and_other_buildings() -> None:
    # Seat 0's road runs 20-21-22-23-24; seat 1 has a settlement on 24, seat 0 one on 20.
    game = position(settlements={0: [20], 1: [24]}, roads={0: path(20, 21, 22, 23)}, hands={0: SETTLEMENT})
    assert legal_of(game, "settle") == {"settle 22"}
    refused(game, "settle 21", "distance rule")  # next to seat 0's own settlement
    refused(game, "settle 23", "distance rule")  # next to seat 1's settlement
    refused(game, "settle 24", "taken")
    game.apply("settle 22")
    assert buildings(game)[22] == ("settlement", 0)


def test_a_city_keeps_the_distance_rule_around_it() -> None:
    game = position(cities={1: [24]}, settlements={0: [20]}, roads={0: path(20, 21, 22, 23)}, hands={0: SETTLEMENT})
    refused(game, "settle 23", "distance rule")


# ---------------------------------------------------------------------- connection
def test_after_the_founding_a_settlement_must_touch_an_own_road() -> None:
    # 33 and 42 are free and far from every building, but only 22 lies on seat 0's road.
    game = position(
        settlements={0: [20], 1: [44]}, roads={0: path(20, 21, 22), 1: path(44, 43, 42, 32)}, hands={0: SETTLEMENT}
    )
    assert legal_of(game, "settle") == {"settle 22"}
    refused(game, "settle 33", "not on one of your roads")
    refused(game, "settle 42", "not on one of your roads")  # on seat 1's road, not seat 0's


def test_a_road_must_connect_to_an_own_road_or_building() -> None:
    game = position(settlements={0: [20], 1: [44]}, roads={0: ["20-21"], 1: ["44-43"]}, hands={0: ROAD})
    assert legal_of(game, "road") == {"road 19-20", "road 20-31", "road 11-21", "road 21-22"}
    refused(game, "road 42-43", "does not connect")  # touches only seat 1's road
    refused(game, "road 33-34", "does not connect")
    refused(game, "road 20-21", "taken")


def test_a_road_cannot_be_extended_through_an_opponents_settlement_but_can_reach_it() -> None:
    # Seat 0's road 18-19-20 heads for seat 1's settlement on 22, which has no road of its own.
    game = position(settlements={0: [18], 1: [22]}, roads={0: path(18, 19, 20)}, hands={0: plus(ROAD, ROAD, ROAD)})
    assert "road 20-21" in legal(game)
    game.apply("road 20-21")
    assert "road 21-22" in legal(game), "the road may run up to seat 1's settlement on 22"
    game.apply("road 21-22")
    roads_on = legal_of(game, "road")
    assert "road 22-23" not in roads_on and "road 22-33" not in roads_on, "but not through it"
    refused(game, "road 22-23", "does not connect")


def test_an_opponents_city_blocks_like_a_settlement() -> None:
    game = position(settlements={0: [18]}, cities={1: [22]}, roads={0: path(18, 19, 20, 21, 22)}, hands={0: ROAD})
    assert {"road 22-23", "road 22-33"}.isdisjoint(legal(game))
    assert "road 11-21" in legal(game)


def test_own_buildings_do_not_block_own_roads() -> None:
    game = position(settlements={0: [22]}, roads={0: path(20, 21, 22)}, hands={0: ROAD})
    assert {"road 22-23", "road 22-33", "road 19-20", "road 20-31"} <= legal(game)


# ---------------------------------------------------------------------- cities
def test_a_city_replaces_only_an_own_settlement() -> None:
    game = position(settlements={0: [20], 1: [22]}, cities={0: [44]}, roads={0: ["20-21"]}, hands={0: CITY})
    assert legal_of(game, "city") == {"city 20"}
    refused(game, "city 22", "own settlements")
    refused(game, "city 44", "own settlements")
    refused(game, "city 33", "own settlements")
    game.apply("city 20")
    assert buildings(game)[20] == ("city", 0)
    assert player(game, 0)["pieces"] == {"road": 14, "settlement": 5, "city": 2}


# ---------------------------------------------------------------------- piece limits
COAST = path(0, 1, 2, 3, 4, 5, 6, 14, 15, 25, 26, 37, 36, 46, 45, 53)  # 15 paths along the coast


def test_fifteen_roads_and_no_more() -> None:
    assert len(COAST) == 15
    game = position(
        settlements={0: [0]}, roads={0: COAST}, hands={0: plus(ROAD, ROAD)}, dev_cards={0: {"road_building": 1}}
    )
    assert player(game, 0)["pieces"]["road"] == 0
    assert legal_of(game, "road") == set()
    assert "roadbuilding" not in legal(game), "road building needs a road in the supply"
    refused(game, "road 53-52")
    fourteen = position(settlements={0: [0]}, roads={0: COAST[:-1]}, hands={0: plus(ROAD, ROAD)})
    fourteen.apply("road 45-53")
    assert legal_of(fourteen, "road") == set()


SETTLED = [0, 3, 6, 15, 37]  # five settlements along the coast road, two paths apart or more


def test_five_settlements_and_a_city_returns_one_to_the_supply() -> None:
    game = position(settlements={0: SETTLED}, roads={0: COAST}, hands={0: plus(SETTLEMENT, CITY)})
    assert player(game, 0)["pieces"]["settlement"] == 0
    assert legal_of(game, "settle") == set(), "all five settlements are on the board"
    refused(game, "settle 45")
    game.apply("city 0")
    assert player(game, 0)["pieces"] == {"road": 0, "settlement": 1, "city": 3}
    assert "settle 45" in legal(game), "the settlement the city replaced can be built again"
    game.apply("settle 45")
    assert game.scores()[0] == 7


def test_four_cities_and_no_more() -> None:
    game = position(cities={0: SETTLED[:4]}, settlements={0: SETTLED[4:]}, roads={0: COAST}, hands={0: CITY})
    assert player(game, 0)["pieces"] == {"road": 0, "settlement": 4, "city": 0}
    assert legal_of(game, "city") == set()
    refused(game, "city 37")


def test_building_before_the_roll_is_refused() -> None:
    game = position(phase="roll", settlements={0: [20]}, roads={0: path(20, 21, 22)}, hands={0: RICH})
    for action in ("road 22-23", "settle 22", "city 20", "buy"):
        refused(game, action, "roll the dice")
    assert hand(game, 1) == EMPTY
