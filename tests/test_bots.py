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


class LegalOnly:
    """A legal-action policy whose ``decide`` must never be called: the wrapper hands it the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.seen: list[tuple[Action, ...]] = []

    def decide(self, game: Game, seat: int) -> Action:
        raise AssertionError("a legal-action policy was handed the game")

    def choose(self, legal: tuple[Action, ...]) -> Action:
        self.seen.append(legal)
        return legal[-1]


def test_a_legal_action_policy_sees_the_legal_actions_and_nothing_else() -> None:
    game = siedler.new_game("base", players=3, seed=4)
    bot = make_bot("tests.test_bots:LegalOnly", 1)
    assert isinstance(bot, FairBot) and isinstance(bot.strategy, LegalOnly)
    for _ in range(30):
        seat = game.to_act
        assert seat is not None
        action = bot.decide(game, seat)
        assert bot.strategy.seen[-1] == game.legal_actions() and action == game.legal_actions()[-1]
        game.apply(action)


def test_random_decides_as_its_bare_strategy_does() -> None:
    game = siedler.new_game("base", players=3, seed=4)
    wrapped, bare = make_bot("random", 7), RandomBot(7)
    for _ in range(60):
        seat = game.to_act
        assert seat is not None
        action = wrapped.decide(game, seat)
        assert action == bare.decide(game, seat)
        game.apply(action)
