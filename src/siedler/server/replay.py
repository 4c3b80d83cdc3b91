"""A finished game, again: its record, its verification and watching it move by move.

Replaying is the costliest thing a request can ask for (tens of microseconds an action, holding the GIL in
the compiled build), so none of it runs long on the event loop:

- a verification replays the record in a process of its own (``Verifier``), once per game: the verdict of
  a finished game never changes, so it is kept and every later request gets it at once;
- watching a replay applies the moves in slices (``SLICE`` seconds, then the loop serves others), from the
  nearest kept position: one every ``CHECKPOINT`` actions, so no step costs more than that many moves
  once the game has been played through.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from siedler.core.game import Game
from siedler.core.verify import Verdict, verify_record
from siedler.games.catan.layout import with_layout

if TYPE_CHECKING:
    from .room import Room

#: Seconds of replaying between two turns of the event loop: other requests wait at most about this long.
SLICE = 0.005
#: A replayed position is kept every this many actions, for jumping back and forth.
CHECKPOINT = 500


async def advance(game: Game, actions: list[str]) -> None:
    """Apply ``actions`` to ``game``, letting the event loop serve others every ``SLICE`` seconds."""
    turn = time.perf_counter() + SLICE
    for i, text in enumerate(actions):
        game.apply(text)
        if i % 16 == 15 and time.perf_counter() > turn:
            await asyncio.sleep(0)
            turn = time.perf_counter() + SLICE


class Verifier:
    """Verifies records in a worker process, so that a long replay holds neither the loop nor the GIL of
    the process that serves the games. Started on first use; a worker that died is replaced."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    async def verify(self, record: dict[str, Any]) -> Verdict:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, verify_record, record)
        except BrokenProcessPool:
            self._pool = None
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class Replays:
    """A finished room's record, verdict and replayed positions."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._lock = asyncio.Lock()
        #: The position a viewer asked for last (step, game), to step on from.
        self._last: tuple[int, Game] | None = None
        self._kept: dict[int, Game] = {}
        self._verdict: asyncio.Future[Verdict] | None = None

    def record(self) -> dict[str, Any]:
        """The game's record (finished or stopped games only: it reveals the seed), saying whether the seed was chosen,
        with the commitment its players were shown (which binds that since version 2)."""
        room = self.room
        assert room.game is not None
        record = room.game.record()
        record["seed_chosen"] = room.row.seed_chosen
        record["commitment"] = room.commitment()
        return record

    async def verdict(self) -> Verdict:
        """The verification of the finished or stopped game's record, computed once (concurrent requests share it)."""
        if self._verdict is None:
            self._verdict = asyncio.ensure_future(self.room.verifier.verify(self.record()))
        try:
            return await asyncio.shield(self._verdict)
        except Exception:
            self._verdict = None  # a failed worker: the next request tries again
            raise

    async def state(self, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The finished game after ``step`` actions, for watching it again move by move."""
        room = self.room
        actions = room.row.actions
        step = max(0, min(step, len(actions)))
        async with self._lock:
            at, game = self._start(step)
            while at < step:
                until = min(step, (at // CHECKPOINT + 1) * CHECKPOINT)
                await advance(game, actions[at:until])
                at = until
                if at % CHECKPOINT == 0 and at not in self._kept:
                    self._kept[at] = game.copy()
            self._last = (step, game)
        since = max(0, game.num_events - room.settings.log_tail)
        return {
            "step": step,
            "total": len(actions),
            "view": with_layout(game.view(seat)),
            "events": game.events(seat, since, lang),
            "to_act": game.to_act,
            "over": game.is_over,
            "last": actions[step - 1] if step else None,
            # The move in the viewer's words for the replay bar: never its notation.
            "last_words": game.action_label(game.parse_action(actions[step - 1]), lang) if step else None,
        }

    def _start(self, step: int) -> tuple[int, Game]:
        """The nearest position at or before ``step`` that is known (a copy, to play on)."""
        known = [(at, game) for at, game in self._kept.items() if at <= step]
        if self._last is not None and self._last[0] <= step:
            known.append(self._last)
        if not known:
            return 0, self.room.new_game()
        at, game = max(known, key=lambda item: item[0])
        return at, game.copy()
