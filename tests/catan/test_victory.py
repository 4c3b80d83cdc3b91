"""SPIELENDE: the game ends in the turn in which a player reaches 10 victory points, and only on his own
turn; the turn_limit option ends a runaway game without a winner."""

from __future__ import annotations

import siedler

from .positions import CITY, ROAD, SETTLEMENT, legal, path, phase, position, refused, roll

COAST = path(0, 1, 2, 3, 4, 5, 6, 14, 15, 25, 26, 37, 36, 46, 45, 53)


def test_the_game_ends_as_soon_as_the_current_player_reaches_ten() -> None:
    game = position(cities={0: [0, 3, 6, 15]}, settlements={0: [37]}, roads={0: COAST}, hands={0: SETTLEMENT})
    assert game.scores()[0] == 9 and not game.is_over
    game.apply("settle 45")
    assert game.is_over and game.winner == 0
    assert game.to_act is None and legal(game) == set() and phase(game) == "over"
    assert game.record()["result"]["winner"] == 0


def test_a_city_can_be_the_tenth_point() -> None:
    game = position(cities={0: [0, 3, 6]}, settlements={0: [15, 37, 45]}, roads={0: COAST}, hands={0: CITY})
    game.apply("city 45")
    assert game.winner == 0


def test_the_longest_road_can_bring_the_tenth_point() -> None:
    game = position(cities={0: [0, 3, 6, 15]}, roads={0: path(15, 25, 26, 37)}, hands={0: ROAD})
    game.apply("road 37-36")
    assert game.is_over is False, "four paths: no card yet"
    assert game.scores()[0] == 8
    rich = position(cities={0: [0, 3, 6, 15]}, roads={0: path(15, 25, 26, 37, 36)}, hands={0: ROAD})
    rich.apply("road 36-46")
    assert rich.winner == 0 and rich.scores()[0] == 10


def test_a_knight_before_the_roll_can_win_at_once() -> None:
    game = position(phase="roll", cities={0: [0, 3, 6, 15]}, knights={0: 2}, dev_cards={0: {"knight": 1}})
    assert game.scores()[0] == 8
    game.apply("knight")
    assert game.is_over and game.winner == 0, "the third knight brings the largest army and the tenth point"


def test_ten_points_reached_in_another_players_turn_win_only_when_ones_own_turn_begins() -> None:
    # Seat 2 holds the longest road (six paths 18..24); seat 1 has five paths and eight points.
    # Seat 0 builds on 21, breaking seat 2's road: seat 1 alone has the longest road, ten points.
    game = position(
        current=0,
        settlements={0: [10], 1: [42], 2: [18]},
        cities={1: [0, 3, 6]},
        roads={0: path(10, 11, 21), 1: path(42, 43, 44, 45, 46, 36), 2: path(18, 19, 20, 21, 22, 23, 24)},
        dev_cards={1: {"victory_point": 1}},
        hands={0: SETTLEMENT},
        longest_road=2,
    )
    assert game.scores()[1] == 8
    game.apply("settle 21")
    assert game.scores()[1] == 10
    assert not game.is_over, "not in seat 0's turn"
    assert game.to_act == 0 and "end" in legal(game)
    game.apply("end")
    assert game.is_over and game.winner == 1, "his own turn has begun"
    assert game.view(None)["dice"] is None, "before he even rolls"
    final = {f["seat"]: f for f in game.view(0)["final"]}
    assert final[1]["vp"] == 10 and final[1]["vp_cards"] == 1


def test_the_turn_limit_ends_the_game_with_no_winner() -> None:
    game = position(options={"turn_limit": 2})
    game.apply("end")
    assert not game.is_over
    game = roll(game, 2)
    game.apply("end")
    assert game.is_over and game.winner is None
    result = game.record()["result"]
    assert result["over"] is True and result["winner"] is None
    assert siedler.replay(game.record()).winner is None


def test_nothing_is_played_after_the_end() -> None:
    game = position(cities={0: [0, 3, 6, 15]}, settlements={0: [37]}, roads={0: COAST}, hands={0: SETTLEMENT})
    game.apply("settle 45")
    refused(game, "end", "game is over")
    refused(game, "roll", "game is over")
