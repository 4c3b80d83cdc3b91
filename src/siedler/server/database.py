"""The storage's calls, off the event loop: a slow or locked database delays only what waits on it.

Every write runs on one writer thread, in the order it was asked for (SQLite takes one writer at a time
anyway, and a game's status must follow its moves); reads run on a few threads of their own, so a write
waiting for a lock held by another process (up to ``Settings.db_busy_timeout``) holds up neither reads nor
the loop: the lobby, the page and every game whose next step needs no write go on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from .storage import Storage

P = ParamSpec("P")
T = TypeVar("T")

#: Threads for reads: more than one, so that one slow query does not queue the lobby behind it.
READERS = 4


class Database:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="db-write")
        self._readers = ThreadPoolExecutor(READERS, thread_name_prefix="db-read")

    async def write(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` on the writer thread, after every write asked for before it."""
        return await asyncio.get_running_loop().run_in_executor(self.writer, lambda: call(*args, **kwargs))

    async def read(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._readers, lambda: call(*args, **kwargs))

    def close(self) -> None:
        """Finish the writes asked for, then close the storage."""
        self.writer.shutdown(wait=True)
        self._readers.shutdown(wait=True)
        self.storage.close()
