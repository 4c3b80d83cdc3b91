"""The simulator's inner loop, in a module of its own so that the compiled build compiles it.

A simulation spends nearly all its time here and in the engine: the loop asks the seat to act for a move and
applies it, some million times a run. It reports a bot's illegal move or a game that stalls instead of
raising, so that the caller, which knows the run's game index and seed, words the error.
"""

from __future__ import annotations

from collections.abc import Sequence

from siedler.bots.base import Bot
from siedler.core.errors import IllegalAction
from siedler.core.game import Game

#: The seat reported when nobody is to act in a game that is not over.
NOBODY_TO_ACT = -1


def play_out(game: Game, bots: Sequence[Bot], limit: int) -> tuple[int, str] | None:
    """Let each seat's bot move until the game ends or has played ``limit`` actions.

    ``None`` when it did; otherwise the seat whose bot chose an illegal action and the refusal, or
    ``NOBODY_TO_ACT`` and why the game cannot go on.
    """
    while not game.is_over and game.num_actions < limit:
        seat = game.to_act
        if seat is None:
            return NOBODY_TO_ACT, "nobody is to act but the game is not over"
        try:
            game.apply(bots[seat].decide(game, seat))
        except IllegalAction as exc:
            return seat, str(exc)
    return None
