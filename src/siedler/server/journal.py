"""Group commit for the action log: every move is durable before anyone sees its result.

A room awaits ``append`` before it applies a move and pushes views. Appends that arrive while the loop is
busy are written together in one transaction at the end of the loop iteration, so 200 games moving at
once cost a handful of commits, not 200, without ever pushing a move that is not yet stored.
Batches commit on the database's writer thread (``database.py``), in order with every other write, so a
database that makes a commit wait (a lock held by another process) never holds up the event loop.
"""

from __future__ import annotations

import asyncio
import logging

from .database import Database

log = logging.getLogger("siedler.server")

Row = tuple[str, int, int | None, str]


class Journal:
    def __init__(self, database: Database) -> None:
        self.database = database
        self.storage = database.storage
        self._pending: list[tuple[Row, asyncio.Future[None]]] = []
        self._scheduled = False
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
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(self.database.writer, self._write, batch)
        job.add_done_callback(lambda done: _settle(batch, done.result()))

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
