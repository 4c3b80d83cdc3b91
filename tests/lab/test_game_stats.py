"""The ``game_stats`` hook of each rule set, checked against the finished game's own state."""

from __future__ import annotations

import math

import pytest

from siedler.core.registry import new_game
from siedler.games.deck_building.cards import CARDS
from siedler.games.deck_building.game import DeckBuildingGame
from siedler.games.soldiers_and_armies.game import SoldiersGame
from siedler.games.soldiers_and_armies.rules import UNITS
from siedler.sim import SimConfig
from siedler.sim.experiment import MoveLog
from siedler.sim.runner import play_indexed

#: Cards whose purchase changes no other pile (a city gives its settlement back to the supply).
PLAIN_PURCHASES = ("bandit", "knight", "defender", "harbor", "road")


@pytest.mark.parametrize("index", range(3))
def test_deck_building_purchases_match_the_supply(index: int) -> None:
    config = SimConfig("deck-building", ("greedy", "random"), games=3, seed=11).checked()
    log = MoveLog()
    game, _ = play_indexed(config, index, watch=log)
    assert isinstance(game, DeckBuildingGame)
    start = new_game("deck-building", players=2, seed=game.seed)
    assert isinstance(start, DeckBuildingGame)
    stats = game.game_stats(log.moves)
    for card in PLAIN_PURCHASES:
        k = CARDS.index(card)
        assert sum(stats[f"bought_{card}"]) == start.supply[k] - game.supply[k], card
        for seat in range(2):
            first = stats[f"first_{card}_turn"][seat]
            assert math.isnan(first) == (stats[f"bought_{card}"][seat] == 0)
            assert math.isnan(first) or 0 <= first <= game.turn


@pytest.mark.parametrize("index", range(2))
def test_soldiers_recruits_cover_the_armies_standing(index: int) -> None:
    config = SimConfig("soldiers-and-armies", ("greedy", "greedy", "random"), games=2, seed=5).checked()
    log = MoveLog()
    game, _ = play_indexed(config, index, watch=log)
    assert isinstance(game, SoldiersGame)
    stats = game.game_stats(log.moves)
    assert "settlements_built" in stats  # the Catan family's statistics come along (the hook chains)
    # A lost round downgrades a unit one rank (artillery -> cavalry -> gone), so of each rank and above no
    # more stand than were recruited; counted over all seats, as a capitulation hands armies to the attacker.
    for u in range(len(UNITS)):
        standing = sum(
            game.units[n * 3 + v] for n, owner in enumerate(game.army_owner) if owner >= 0 for v in range(u, 3)
        )
        assert sum(stats[f"recruited_{unit}"][seat] for unit in UNITS[u:] for seat in range(3)) >= standing
    assert set(stats) == set(new_game("soldiers-and-armies", players=3, seed=1).game_stats([]))
