"""``siedler train`` and the ``net`` bot (``siedler.learn``): a short run completes and writes a network the
bot plays; a resumed run reaches the very weights of an uninterrupted one, whatever the worker count; the
TD(λ) targets are the λ-returns of the network's own predictions, turned to each mover's seat order."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import siedler
from siedler.bots import MctsBot, make_bot
from siedler.cli.main import app
from siedler.core.errors import OptionError
from siedler.envs.encoders import encoder_for
from siedler.learn.bot import NetBot, NetLeaf, NetValue, shipped_path
from siedler.learn.network import Network, load
from siedler.learn.selfplay import Played
from siedler.learn.train import TrainConfig, resume, start, td_targets, train
from siedler.sim.loop import play_out

#: Pig (the walkthrough's plugin rule set, tests/plugin_ruleset): a game takes a fraction of a second.
PIG = TrainConfig("pig", 2, {"target": 20}, games=4, seed=3, hidden=(16, 8), batch=2, snapshot=2)


def _weights(path: Path) -> dict[str, np.ndarray]:
    return dict(np.load(path))


def test_a_short_run_writes_a_network_the_bot_plays(tmp_path: Path) -> None:
    path = tmp_path / "pig.npz"
    run = train(start(PIG), path)
    net, extra = load(path)
    assert run.done == 4 and net.meta["games"] == 4 and len(net.meta["history"]) == 2
    assert "pool0_W0" in extra  # a snapshot every 2 games: earlier networks to meet
    assert sum(sum(r["seats"].values()) for r in net.meta["history"]) == 4 * 2
    game = siedler.new_game("pig", players=2, seed=5, options={"target": 20})
    bots = [make_bot(f"siedler.learn:NetBot:model={path}", 1), make_bot("greedy", 2)]
    assert play_out(game, bots, 2000) is None and game.is_over  # every move legal, to the end


def test_a_resumed_run_reaches_the_uninterrupted_runs_weights(tmp_path: Path) -> None:
    whole, halves = tmp_path / "whole.npz", tmp_path / "halves.npz"
    train(start(PIG), whole)
    half = TrainConfig(**{**PIG.__dict__, "games": 2})
    train(start(half), halves)
    assert not all(np.array_equal(a, _weights(whole)[k]) for k, a in _weights(halves).items() if k != "meta")
    train(resume(PIG, halves), halves)
    got, want = _weights(halves), _weights(whole)
    assert set(got) == set(want)
    for key in want:
        assert np.array_equal(got[key], want[key]), key


def test_the_weights_do_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    one, two = tmp_path / "one.npz", tmp_path / "two.npz"
    train(start(PIG), one)
    train(start(PIG), two, workers=2)
    assert all(np.array_equal(a, _weights(one)[k]) for k, a in _weights(two).items())


def test_a_checkpoint_of_other_settings_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pig.npz"
    train(start(TrainConfig(**{**PIG.__dict__, "games": 2})), path)
    with pytest.raises(OptionError, match="other settings"):
        resume(TrainConfig(**{**PIG.__dict__, "lam": 0.5}), path)


def test_td_targets_are_lambda_returns_in_each_movers_seat_order() -> None:
    net = Network.fresh(5, 3, (4, 4), 1, {})
    obs = np.random.default_rng(0).random((4, 5), dtype=np.float32)
    movers = np.array([0, 1, 2, 0])
    played = Played(obs, movers, ["current"] * 3, winner=2, finished=True)
    v = net.forward(obs)  # v[t, k]: seat (movers[t] + k) % 3 as movers[t] sees it
    absolute = np.array([np.roll(v[t], movers[t]) for t in range(4)])
    lam = 0.6
    want = np.zeros((4, 3))
    want[3] = np.eye(3)[2]
    for t in (2, 1, 0):
        want[t] = (1 - lam) * absolute[t + 1] + lam * want[t + 1]
    relative = np.array([np.roll(want[t], -movers[t]) for t in range(4)])
    assert np.allclose(td_targets(net, played, lam, 3), relative, atol=1e-6)
    assert np.allclose(td_targets(net, played, 1.0, 3)[0], np.roll(np.eye(3)[2], -0))  # λ=1: the outcome


def test_a_network_for_another_configuration_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pig.npz"
    train(start(TrainConfig(**{**PIG.__dict__, "games": 2})), path)
    game = siedler.new_game("pig", players=3, seed=1)
    with pytest.raises(OptionError, match="trained for pig with"):
        make_bot(f"siedler.learn:NetBot:model={path}", 1).decide(game, 0)


def test_a_rule_set_that_ships_no_network_says_so() -> None:
    game = siedler.new_game("deck-building", players=2, seed=1)
    with pytest.raises(OptionError, match="ships no value network"):
        NetBot(1).decide(game, game.to_act or 0)


def test_default_is_the_network_the_rule_sets_package_ships() -> None:
    """Pig's package (the walkthrough's plugin) ships one, trained by siedler train (docs/bots.md)."""
    path = shipped_path("pig")
    assert path is not None and path.parts[-3:] == ("siedler_pig", "data", "value.npz")
    assert load(path)[0].meta["ruleset"] == "pig"
    game = siedler.new_game("pig", players=2, seed=4)
    bots = [make_bot("siedler.learn:NetBot:samples=2", 1), make_bot("greedy", 2)]
    assert play_out(game, bots, 2000) is None and game.is_over


def test_averaged_over_determinizations_the_bot_plays_legal_moves_to_the_end(tmp_path: Path) -> None:
    """``samples``: each move tried on several determinizations, the best on average played."""
    path = tmp_path / "pig.npz"
    train(start(TrainConfig(**{**PIG.__dict__, "games": 2, "samples": 3})), path)
    game = siedler.new_game("pig", players=2, seed=8, options={"target": 20})
    bots = [make_bot("greedy", 2), make_bot(f"siedler.learn:NetBot:model={path},samples=3", 1)]
    assert play_out(game, bots, 2000) is None and game.is_over


def test_the_command_trains_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "pig.npz"
    args = ["train", "--ruleset", "pig", "--players", "2", "-o", "target=20", "--hidden", "8,8", "--batch", "1"]
    runner = CliRunner()
    first = runner.invoke(app, [*args, "--games", "1", "--out", str(path)])
    assert first.exit_code == 0, first.output
    alone = tmp_path / "data" / "value.npz"
    again = runner.invoke(app, [*args, "--games", "2", "--out", str(path), "--resume", "--network", str(alone)])
    assert again.exit_code == 0, again.output
    assert load(path)[0].meta["games"] == 2
    net, extra = load(alone)  # the network alone: no optimizer, no pool
    assert not extra and all(np.array_equal(w, load(path)[0].params[k]) for k, w in net.params.items())
    missing = runner.invoke(app, [*args, "--out", str(tmp_path / "none.npz"), "--resume"])
    assert missing.exit_code == 2 and "no checkpoint" in missing.output
    crowded = runner.invoke(app, [*args, "--players", "9", "--out", str(path)])
    assert crowded.exit_code == 2 and "2 to 4 players" in crowded.output


def test_a_fresh_network_with_a_prior_values_as_the_hand_valued_search_does(tmp_path: Path) -> None:
    """``--prior T``: the last layer starts at zero and adds each seat's hand value over ``T``, so the
    untrained network's chance to win is Hard's hand-valued leaf, the share of ``exp(value / T)``; training
    then moves it (a correction learned, not a value from nothing)."""
    path = tmp_path / "base.npz"
    config = TrainConfig("base", 4, games=1, seed=2, hidden=(8, 8), batch=1, prior=400.0, mix=(0, 0, 1, 0))
    fresh = start(config)
    assert fresh.net.prior == 400.0 and not fresh.net.params["W2"].any()
    fresh.net.save(path)
    game = siedler.new_game("base", players=4, seed=9, log=False)
    bots = [make_bot("greedy", p) for p in range(4)]
    while game.num_actions < 300:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].decide(game, seat))
    hand = MctsBot(1)
    for seat in range(4):
        leaf = NetLeaf(str(path))
        assert leaf.start(game, seat)
        assert leaf(game, seat) == pytest.approx(hand.reward(game, seat), rel=1e-4)
    trained = train(fresh, path)
    assert trained.net.params["W2"].any() and load(path)[0].prior == 400.0
    played = trained.history[-1]
    assert played["states"] > 0 and played["seats"]["greedy"] == 4


def test_a_recipe_without_a_prior_is_the_one_written_before_the_prior_existed() -> None:
    """Pig's shipped network was trained before ``prior``: its recipe resumes unchanged."""
    assert "prior" not in PIG.recipe() and TrainConfig(**{**PIG.__dict__, "prior": 50.0}).recipe()["prior"] == 50
    with pytest.raises(OptionError, match="temperature"):
        TrainConfig(**{**PIG.__dict__, "prior": -1.0}).checked()


def test_a_decision_reads_every_position_it_reaches_as_their_views_encode_them() -> None:
    """The bot's value reads the state with the reader it made when the decision began, for every position
    the decision reaches (copies of its game, moved on: roads, settlements, the robber, cards): exactly the
    numbers of the encoding of each position's view."""
    game = siedler.new_game("base", players=4, seed=5, log=False)
    bots = [make_bot("greedy", p) for p in range(4)]
    play_out(game, bots, 40, lambda *_: None)
    net = Network.fresh(encoder_for(game).layout.size, 4, (8, 8), 3, {"ruleset": "base"})
    value = NetValue(net, game)
    value.start(game, 2)
    assert value.reader is not None
    reached, checked = game.copy(), 0
    while not reached.is_over and reached.num_actions < 400:
        seat = reached.to_act
        assert seat is not None
        reached.apply(bots[seat].decide(reached, seat))
        for viewer in range(4 if not reached.is_over else 0):  # a finished game is worth 1 or 0
            x = value.encoder.encode(reached.view(viewer), viewer)
            assert value(reached, viewer) == pytest.approx(float(net.forward(x[np.newaxis, :])[0, 0]), rel=1e-6)
            checked += 1
    assert checked > 400  # a whole game from the 40th action: every kind of move
