"""The Harbormaster (Der Hafenmeister): harbour points, the card changing hands, 11 to win."""

from __future__ import annotations

from typing import Any

import pytest

import siedler
from tests.catan.positions import CITY, SETTLEMENT, legal_of, path, plus

from .helpers import position

HM = {"harbormaster": True}
# Beginner-board harbours: 3:1 at 0/1 and 14/15, wool at 3/4 (see tests/catan/positions.py).


def harbor(game: siedler.Game) -> dict[str, Any]:
    harbormaster: dict[str, Any] = game.view(None)["harbormaster"]
    return harbormaster


def test_the_rule_set_and_the_option_are_the_same_game() -> None:
    by_name = siedler.new_game("harbormaster", players=3, seed=4)
    by_option = siedler.new_game("base", players=3, seed=4, options=HM)
    assert type(by_name) is type(by_option)
    assert by_name.state()["game"] == by_option.state()["game"]
    options = {o.name: o.default for o in siedler.get_ruleset("harbormaster").all_options()}
    assert options["harbormaster"] is True and options["fishermen"] is False
    plain = siedler.new_game("harbormaster", players=3, seed=4, options={"harbormaster": False})
    assert "harbormaster" not in plain.view(None)


def test_settlement_counts_one_and_city_two_harbour_points() -> None:
    game = position(options=HM, settlements={0: [0], 1: [14]}, cities={2: [3]}, roads={0: path(0, 1)})
    assert harbor(game)["points"] == [1, 1, 2, 0]
    assert harbor(game)["holder"] is None


def test_first_to_three_points_takes_the_card_worth_two() -> None:
    game = position(options=HM, cities={0: [0]}, roads={0: path(0, 1, 2, 3)}, hands={0: SETTLEMENT})
    before = game.scores()[0]
    game.apply("settle 3")
    assert harbor(game)["holder"] == 0 and harbor(game)["points"][0] == 3
    assert game.scores()[0] == before + 1 + 2
    assert game.view(None)["players"][0]["vp"] == before + 3
    award = [e for e in game.events(None, lang="en") if e["kind"] == "award"][-1]
    assert award["data"] == {"award": "harbormaster", "seat": 0, "from": -1, "points": 3}
    assert "Harbormaster" in award["text"]
    assert "Hafenmeister" in game.describe("award", award["data"], "de")


def test_equal_points_do_not_take_the_card_more_do() -> None:
    game = position(
        options=HM,
        settlements={1: [14]},
        cities={0: [0], 1: [26]},
        roads={0: path(0, 1, 2, 3)},
        hands={0: plus(SETTLEMENT, CITY)},
        harbormaster=1,
    )
    scores = game.scores()
    game.apply("settle 3")  # 3 points against the holder's 3: the holder keeps the card
    assert harbor(game)["holder"] == 1
    assert game.scores() == [scores[0] + 1, scores[1], scores[2], scores[3]]
    game.apply("city 3")  # 4 points: more than the holder's 3
    assert harbor(game)["holder"] == 0
    assert game.scores() == [scores[0] + 2 + 2, scores[1] - 2, scores[2], scores[3]]
    award = [e["data"] for e in game.events(None) if e["kind"] == "award"][-1]
    assert award == {"award": "harbormaster", "seat": 0, "from": 1, "points": 4}


def test_eleven_points_win_not_ten() -> None:
    # Seat 0: cities on two harbours (4 harbour points, the card), 3 hidden victory points: 9 in all.
    game = position(
        options=HM,
        cities={0: [0, 3]},
        roads={0: path(3, 4, 5, 6, 14)},
        hands={0: plus(SETTLEMENT, CITY)},
        dev_cards={0: {"victory_point": 3}},
        harbormaster=0,
    )
    assert game.scores()[0] == 9 and game.view(0)["victory_points"] == 11
    game.apply("settle 14")
    assert game.scores()[0] == 10 and not game.is_over
    game.apply("city 14")
    assert game.is_over and game.winner == 0 and game.scores()[0] == 11


def test_the_base_game_would_have_ended_at_ten() -> None:
    game = position(
        cities={0: [0, 3]}, roads={0: path(3, 4, 5, 6, 14)}, hands={0: SETTLEMENT}, dev_cards={0: {"victory_point": 5}}
    )
    game.apply("settle 14")
    assert game.is_over and game.winner == 0


def test_state_round_trips_and_bad_holders_are_refused() -> None:
    game = position(options=HM, cities={0: [0, 3]}, harbormaster=0)
    loaded = siedler.from_state(game.state())
    assert loaded.state() == game.state()
    state = game.state()
    state["game"]["harbormaster"] = 1
    # index 1 is seat 2 in the words
    with pytest.raises(siedler.RecordError, match=r"seat 2 \(Player 2\) holds .* only 0 harbour points"):
        siedler.from_state(state)
    state["game"]["harbormaster"] = None
    with pytest.raises(siedler.RecordError, match="nobody holds"):
        siedler.from_state(state)


def test_harbour_points_count_in_founding_too() -> None:
    game = siedler.new_game("harbormaster", players=3, seed=2, options={"board": "beginner"})
    seat = game.to_act
    game.apply("settle 14")
    assert harbor(game)["points"][seat] == 1
    assert legal_of(game, "road")


def test_the_text_board_shows_harbour_points_and_the_holder() -> None:
    game = position(options=HM, cities={0: [0, 3]}, harbormaster=0)
    text = game.render_text(1, "de")
    assert "Hafenpunkte: Player 1 4, Player 2 0" in text and "„Hafenmeister“ (2 SP ab 3 Punkten): Player 1" in text
