"""No game dies because someone leaves: decision clocks, takeovers, abandonment and clean-up.

Every decision of a game, whether a turn's move, a discard on a 7, a robber's victim or an answer to a
trade offer, is the engine's ``to_act`` seat choosing one action, so one clock per decision covers them
all: it starts when the previous action is stored (or the game starts, or a player takes a seat back) and
gives the seat to act the game's timer's seconds. When they run out on the person's own turn, or when a
person's seat has had no connection for the disconnect grace, the game's takeover bot plays that seat until
its player comes back (or acts). A clock that runs out on a decision of someone else's turn (an answer to an
offer, a discard on another's 7) has the takeover bot make that one decision only: the seat stays its
player's, so that a bot's offer left unanswered never costs a person their seat.

A game with one person and bots only has no timer unless its creator chooses one (``default_timer``): nobody
waits for that person but bots.

Deadlines are wall-clock times derived from stored timestamps (the last action's ``at``, the game's
``clock_at``), so a restarted server continues a running deadline instead of starting it again. One
sweeper task checks every room a few times a second, and stores what a room's clocks ask for in a task of
that room's own (a slow write delays no other room's clock); see docs/server.md, "Timers".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final, Literal, get_args

from .config import Settings

if TYPE_CHECKING:
    from .lobby import Lobby
    from .room import Room

log = logging.getLogger("siedler.server")

#: Timer settings a creator may choose; "off" has no clock (absent players are still replaced).
Timer = Literal["off", "relaxed", "normal", "fast"]
TIMERS: tuple[Timer, ...] = get_args(Timer)
#: A game's timer unless its creator chooses another, where more than one person plays.
DEFAULT_TIMER: Final = "normal"
#: The timer of a game of one person against bots unless its creator chooses one: nobody else waits.
SOLO_TIMER: Final = "off"


def default_timer(humans: int) -> Timer:
    """The timer of a game with ``humans`` human seats when its creator chooses none."""
    return SOLO_TIMER if humans <= 1 else DEFAULT_TIMER


def limit(room: Room) -> float | None:
    """Seconds per decision in this game, or ``None`` without a timer."""
    return room.settings.timers.get(room.row.timer)


def deadline(room: Room) -> float | None:
    """When the seat to act loses its turn to the bot (seconds since the epoch), if a person's clock runs."""
    seconds, game = limit(room), room.game
    if seconds is None or game is None or room.status != "running" or game.is_over or game.to_act is None:
        return None
    seat = room.row.seats[game.to_act]
    if seat.kind != "human" or seat.takeover:
        return None
    return room.clock_start + seconds


def clock(room: Room, now: float) -> dict[str, Any] | None:
    """The running clock as the table shows it: whose it is, seconds left and the limit."""
    due = deadline(room)
    if due is None or room.game is None:
        return None
    return {"seat": room.game.to_act, "left": round(max(0.0, due - now), 1), "limit": limit(room)}


def own_turn(room: Room, seat: int) -> bool:
    """Whether the game's turn is ``seat``'s (not someone else's turn asking it for an answer or a discard):
    the view's ``current`` where the rule set shows one, else every decision counts as its own."""
    game = room.game
    assert game is not None
    current: object = game.view(None).get("current", seat)
    return current == seat


def due(room: Room, now: float) -> list[tuple[int | None, str]]:
    """What the clocks ask of a room now: seats for the bot to take over, ``(seat, "time" or "away")``; a
    seat the bot answers once for, ``(seat, "answer")``; and ``(None, "absent")`` to abandon a game nobody
    attends. Decided at once, on the loop; done by ``settle``."""
    game = room.game
    if room.status != "running" or game is None or game.is_over or room.lock.locked():
        return []  # a move being stored decides first; the next sweep looks again
    changes: list[tuple[int | None, str]] = []
    ends = deadline(room)
    if ends is not None and now >= ends and game.to_act is not None:
        changes.append((game.to_act, "time" if own_turn(room, game.to_act) else "answer"))
    humans = [s.seat for s in room.row.seats if s.kind == "human"]
    if not humans:
        return changes  # bots only: plays to its end, watched or not
    present = room.views.present()
    grace = room.settings.disconnect_grace
    seen = room.seating.seen
    for seat in humans:
        if seat not in present and not room.row.seats[seat].takeover and now - seen[seat] >= grace:
            changes.append((seat, "away"))
    if not present and now - max(seen[s] for s in humans) >= room.settings.abandon_after:
        changes.append((None, "absent"))
    return changes


