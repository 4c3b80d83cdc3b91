"""``siedler train``: a value network learned from self-play by TD(λ) over after-states, for any rule set.

The run goes in rounds of ``batch`` games played with the network as it stands (in this process, in
``workers`` processes, or as Ray tasks on a cluster): every after-state of those games gets its TD(λ)
target, the λ-return of the network's own later predictions, ending in the outcome (the winner's chance 1;
nobody's: an equal share; a game cut short is left out), and the network takes ``epochs`` passes of Adam
over them. Every ``snapshot`` games the network joins the pool of earlier ones its seats may meet.

Everything random comes from the run's seed and a game's or round's index, so a run's weights depend on
its settings alone, not on the worker count; after each round the checkpoint (weights, Adam's moments, the
pool, the history) is written, and ``--resume`` goes on from it to exactly the weights an uninterrupted
run reaches. With ``trials`` (``siedler.learn.trial``), the network as it stands plays the hand bots every
so many games, and the checkpoint keeps their figures, the run's training curve; they change no weight.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from siedler.core.errors import OptionError
from siedler.core.registry import new_game

from .bot import configuration
from .network import Adam, Array, Network, load
from .selfplay import KINDS, SHARES, GameJob, Played, play
from .trial import Trials, jobs, play_trial, record

#: Earlier networks kept in the pool, the newest.
POOL = 4
#: After-states per Adam step.
MINIBATCH = 256


@dataclass(frozen=True)
class TrainConfig:
    """A run's settings; all but ``games`` must match when a run is resumed."""

    ruleset: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    games: int = 1000
    seed: int = 0
    hidden: tuple[int, int] = (128, 64)
    lam: float = 0.8
    rate: float = 1e-3
    explore: float = 0.05
    batch: int = 16
    epochs: int = 2
    snapshot: int = 200
    max_actions: int = 5000
    #: How often a seat is played by each of ``selfplay.KINDS``.
    mix: tuple[float, ...] = SHARES
    #: The networks' ``NetBot`` ``samples`` in self-play.
    samples: int = 1
    #: Above 0: the network learns a correction to the hand value at this temperature (``network``'s prior).
    prior: float = 0.0

    def checked(self) -> TrainConfig:
        if min(self.games, self.batch, self.epochs, self.snapshot, self.samples) < 1:
            raise OptionError("games, batch, epochs, snapshot and samples must be positive")
        if not 0.0 <= self.lam <= 1.0 or not 0.0 <= self.explore <= 1.0 or self.rate <= 0:
            raise OptionError("lam and explore lie between 0 and 1, the rate is positive")
        if len(self.mix) != len(KINDS) or min(self.mix) < 0 or not sum(self.mix) > 0:
            raise OptionError(f"the mix gives a share, 0 or more, to each of {', '.join(KINDS)}")
        if self.prior < 0:
            raise OptionError("the prior is a temperature, positive (or 0: none)")
        if min(self.hidden) < 1:
            raise OptionError("the hidden layers need a unit at least")
        return self

    def recipe(self) -> dict[str, Any]:
        """What a resumed run must share (everything but the number of games)."""
        data = asdict(self)
        data.pop("games")
        data["hidden"], data["mix"] = list(self.hidden), list(self.mix)
        if not self.prior:  # a recipe of before the prior existed resumes as it was written
            data.pop("prior")
        return data


@dataclass
class Run:
    """A run's state: the network, Adam, the games played, the pool and each round's figures."""

    config: TrainConfig
    net: Network
    adam: Adam
    done: int = 0
    pool: list[Network] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    #: The trials' figures (``siedler.learn.trial.record``), by the games trained when each was played.
    trials: list[dict[str, Any]] = field(default_factory=list)


def start(config: TrainConfig) -> Run:
    """A fresh run: a network shaped by the configuration's observation, from the run's seed."""
    from siedler.envs.encoders import encoder_for

    game = new_game(config.ruleset, players=config.players, seed=0, options=dict(config.options), log=False)
    inputs = encoder_for(game).layout.size
    ruleset, players, _ = configuration(game)
    meta = {"ruleset": ruleset, "players": players, "options": dict(game.options), "recipe": config.recipe()}
    net = Network.fresh(inputs, players, config.hidden, config.seed, meta, config.prior)
    return Run(config, net, Adam(net, config.rate))


def save(run: Run, path: Path) -> None:
    """The checkpoint: the network (what the bot reads) with the optimizer, the pool and the history."""
    run.net.meta.update(games=run.done, history=run.history, trials=run.trials)
    extra = run.adam.state()
    for i, old in enumerate(run.pool):
        extra.update({f"pool{i}_{k}": v for k, v in old.params.items()})
    run.net.save(path, extra)


def resume(config: TrainConfig, path: Path) -> Run:
    """The run a checkpoint holds; its recipe must be ``config``'s (else an ``OptionError`` says what)."""
    net, extra = load(path)
    if net.meta.get("recipe") != json.loads(json.dumps(config.recipe())):
        raise OptionError(f"{path} was trained with other settings: {net.meta.get('recipe')}")
    pool = []
    for i in range(POOL):
        if f"pool{i}_W0" in extra:
            pool.append(Network({k: extra[f"pool{i}_{k}"] for k in net.params}, net.meta))
    done, history, trials = int(net.meta["games"]), list(net.meta["history"]), list(net.meta.get("trials", []))
    return Run(config, net, Adam(net, config.rate, extra), done, pool, history, trials)


