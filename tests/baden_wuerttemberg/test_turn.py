"""Production, the 7 with the inventor, trade, development cards, the two awards and the end."""

from __future__ import annotations

import pytest

from siedler.core.errors import IllegalAction
from tests.catan.positions import next_card_is, roll

from .positions import legal, position, vp

RED, BLUE, GREEN = 0, 1, 2
TOWN_HALL = {"wood": 1, "brick": 1, "wool": 1, "grain": 1}
DEV_CARD = {"wool": 1, "grain": 1, "ore": 1}


def test_each_town_hall_at_a_rolled_hex_yields_one_card_but_not_under_the_inventor() -> None:
    """Reutlingen and Biberach both touch U (pasture 10): two town halls there, two wool."""
    game = position(halls={RED: ["Reutlingen", "Biberach"]}, phase="roll")
    rolled = roll(game, 10)
    assert rolled.view(RED)["you"]["hand"]["wool"] == 2
    blocked = roll(position(halls={RED: ["Reutlingen", "Biberach"]}, phase="roll", robber="U"), 10)
    assert blocked.view(RED)["you"]["hand"]["wool"] == 0


def test_a_seven_halves_big_hands_and_the_inventor_draws_from_a_town_hall_at_his_hex() -> None:
    game = position(
        halls={RED: ["Sinsheim"], BLUE: ["Reutlingen"], GREEN: ["Biberach"]},
        hands={BLUE: {"wood": 9}, GREEN: {"ore": 7}},
        phase="roll",
    )
    game = roll(game, 7)
    assert game.view(None)["phase"] == "discard" and game.to_act == BLUE
    for _ in range(4):  # 9 cards: 4 go back, rounded in the player's favour
        game.apply("discard wood")
    assert game.view(None)["phase"] == "robber"  # Green's 7 cards are not more than 7
    assert "robber E" not in legal(game)  # to another hex
    assert {"robber U @1", "robber U @2"} <= legal(game)
    game.apply("inventor U @2")  # the inventor's own name is read too
    assert game.view(RED)["you"]["hand"]["ore"] == 1
    assert game.view(None)["baden_wuerttemberg"]["inventor"] == "U"


def test_bank_trade_is_three_to_one_and_two_to_one_for_the_turn_after_handel() -> None:
    game = position(halls={RED: ["Sinsheim"]}, hands={RED: {"wood": 2, "ore": 3}}, dev_cards={RED: {"monopoly": 1}})
    assert "bank ore>grain" in legal(game) and "bank wood>grain" not in legal(game)
    assert "monopoly wood" not in legal(game)  # the slot holds Handel, played as "trade"
    game.apply("trade")
    assert game.view(RED)["you"]["rates"] == dict.fromkeys(("wood", "brick", "wool", "grain", "ore"), 2)
    game.apply("bank wood>grain")
    game.apply("bank ore>wool")
    assert game.view(RED)["you"]["hand"] == {"wood": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 1}
    game.apply("end")
    assert game.view(RED)["you"]["rates"]["ore"] == 3  # only for that turn


def test_players_trade_only_with_the_player_whose_turn_it_is() -> None:
    game = position(halls={RED: ["Sinsheim"]}, hands={RED: {"wood": 1}, BLUE: {"ore": 1}, GREEN: {"ore": 1}})
    game.apply("offer 1wood>1ore @1")
    assert game.to_act == BLUE and legal(game) == {"accept", "decline"}  # no offers of his own
    game.apply("accept")
    game.apply("confirm @1")
    assert game.view(RED)["you"]["hand"]["ore"] == 1


