"""``why_illegal`` says why ``apply`` would refuse, exactly when it would, and never raises for bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest

from siedler.core.errors import IllegalAction

from .combos import CONFIGURATIONS, IDS, play, start


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
def test_why_illegal_agrees_with_apply(name: str, ruleset: str, options: dict[str, Any]) -> None:
    game = start(ruleset, options, seed=7)
    other = start(ruleset, options, seed=8)
    rng = random.Random(7)
    while not game.is_over and game.num_actions < 400:
        for action in game.legal_actions():
            assert game.why_illegal(action) is None
            assert game.why_illegal(str(action)) is None
        # Actions legal in another game are mostly refused here, each with apply's own message.
        for action in other.legal_actions():
            reason = game.why_illegal(action)
            if reason is not None:
                with pytest.raises(IllegalAction) as refused:
                    game.copy().apply(action)
                assert str(refused.value) == reason
        play(game, rng, 3)
        play(other, rng, 3)


@pytest.mark.parametrize("bad", ["", "no such action", "road 9999-9999", "\x00", 42, None, ("x",), []])
def test_unreadable_input_gets_a_message_not_an_exception(bad: Any) -> None:
    for ruleset in ("base", "deck-building"):
        game = start(ruleset, {}, seed=1)
        before = game.state()
        reason = game.why_illegal(bad)
        assert isinstance(reason, str) and reason
        assert game.state() == before


def test_parse_errors_are_passed_on() -> None:
    game = start("base", {}, seed=1)
    with pytest.raises(IllegalAction) as refused:
        game.parse_action("no such action")
    assert game.why_illegal("no such action") == str(refused.value)


def test_a_finished_game_refuses_everything() -> None:
    game = start("base", {}, seed=2)
    play(game, random.Random(2), 10_000)
    assert game.is_over
    reason = game.why_illegal("end")
    assert reason is not None and "over" in reason
