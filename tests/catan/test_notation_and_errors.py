"""The action notation (actions.py) and refusals: text round-trips, bad text and illegal actions are refused
with a reason, and a refused action leaves the game exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

import siedler
from siedler import Game

from .positions import (
    CITY,
    DEV_CARD,
    ROAD,
    SETTLEMENT,
    cards,
    new,
    path,
    plus,
    position,
    refused,
    roll,
)

RICH = cards(wood=5, brick=5, wool=5, grain=5, ore=5)


def sample_positions() -> list[Game]:
    """Positions that between them offer every kind of action."""
    main = position(
        settlements={0: [0, 50], 1: [19]},
        roads={0: path(0, 1, 2)},
        hands={0: RICH, 1: cards(ore=2)},
        dev_cards={0: {"knight": 1, "road_building": 1, "year_of_plenty": 1, "monopoly": 1}},
    )
    robber = position(phase="robber", settlements={1: [19], 2: [21]}, hands={1: cards(ore=1), 2: cards(wool=1)})
    discard = roll(position(phase="roll", hands={0: RICH}), 7)
    reply = position(hands={0: cards(wood=2), 1: cards(ore=2)})
    reply.apply("offer 1wood>1ore")
    confirm = reply.copy()
    confirm.apply("accept")
    for _ in range(2):
        confirm.apply("decline")
    building = position(settlements={0: [20]}, dev_cards={0: {"road_building": 1}})
    building.apply("roadbuilding")
    return [new(), main, robber, discard, reply, confirm, building]


def test_every_legal_action_round_trips_through_its_text_and_json() -> None:
    kinds = set()
    for game in sample_positions():
        for action in game.legal_actions():
            text = str(action)
            parsed = game.parse_action(text)
            assert parsed == action and hash(parsed) == hash(action), text
            assert str(parsed) == text
            assert game.parse_action(json.loads(json.dumps(text))) == action
            kinds.add(text.split()[0])
    assert kinds == {
        "settle",
        "road",
        "city",
        "buy",
        "end",
        "knight",
        "roadbuilding",
        "plenty",
        "monopoly",
        "bank",
        "offer",
        "robber",
        "discard",
        "accept",
        "decline",
        "confirm",
        "withdraw",
    }


def test_every_applied_action_replays_from_its_text() -> None:
    game = position(settlements={0: [20]}, roads={0: ["20-21"]}, hands={0: plus(ROAD, SETTLEMENT, CITY)})
    for text in ("road 21-22", "settle 22", "city 22", "end"):
        game.apply(text)
    again = siedler.replay(game.record())
    assert again.state() == game.state()


@pytest.mark.parametrize(
    ("loose", "strict"),
    [
        ("ROAD 21-20", "road 20-21"),
        ("  settle   12 ", "settle 12"),
        ("plenty ore wood", "plenty wood ore"),
        ("bank holz>erz", "bank wood>ore"),
        ("bank wood > ore", "bank wood>ore"),
        ("robber e @1", "robber E @1"),
        ("monopoly Wolle", "monopoly wool"),
        ("offer wood+brick>ore", "offer 1wood+1brick>1ore"),
        ("offer 1brick+1wood>1ore @*", "offer 1wood+1brick>1ore"),
    ],
)
def test_the_parser_is_tolerant_of_case_spacing_order_and_german_names(loose: str, strict: str) -> None:
    game = new()
    assert game.parse_action(loose) == game.parse_action(strict)
    assert str(game.parse_action(loose)) == strict


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("fly", "unknown action"),
        ("roll 2", "takes no arguments"),
        ("settle", "exactly one argument"),
        ("settle 54", "not an intersection"),
        ("settle x", "not an intersection"),
        ("road 0-5", "not joined by a path"),
        ("road 12", "not a path"),
        ("robber Z", "not a hex"),
        ("robber A @4", "not a seat"),
        ("robber A B C", "robber <hex>"),
        ("discard gold", "not a resource"),
        ("plenty wood ore grain", "plenty <resource> <resource>"),
        ("bank wood", "bank <give>><get>"),
        ("offer 1wood", "offer <give>><want>"),
        ("offer 3wood>1ore", "not such an offer"),
        ("offer 1wood>1wood", "not such an offer"),
        ("offer 1wood>1ore @0", "not to yourself"),
        ("offer xwood>1ore", "not a resource"),
        ("offer 1.5wood>1ore", "count and a resource"),
        ("confirm 2x", "not a seat"),
    ],
)
def test_bad_text_is_refused_with_a_reason_and_changes_nothing(text: str, reason: str) -> None:
    game = position(hands={0: RICH}, settlements={0: [20]})
    refused(game, text, reason)
    assert not game.is_legal(text)


def test_an_illegal_action_is_a_value_error() -> None:
    assert issubclass(siedler.IllegalAction, ValueError)
    game = new()
    with pytest.raises(ValueError):
        game.apply("end")


@pytest.mark.parametrize(
    ("setup", "action", "reason"),
    [
        (dict(phase="roll"), "end", "roll the dice"),
        (dict(), "roll", "trade, build, play a card or end the turn"),
        (dict(settlements={0: [20]}, roads={0: ["20-21"]}, hands={0: SETTLEMENT}), "settle 21", "distance rule"),
        (dict(settlements={0: [20]}, hands={0: SETTLEMENT}), "settle 22", "not on one of your roads"),
        (dict(settlements={0: [20]}, hands={0: ROAD}), "road 22-23", "does not connect"),
        (dict(settlements={0: [20]}, roads={0: ["20-21"]}), "settle 22", "a settlement costs 1 wood, 1 brick, 1 wool"),
        (dict(settlements={0: [20]}), "road 20-21", "a road costs 1 wood, 1 brick"),
        (dict(settlements={0: [20]}, hands={0: cards(grain=2, ore=2)}), "city 20", "a city costs 2 grain, 3 ore"),
        (dict(hands={0: cards(wool=1, grain=1)}), "buy", "a development card costs 1 wool, 1 grain, 1 ore"),
        (dict(), "knight", "you hold no knight card"),
        (dict(dev_cards={0: {"monopoly": 1}}, dev_new={"monopoly": 1}), "monopoly ore", "bought this turn"),
        (dict(phase="roll", dev_cards={0: {"monopoly": 1}}), "monopoly ore", "only a knight"),
        (dict(hands={0: cards(wood=3)}), "bank wood>ore", "you need 4 wood"),
        (
            dict(
                hands={0: DEV_CARD},
                dev_cards={
                    1: {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}
                },
            ),
            "buy",
            "no development cards",
        ),
        (dict(phase="robber"), "robber J", "another hex"),
        (dict(phase="robber", settlements={1: [19]}, hands={1: cards(ore=1)}), "robber E", "steal from a player"),
        (dict(phase="discard", discard={0: 4}, hands={0: cards(ore=8)}), "discard wood", "do not hold"),
        (dict(phase="discard", discard={0: 4}, hands={0: cards(ore=8)}), "end", "discard half"),
    ],
)
def test_illegal_actions_name_their_reason_and_change_nothing(setup: dict[str, Any], action: str, reason: str) -> None:
    game = position(**setup)
    refused(game, action, reason)


def test_refusals_count_seats_from_1() -> None:
    """The notation's ``@2`` is index 2; the refusal, written for people, calls that seat "seat 3"."""
    game = position(phase="roll", current=2)
    refused(game, "end", "seat 3 (Player 3) must roll the dice")
    # Hills E: only index 1 has a building there (19); index 2 has none.
    robber = position(phase="robber", settlements={1: [19]}, hands={1: cards(ore=1)})
    refused(robber, "robber E @2", "seat 3 (Player 3) has no building on hex E")


def test_the_game_goes_on_normally_after_a_refusal() -> None:
    game = position(settlements={0: [20]}, roads={0: ["20-21"]}, hands={0: ROAD})
    legal_before = game.legal_actions()
    refused(game, "road 33-34")
    assert game.legal_actions() == legal_before
    game.apply("road 21-22")
    assert game.history[-1] == game.parse_action("road 21-22")
