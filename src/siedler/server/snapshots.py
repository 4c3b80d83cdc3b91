"""Loading a game from storage in about the same time whatever its length: snapshots beside the log.

Every ``EVERY`` actions (``Settings.snapshot_every``), and where it ends or stops, a game's snapshot
(``siedler.core.snapshot``: its position, hidden parts included, and its newest events) is stored beside
its log. Loading a game, for any
purpose (resuming it, a replay step, a stand-in taking a seat), reads the newest snapshot and replays the at
most ``EVERY`` actions after it. ``EVERY`` is 500: replaying 500 actions costs about 13 ms in the slowest
rule sets on the pure-Python build of a loaded 2-core machine (26 us an action), which leaves most of the
50 ms a load may take for reading and unpacking; a snapshot costs about 2 ms of the loop every 500 actions
and a few kilobytes of storage.

The log stays the truth. A snapshot is refused, and the game rebuilt from its whole log (storing fresh
snapshots), when its digest does not match its bytes, it is not a position of this game (rule set, seed,
players, options), the log's action before it is not the one it follows, the actions after it do not
replay, or it leaves a finished game unfinished. ``siedler verify`` and the server's ``/verify`` still
replay the whole record; where the server's check finds that the record's end (the position loaded from a
snapshot) is not where its actions lead, the game is rebuilt from its log and checked again (``replay``).

A snapshot holds what no player of an unfinished game may see (dice to come, other hands): it is read by
this module only, and nothing of it is ever sent to a client.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from siedler.core.errors import IllegalAction, RecordError
from siedler.core.game import Game
from siedler.core.snapshot import resume, snapshot

from .database import Database
from .storage import GameRow, Snapshot

log = logging.getLogger("siedler.server")

#: Actions between two snapshots by default (``Settings.snapshot_every``): the most that loading a game
#: replays (see the module's docstring).
EVERY = 500
#: Seconds of replaying between two turns of the event loop: other requests wait at most about this long.
SLICE = 0.005


async def advance(game: Game, actions: list[str]) -> None:
    """Apply ``actions`` to ``game``, letting the event loop serve others every ``SLICE`` seconds."""
    turn = time.perf_counter() + SLICE
    for i, text in enumerate(actions):
        game.apply(text)
        if i % 16 == 15 and time.perf_counter() > turn:
            await asyncio.sleep(0)
            turn = time.perf_counter() + SLICE


#: The header of a position that must be its game's: a snapshot of another game is refused.
_SAME = ("ruleset", "seed", "game_id", "players", "options")


class Refused(Exception):
    """A snapshot that does not match its game or its log."""


@dataclass
class Loaded:
    """A game loaded from storage, with the text of its last action and when that was stored."""

    game: Game
    last: str | None
    last_at: datetime | None


class Snapshots:
    """Stores snapshots as games go and loads games from them; shared by every room of a server."""

    def __init__(self, db: Database, events: int, every: int = EVERY) -> None:
        self.db = db
        #: Actions between two snapshots (at least 1).
        self.every = max(1, every)
        self.storage = db.storage
        #: Events a snapshot keeps: what a client reconnecting to a loaded game is shown of its log.
        self.events = events
        #: Snapshots refused since the start (each rebuilt from its log).
        self.refused = 0
        self._writes: set[asyncio.Future[None]] = set()

    def due(self, game: Game) -> bool:
        """Whether the move just applied calls for a snapshot (its end has its own: ``keep``)."""
        return game.num_actions % self.every == 0 and not game.is_over

    def keep(self, game_id: str, game: Game, last: str | None) -> None:
        """Store ``game``'s snapshot, whose last action is ``last``, on the writer thread: after the moves
        before it (committed already), without the room waiting. A snapshot that fails to be stored costs
        only the time of replaying from an older one (and the next load stores it)."""
        if game.num_actions == 0:
            return
        data = zlib.compress(json.dumps(snapshot(game, self.events), separators=(",", ":")).encode())
        digest = hashlib.sha256(data).hexdigest()
        write = self.storage.add_snapshot
        job = asyncio.ensure_future(self.db.write(write, game_id, game.num_actions, data, digest, last))
        self._writes.add(job)
        job.add_done_callback(self._written)

    def _written(self, job: asyncio.Future[None]) -> None:
        self._writes.discard(job)
        if not job.cancelled() and job.exception() is not None:
            log.warning("a snapshot could not be stored: %s", job.exception())

    async def load(self, row: GameRow, fresh: Callable[[], Game]) -> Loaded:
        """The game of ``row`` where its log ends; ``fresh`` makes it at its start. Reads the newest
        snapshot and the actions after it; rebuilds from the whole log if the snapshot is refused."""
        found = await self.db.read(self.storage.snapshot_before, row.id)
        if found is not None:
            try:
                return await self._from(row, fresh, found)
            except Refused as exc:
                self.refused += 1
                log.warning("game %s: snapshot %d refused (%s); rebuilt from its log", row.id, found.n, exc)
        return await self.rebuild(row, fresh)

    async def rebuild(self, row: GameRow, fresh: Callable[[], Game]) -> Loaded:
        """The game of ``row`` replayed from its whole log, its snapshots replaced by fresh ones."""
        await self.db.write(self.storage.delete_snapshots, row.id)
        texts, last_at = await self.db.read(self.storage.tail, row.id, 0)
        game = fresh()
        for start in range(0, len(texts), self.every):  # a snapshot at each step, as if the game had kept them
            await advance(game, texts[start : start + self.every])
            self.keep(row.id, game, texts[game.num_actions - 1])
        return Loaded(game, texts[-1] if texts else None, last_at)

    async def _from(self, row: GameRow, fresh: Callable[[], Game], found: Snapshot) -> Loaded:
        game = self._resumed(found, fresh)
        texts, last_at = await self.db.read(self.storage.tail, row.id, found.n - 1)
        if not texts or texts[0] != found.last:
            raise Refused(f"the log's action {found.n - 1} is not the one the snapshot follows")
        await _replay(game, texts[1:])
        if row.status == "finished" and not game.is_over:
            raise Refused("the game is finished, but not after the snapshot and the actions after it")
        if len(texts) > self.every:  # the newest snapshots were not stored: store one now
            self.keep(row.id, game, texts[-1])
        return Loaded(game, texts[-1], last_at)

    def _resumed(self, found: Snapshot, fresh: Callable[[], Game]) -> Game:
        """The snapshot's game, checked against its stored digest and its game's setup."""
        if hashlib.sha256(found.data).hexdigest() != found.digest:
            raise Refused("its bytes do not match their digest")
        try:
            game = resume(json.loads(zlib.decompress(found.data)))
        except (RecordError, ValueError, zlib.error) as exc:
            raise Refused(str(exc)) from exc
        start = fresh()
        for name in _SAME:
            if getattr(game, name) != getattr(start, name):
                raise Refused(f"its {name} is not the game's")
        if game.num_actions != found.n or found.n <= 0:
            raise Refused(f"it follows {game.num_actions} actions, not {found.n}")
        return game

    async def position(self, row: GameRow, step: int, fresh: Callable[[], Game]) -> tuple[int, Game]:
        """The game after ``step`` actions, from the newest snapshot at or before it (a replay step)."""
        found = await self.db.read(self.storage.snapshot_before, row.id, step)
        game, at = fresh(), 0
        if found is not None:
            try:
                game, at = self._resumed(found, fresh), found.n
            except Refused as exc:
                log.warning("game %s: snapshot after %d actions refused (%s)", row.id, found.n, exc)
        await advance(game, await self.db.read(self.storage.action_texts, row.id, at, step))
        return at, game

    @staticmethod
    def compact(game: Game, events: int) -> Game:
        """The same game holding neither its history nor more than ``events`` events: what an idle room
        keeps of a game that is over (its record is read from the log)."""
        return resume(snapshot(game, events))


async def _replay(game: Game, texts: list[str]) -> None:
    try:
        await advance(game, texts)
    except (IllegalAction, RecordError) as exc:
        raise Refused(f"the actions after it do not replay: {exc}") from exc