def test_a_development_card_at_any_time_of_the_turn_one_per_turn_not_bought_this_turn() -> None:
    """ "Ein Spieler, der an der Reihe ist, darf zu einem beliebigen Zeitpunkt seines Zuges eine
    Entwicklungskarte ausspielen (aufdecken). Dies darf aber nicht eine Karte sein, die er in diesem Zug gekauft
    hat!" Before the roll too, every kind (the base game allows only the knight there)."""
    game = position(
        halls={RED: ["Sinsheim"], BLUE: ["Reutlingen"]},
        hands={RED: DEV_CARD, BLUE: {"ore": 1}},
        dev_cards={RED: {"knight": 1, "year_of_plenty": 1, "road_building": 1, "monopoly": 1}},
        phase="roll",
    )
    assert {"roll", "knight", "roadbuilding", "trade", "plenty wood ore"} <= legal(game)
    game.apply("knight")  # an invention before the roll: move the inventor and draw a card, then roll
    game.apply("robber U @1")
    assert game.view(None)["phase"] == "roll" and game.view(None)["players"][RED]["inventions"] == 1
    assert legal(game) == {"roll"}  # one card per turn
    game = roll(game, 5)
    game = next_card_is(game, "road_building")
    game.apply("buy")
    assert not any(a in legal(game) for a in ("plenty wood ore", "roadbuilding", "knight", "trade"))
    with pytest.raises(IllegalAction, match="one development card"):
        game.copy().apply("plenty wood ore")


def test_a_card_bought_this_turn_is_not_played_after_it_either() -> None:
    game = position(halls={RED: ["Sinsheim"]}, hands={RED: DEV_CARD}, phase="main")
    game = next_card_is(game, "road_building")
    game.apply("buy")
    assert "roadbuilding" not in legal(game)  # bought this turn


@pytest.mark.parametrize("card", ["year_of_plenty", "monopoly", "road_building"])
def test_every_card_before_the_roll_and_the_turn_goes_on_with_the_roll(card: str) -> None:
    """Erfolgreiche Erfindung, Handel and Straßenbau before the roll: the turn goes on with the roll, and
    Handel's 2:1 holds for the rest of the turn."""
    game = position(halls={RED: ["Sinsheim"]}, hands={RED: {"ore": 2}}, dev_cards={RED: {card: 1}}, phase="roll")
    play = {"year_of_plenty": ["plenty wood ore"], "monopoly": ["trade"], "road_building": ["roadbuilding"]}[card]
    for action in play:
        game.apply(action)
    if card == "road_building":
        assert game.view(None)["phase"] == "road_building"
        while game.view(None)["phase"] == "road_building":
            game.apply(sorted(legal(game))[0])
        assert sum(p["kind"] == "road" for p in game.view(None)["pieces"]) == 2
    assert game.view(None)["phase"] == "roll" and legal(game) == {"roll"}
    game = roll(game, 5)
    if card == "monopoly":
        assert "bank ore>wood" in legal(game)  # 2:1 after the roll, in the same turn
    if card == "year_of_plenty":
        assert game.view(RED)["you"]["hand"] == {"wood": 1, "brick": 0, "wool": 0, "grain": 0, "ore": 3}


def test_greatest_inventor_takes_a_town_hall_and_passes_to_more_inventions() -> None:
    game = position(
        halls={RED: ["Sinsheim"], BLUE: ["Reutlingen"]},
        knights={RED: 3, BLUE: 3},
        dev_cards={RED: {"knight": 1}},
        largest_army=BLUE,
    )
    assert vp(game, BLUE) == 2 and game.view(None)["players"][BLUE]["town_halls"] == 10
    game.apply("knight")
    assert game.view(None)["baden_wuerttemberg"]["awards"]["greatest_inventor"] == RED
    assert vp(game, RED) == 2 and vp(game, BLUE) == 1
    assert game.view(None)["players"][RED]["town_halls"] == 10
    assert game.view(None)["players"][BLUE]["town_halls"] == 11  # his town hall came back
    first = position(halls={RED: ["Sinsheim"]}, knights={RED: 2}, dev_cards={RED: {"knight": 1}})
    first.apply("knight")
    assert first.view(None)["baden_wuerttemberg"]["awards"]["greatest_inventor"] == RED and vp(first, RED) == 2


