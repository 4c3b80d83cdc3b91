"""Play many games between bots, in one process or several, with results independent of the worker count.

Every game's outcome depends only on the run's config and the game's index: the game seed and each bot's
seed are derived from (base seed, index) by hashing, never from a shared stream, so any split of the games
over workers plays exactly the same games, and results are yielded in index order.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from siedler.bots import make_bot
from siedler.bots.base import Bot
from siedler.bots.forced import ForcedBot
from siedler.core.game import Game
from siedler.core.registry import new_game
from siedler.core.seats import seat_number, seat_words

from .config import SimConfig
from .loop import NOBODY_TO_ACT, Watch, play_out

Job = TypeVar("Job")
Result = TypeVar("Result")

#: Derived seeds stay below 2**53 so that they survive JSON readers that use doubles (browsers).
_SEED_BITS = 53

GameResult = dict[str, Any]


class SimulationError(ValueError):
    """A bot misbehaved (an illegal action, an exception) during a simulated game; says which game."""


def _derive(*parts: object) -> int:
    digest = hashlib.blake2b(":".join(str(p) for p in parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _SEED_BITS)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``base_seed``; unrelated for neighbouring indices and seeds."""
    return _derive("game", base_seed, index)


def bot_seed(seed_of_game: int, seat: int) -> int:
    """Each seat's bot gets its own stream, so changing one bot never changes another's choices. One-way
    (a hash): a bot's moves may give its seed away, never the game's, which tells every card to come."""
    return _derive("bot", seed_of_game, seat)


def play_game(config: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of the run to the end (or to ``max_actions``) and describe its outcome."""
    return play_indexed(config, index)[1]


def play_indexed(
    config: SimConfig, index: int, watch: Watch | None = None, wrap: Callable[[Bot], Bot] | None = None
) -> tuple[Game, GameResult]:
    """``play_game`` that also returns the finished game; ``watch`` sees every move before it is applied
    (experiments count moves with it), ``wrap`` wraps each seat's bot (the ladder times decisions)."""
    seed = game_seed(config.seed, index)
    seats = config.seats_for(index)
    names = [f"{spec} {seat_number(p)}" for p, spec in enumerate(seats)]
    game = new_game(config.ruleset, players=names, seed=seed, options=dict(config.options), log=False)
    bots = [make_bot(spec, bot_seed(seed, p)) for p, spec in enumerate(seats)]
    for p, forces in enumerate(config.forces_for(index)):
        if forces:
            bots[p] = ForcedBot(bots[p], forces, bot_seed(seed, p))
    if wrap is not None:
        bots = [wrap(bot) for bot in bots]
    stopped = play_out(game, bots, config.max_actions, watch)
    if stopped is not None:
        seat, why = stopped
        if seat == NOBODY_TO_ACT:
            raise SimulationError(f"game {index} (seed {seed}): {why}")
        raise SimulationError(
            f"game {index} (seed {seed}): bot {seats[seat]!r} at {seat_words(seat)} chose an illegal action: {why}"
        )
    winner = game.winner
    result: GameResult = {
        "game": index,
        "seed": seed,
        "seats": list(seats),
        "outcome": ("win" if winner is not None else "no_winner") if game.is_over else "aborted",
        "winner": winner,
        "winner_bot": seats[winner] if winner is not None else None,
        "scores": game.scores(),
        "turns": game_turns(game),
        "actions": game.num_actions,
    }
    if config.keep_records:
        result["record"] = game.record()
    return game, result


def game_turns(game: Any) -> int | None:
    """Turns completed, for rule sets that count turns (every shipped one does, as ``turn``)."""
    turn = getattr(game, "turn", None)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _play_indexed(job: tuple[SimConfig, int]) -> GameResult:
    return play_game(*job)


def freeze_long_lived() -> None:
    """Take everything alive now (modules, the action tables) out of the garbage collector's sweeps.

    A simulation allocates millions of short-lived tuples, and each full sweep would walk these long-lived
    objects again: freezing them saves about a twentieth of a run. A process-wide setting, so only the
    simulator's own processes (``run_games(..., freeze_gc=True)``, ``siedler simulate``, the benchmark)
    use it, never the library on its own.
    """
    gc.collect()
    gc.freeze()


def _worker_start(config: SimConfig, freeze_gc: bool) -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool cleanly (no worker tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if freeze_gc:
        new_game(config.ruleset, players=len(config.seats), seed=0, options=dict(config.options))
        freeze_long_lived()


def map_games(
    play: Callable[[Job], Result], jobs: Sequence[Job], workers: int, config: SimConfig, freeze_gc: bool = False
) -> Iterator[Result]:
    """``play`` applied to every job, in job order, in this process or in ``workers`` processes: the one
    loop over games that ``siedler simulate``, experiments and the ladder share. ``config`` (any of the
    run's) warms up each worker. ``play`` must be a module-level function (it is pickled)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if workers == 1 or len(jobs) <= 1:
        yield from map(play, jobs)
        return
    chunk = max(1, min(16, len(jobs) // (workers * 8)))
    context = multiprocessing.get_context()
    with context.Pool(min(workers, len(jobs)), initializer=_worker_start, initargs=(config, freeze_gc)) as pool:
        yield from pool.imap(play, jobs, chunksize=chunk)


def run_games(
    config: SimConfig, workers: int = 1, on_result: Callable[[GameResult], None] | None = None, freeze_gc: bool = False
) -> Iterator[GameResult]:
    """Yield every game's result in index order; ``workers`` > 1 plays them in that many processes.

    ``config`` is checked first, so a bad option or an unknown bot fails before any game is played.
    ``freeze_gc`` freezes the long-lived objects of every process playing games (``freeze_long_lived``).
    """
    config = config.checked()
    if freeze_gc:
        freeze_long_lived()
    for result in map_games(_play_indexed, [(config, i) for i in range(config.games)], workers, config, freeze_gc):
        if on_result:
            on_result(result)
        yield result
