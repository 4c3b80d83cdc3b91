"""The simulator's inner loop, in a module of its own so that the compiled build compiles it.

A simulation spends nearly all its time here and in the engine: the loop asks the seat to act for a move and
applies it, some million times a run. It reports a bot's illegal move or a game that stalls instead of
raising, so that the caller, which knows the run's game index and seed, words the error.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from siedler.bots.base import Bot
from siedler.core.actions import Action
from siedler.core.errors import IllegalAction
from siedler.core.game import Game

#: Told of every move before it is applied: the game, the seat and the action it chose.
Watch = Callable[[Game, int, Action], None]

#: The seat reported when nobody is to act in a game that is not over.
NOBODY_TO_ACT = -1


def play_out(game: Game, bots: Sequence[Bot], limit: int, watch: Watch | None = None) -> tuple[int, str] | None:
    """Let each seat's bot move until the game ends or has played ``limit`` actions; ``watch``, if given,
    sees each move first (an illegal one too, which is then refused).

    ``None`` when it did; otherwise the seat whose bot chose an illegal action and the refusal, or
    ``NOBODY_TO_ACT`` and why the game cannot go on.
    """
    while not game.is_over and game.num_actions < limit:
        seat = game.to_act
        if seat is None:
            return NOBODY_TO_ACT, "nobody is to act but the game is not over"
        try:
            action = bots[seat].decide(game, seat)
            if watch is not None:
                watch(game, seat, action)
            game.apply(action)
        except IllegalAction as exc:
            return seat, str(exc)
    return None


def play_random(game: Game, rng: random.Random) -> None:
    """Uniformly random play to the end: legal-action generation, the choice and apply, nothing else (the
    benchmark's game, ``siedler.sim.bench``).

    Each move is the one ``rng.choice(game.legal_actions())`` picks, drawn as ``random.Random`` draws it (an
    index of the list length's bit count from ``getrandbits``, drawn again while it is too large), so that
    the compiled loop plays the very games of ``choice`` without running its Python code on every move:
    that was a sixth of a compiled random game's time. ``tests/sim/test_loop.py`` checks that they agree.
    """
    getrandbits = rng.getrandbits
    while not game.is_over:
        legal = game.legal_actions()
        n = len(legal)
        if not n:
            raise IndexError("nobody can move, but the game is not over")
        bits = n.bit_length()
        index = getrandbits(bits)
        while index >= n:
            index = getrandbits(bits)
        game.apply(legal[index])
