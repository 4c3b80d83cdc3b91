"""The benchmark's random play: the very games of ``random.Random.choice``, drawn without calling it."""

from __future__ import annotations

import random

import pytest

import siedler
from siedler.sim.loop import play_random


@pytest.mark.parametrize(
    ("ruleset", "options", "players"),
    [("base", {"max_offers": 0}, 4), ("base", {}, 3), ("deck-building", {}, 2), ("soldiers-and-armies", {}, 4)],
)
def test_play_random_plays_the_games_of_choice(ruleset: str, options: dict[str, object], players: int) -> None:
    for seed in range(3):
        game = siedler.new_game(ruleset, players=players, seed=seed, options=options, log=False)
        play_random(game, random.Random(seed))
        twin = siedler.new_game(ruleset, players=players, seed=seed, options=options, log=False)
        rng = random.Random(seed)
        while not twin.is_over:
            twin.apply(rng.choice(twin.legal_actions()))
        assert game.is_over and game.history == twin.history
