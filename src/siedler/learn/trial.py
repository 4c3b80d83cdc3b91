"""A training run's trials: how the network as it stands fares against the hand bots, and its curve.

Every ``every`` training games (and before the first), the current network plays ``games`` games against
each of the hand bots named (``greedy``, ``value``...): one seat the network's (``NetBot``, as it plays,
with ``samples`` determinizations), every other seat the hand bot's, the network's seat rotated game by
game. Each trial plays the same games, seeded from the run's seed and the game's index alone, so the
trials of a run differ only by the network and its curve is not the dice's. The trials change nothing of
the training: a run's weights are the same with them or without them. ``curve_svg`` draws their win
rates, each with its Wilson interval, against the games trained (``siedler train --curve``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from siedler.bots import make_bot
from siedler.chart import Level, Line, rate_chart
from siedler.core.errors import OptionError
from siedler.core.registry import new_game
from siedler.sim.loop import play_out
from siedler.sim.runner import bot_seed, game_seed
from siedler.sim.stats import WinRate

from .network import Network
from .selfplay import network_bot


@dataclass(frozen=True)
class Trials:
    """How a run tries its network: ``games`` games against each of ``against`` every ``every`` games."""

    games: int
    against: tuple[str, ...] = ("greedy",)
    every: int = 500
    samples: int = 1

    def checked(self) -> Trials:
        if min(self.games, self.every, self.samples) < 1 or not self.against:
            raise OptionError("a trial needs games, a hand bot to play, a positive interval and samples")
        for spec in self.against:
            make_bot(spec)  # a bot it can make (an OptionError otherwise)
        return self


@dataclass(frozen=True)
class TrialJob:
    """One trial game: the configuration, the network, the hand bot and the game's index."""

    ruleset: str
    players: int
    options: dict[str, Any]
    seed: int
    index: int
    net: Network
    against: str
    samples: int
    max_actions: int


def play_trial(job: TrialJob) -> bool | None:
    """Whether the network's seat won trial game ``job.index`` (``None``: cut at ``max_actions``); module
    level, so that workers can be handed it."""
    seed = game_seed(trial_seed(job.seed), job.index)
    game = new_game(job.ruleset, players=job.players, seed=seed, options=dict(job.options), log=False)
    mine = job.index % job.players
    bots = [
        network_bot(job.net, bot_seed(seed, p), samples=job.samples)
        if p == mine
        else make_bot(job.against, bot_seed(seed, p))
        for p in range(job.players)
    ]
    stopped = play_out(game, bots, job.max_actions)
    if stopped is not None:
        raise OptionError(f"trial game {job.index} (seed {seed}) stopped: {stopped[1]}")
    return game.winner == mine if game.is_over else None


def trial_seed(seed: int) -> int:
    """The trials' base seed: the run's, moved apart from its training games' (the same at every trial)."""
    return game_seed(seed, -1)


def jobs(trials: Trials, config: Any, net: Network) -> list[TrialJob]:
    """One trial's games, against each hand bot in turn (``config``: the run's ``TrainConfig``)."""
    return [
        TrialJob(
            config.ruleset,
            config.players,
            dict(config.options),
            config.seed,
            k,
            net,
            against,
            trials.samples,
            config.max_actions,
        )
        for against in trials.against
        for k in range(trials.games)
    ]


def record(games_trained: int, trials: Trials, won: Sequence[bool | None]) -> dict[str, Any]:
    """A trial's figures: per hand bot, the games finished and the network's wins (and its samples)."""
    out: dict[str, Any] = {"games": games_trained, "samples": trials.samples, "against": {}}
    for i, against in enumerate(trials.against):
        mine = won[i * trials.games : (i + 1) * trials.games]
        finished = [w for w in mine if w is not None]
        out["against"][against] = {"games": len(finished), "wins": sum(finished)}
    return out


def curve_svg(trials: Sequence[dict[str, Any]], players: int, title: str) -> str:
    """The trials' win rates against the games trained, one line per hand bot with its 95% interval."""
    if not trials:
        raise OptionError("the run has no trials to draw (train with --trial N)")
    share = 1 / players
    lines = []
    for against in dict.fromkeys(a for t in trials for a in t["against"]):
        rates = [
            (t["games"], WinRate.of(against, t["against"][against]["wins"], t["against"][against]["games"], share))
            for t in trials
            if t["against"].get(against, {}).get("games")
        ]
        games = rates[0][1].games if rates else 0
        samples = trials[-1].get("samples", 1)
        lines.append(
            Line(
                f"against {against} ({games} games a trial, {samples} determinization{'s' * (samples != 1)})",
                [(x, r.rate) for x, r in rates],
                [(x, r.low, r.high) for x, r in rates],
            )
        )
    return rate_chart(
        lines,
        title=title,
        x_label="training games",
        y_label="the network's win rate (95% interval)",
        levels=[Level(share, f"fair share {share:.0%}")],
    )
