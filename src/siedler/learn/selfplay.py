"""One self-play game of training: the seats' players drawn, the game played out, every after-state kept.

A seat is played by the current network (``current``), an earlier one of the pool (``earlier``) or a hand
bot (``greedy``, ``random``); the networks' seats explore (``NetBot``'s ``explore``). After every move the
position is observed from the seat that made it (the after-state it chose, or that chance gave it), by the
rule set's encoder, reading the real game: the trainer's record, not a bot's decision. A network with a
prior also keeps each after-state's hand logits, read on a determinized copy for the mover, as a bot in
play reads them on the copy it is handed (never from the others' real hands, which the observation does
not hold either). Every bot is a
``FairBot`` like those of ``make_bot``, so the networks learn from decisions made as they will be made in
play, on a determinized copy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from siedler.bots import FairBot, make_bot
from siedler.bots.base import Bot
from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.core.registry import new_game
from siedler.envs.encoders import encoder_for
from siedler.sim.loop import play_out
from siedler.sim.runner import bot_seed, game_seed

from .bot import NetBot, hand_logits
from .network import Array, Network

#: The kinds of player a seat may be given (an earlier network only once the pool has one), and how often
#: by default (``siedler train --mix``): a game without a network's seat costs a fortieth of one with.
KINDS = ("current", "earlier", "greedy", "random")
SHARES = (0.55, 0.15, 0.25, 0.05)


@dataclass(frozen=True)
class GameJob:
    """What one training game needs: the configuration, the game's index, the networks and how to play."""

    ruleset: str
    players: int
    options: Mapping[str, Any]
    seed: int
    index: int
    current: Network
    pool: Sequence[Network]
    explore: float
    max_actions: int
    shares: Sequence[float] = SHARES
    samples: int = 1


@dataclass
class Played:
    """A game's after-states (``obs``, one row each, observed by ``movers``), who played each seat, and the
    winner (``None``: nobody won, or the game was cut at ``max_actions``: ``finished`` says which); with a
    prior, ``base``: each after-state's hand logits (``siedler.learn.bot.hand_logits``)."""

    obs: Array
    movers: npt.NDArray[np.int64]
    kinds: list[str]
    winner: int | None
    finished: bool
    base: Array | None = None


def draw_kinds(job: GameJob) -> tuple[list[str], list[int]]:
    """Each seat's kind of player, and for ``earlier`` which of the pool (from the run's seed and the game's
    index alone, so that any split over workers plays the same games)."""
    rng = random.Random(f"train:{job.seed}:{job.index}")
    kinds, which = [], []
    for _ in range(job.players):
        kind = rng.choices(KINDS, job.shares)[0]
        if kind == "earlier" and not job.pool:
            kind = "current"
        kinds.append(kind)
        which.append(rng.randrange(len(job.pool)) if kind == "earlier" else 0)
    return kinds, which


def network_bot(net: Network, seed: int, explore: float = 0.0, samples: int = 1) -> Bot:
    """A fair bot playing by ``net``, a network of the run's (self-play's seats, the trials')."""
    strategy = NetBot(seed, model="init", explore=explore, samples=samples)
    strategy.leaf.network = net
    return FairBot(strategy, seed)


def _bot(job: GameJob, kind: str, which: int, seed: int) -> Bot:
    if kind in ("greedy", "random"):
        return make_bot(kind, seed)
    return network_bot(job.current if kind == "current" else job.pool[which], seed, job.explore, job.samples)


def play(job: GameJob) -> Played:
    """Training game ``job.index`` played out (module level: workers pickle it)."""
    kinds, which = draw_kinds(job)
    seed = game_seed(job.seed, job.index)
    game = new_game(job.ruleset, players=job.players, seed=seed, options=dict(job.options), log=False)
    bots = [_bot(job, kind, k, bot_seed(seed, p)) for p, (kind, k) in enumerate(zip(kinds, which, strict=True))]
    encoder = encoder_for(game)
    encoder.start_game(game)
    rows: list[Array] = []
    bases: list[Array] = []
    movers: list[int] = []
    prior = job.current.prior
    dealer = random.Random(f"prior:{seed}")

    def after(now: Game, mover: int) -> None:
        rows.append(encoder.observe(now, mover))
        if prior:
            bases.append(hand_logits(now.determinize(mover, dealer), mover, prior))

    def watch(now: Game, seat: int, action: Action) -> None:
        if movers:  # the position now is the after-state of the move before
            after(now, movers[-1])
        movers.append(seat)

    stopped = play_out(game, bots, job.max_actions, watch)
    if stopped is not None:
        raise OptionError(f"training game {job.index} (seed {seed}) stopped: {stopped[1]}")
    if movers:
        after(game, movers[-1])
    obs = np.stack(rows) if rows else np.zeros((0, encoder.layout.size), dtype=np.float32)
    base = (np.stack(bases) if bases else np.zeros((0, job.players), dtype=np.float32)) if prior else None
    return Played(obs, np.asarray(movers, dtype=np.int64), kinds, game.winner, game.is_over, base)
