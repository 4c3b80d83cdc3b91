"""Buying units, walls and the nuke; moving armies; what armies block; costs as options; the Variante."""

from __future__ import annotations

import pytest

import siedler
from siedler.core.errors import IllegalAction, OptionError
from siedler.core.game import Game
from tests.catan.positions import cards

from .positions import army, events, fight, hand, phase, position

CAVALRY = cards(wool=1, grain=1, ore=1)


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def test_a_unit_is_bought_at_an_own_building_and_joins_the_army_there() -> None:
    game = position(cities={0: [13]}, settlements={1: [42]}, armies={13: (0, (1, 0, 0))}, hands={0: CAVALRY})
    assert "recruit cavalry 13" in legal(game) and "recruit cavalry 42" not in legal(game)
    game.apply("recruit cavalry 13")
    assert army(game, 13) == (0, (1, 1, 0)) and hand(game, 0) == cards()
    assert game.view(None)["soldiers"]["armies"][0]["die"] == 10


def test_piece_limits() -> None:
    game = position(cities={0: [13]}, armies={13: (0, (0, 4, 0))}, hands={0: CAVALRY})
    assert not any(a.startswith("recruit cavalry") for a in legal(game))  # all 4 cavalry are on the board
    with pytest.raises(IllegalAction):
        game.apply("recruit cavalry 13")


def test_walls_go_under_own_cities_three_at_most() -> None:
    game = position(cities={0: [13]}, settlements={0: [42]}, walls={13: 2}, hands={0: cards(brick=4)})
    assert {a for a in legal(game) if a.startswith("wall")} == {"wall 13"}
    game.apply("wall 13")
    assert game.view(None)["soldiers"]["walls"] == {"13": 3}
    assert not any(a.startswith("wall") for a in legal(game))


def test_three_intersections_are_free_each_further_costs_wood_and_grain() -> None:
    game = position(cities={0: [13]}, armies={14: (0, (1, 0, 0))}, hands={0: cards(wood=1, grain=1)}, phase="movement")
    moves = {a for a in legal(game) if a.startswith("move")}
    assert "move 14>26" in moves  # 14-15-25-26: 3 steps, free
    assert "move 14>37" in moves and "move 14>36" not in moves  # 4 steps with one payment, not 5
    game.apply("move 14>15")
    assert hand(game, 0) == cards(wood=1, grain=1)
    game.apply("move 15>37")  # 15-25-26-37: 3 more steps, of which 2 free and 1 paid
    assert hand(game, 0) == cards() and events(game, "move")[-1]["paid"] == 1
    assert not any(a.startswith("move") for a in legal(game))  # nothing left to pay with


def test_an_army_may_not_end_on_a_foreign_building_or_another_army_nor_pass_a_hostile_army() -> None:
    game = position(
        cities={0: [13], 1: [25]},
        armies={14: (0, (1, 0, 0)), 6: (1, (1, 0, 0)), 15: (0, (1, 0, 0))},
        phase="movement",
    )
    moves = {a for a in legal(game) if a.startswith("move 14>")}
    assert "move 14>25" not in moves and "move 14>6" not in moves and "move 14>15" not in moves
    assert "move 14>13" in moves  # its own city
    # 5 is two steps away through 6, where the hostile army stands; the way round (14-13-12-4-5) needs a
    # paid fourth step, and the player holds nothing.
    assert "move 14>5" not in moves and "move 14>4" in moves


def test_a_hostile_army_blocks_roads_and_settlements_but_not_the_longest_road() -> None:
    roads = ["12-13", "12-4", "4-3", "3-2", "2-1"]
    game = position(
        cities={0: [13]},
        roads={0: roads},
        armies={3: (1, (1, 0, 0)), 2: (1, (1, 0, 0))},
        hands={0: cards(wood=2, brick=2, wool=1, grain=1)},
    )
    spots = legal(game)
    assert "road 2-10" not in spots  # not on past the army at 2
    assert "road 4-5" in spots and "road 0-1" in spots
    assert "settle 2" not in spots and "settle 4" in spots  # no settlement under a hostile army
    game.apply("road 4-5")
    # The armies at 3 and 2 do not cut the road: its longest trail is 1-2-3-4-12-13.
    assert game.view(None)["players"][0]["road_length"] == 5
    game.apply("road 0-1")
    assert game.view(None)["players"][0]["road_length"] == 6 and game.view(None)["players"][0]["longest_road"]


def test_costs_are_options() -> None:
    game = position(cities={0: [13]}, hands={0: cards(ore=2)}, options={"army_costs": {"infantry": {"ore": 2}}})
    assert "recruit infantry 13" in legal(game)
    assert game.view(None)["costs"]["infantry"] == {"ore": 2}
    with pytest.raises(OptionError, match="unknown purchases"):
        siedler.new_game("soldiers-and-armies", players=3, options={"army_costs": {"dragon": {"ore": 1}}})
    with pytest.raises(OptionError, match="unknown resources"):
        siedler.new_game("soldiers-and-armies", players=3, options={"army_costs": '{"wall": {"gold": 1}}'})
    for text, words in (('{"wall": ', "'army_costs' takes JSON"), ("[1, 2]", "takes a table of purchases")):
        with pytest.raises(OptionError, match=words):
            siedler.new_game("soldiers-and-armies", players=3, options={"army_costs": text})


def test_the_variante_upgrades_infantry_for_the_price_of_an_infantry() -> None:
    game = position(
        cities={0: [13]},
        armies={14: (0, (2, 0, 0))},
        hands={0: cards(wool=1, ore=1)},
        options={"combat_variant": True},
    )
    game.apply("upgrade 14")
    assert army(game, 14) == (0, (1, 1, 0))


def test_the_variantes_victory_point_cards_upgrade_a_unit_and_score_nothing() -> None:
    game = position(
        cities={0: [13]},
        armies={14: (0, (0, 1, 0))},
        dev_cards={0: {"victory_point": 1}},
        options={"combat_variant": True},
    )
    assert game.scores()[0] == 2
    game.apply("promote cavalry 14")
    assert army(game, 14) == (0, (0, 0, 1))
    assert "buy" not in legal(game)  # a card was played


def test_the_variantes_cities_defend_with_a_d10_once_everyone_has_five_points() -> None:
    game = position(
        players=2,
        cities={0: [13, 0, 44], 1: [20, 42, 47]},
        armies={21: (0, (0, 0, 1))},
        phase="combat",
        options={"combat_variant": True},
    )
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 4), (10, 3)])
    assert game.view(None)["soldiers"]["weak_cities"] is True
    assert phase(game) == "battle"