async def settle(room: Room, changes: list[tuple[int | None, str]]) -> None:
    """Hand seats to the bot, answer for a seat, and abandon, as ``due`` found (each stored first; each checks
    again)."""
    for seat, why in changes:
        if seat is None:
            await room.stop("abandoned", why)
        elif why == "answer":
            await room.bots.answer_for(seat)
        else:
            await room.seating.take_over(seat, why)


class Sweeper:
    """The one task that ticks every room in memory, and now and then deletes stopped games past retention."""

    def __init__(self, lobby: Lobby, settings: Settings) -> None:
        self.lobby = lobby
        self.settings = settings
        self._task: asyncio.Task[None] | None = None
        #: Rooms whose changes are being stored: each its own task, so that a slow write delays no other room.
        self._settling: dict[str, asyncio.Task[None]] = {}
        self._checkpointing: asyncio.Future[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        next_cleanup = 0.0
        next_checkpoint = time.time() + self.settings.checkpoint_seconds
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            now = time.time()
            if now >= next_checkpoint:
                next_checkpoint = now + self.settings.checkpoint_seconds
                self._checkpoint()
            for room in list(self.lobby.rooms.values()):
                changes = [] if room.id in self._settling else due(room, now)
                if changes:
                    self._settling[room.id] = asyncio.create_task(self._settle(room, changes))
            if now >= next_cleanup:
                next_cleanup = now + self.settings.cleanup_interval
                try:
                    await self.cleanup(now)
                except Exception:
                    log.exception("cleaning up stopped games failed; trying again later")

    def _checkpoint(self) -> None:
        """Empty SQLite's write-ahead log on the writer thread, after the writes queued before it (a log that
        is only ever copied, never emptied, keeps the size of the busiest minute: hundreds of MiB)."""
        if self._checkpointing is None or self._checkpointing.done():
            storage = self.lobby.storage
            self._checkpointing = asyncio.ensure_future(self.lobby.db.write(storage.checkpoint, truncate=True))
            self._checkpointing.add_done_callback(_checkpointed)

    async def _settle(self, room: Room, changes: list[tuple[int | None, str]]) -> None:
        try:
            await settle(room, changes)
        except Exception:  # one room's failure (a database hiccup) must not stop the others' clocks
            log.exception("game %s: timers", room.id)
        finally:
            self._settling.pop(room.id, None)

    async def cleanup(self, now: float) -> list[str]:
        """Abandon the open games nobody joined or attended for ``abandon_after``; delete abandoned and ended
        games stopped more than the retention period ago, and games nobody attended finished or stopped more
        than ``unattended_retention`` ago; the deleted games' ids."""
        lobby = self.lobby
        attended = {room.id for room in lobby.rooms.values() if room.views.connections}
        if lobby.cluster is not None:  # another process's games are that process's to judge
            attended |= await lobby.db.read(lobby.cluster.leases.owned_elsewhere)
        waited = datetime.fromtimestamp(now - self.settings.abandon_after, UTC)
        for game_id in await lobby.db.write(lobby.storage.abandon_waiting, waited, attended):
            lobby.rooms.pop(game_id, None)  # rebuilt from its row, stopped, if anyone asks for it
            log.info("game %s abandoned: nobody joined it", game_id)
        cutoff = datetime.fromtimestamp(now - self.settings.retention, UTC)
        unattended = datetime.fromtimestamp(now - self.settings.unattended_retention, UTC)
        gone = await lobby.db.write(lobby.storage.delete_stopped, cutoff, unattended)
        for game_id in gone:
            self.lobby.rooms.pop(game_id, None)
        if gone:
            log.info("deleted %d stopped games past their retention", len(gone))
        return gone


def _checkpointed(job: asyncio.Future[None]) -> None:
    if not job.cancelled() and job.exception() is not None:  # the next one tries again; the log only grows
        log.warning("checkpoint failed: %s", job.exception())
