"""Games pickle (multiprocessing, Ray and vector environments need it), composed classes included."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import siedler
from siedler.core.game import Game

from .combos import CONFIGURATIONS, IDS, play, start


def _round_trip(game: Game) -> Game:
    twin = pickle.loads(pickle.dumps(game))
    assert isinstance(twin, Game)
    assert type(twin) is type(game)
    assert twin.state() == game.state()
    assert twin.logging == game.logging
    assert twin.events(0) == game.events(0)
    assert twin.events() == game.events()
    assert twin.legal_actions() == game.legal_actions()
    return twin


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
@pytest.mark.parametrize("log", [True, False])
def test_games_pickle_at_the_start_midway_and_at_the_end(
    name: str, ruleset: str, options: dict[str, Any], log: bool
) -> None:
    game = start(ruleset, options, seed=3, log=log)
    rng = random.Random(3)
    _round_trip(game)
    play(game, rng, 60)
    twin = _round_trip(game)
    # The unpickled game plays on exactly like the original.
    play(game, random.Random(4), 40)
    play(twin, random.Random(4), 40)
    assert twin.state() == game.state()
    assert twin.events() == game.events()
    play(game, rng, 50_000)  # random play ends by the turn limit at the latest, usually in a few thousand
    assert game.is_over
    _round_trip(game)


def test_a_game_from_a_hand_made_state_keeps_its_log_through_pickle() -> None:
    game = start("base", {}, seed=5)
    play(game, random.Random(5), 30)
    state = game.state()
    state["actions"] = []  # no longer explained by its actions: the state becomes the starting point
    puzzle = siedler.from_state(state)
    play(puzzle, random.Random(6), 20)
    assert puzzle.events()
    _round_trip(puzzle)
