"""Hard reading a network (``siedler.bots.leaves``): the bots find the networks through the entry point
siedler declares, without importing ``siedler.learn``; the search's leaves and the look-ahead over the
turn are the network's where the rule set ships one for the game, and Hard is the hand-valued one where
it does not."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import siedler
from siedler.bots import MctsBot, levels_for, make_bot
from siedler.bots import levels as levels_module
from siedler.bots.knowledge import load
from siedler.bots.leaves import Leaves, providers, ships
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.core.registry import get_ruleset
from siedler.learn.bot import NETWORKS, NetLeaf
from siedler.learn.train import TrainConfig, start, train
from siedler.sim.loop import play_out

from ..test_hidden_information import mid_game


def _choices(ruleset: str, players: int, count: int, seed: int = 1) -> list[Game]:
    """``count`` positions with a choice from a game of greedy seats (every third such decision)."""
    game = siedler.new_game(ruleset, players=players, seed=seed, log=False)
    bots = [make_bot("greedy", seed + p) for p in range(players)]
    found: list[Game] = []
    while not game.is_over and len(found) < count:
        seat = game.to_act
        assert seat is not None
        if len(game.legal_actions()) > 1 and game.num_actions % 3 == 0:
            found.append(game.copy())
        game.apply(bots[seat].decide(game, seat))
    return found


def test_the_networks_are_found_through_the_entry_point() -> None:
    assert NETWORKS in providers() and isinstance(NETWORKS, Leaves)
    assert ships("pig") and not ships("base")  # Pig's package ships data/value.npz, base's none


def test_hards_leaves_are_the_networks_chance_to_win() -> None:
    """A position short of the end is worth to the search the seat's chance by the network, which the
    bot reads from the copy as the seat sees it; a finished game 1 or 0 as before."""
    game = _choices("pig", 2, 1)[0]
    seat = game.to_act
    assert seat is not None
    bot = MctsBot(1, iterations=20, model="default")
    bot.decide(game, seat)
    assert bot.learned
    network = NetLeaf("default")
    assert network.start(game, seat)
    assert bot.reward(game, seat) == pytest.approx(network(game, seat))
    assert 0.0 < bot.reward(game, seat) < 1.0


def test_the_network_changes_hards_decisions_where_it_ships_one() -> None:
    positions = _choices("pig", 2, 12)
    hand, learned = "mcts:iterations=60", "mcts:iterations=60,model=default"
    differ = 0
    for k, game in enumerate(positions):
        seat = game.to_act
        assert seat is not None
        differ += make_bot(hand, k).decide(game, seat) != make_bot(learned, k).decide(game, seat)
    assert differ


def test_where_the_shipped_network_does_not_fit_hard_is_the_hand_valued_one() -> None:
    """Pig's network is for two players: at a table of three, and in a rule set that ships none, Hard
    with ``model=default`` decides exactly as without."""
    for ruleset, players in (("pig", 3), ("deck-building", 2)):
        for k, game in enumerate(_choices(ruleset, players, 4)):
            seat = game.to_act
            assert seat is not None
            bot = MctsBot(k, iterations=15, model="default")
            assert bot.decide(game, seat) == MctsBot(k, iterations=15).decide(game, seat)
            assert not bot.learned


def test_after_the_founding_hard_with_turn_decides_as_the_net_bot_does() -> None:
    """With ``turn``, the look-ahead over the turn scores by the network: after the founding Hard decides
    as ``net`` with the same network (an untrained one of the seed) and the same look-ahead."""
    game = mid_game("base", {}, 4, 3, ["greedy"], 90)
    rng = random.Random(2)
    checked = 0
    while checked < 4 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        if len(game.legal_actions()) > 1:
            search = MctsBot(seat, iterations=5, turn=3, model="init").decide(game, seat)
            assert search == make_bot("net:model=init,turn=3", seat).strategy.decide(game, seat)  # type: ignore[attr-defined]
            checked += 1
        game.apply(rng.choice(game.legal_actions()))


def test_a_network_named_by_file_for_another_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pig.npz"
    train(start(TrainConfig("pig", 2, {"target": 20}, games=2, seed=3, hidden=(8, 8), batch=2)), path)
    game = siedler.new_game("pig", players=3, seed=1)
    with pytest.raises(OptionError, match="trained for pig with 2 players"):
        make_bot(f"mcts:iterations=5,model={path}", 1).decide(game, 0)
    with pytest.raises(OptionError, match="neither default, init nor a network file"):
        make_bot(f"mcts:iterations=5,model={tmp_path / 'none.npz'}")
    with pytest.raises(OptionError, match="give one"):
        make_bot(f"mcts:iterations=5,model={path},weights=w.toml")


def test_a_hard_level_reading_a_network_plays_legal_moves_to_the_end() -> None:
    game = siedler.new_game("pig", players=2, seed=6)
    bots = [make_bot(levels_for("pig")["hard"], 1), make_bot("greedy", 2)]
    assert play_out(game, bots, 2000) is None and game.is_over


def test_a_rule_set_shipping_a_network_without_a_hard_of_its_own_gets_model_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deck Building declares no ``learned_hard``: were a network shipped with it, its Hard would read it."""
    monkeypatch.setattr(levels_module, "ships", lambda ruleset: True)
    monkeypatch.setattr(levels_module, "_BY_RULESET", {})
    declared = load(get_ruleset("deck-building").bot).levels
    assert declared is not None
    assert levels_for("deck-building") == {**declared, "hard": declared["hard"] + ",model=default"}