def test_longest_trade_road_from_five_roads_with_a_town_hall() -> None:
    game = position(
        halls={RED: ["Reutlingen", "Biberach"]},
        roads={RED: ["35-47", "46-47", "46-58", "58-59"]},
        hands={RED: {"wood": 1, "brick": 1}},
    )
    game.apply("road 59-60")
    view = game.view(None)
    assert view["players"][RED]["road_length"] == 5
    assert view["baden_wuerttemberg"]["awards"]["longest_trade_road"] == RED
    assert vp(game, RED) == 3 and view["players"][RED]["town_halls"] == 9


def test_only_other_players_town_halls_break_a_trade_road() -> None:
    roads = {RED: ["35-47", "46-47", "46-58", "58-59", "59-60", "60-61"]}
    mine = position(halls={RED: ["Reutlingen", "Biberach"]}, roads=roads)
    assert mine.view(None)["players"][RED]["road_length"] == 6  # own town halls do not break it
    empty = position(halls={RED: ["Reutlingen"]}, roads=roads)
    assert empty.view(None)["players"][RED]["road_length"] == 6  # nor an empty city field
    theirs = position(halls={RED: ["Reutlingen"], BLUE: ["Biberach"]}, roads=roads)
    assert theirs.view(None)["players"][RED]["road_length"] == 4  # Blue's Biberach does
    landmark = position(
        halls={RED: ["Reutlingen"]}, roads={RED: ["45-46", "46-47", "47-48", "48-49", "37-49"]},
        landmarks={"Ulm": BLUE},
    )  # fmt: skip
    assert landmark.view(None)["players"][RED]["road_length"] == 5  # nor a landmark, whoever built it


def test_a_player_with_no_town_hall_left_cannot_take_an_award() -> None:
    halls = ["Wertheim", "Sinsheim", "Bad Mergentheim", "Rastatt", "Schwäbisch Hall", "Ellwangen",
             "Pforzheim", "Aalen", "Heidenheim", "Offenburg", "Freudenstadt", "Reutlingen"]  # fmt: skip
    game = position(3, halls={RED: halls}, knights={RED: 2}, dev_cards={RED: {"knight": 1}})
    game.apply("knight")
    assert game.view(None)["baden_wuerttemberg"]["awards"]["greatest_inventor"] is None


@pytest.mark.parametrize(("players", "target"), [(3, 12), (4, 10)])
def test_the_target_is_twelve_points_with_three_players_ten_with_four(players: int, target: int) -> None:
    halls = ["Wertheim", "Sinsheim", "Bad Mergentheim", "Rastatt", "Schwäbisch Hall", "Ellwangen",
             "Pforzheim", "Aalen", "Heidenheim", "Offenburg", "Freudenstadt"][: target - 2]  # fmt: skip
    game = position(
        players, halls={RED: [*halls, "Reutlingen"]}, roads={RED: ["46-58", "58-59"]},
        hands={RED: {"wood": 2, "brick": 2, "wool": 2, "grain": 2}}, dev_cards={RED: {"victory_point": 0}},
    )  # fmt: skip
    assert game.view(None)["victory_points"] == target
    assert vp(game, RED) == target - 1
    game.apply("settle 59")
    assert game.is_over and game.winner == RED


def test_achievements_stay_hidden_until_they_win_even_one_bought_this_turn() -> None:
    halls = ["Wertheim", "Sinsheim", "Bad Mergentheim", "Rastatt", "Schwäbisch Hall", "Ellwangen",
             "Pforzheim", "Aalen"]  # fmt: skip
    game = position(halls={RED: halls}, hands={RED: DEV_CARD}, dev_cards={RED: {"victory_point": 1}})
    assert vp(game, RED) == 8 and game.view(BLUE)["players"][RED]["vp"] == 8
    assert "vp_total" not in game.view(BLUE)["players"][RED] and game.view(RED)["players"][RED]["vp_total"] == 9
    game = next_card_is(game, "victory_point")
    game.apply("buy")
    assert game.is_over and game.winner == RED
    assert game.view(BLUE)["final"][RED]["vp_cards"] == 2
