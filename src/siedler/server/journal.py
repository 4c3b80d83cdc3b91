"""Group commit for the action log: every move is durable before anyone sees its result.

A room awaits ``append`` before it applies a move and pushes views. Appends that arrive while the loop is
busy are written together in one transaction at the end of the loop iteration, so 200 games moving at
once cost a handful of commits, not 200, without ever pushing a move that is not yet stored.
SQLite's commits in WAL mode take tens of microseconds: a batch commits on the loop itself, on a
connection that never waits for a lock and leaves checkpoints (the slow part) to the writer thread. If
another process holds the write lock, that batch, and every batch after it until the thread has caught up,
commits on the database's writer thread instead (``database.py``), which waits for the lock: the loop
never does. Other databases (a network round trip) always commit on the writer thread.
"""

from __future__ import annotations

import asyncio
import logging

from .database import Database

log = logging.getLogger("siedler.server")

#: Batches committed on the loop between two WAL checkpoints on the writer thread.
CHECKPOINT_EVERY = 500

Row = tuple[str, int, int | None, str]


class Journal:
    def __init__(self, database: Database) -> None:
        self.database = database
        self.storage = database.storage
        self._pending: list[tuple[Row, asyncio.Future[None]]] = []
        self._scheduled = False
        #: Batches handed to the writer thread and not yet settled: later ones queue behind them.
        self._queued = 0
        self._on_loop = 0
        self.batches = 0
        self.rows = 0

    async def append(self, game_id: str, n: int, seat: int | None, text: str) -> None:
        """Return once action ``n`` of the game is committed; raise if the database refused it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append(((game_id, n, seat, text), future))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush)
        await future

    def _flush(self) -> None:
        self._scheduled = False
        batch, self._pending = self._pending, []
        if not batch:
            return
        if self.storage.is_sqlite and not self._queued and self._at_once(batch):
            return
        self._queued += 1
        job = asyncio.get_running_loop().run_in_executor(self.database.writer, self._write, batch)
        job.add_done_callback(lambda done: self._settled(batch, done.result()))

    def _at_once(self, batch: list[tuple[Row, asyncio.Future[None]]]) -> bool:
        """Commit the batch on the loop if nothing has to wait for it; false leaves it to the writer thread
        (a lock another process holds, or a failure, which the thread writes row by row)."""
        try:
            self.storage.append_actions([row for row, _ in batch], at_once=True)
        except Exception:  # Busy, or a row the database refuses: rolled back, nothing of it was stored
            return False
        self.batches += 1
        self.rows += len(batch)
        _settle(batch, [None] * len(batch))
        self._on_loop += 1
        if self._on_loop % CHECKPOINT_EVERY == 0:
            asyncio.get_running_loop().run_in_executor(self.database.writer, self._checkpoint)
        return True

    def _settled(self, batch: list[tuple[Row, asyncio.Future[None]]], outcomes: list[BaseException | None]) -> None:
        self._queued -= 1
        _settle(batch, outcomes)

    def _checkpoint(self) -> None:
        try:
            self.storage.checkpoint()
        except Exception as exc:  # the next one tries again; the log only grows meanwhile
            log.warning("checkpoint failed: %s", exc)

    def _write(self, batch: list[tuple[Row, asyncio.Future[None]]]) -> list[BaseException | None]:
        """Write the batch; if it fails, write row by row so one bad row cannot sink the others."""
        try:
            self.storage.append_actions([row for row, _ in batch])
            self.batches += 1
            self.rows += len(batch)
            return [None] * len(batch)
        except Exception as exc:
            if len(batch) == 1:
                log.error("could not store action %s: %s", batch[0][0], exc)
                return [exc]
        return [self._write([item])[0] for item in batch]


def _settle(batch: list[tuple[Row, asyncio.Future[None]]], outcomes: list[BaseException | None]) -> None:
    for (_, future), error in zip(batch, outcomes, strict=True):
        if future.done():
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
