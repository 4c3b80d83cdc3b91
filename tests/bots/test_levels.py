"""The lobby's difficulty levels: defined for every rule set (a plugin's included), each a bot spec bound by
work, and Hard's decisions the same on a slow machine as on a fast one unless its guard trips."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

import siedler
from siedler.bots import LEVELS, MctsBot, levels_for, make_bot
from siedler.bots.base import parse_parameters
from siedler.bots.knowledge import load
from siedler.bots.levels import LEARNED, NAMES, check_levels
from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.core.registry import get_ruleset, rulesets
from siedler.learn.bot import shipped_path

from ..test_hidden_information import mid_game

RULESETS = sorted(r.name for r in rulesets())


def test_the_plugin_is_among_the_rule_sets() -> None:
    """The walkthrough's plugin gets levels too: the default, as it declares none, but for its Hard, which
    reads the network its package ships (``data/value.npz``, siedler.bots.leaves)."""
    assert "pig" in RULESETS
    levels = levels_for("pig")
    assert levels == {**LEVELS, "hard": load("siedler_pig.bot").learned_hard}
    assert parse_parameters(levels["hard"].partition(":")[2])["model"] == "default"


def _declared(ruleset: str) -> dict[str, str]:
    """A rule set's levels as its knowledge declares them (else the default), Hard reading the network
    where its package ships one."""
    knowledge = load(get_ruleset(ruleset).bot)
    declared = dict(knowledge.levels or LEVELS)
    if shipped_path(ruleset) is not None:
        declared["hard"] = knowledge.learned_hard or declared["hard"] + LEARNED
    return declared


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_set_has_three_levels_each_a_bot_bound_by_work(ruleset: str) -> None:
    levels = levels_for(ruleset)
    assert tuple(levels) == NAMES
    assert levels == _declared(ruleset)
    for spec in levels.values():
        make_bot(spec)
    name, _, rest = levels["hard"].partition(":")
    params = parse_parameters(rest)
    assert name == "mcts" and params["iterations"] > 0 and "ms" not in params
    assert params["guard_ms"] >= 3000  # far above the 1 s a Hard decision takes at most (docs/bots.md)


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ({"easy": "greedy", "hard": "value"}, "must be easy, medium, hard"),
        ({"easy": "greedy", "medium": "value", "hard": "mcts:ms=300"}, "bound by the clock"),
        ({"easy": "greedy", "medium": "nobot", "hard": "value"}, "not a registered bot"),
        ({"easy": "greedy", "medium": "tests.bots.test_search_bots:Param", "hard": "value"}, "not a registered"),
        ({"easy": "greedy", "medium": "value", "hard": "mcts:guard_ms=500"}, "guards an iteration budget"),
        ({"easy": "greedy", "medium": "value", "hard": "mcts:iterations=9,bogus=1"}, "unexpected keyword"),
    ],
)
def test_levels_that_are_not_bound_by_work_or_not_bots_are_refused(levels: dict[str, str], message: str) -> None:
    with pytest.raises(siedler.OptionError, match=message):
        check_levels(levels, "test")


class SlowClock:
    """``time.perf_counter`` of a machine where each reading comes ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 1000.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def _position() -> Game:
    """A base game in its main phase with a choice for the seat to act (greedy play from a fixed seed)."""
    game = mid_game("base", {}, 4, 3, ["greedy"], 90)
    while len(game.legal_actions()) < 4:
        seat = game.to_act
        assert seat is not None
        game.apply(make_bot("greedy", seat).decide(game, seat))
    return game


def _decide(spec: str, clock: SlowClock | None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Action]:
    game = _position()
    seat = game.to_act
    assert seat is not None
    with monkeypatch.context() as patch:
        if clock is not None:
            patch.setattr(time, "perf_counter", clock)
        for seed in range(3):
            yield make_bot(spec, seed).decide(game, seat)


def test_hard_decides_the_same_on_a_slow_machine_while_its_guard_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = "mcts:iterations=40,guard_ms=5000"
    fast = list(_decide(spec, None, monkeypatch))
    slow = SlowClock(0.1)  # 40 iterations read as 4 s: ten times a Hard decision, still under the guard
    assert list(_decide(spec, slow, monkeypatch)) == fast
    assert slow.reads == 3 * 40  # the deadline, then once before each further iteration


def test_the_guard_stops_the_search_only_once_it_has_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SlowClock(1.0)  # a second an iteration: a guard of 2.5 s lets three through
    guarded = list(_decide("mcts:iterations=40,guard_ms=2500", clock, monkeypatch))
    assert clock.reads == 3 * 4
    assert guarded == list(_decide("mcts:iterations=3", None, monkeypatch))


def test_a_guard_needs_an_iteration_budget() -> None:
    assert MctsBot(iterations=10, guard_ms=100).guard_ms == 100
    for bad in ({"guard_ms": 100.0}, {"ms": 300.0, "guard_ms": 100.0}, {"iterations": 10, "guard_ms": -1.0}):
        with pytest.raises(ValueError, match="guard"):
            MctsBot(**bad)  # type: ignore[arg-type]
