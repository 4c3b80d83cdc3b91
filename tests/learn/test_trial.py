"""A run's trials (``siedler.learn.trial``): the network as it stands against the hand bots before the
first game, every so many games and after the last, kept in the checkpoint; they change no weight, a
resumed run's trials are an uninterrupted run's, and ``--curve`` draws them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.learn.network import load
from siedler.learn.train import TrainConfig, resume, start, train
from siedler.learn.trial import TrialJob, Trials, curve_svg, play_trial

PIG = TrainConfig("pig", 2, {"target": 20}, games=6, seed=3, hidden=(16, 8), batch=2, snapshot=2)
TRIALS = Trials(games=4, against=("greedy", "random"), every=4)
SVG = "{http://www.w3.org/2000/svg}"


def test_trials_are_kept_by_the_games_trained_and_change_no_weight(tmp_path: Path) -> None:
    tried, bare = tmp_path / "tried.npz", tmp_path / "bare.npz"
    run = train(start(PIG), tried, trials=TRIALS)
    train(start(PIG), bare)
    assert [t["games"] for t in run.trials] == [0, 4, 6]  # before the first game, at 4, after the last
    for t in run.trials:
        assert set(t["against"]) == {"greedy", "random"} and t["samples"] == 1
        for figures in t["against"].values():
            assert figures["games"] == 4 and 0 <= figures["wins"] <= 4
    assert load(tried)[0].meta["trials"] == run.trials
    with_trials, without = dict(np.load(tried)), dict(np.load(bare))
    for key in without:
        if key != "meta":
            assert np.array_equal(with_trials[key], without[key]), key


def test_a_resumed_run_has_the_uninterrupted_runs_trials(tmp_path: Path) -> None:
    whole, halves = tmp_path / "whole.npz", tmp_path / "halves.npz"
    uninterrupted = train(start(PIG), whole, trials=TRIALS).trials
    train(start(TrainConfig(**{**PIG.__dict__, "games": 4})), halves, trials=TRIALS)
    assert train(resume(PIG, halves), halves, trials=TRIALS).trials[:2] == uninterrupted[:2]
    assert load(halves)[0].meta["trials"][-1] == uninterrupted[-1]


def test_a_trial_game_is_the_same_game_each_time_the_network_s_seat_rotating() -> None:
    net = start(PIG).net
    job = TrialJob("pig", 2, {"target": 20}, 3, 0, net, "greedy", 1, 5000)
    assert len({play_trial(job) for _ in range(3)}) == 1
    for index, hand_seat in ((0, 1), (1, 0), (2, 1)):  # the network holds seat index % players
        Recorder.seats.clear()
        play_trial(TrialJob("pig", 2, {"target": 20}, 3, index, net, "tests.learn.test_trial:Recorder", 1, 5000))
        assert Recorder.seats == {hand_seat}


class Recorder:
    """A hand bot that notes the seats it is asked to play, and holds whenever it may."""

    seats: set[int] = set()

    def decide(self, game: Game, seat: int) -> Action:
        Recorder.seats.add(seat)
        return game.legal_actions()[-1]


def test_the_curve_draws_a_line_per_hand_bot_through_every_trial() -> None:
    trials = [
        {"games": 0, "against": {"greedy": {"games": 10, "wins": 0}, "value": {"games": 10, "wins": 5}}},
        {"games": 100, "against": {"greedy": {"games": 10, "wins": 10}, "value": {"games": 10, "wins": 5}}},
    ]
    svg = ET.fromstring(curve_svg(trials, 2, "pig <2>"))
    lines = svg.findall(f"{SVG}polyline")
    assert len(lines) == 2
    greedy = [tuple(map(float, p.split(","))) for p in lines[0].get("points", "").split()]
    assert greedy[0][1] > greedy[1][1]  # from 0% (low on the chart) to 100% (high)
    value = [tuple(map(float, p.split(","))) for p in lines[1].get("points", "").split()]
    assert value[0][1] == value[1][1]  # level at 50%
    texts = " ".join(t.text or "" for t in svg.iter(f"{SVG}text"))
    assert "pig <2>" in texts and "fair share 50%" in texts
    assert "against greedy (10 games a trial, 1 determinization)" in texts
    with pytest.raises(OptionError, match="no trials"):
        curve_svg([], 2, "none")


def test_the_command_records_trials_and_writes_the_curve(tmp_path: Path) -> None:
    path, curve = tmp_path / "pig.npz", tmp_path / "curve.svg"
    args = ["train", "--ruleset", "pig", "--players", "2", "-o", "target=20", "--hidden", "8,8", "--batch", "2"]
    runner = CliRunner()
    done = runner.invoke(
        app, [*args, "--games", "2", "--out", str(path), "--trial", "2", "--trial-every", "2", "--curve", str(curve)]
    )
    assert done.exit_code == 0, done.output
    assert "training curve (2 trials)" in done.output
    assert len(ET.parse(curve).getroot().findall(f"{SVG}polyline")) == 1
    bare = runner.invoke(app, [*args, "--games", "1", "--out", str(tmp_path / "b.npz"), "--curve", str(curve)])
    assert bare.exit_code != 0 and "no trials" in bare.output
    bad = runner.invoke(app, [*args, "--games", "1", "--out", str(path), "--trial", "2", "--trial-against", "nobot"])
    assert bad.exit_code != 0 and "unknown bot" in bad.output
