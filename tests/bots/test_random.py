"""The random bot draws exactly what ``random.Random.choice`` would: seeded simulations keep their games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import siedler
from siedler.bots.random import RandomBot, below


@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 5000), min_size=1, max_size=50))
def test_below_draws_what_choice_draws(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for n in sizes] == [theirs.choice(range(n)) for n in sizes]


def test_the_bot_plays_the_game_choice_would_play() -> None:
    game = siedler.new_game("base", players=4, seed=3)
    twin = game.copy()
    bot, rng = RandomBot(7), random.Random(7)
    for _ in range(300):
        game.apply(bot.decide(game, game.to_act or 0))
        twin.apply(rng.choice(twin.legal_actions()))
    assert game.state() == twin.state()


def test_nothing_to_choose_from_is_an_error_not_a_hang() -> None:
    game = siedler.new_game("deck-building", players=2, seed=1)
    while not game.is_over:
        game.apply(RandomBot(1).decide(game, game.to_act or 0))
    assert game.legal_actions() == ()
    with pytest.raises(IndexError):
        RandomBot(1).decide(game, 0)
