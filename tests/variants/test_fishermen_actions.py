"""Spending fish (each action, no change given, several per turn, only in one's trade and build phase)
and passing the old boot."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

import siedler
from siedler.games.fishermen import data
from tests.catan.positions import cards, legal_of, path, refused

from .helpers import position, tokens

FISH = {"fishermen": True}


def fish_position(held: tuple[int, int, int], **kw: object) -> siedler.Game:
    defaults: dict[str, Any] = {
        "settlements": {0: [10], 1: [21], 2: [44]},
        "roads": {0: path(10, 11)},
        "hands": {1: cards(wood=2), 2: cards(ore=1)},
        "robber": "E",
    }
    defaults.update(kw)
    return position(options=FISH, fish={0: held}, **defaults)


def test_two_fish_drive_the_robber_off_the_board() -> None:
    game = fish_position((0, 1, 0))
    assert legal_of(game, "fish") == {"fish robber 2"}
    game.apply("fish robber 2")
    assert game.state()["game"]["robber"] is None
    assert tokens(game, 0) == (0, 0, 0)
    assert game.view(None)["fish"]["spent"] == {"1": 0, "2": 1, "3": 0}
    assert "fish robber 2" not in legal_of(position(options=FISH, fish={0: (0, 1, 0)}, robber=None), "fish")


def test_no_change_is_given_and_only_exact_sets_are_offered() -> None:
    game = fish_position((2, 1, 1), hands={})
    robber = {a for a in legal_of(game, "fish") if a.startswith("fish robber")}
    assert robber == {"fish robber 1+1", "fish robber 2", "fish robber 3"}
    assert "fish card 3+2+1+1" in legal_of(game, "fish")
    refused(game, "fish robber 2+1", "no change is given")
    refused(game, "fish robber 3+3", "no change is given")
    rich = fish_position((0, 0, 2), hands={})
    assert legal_of(rich, "fish") >= {"fish take wood 3+3", "fish road 3+3"}
    assert "fish robber 3+3" not in legal_of(rich, "fish")


def test_three_fish_steal_a_random_card_from_a_chosen_player_with_cards() -> None:
    game = fish_position((0, 0, 1))
    steals = {a for a in legal_of(game, "fish") if a.startswith("fish steal")}
    assert steals == {"fish steal @1 3", "fish steal @2 3"}  # seat 3 holds no cards
    game.apply("fish steal @1 3")
    assert game.view(0)["you"]["hand"]["wood"] == 1 and game.view(1)["you"]["hand"]["wood"] == 1
    steal = [e for e in game.events(2) if e["kind"] == "steal"][-1]
    assert steal["data"] == {"seat": 0, "victim": 1}  # a third player does not see the card
    assert [e for e in game.events(1) if e["kind"] == "steal"][-1]["data"]["resource"] == 0


def test_four_fish_take_a_resource_of_choice_from_the_bank() -> None:
    game = fish_position((1, 0, 1))
    game.apply("fish take grain 3+1")
    assert game.view(0)["you"]["hand"]["grain"] == 1 and game.view(None)["bank"]["grain"] == 18
    text = [e["text"] for e in game.events(None, lang="de") if e["kind"] == "fish"][-1]
    assert "Getreide" in text and "3+1" in text


def test_five_fish_build_a_road_for_free() -> None:
    game = fish_position((0, 1, 1))
    game.apply("fish road 3+2")
    assert game.view(None)["phase"] == "road_building"
    assert legal_of(game, "road") == {"road 11-12", "road 11-21", "road 9-10", "road 2-10"}
    game.apply("road 11-12")
    assert game.view(None)["phase"] == "main"
    assert game.view(0)["you"]["hand"] == cards()
    assert game.view(None)["players"][0]["pieces"]["road"] == 13


def test_seven_fish_take_a_development_card_not_playable_this_turn() -> None:
    game = fish_position((1, 0, 2))
    game.apply("fish card 3+3+1")
    assert sum(game.view(0)["you"]["dev_cards"].values()) == 1
    assert sum(game.view(0)["you"]["dev_cards_new"].values()) == 1
    assert game.view(None)["dev_deck"] == 24
    assert not legal_of(game, "knight") and not legal_of(game, "monopoly")
    assert [e["data"] for e in game.events(1) if e["kind"] == "buy"] == [{"seat": 0}]


def test_several_actions_per_turn() -> None:
    game = fish_position((0, 2, 3))
    game.apply("fish robber 2")
    game.apply("fish take ore 3+2")
    game.apply("fish steal @2 3")
    assert tokens(game, 0) == (0, 0, 1) and game.view(0)["you"]["hand"]["ore"] == 2


def test_only_in_the_trade_and_build_phase_of_ones_own_turn() -> None:
    game = fish_position((0, 1, 0), phase="roll")
    refused(game, "fish robber 2", "roll the dice")
    other = position(options=FISH, fish={1: (0, 1, 0)}, robber="E")
    assert not legal_of(other, "fish")
    refused(other, "fish robber 2", "you hold the fish tokens none")


def test_fish_are_not_traded_nor_taken_by_monopoly() -> None:
    game = position(options=FISH, fish={1: (2, 0, 0)}, dev_cards={0: {"monopoly": 1}})
    assert not [a for a in game.legal_actions() if a[0] in ("offer", "bank")]
    game.apply("monopoly wool")
    assert tokens(game, 1) == (2, 0, 0)


def test_the_boot_goes_only_to_a_player_with_as_many_or_more_points() -> None:
    game = position(options=FISH, settlements={0: [0, 10], 1: [20, 33], 2: [44, 46, 49]}, boot=0, robber=None)
    assert legal_of(game, "boot") == {"boot @1", "boot @2"}  # seat 3 has fewer points
    game.apply("boot @2")
    assert game.view(None)["fish"]["boot"] == 2
    assert game.view(0)["victory_points"] == 10 and game.view(2)["victory_points"] == 11
    assert not legal_of(game, "boot")
    assert "Alten Schuh" in game.events(None, lang="de")[-1]["text"]


def test_the_boot_holder_needs_one_point_more_and_wins_on_passing_it() -> None:
    # Seat 0: 8 public points and 2 hidden: 10, but the boot asks 11. Seat 1 has 8 public points.
    game = position(
        options=FISH,
        cities={0: [0, 10, 20, 44], 1: [33, 46, 49, 52]},
        boot=0,
        robber=None,
        dev_cards={0: {"victory_point": 2}},
    )
    game.apply("end")
    assert not game.is_over
    game = position(
        options=FISH,
        cities={0: [0, 10, 20, 44], 1: [33, 46, 49, 52]},
        boot=0,
        robber=None,
        dev_cards={0: {"victory_point": 2}},
    )
    game.apply("boot @1")
    assert game.is_over and game.winner == 0


def test_with_the_harbormaster_the_boot_holder_needs_twelve() -> None:
    game = position(options={**FISH, "harbormaster": True}, boot=1, robber=None)
    view = game.view(1)
    assert view["victory_points"] == 12 and game.view(0)["victory_points"] == 11


def test_others_see_how_many_tokens_not_which() -> None:
    game = fish_position((1, 2, 3))
    assert game.view(1)["fish"]["tokens"][0] == 6
    assert game.view(1)["fish"]["yours"] == {"1": 0, "2": 0, "3": 0}
    assert game.view(0)["fish"]["yours"] == {"1": 1, "2": 2, "3": 3}
    state = game.state()
    state["game"]["fish"]["held"][0] = {"1": 0, "2": 3, "3": 3}
    state["game"]["fish"]["supply"]["1"] += 1
    state["game"]["fish"]["supply"]["2"] -= 1
    altered = siedler.from_state(state)
    for seat in (None, 1, 2, 3):
        assert altered.view(seat) == game.view(seat)
    assert altered.view(0) != game.view(0)


def test_state_round_trips_and_miscounted_tokens_are_refused() -> None:
    game = fish_position((1, 2, 3), boot=2)
    assert siedler.from_state(game.state()).state() == game.state()
    state = game.state()
    state["game"]["fish"]["held"][1] = {"1": 1, "2": 0, "3": 0}
    with pytest.raises(siedler.RecordError, match="showing 1"):
        siedler.from_state(state)
    state = game.state()
    state["game"]["fish"]["supply"]["boot"] = 1
    with pytest.raises(siedler.RecordError, match="old boot"):
        siedler.from_state(state)
    state = game.state()
    state["game"]["fish"]["held"][3] = {"1": 8, "2": 0, "3": 0}
    state["game"]["fish"]["supply"]["1"] -= 8
    with pytest.raises(siedler.RecordError, match="at most 7"):
        siedler.from_state(state)


def test_actions_read_back_and_have_words() -> None:
    game = fish_position((1, 2, 3), boot=0)
    for action in game.legal_actions():
        assert game.parse_action(str(action)) is action
        assert game.action_label(action, "de")
    assert str(game.parse_action("FISH take Erz 3+1")) == "fish take ore 3+1"
    label = game.action_label(game.parse_action("fish steal @1 3"), "en")
    assert label == "Hand in fish 3: steal a card from Player 2"
    for bad in ("fish", "fish fly 2", "fish robber", "fish robber 4", "fish steal 3", "boot", "boot @9"):
        refused(game, bad)


def test_fish_spent_are_composed_as_what_for_whom_or_which_and_which_tokens() -> None:
    """The ways to hand in fish are many (a 1, two 2s and three 3s: every use, victim, resource and exact set
    of tokens); the table composes them in words: what for, from whom or which resource (nothing to choose
    for the robber), which tokens."""
    game = fish_position((1, 2, 3), hands={1: cards(wood=2)})
    parts = {str(a): game.action_parts(a, "de") for a in game.legal_actions() if a[0] == "fish"}
    assert len(parts) > 8
    assert parts["fish robber 2"] == [
        ("use", "Den Räuber vom Spielfeld vertreiben"),
        ("arg", ""),
        ("tokens", "Fischkärtchen 2"),
    ]
    assert parts["fish steal @1 3"] == [
        ("use", "Eine Karte von einem Mitspieler ziehen"),
        ("arg", game.players[1]),
        ("tokens", "Fischkärtchen 3"),
    ]
    assert (parts["fish take ore 3+1"] or [])[1:] == [("arg", "Erz"), ("tokens", "Fischkärtchen 3+1")]
    assert game.action_parts(game.parse_action("boot @1"), "en") == [("seat", game.players[1])]


def test_the_text_board_shows_grounds_lake_and_only_ones_own_tokens() -> None:
    game = fish_position((1, 0, 1), boot=2)
    mine, theirs = game.render_text(0, "de"), game.render_text(1, "en")
    assert "Fischgründe: 8 an 1 2 3" in mine and "der See J liefert bei 2, 3, 11, 12" in mine
    assert " See " in mine and " lake " not in mine
    assert "deine: 3+1" in mine and "Alter Schuh: Player 3" in mine
    assert "Fish tokens: Player 1 2," in theirs and "3+1" not in theirs


def test_fish_costs_out_of_order_are_refused_on_loading() -> None:
    # Legal-action generation looks at the uses in the order of their cost and stops where the tokens end,
    # so a data file that makes a theft cheaper than removing the robber must not load.
    tables = tomllib.loads(resources.files(data.__package__).joinpath("data/fishermen.toml").read_text("utf-8"))
    assert data.parse(tables) == data.RULES
    tables["costs"]["steal"] = 1
    with pytest.raises(ValueError, match="costs must rise"):
        data.parse(tables)