def td_targets(net: Network, played: Played, lam: float, players: int) -> Array:
    """Each after-state's TD(λ) target, by seat as its mover sees them: ``G_t = (1-λ) V(s_{t+1}) + λ
    G_{t+1}``, the last one the outcome; the predictions ``V`` turned to seat order and back."""
    steps = len(played.movers)
    seats = (np.arange(players)[np.newaxis, :] + played.movers[:, np.newaxis]) % players
    rows = np.arange(steps)[:, np.newaxis]
    absolute = np.empty((steps, players), dtype=np.float32)
    absolute[rows, seats] = net.forward(played.obs, played.base)
    outcome = np.full(players, 1.0 / players, dtype=np.float32)
    if played.winner is not None:
        outcome = np.eye(players, dtype=np.float32)[played.winner]
    targets = np.empty_like(absolute)
    g = outcome
    for t in range(steps - 1, -1, -1):
        targets[t] = g
        g = (1.0 - lam) * absolute[t] + lam * g
    out: Array = targets[rows, seats]
    return out


def learn(run: Run, games: Sequence[Played], round_index: int) -> float:
    """``epochs`` passes of Adam over the round's after-states; the mean loss of the last pass."""
    config = run.config
    kept = [g for g in games if g.finished and len(g.movers)]
    if not kept:
        return float("nan")
    x = np.concatenate([g.obs for g in kept])
    y = np.concatenate([td_targets(run.net, g, config.lam, config.players) for g in kept])
    base = np.concatenate([g.base for g in kept if g.base is not None]) if config.prior else None
    rng = np.random.default_rng([config.seed, round_index])
    losses: list[float] = []
    for _ in range(config.epochs):
        losses = []
        order = rng.permutation(len(x))
        for i in range(0, len(x), MINIBATCH):
            pick = order[i : i + MINIBATCH]
            loss, grads = run.net.gradients(x[pick], y[pick], None if base is None else base[pick])
            run.adam.step(run.net, grads)
            losses.append(loss)
    return float(np.mean(losses))


def figures(games: Sequence[Played]) -> dict[str, Any]:
    """A round's wins per seat of each kind of player (the fair share is one in ``players``)."""
    seats = dict.fromkeys(KINDS, 0)
    wins = dict.fromkeys(KINDS, 0)
    for g in games:
        for p, kind in enumerate(g.kinds):
            seats[kind] += 1
            wins[kind] += int(g.winner == p)
    return {"seats": seats, "wins": wins, "states": int(sum(len(g.movers) for g in games))}


#: How a list of jobs is played: the function and the jobs, the results in the jobs' order.
Mapper = Callable[[Callable[[Any], Any], list[Any]], Iterator[Any]]


@contextmanager
def mapper(workers: int, address: str | None) -> Iterator[Mapper]:
    """How a round's games are played: here, in ``workers`` processes, or as Ray tasks (``address``: a
    cluster's, as ``siedler experiment --backend ray`` takes it); results in job order either way."""
    if address is not None:
        from siedler.sim.ray_backend import ray_session

        with ray_session(address) as ray:
            remote = ray.remote(play)
            yield lambda _f, jobs: iter(ray.get([remote.remote(job) for job in jobs]))
        return
    if workers <= 1:
        yield lambda f, jobs: map(f, jobs)
        return
    import multiprocessing

    with multiprocessing.get_context().Pool(workers) as pool:
        yield lambda f, jobs: pool.imap(f, jobs)


def train(
    run: Run,
    path: Path,
    workers: int = 1,
    address: str | None = None,
    on_round: Any = None,
    trials: Trials | None = None,
) -> Run:
    """Play and learn until the run has ``config.games`` games, writing the checkpoint after each round;
    ``on_round(run)`` is told of each. With ``trials``: a trial before the first game, every
    ``trials.every`` games and after the last."""
    config = run.config
    with mapper(workers, address) as map_jobs:
        if trials is not None and not run.done:
            _trial(run, trials, map_jobs)
        while run.done < config.games:
            first = run.done
            count = min(config.batch, config.games - first)
            jobs = [
                GameJob(
                    config.ruleset,
                    config.players,
                    config.options,
                    config.seed,
                    i,
                    run.net,
                    run.pool,
                    config.explore,
                    config.max_actions,
                    config.mix,
                    config.samples,
                )
                for i in range(first, first + count)
            ]
            games = list(map_jobs(play, jobs))
            loss = learn(run, games, first)
            run.done += count
            if run.done // config.snapshot > first // config.snapshot:
                run.pool = [*run.pool, Network(dict(run.net.params), run.net.meta)][-POOL:]
            run.history.append({"games": run.done, "loss": loss, **figures(games)})
            if trials is not None and (run.done // trials.every > first // trials.every or run.done >= config.games):
                _trial(run, trials, map_jobs)
            save(run, path)
            if on_round is not None:
                on_round(run)
    return run


def _trial(run: Run, trials: Trials, map_jobs: Mapper) -> None:
    """The network as it stands against the hand bots, its figures kept with the run's."""
    won = list(map_jobs(play_trial, jobs(trials, run.config, run.net)))
    run.trials.append(record(run.done, trials, won))
