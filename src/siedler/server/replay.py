"""A finished game, again: its record, its verification and watching it move by move.

Replaying is the costliest thing a request can ask for (tens of microseconds an action, holding the GIL in
the compiled build), so none of it runs long on the event loop:

- a verification replays the record in a process of its own (``Verifier``), once per game: the verdict of
  a finished game never changes, so it is kept and every later request gets it at once;
- watching a replay applies the moves in slices (``SLICE`` seconds, then the loop serves others), from the
  newest stored snapshot at or before the step asked for (``snapshots``), or from the step shown last if
  that is nearer: no step costs more than ``Settings.snapshot_every`` moves.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from siedler.core.game import Game
from siedler.core.verify import Verdict, verify_record
from siedler.games.catan.layout import with_layout

from .snapshots import advance

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("siedler.server")


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
        self._verdict: asyncio.Future[Verdict] | None = None

    async def record(self) -> dict[str, Any]:
        """The game's record (finished or stopped games only: it reveals the seed), saying whether the seed was
        chosen, with the commitment its players were shown (which binds that since version 2). Its actions
        are read from the log: the room's game holds at most those since the snapshot it was loaded from."""
        room = self.room
        assert room.game is not None
        texts = await room.db.read(room.storage.action_texts, room.id)
        record = room.game.record(texts)
        record["seed_chosen"] = room.row.seed_chosen
        record["commitment"] = room.commitment()
        return record

    async def verdict(self) -> Verdict:
        """The verification of the finished or stopped game's record, computed once (concurrent requests share it)."""
        if self._verdict is None:
            self._verdict = asyncio.ensure_future(self._verify())
        try:
            return await asyncio.shield(self._verdict)
        except Exception:
            self._verdict = None  # a failed worker: the next request tries again
            raise

    async def _verify(self) -> Verdict:
        """The record checked; if its replay does not reach its end, which the room's game may have from a
        snapshot, the game is rebuilt from its whole log and checked again (a log that does not replay at
        all keeps the first verdict)."""
        verdict = await self.room.verifier.verify(await self.record())
        if verdict.replay_ok:
            return verdict
        try:
            await self.room.rebuild()
        except Exception:
            log.exception("game %s: its log does not replay", self.room.id)
            return verdict
        return await self.room.verifier.verify(await self.record())

    async def state(self, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The finished game after ``step`` actions, for watching it again move by move."""
        room = self.room
        assert room.game is not None
        total = room.game.num_actions
        step = max(0, min(step, total))
        async with self._lock:
            last = self._last
            if last is not None and last[0] <= step < last[0] + room.snapshots.every:
                at, game = last[0], last[1].copy()
                await advance(game, await room.db.read(room.storage.action_texts, room.id, at, step))
            else:
                at, game = await room.snapshots.position(room.row, step, room.new_game)
            self._last = (step, game)
        since = max(0, game.num_events - room.settings.log_tail)
        shown = await room.db.read(room.storage.action_texts, room.id, step - 1, step) if step else []
        return {
            "step": step,
            "total": total,
            "view": with_layout(game.view(seat)),
            "events": game.events(seat, since, lang),
            "to_act": game.to_act,
            "over": game.is_over,
            "last": shown[0] if shown else None,
            # The move in the viewer's words for the replay bar: never its notation.
            "last_words": game.action_label(game.parse_action(shown[0]), lang) if shown else None,
        }
