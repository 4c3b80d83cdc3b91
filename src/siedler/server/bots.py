"""The bots of one room: the seats they play, and the task that moves for them one decision at a time.

A seat is played by a bot when it is a bot's seat, or a person's seat the takeover bot plays (``seating``).
Each move waits the game's bot delay, so that people can follow, and the owner's action quota
(``quotas.py``), and goes through the room's ``commit`` like a person's move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from siedler.bots import Bot, make_bot
from siedler.core.errors import IllegalAction
from siedler.core.seats import seat_words
from siedler.sim.runner import bot_seed

from . import timers
from .incidents import report

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("siedler.server")


class Bots:
    def __init__(self, room: Room) -> None:
        self.room = room
        self._bots: dict[int, Bot] = {}
        self._task: asyncio.Task[None] | None = None

    @property
    def moving(self) -> bool:
        """Whether a bot is about to move (its task runs)."""
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        if self.seat() is not None and not self.moving:
            self._task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def seat(self) -> int | None:
        """The seat a bot plays now, if a bot is to act in a running game."""
        room = self.room
        game = room.game
        if game is None or game.is_over or game.to_act is None or room.status != "running":
            return None
        seat = room.row.seats[game.to_act]
        return seat.seat if seat.kind == "bot" or seat.takeover else None

    async def _run(self) -> None:
        """Move for bots while one is to act, each after the game's delay so that people can follow."""
        room = self.room
        pause = room.row.bot_delay
        while (seat := self.seat()) is not None:
            await asyncio.sleep(pause)
            pause = room.row.bot_delay
            waiting = room.quota.take(room.owner)
            if waiting > 0:  # the owner's games stored their hour's actions: wait, then ask again
                pause = waiting
                continue
            async with room.lock:
                if room.game is None or self.seat() != seat:
                    continue
                moved = await self._move(seat)
            if moved is None:
                return
            if not moved:
                pause = max(1.0, room.row.bot_delay)

    async def answer_for(self, seat: int) -> None:
        """The takeover bot makes the decision whose clock ran out for ``seat`` on someone else's turn (an
        answer to an offer, every card of a discard), leaving the seat its player's; nothing if the player
        decided meanwhile."""
        room = self.room
        async with room.lock:
            ends = timers.deadline(room)
            if ends is None or time.time() < ends:
                return
            log.info("game %s: %s answers for seat %d (its time ran out)", room.id, room.row.takeover_bot, seat)
            while timers.deadline(room) is not None and room.game is not None and room.game.to_act == seat:
                if timers.own_turn(room, seat) or not await self._move(seat):
                    return

    async def _move(self, seat: int) -> bool | None:
        """The bot's move for ``seat`` (the caller holds the lock): whether it was stored, ``None`` for a bot
        that broke (said to anyone looking at the game)."""
        room = self.room
        game = room.game
        assert game is not None
        try:
            # In a thread: a searching bot thinks for a while, and other games play meanwhile.
            action = await asyncio.to_thread(self._bot(seat).decide, game, seat)
            if not game.is_legal(action):
                raise IllegalAction(f"bot chose {action}, which is not legal")
        except Exception as exc:  # a broken bot: stop it, and say so to anyone looking at the game
            who = seat_words(seat, room.row.seats[seat].name)
            room.error = report(f"the bot at {who} stopped working", exc, room.id)
            return None
        try:
            await room.commit(seat, action)
        except Exception as exc:  # the database refused: nothing changed, so try again shortly
            log.warning("game %s: could not store the bot's move, retrying: %s", room.id, exc)
            return False
        return True

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            row = self.room.row
            entry = row.seats[seat]
            spec = (entry.bot or "random") if entry.kind == "bot" else row.takeover_bot
            bot = self._bots[seat] = make_bot(spec, seed=bot_seed(row.seed, seat))
        return bot
