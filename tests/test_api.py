"""The public API's promises that are independent of any one rule set."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

import siedler


def test_rulesets_lists_every_rule_set_with_options_and_defaults() -> None:
    siedler.new_game("base", players=3, seed=1)
    importlib.import_module("siedler.games.base")  # importing rule-set packages must not hide the function
    names = {r.name for r in siedler.rulesets()}
    assert "base" in names
    base = next(r.to_json() for r in siedler.rulesets() if r.name == "base")
    options = {o["name"]: o for o in base["options"]}
    assert options["board"]["default"] == "random"
    assert set(options["board"]["choices"]) == {"beginner", "random", "balanced"}
    assert base["players"] == {"min": 3, "max": 4}
    json.dumps([r.to_json() for r in siedler.rulesets()])


def test_players_are_a_count_or_names() -> None:
    assert siedler.new_game("base", players=3, seed=0).players == ("Player 1", "Player 2", "Player 3")
    assert siedler.new_game("base", players=["A", "B", "C", "D"], seed=0).players == ("A", "B", "C", "D")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ruleset": "chess", "players": 3}, "unknown rule set 'chess'"),
        ({"ruleset": "base", "players": 2}, "3 to 4 players"),
        ({"ruleset": "base", "players": 5}, "3 to 4 players"),
        ({"ruleset": "base", "players": "abc"}, "count or a list"),
        ({"ruleset": "base", "players": 3, "options": {"colour": "red"}}, "no option 'colour'"),
        ({"ruleset": "base", "players": 3, "options": {"board": "square"}}, "must be one of"),
        ({"ruleset": "base", "players": 3, "options": {"max_offers": -1}}, "at least 0"),
        ({"ruleset": "base", "players": 3, "options": {"max_offers": "many"}}, "whole number"),
        ({"ruleset": "base", "players": 3, "seed": "x"}, "seed"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message(kwargs: dict[str, Any], message: str) -> None:
    ruleset = kwargs.pop("ruleset")
    with pytest.raises(siedler.OptionError, match=message):
        siedler.new_game(ruleset, **{"seed": 0, **kwargs})


def test_options_accept_their_text_form() -> None:
    game = siedler.new_game("base", players=3, seed=0, options={"max_offers": "0", "board": "beginner"})
    assert game.options["max_offers"] == 0


def test_errors_are_value_errors() -> None:
    assert issubclass(siedler.IllegalAction, ValueError)
    assert issubclass(siedler.OptionError, ValueError)
    assert issubclass(siedler.RecordError, ValueError)


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a = siedler.new_game("base", players=4, seed=42)
    b = siedler.new_game("base", players=4, seed=42)
    for _ in range(200):
        action = a.legal_actions()[len(a.legal_actions()) // 2]
        a.apply(action)
        b.apply(str(action))
    assert a.state() == b.state()
    c = siedler.new_game("base", players=4, seed=43)
    assert c.state() != siedler.new_game("base", players=4, seed=42).state()


def test_a_game_without_a_seed_gets_a_fresh_128_bit_one() -> None:
    seeds = {siedler.new_game("base", players=3).seed for _ in range(8)}
    assert len(seeds) == 8 and max(seeds) >= 2**100  # 8 draws of 128 bits: all below 2**100 has odds 2**-224


@pytest.mark.parametrize("seed", [-1, 2**256, 1.5, True, "7"])
def test_seeds_out_of_range_or_not_whole_numbers_are_refused(seed: object) -> None:
    with pytest.raises(siedler.OptionError, match="seed"):
        siedler.new_game("base", players=3, seed=seed)  # type: ignore[arg-type]


def test_records_carry_the_seed_as_decimal_text_and_read_it_back_either_way() -> None:
    seed = 2**255 + 12345
    game = siedler.new_game("base", players=3, seed=seed)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    record = game.record()
    assert record["seed"] == str(seed)
    assert siedler.replay(record).state() == game.state()
    as_number = dict(record, seed=seed)  # a record written by hand, or by a reader that keeps big numbers
    assert siedler.replay(as_number).state() == game.state()


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("not a record", "JSON object"),
        ({"format": "something-else"}, "format"),
        ({"format": "siedler-record", "version": 99}, "newer"),
        ({"format": "siedler-record", "version": 1, "ruleset": "base", "seed": 1}, "SplitMix64"),
        (
            {
                "format": "siedler-record",
                "version": 2,
                "ruleset": "base",
                "seed": "12x",
                "players": ["a", "b", "c"],
                "options": {},
                "actions": [],
            },
            "decimal digits",
        ),
        (
            {
                "format": "siedler-record",
                "version": 2,
                "ruleset": "base",
                "seed": str(2**256),
                "players": ["a", "b", "c"],
                "options": {},
                "actions": [],
            },
            "2\\*\\*256",
        ),
        (
            {
                "format": "siedler-record",
                "version": 2,
                "ruleset": "base",
                "seed": 1,
                "players": 3,
                "options": {},
                "actions": [],
            },
            "'players' has the wrong type",
        ),
        (
            {
                "format": "siedler-record",
                "version": 2,
                "ruleset": "base",
                "seed": 1,
                "players": ["a", "b", "c"],
                "options": {},
                "actions": ["roll"],
            },
            r"action 1 \('roll'\)",
        ),
        (
            {
                "format": "siedler-record",
                "version": 2,
                "ruleset": "base",
                "seed": 1,
                "players": ["a", "b", "c"],
                "options": {},
                "actions": [7],
            },
            "action 1 is not a text",
        ),
    ],
)
def test_malformed_records_are_refused(record: object, message: str) -> None:
    with pytest.raises(siedler.RecordError, match=message):
        siedler.replay(record)  # type: ignore[arg-type]


def test_a_hand_edited_state_becomes_the_start_of_its_record() -> None:
    game = siedler.new_game("base", players=3, seed=5, options={"board": "beginner"})
    state = game.state()
    state["game"]["players"][0]["hand"]["ore"] = 3
    state["game"]["bank"]["ore"] -= 3
    puzzle = siedler.from_state(state)
    assert puzzle.view(0)["you"]["hand"]["ore"] == 3
    puzzle.apply(puzzle.legal_actions()[0])
    record = puzzle.record()
    assert record["start_state"] is not None and record["actions"] == [str(puzzle.history[0])]
    assert siedler.replay(record).state() == puzzle.state()


def test_a_state_breaking_conservation_is_refused() -> None:
    state = siedler.new_game("base", players=3, seed=5).state()
    state["game"]["players"][0]["hand"]["ore"] = 3
    with pytest.raises(siedler.RecordError, match="ore"):
        siedler.from_state(state)
