"""The bots' value of a Baden-Württemberg position: the open fields a few roads away, the landmark fields the
roads touch and the landmark's cost in hand; the value bot builds the road toward a field."""

from __future__ import annotations

import random

from siedler.bots.evaluate import evaluate
from siedler.bots.value import look_ahead
from siedler.games.baden_wuerttemberg.bot.value import WEIGHTS, approach, bw_terms
from siedler.games.baden_wuerttemberg.game import BWRulesGame

from .positions import LANDMARK_COST, position

RED, BLUE = 0, 1
ROAD = {"wood": 1, "brick": 1}
W = WEIGHTS["baden_wuerttemberg"]


def _bw(game: object) -> BWRulesGame:
    assert isinstance(game, BWRulesGame)
    return game


def test_each_road_toward_an_open_field_raises_its_approach() -> None:
    """Ebingen 55 - 56 - Sigmaringen 57 (a landmark field without its landmark): two roads away, then one."""
    far = _bw(position(halls={RED: ["Ebingen"]}))
    near = _bw(position(halls={RED: ["Ebingen"]}, roads={RED: ["55-56"]}))
    assert approach(near, RED, W) > approach(far, RED, W) > 0
    assert evaluate(near, RED) > evaluate(far, RED)


def test_the_value_bot_builds_the_road_toward_the_landmark_field() -> None:
    game = position(halls={RED: ["Ebingen"]}, hands={RED: ROAD})
    action, gain = look_ahead(game, RED, random.Random(1))
    assert str(action) == "road 55-56" and gain > 0


def test_a_field_taken_is_no_longer_approached() -> None:
    """Reutlingen 46 - 58 - Biberach 59: Blue's town hall on Biberach takes it from Red's approach."""
    open_ = _bw(position(halls={RED: ["Reutlingen"]}, roads={RED: ["46-58"]}))
    taken = _bw(position(halls={RED: ["Reutlingen"], BLUE: ["Biberach"]}, roads={RED: ["46-58"]}))
    assert approach(taken, RED, W) < approach(open_, RED, W)


def test_a_landmark_field_reached_counts_and_so_does_its_cost_in_hand() -> None:
    empty = _bw(position(halls={RED: ["Ebingen"]}, roads={RED: ["55-56", "56-57"]}))
    paid = _bw(position(halls={RED: ["Ebingen"]}, roads={RED: ["55-56", "56-57"]}, hands={RED: LANDMARK_COST}))
    short = _bw(position(halls={RED: ["Ebingen"]}, roads={RED: ["55-56"]}, hands={RED: LANDMARK_COST}))
    assert bw_terms(paid, RED, W) - bw_terms(empty, RED, W) == W["landmark_ready"] + W["landmark_affordable"]
    assert bw_terms(empty, RED, W) - W["approach"] * approach(empty, RED, W) == W["landmark_spot"]
    assert bw_terms(short, RED, W) == W["approach"] * approach(short, RED, W)  # no landmark field touched


def test_a_built_landmark_is_passed_and_no_longer_a_goal() -> None:
    """Once Sigmaringen's landmark stands (anyone's), Red's road goes on through it toward Biberach 59."""
    built = _bw(position(halls={RED: ["Ebingen"]}, roads={RED: ["55-56", "56-57"]}, landmarks={"Sigmaringen": BLUE}))
    assert bw_terms(built, RED, W) == W["approach"] * approach(built, RED, W) > 0
