"""The variants together and on other rule sets: whole random games, replays and state round trips; and the
shared helper the Fishermen's free road relies on."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import siedler
from siedler.games.catan import CatanGame
from siedler.games.fishermen.component import Fishermen

COMBINATIONS = [
    ("resource-realms", {"fishermen": True, "harbormaster": True}),
    ("fishermen", {"harbormaster": True, "board": "balanced"}),
    ("harbormaster", {"board": "beginner"}),
]


@pytest.mark.parametrize(("ruleset", "options"), COMBINATIONS)
def test_random_games_finish_replay_and_reload(ruleset: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        game = siedler.new_game(ruleset, players=3 + seed % 2, seed=seed, options={"max_offers": 1, **options})
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if game.num_actions == 300:
                assert siedler.from_state(json.loads(json.dumps(game.state()))).state() == game.state()
        assert game.winner is not None
        assert game.scores()[game.winner] >= game.view(game.winner)["victory_points"]
        assert siedler.replay(json.loads(json.dumps(game.record()))).state() == game.state()


def test_can_place_road_agrees_with_the_road_spots() -> None:
    for seed in range(4):
        game = siedler.new_game("fishermen", players=4, seed=seed, options={"max_offers": 0})
        assert isinstance(game, CatanGame)
        rng = random.Random(seed)
        while not game.is_over:
            for seat in range(4):
                assert game._can_place_road(seat) == bool(game._road_spots(seat))
            game.apply(rng.choice(game.legal_actions()))


def test_extensions_are_listed_on_every_catan_rule_set() -> None:
    for name in ("base", "harbormaster", "fishermen", "resource-realms"):
        options = {o["name"]: o for o in siedler.get_ruleset(name).to_json()["options"]}
        assert options["harbormaster"]["default"] is (name == "harbormaster")
        assert options["fishermen"]["default"] is (name == "fishermen")


@pytest.mark.parametrize("ruleset", ["soldiers-and-armies", "base"])
def test_the_fish_owed_on_a_roll_follow_every_building_change(ruleset: str) -> None:
    """The Fishermen remember what each number brings (``_fish_income``) until a building on a fishing spot
    changes: that must hold when a rule set destroys one or turns a city back into a settlement too
    (Soldaten & Armeen), or a former owner would keep catching fish there."""
    checked = 0
    for seed in (1, 20, 22):  # in 20 and 22 a building on a fishing spot is destroyed
        game = siedler.new_game(ruleset, players=4, seed=seed, options={"fishermen": True, "max_offers": 0})
        fishermen = next(c for c in game.components if isinstance(c, Fishermen))
        rng = random.Random(seed)
        while not game.is_over and game.num_actions < 2500:
            game.apply(rng.choice(game.legal_actions()))
            assert isinstance(game, CatanGame)
            for key, owed in fishermen._fish_income.items():
                assert fishermen._income(game, abs(key), key < 0) == owed, (seed, game.num_actions, key)
                checked += 1
    assert checked > 1000
