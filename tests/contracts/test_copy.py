"""The copy contract: a copy, or a game rebuilt from ``state()``, shares nothing mutable with the original.

For every rule set and combination of extensions, random games are copied at many points; the copy plays on
and the original's full state must be exactly what it was.
"""

from __future__ import annotations

import copy as deep
import random
from typing import Any

import pytest

import siedler

from .combos import CONFIGURATIONS, IDS, play, start

SEEDS = (1, 2)
EVERY = 7


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
def test_copies_and_rebuilt_games_leave_the_original_alone(name: str, ruleset: str, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        game = start(ruleset, options, seed)
        rng = random.Random(seed)
        while not game.is_over and game.num_actions < 600:
            before = deep.deepcopy(game.state())
            for twin in (game.copy(), siedler.from_state(game.state())):
                play(twin, random.Random(rng.random()), 25)
                assert game.state() == before, f"{name} seed {seed}: a copy changed the original"
            assert game.legal_actions() == game.copy().legal_actions()
            play(game, rng, EVERY)
