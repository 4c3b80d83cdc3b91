"""Bots: the registry, loading by import path, and the greedy baseline's strength over random."""

from __future__ import annotations

import pytest

import siedler
from siedler.bots import FairBot, GreedyBot, RandomBot, make_bot
from siedler.core.actions import Action
from siedler.core.game import Game


class FirstLegal:
    """A bot taking no seed, loadable by import path."""

    def decide(self, game: Game, seat: int) -> Action:
        return game.legal_actions()[0]


class NotABot:
    pass


def test_bots_by_name_and_import_path() -> None:
    """Every bot made comes wrapped fair (``FairBot``) around the strategy the spec names."""
    for spec, kind in (("random", RandomBot), ("greedy", GreedyBot), ("tests.test_bots:FirstLegal", FirstLegal)):
        bot = make_bot(spec, 1)
        assert isinstance(bot, FairBot) and isinstance(bot.strategy, kind)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clever", "unknown bot 'clever'"),
        ("tests.test_bots:Missing", "cannot load bot"),
        ("no_such_module:Bot", "cannot load bot"),
        ("tests.test_bots:NotABot", "no decide"),
    ],
)
def test_bad_bot_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(siedler.OptionError, match=message):
        make_bot(spec)


def test_the_same_seed_makes_the_same_decisions() -> None:
    game = siedler.new_game("base", players=3, seed=9)
    a, b = make_bot("random", 5), make_bot("random", 5)
    for _ in range(50):
        seat = game.to_act
        assert seat is not None
        choice = a.decide(game, seat)
        assert b.decide(game, seat) == choice
        game.apply(choice)


def _greedy_wins(ruleset: str, games: int) -> int:
    wins = 0
    for seed in range(games):
        game = siedler.new_game(ruleset, players=4, seed=seed, options={"turn_limit": 600})
        bots = [make_bot("greedy", seed)] + [make_bot("random", seed * 10 + i) for i in range(1, 4)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].decide(game, seat))
        wins += game.winner == 0
    return wins


@pytest.mark.parametrize("ruleset", ["base", "fishermen", "harbormaster", "resource-realms", "baden-wuerttemberg"])
def test_greedy_beats_three_random_players(ruleset: str) -> None:
    assert _greedy_wins(ruleset, 8) >= 7
