"""Fair by construction: ``determinize`` deals anew what a seat may not know and keeps what it sees (every
bot's decision is then the same for games its seat cannot tell apart: test_fair_decisions.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import siedler
from siedler.bots import GreedyBot, make_bot
from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.core.hidden import redeal
from siedler.core.rng import Rng

from ..hidden import _loaded, twin_state
from ..test_hidden_information import CASES, IDS, mid_game


def _seats(game: Game) -> list[int | None]:
    return [None, *range(game.num_players)]


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 150) | st.integers(0, 600), key=st.integers(0, 99))
def test_determinize_keeps_the_view_and_ignores_what_the_seat_cannot_see(
    ruleset: str, options: dict[str, Any], players: int, seed: int, steps: int, key: int
) -> None:
    game = mid_game(ruleset, options, players, seed, ["random", "greedy"], steps)
    for seat in _seats(game):
        copy = game.determinize(seat, random.Random(key))
        assert json.dumps(copy.view(seat)) == json.dumps(game.view(seat))
        assert copy.seed != game.seed and copy.rng.drawn < 64  # a fresh generator: the real dice are unknown
        twin = _loaded(twin_state(game, seat, random.Random(key)))
        assert copy.state() == twin.determinize(seat, random.Random(key)).state()
        if copy.to_act is not None:
            copy.apply(copy.legal_actions()[0])  # the copy plays on


class Peeker:
    """A strategy that reads every hand: bare it is unfair, and twins would catch it (test_fair_decisions.py)."""

    def decide(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions()
        return legal[hash(json.dumps(_hands(game))) % len(legal)]


def test_the_check_catches_a_bare_strategy_that_peeks_and_the_wrapper_fixes_it() -> None:
    differs = wrapped_differs = 0
    for seed in range(12):
        game = mid_game("base", {}, 4, seed, ["greedy"], 120)
        seat = game.to_act
        assert seat is not None
        twin = _loaded(twin_state(game, seat, random.Random(seed)))
        differs += Peeker().decide(game, seat) != Peeker().decide(twin, seat)
        fair = "tests.bots.test_fair:Peeker"
        wrapped_differs += make_bot(fair, 1).decide(game, seat) != make_bot(fair, 1).decide(twin, seat)
    assert differs and not wrapped_differs


def _hands(game: Game) -> list[Any]:
    return [p["hand"] for p in game.state()["game"]["players"]]


@pytest.mark.parametrize("ruleset", ["base", "fishermen", "deck-building"])
def test_determinize_changes_the_others_cards_but_not_the_seats_own(ruleset: str) -> None:
    players = 2 if ruleset == "deck-building" else 4
    game = mid_game(ruleset, {}, players, seed=4, bots=["greedy"], steps=160)
    real = _hands(game)
    copies = [_hands(game.determinize(0, random.Random(k))) for k in range(20)]
    assert all(c[0] == real[0] for c in copies)
    assert any(c[1:] != real[1:] for c in copies)
    assert _hands(game) == real  # the game itself is untouched


def test_redeal_keeps_sizes_totals_and_shown_cards() -> None:
    rows = [[2, 0, 1], [0, 3, 0], [1, 1, 5]]
    redeal(rows, Rng(1), keep=(2,))
    assert [r[2] for r in rows] == [1, 0, 5]
    assert [sum(r) for r in rows] == [3, 3, 7]
    assert [sum(col) for col in zip(*rows, strict=True)] == [3, 4, 6]
    deals = set()
    for seed in range(30):
        rows = [[2, 0], [0, 2]]
        redeal(rows, Rng(seed))
        deals.add(tuple(rows[0]))
    assert deals == {(2, 0), (1, 1), (0, 2)}


def test_a_rule_set_without_hidden_cards_still_gets_a_fresh_generator() -> None:
    pytest.importorskip("siedler_pig")
    game = siedler.new_game("pig", players=2, seed=1)
    copy = game.determinize(1, random.Random(2))
    assert copy.view(1) == game.view(1) and copy.seed != game.seed


def test_determinize_refuses_a_seat_that_is_not_in_the_game() -> None:
    game = siedler.new_game("base", players=3, seed=1)
    with pytest.raises(ValueError, match="seat index must be"):
        game.determinize(3, random.Random(1))


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 150) | st.integers(0, 600), key=st.integers(0, 99))
def test_greedy_reads_only_what_its_seat_may_know_even_bare(
    ruleset: str, options: dict[str, Any], players: int, seed: int, steps: int, key: int
) -> None:
    """The greedy strategy itself, without the wrapper, on the real game and on its twin for the seat."""
    game = mid_game(ruleset, options, players, seed, ["random", "greedy"], steps)
    seat = game.to_act
    if seat is None:
        return
    twin = _loaded(twin_state(game, seat, random.Random(key)))
    assert GreedyBot(key).decide(game, seat) == GreedyBot(key).decide(twin, seat)
