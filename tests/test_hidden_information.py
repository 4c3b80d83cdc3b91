"""Views hide what their seat may not know, for every rule set and combination of extensions: a position
and its twin that differs only in what a seat cannot see give that seat identical views (tests/hidden.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import siedler
from siedler.bots import make_bot
from siedler.core.game import Game
from siedler.core.registry import rulesets

from .catan.configs import CONFIGS
from .hidden import check_views_hide

CASES: list[tuple[str, dict[str, Any], int]] = [
    *((rs, opts, n) for rs, opts, counts in CONFIGS for n in counts),
    ("deck-building", {}, 2),
    ("deck-building", {"edition": "later"}, 2),
]
IDS = [f"{rs}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}-{n}p" for rs, opts, n in CASES]


def mid_game(ruleset: str, options: dict[str, Any], players: int, seed: int, bots: list[str], steps: int) -> Game:
    """A game after ``steps`` actions of the bots (or at its end)."""
    game = siedler.new_game(ruleset, players=players, seed=seed, options=options)
    seats = [make_bot(bots[p % len(bots)], seed * 10 + p) for p in range(players)]
    for _ in range(steps):
        seat = game.to_act
        if seat is None:
            break
        game.apply(seats[seat].decide(game, seat))
    return game


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=2),
    steps=st.integers(0, 150) | st.integers(0, 800),  # greedy games end after 150 to 600 actions
)
def test_a_view_is_the_same_whatever_its_seat_may_not_know(
    ruleset: str, options: dict[str, Any], players: int, seed: int, bots: list[str], steps: int
) -> None:
    game = mid_game(ruleset, options, players, seed, bots, steps)
    seen = check_views_hide(game, random.Random(seed))
    event(f"views that saw their own cards change: {min(seen, 3)}{'+' if seen >= 3 else ''}")


def _leaky(game: Game, seat: int | None) -> dict[str, Any]:
    """A view that also shows every hand: what the check must catch."""
    return {**game.view(seat), "hands": [p["hand"] for p in game.state()["game"]["players"]]}


@pytest.mark.parametrize("ruleset", ["base", "deck-building"])
def test_the_check_fails_for_a_view_showing_another_seats_hand(ruleset: str) -> None:
    players = 2 if ruleset == "deck-building" else 3
    game = mid_game(ruleset, {}, players, seed=3, bots=["greedy"], steps=120)
    with pytest.raises(AssertionError, match="changed with what it may not know"):
        check_views_hide(game, random.Random(3), view=_leaky)


def test_every_rule_set_is_checked() -> None:
    """A new rule set of the project says in tests/hidden.py what its views hide, and is listed here."""
    builtin = {r.name for r in rulesets() if r.game_class.__module__.startswith("siedler.games.")}
    assert builtin <= {rs for rs, _, _ in CASES}
