"""A room: one game on the server, from its creation to its end, and the moves that lead there.

Every move, from a person or a bot, goes through ``commit``: it is appended to the journal (and so to the
database) first, then applied to the engine, then each connected client gets its own seat's view. The
room's other concerns live beside it: who holds its seats (``seating``), its bots (``bots``), what its
clients are shown (``views``), and the finished game's record, verification and replay (``replay``).
Loading the game from storage is a service of the server's (``snapshots``), which the room is handed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from siedler.core.errors import IllegalAction
from siedler.core.fairness import commitment
from siedler.core.game import Game
from siedler.core.i18n import ENGLISH
from siedler.core.registry import get_ruleset, new_game

from . import timers
from .bots import Bots
from .chat import Chat
from .config import Settings
from .creation import person_name
from .database import Database
from .incidents import report
from .journal import Journal
from .notices import LOBBY, Notices
from .proposals import Proposals
from .quotas import ActionQuota
from .replay import Replays, Verifier
from .seating import Seating
from .snapshots import Loaded, Snapshots
from .storage import STOPPED, GameRow, LogGap
from .views import Views

log = logging.getLogger("siedler.server")

#: A game that takes no more moves: finished, or stopped (ended by its creator, abandoned). Its seed is revealed
#: and its record, check and replay are public, as the fairness panel promises "once the game is over".
OVER = ("finished", *STOPPED)


@dataclass
class Services:
    """What every room of one server shares."""

    settings: Settings
    db: Database
    journal: Journal
    verifier: Verifier
    snapshots: Snapshots
    quota: ActionQuota
    #: Tells every process's lobby when a game is created, joined, started or ended (``notices.py``).
    notices: Notices


class Stale(Exception):
    """An action sent for another move number than the game's next one: a retry of a move already applied,
    or a move chosen from a view that has changed since (HTTP 409, ``refused`` with code ``stale``)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the action was sent for move {expected}, but the game is at move {current}")
        self.current = current


class Room:
    def __init__(self, row: GameRow, services: Services) -> None:
        self.row = row
        self.id = row.id
        self.settings = services.settings
        self.db = services.db
        self.storage = services.db.storage
        self.journal = services.journal
        self.verifier = services.verifier
        self.snapshots = services.snapshots
        self.quota = services.quota
        self.notices = services.notices
        #: The client that created the game, charged for its bots' actions (in memory: ``quotas.py``).
        self.owner: str | None = None
        self.game: Game | None = None
        self._attending: asyncio.Future[None] | None = None
        #: The text of the game's last stored action (``None`` before the first).
        self.last_action: str | None = None
        self.error: str | None = None
        self.lock = asyncio.Lock()
        self.title = _title(row.ruleset)
        #: When the current decision's clock started (seconds since the epoch; see ``timers.deadline``).
        self.clock_start = time.time()
        self.seating = Seating(self)
        self.bots = Bots(self)
        self.views = Views(self)
        self.replays = Replays(self)
        self.chat = Chat(self)
        self.proposals = Proposals(self)

    # ------------------------------------------------------------------ lifecycle
    @property
    def status(self) -> str:
        return self.row.status

    async def resume(self) -> None:
        """Rebuild the position from storage: its newest snapshot and the actions after it (``snapshots``).

        The moves are applied in slices, so that a long game does not hold up the others; nobody else sees
        the room before it is rebuilt (the lobby installs it afterwards)."""
        if self.row.status == "open":
            return
        try:
            loaded = await self.snapshots.load(self.row, self.new_game)
        except LogGap:  # the log itself cannot be read: the game is not loaded at all
            raise
        except Exception as exc:  # an engine change that breaks an old log must not stop the server
            self.error = report("this game's stored moves no longer replay on this server", exc, self.id)
            self.row.status = "broken"
            return
        game = self._install(loaded)
        stamps = [t.timestamp() for t in (self.row.clock_at, loaded.last_at) if t is not None]
        if stamps:  # the running deadline goes on where the stored clock left it
            self.clock_start = max(stamps)
        if game.is_over and self.row.status != "finished":
            await self._finish()

    async def rebuild(self) -> None:
        """Replay the game from its whole log, replacing its snapshots: the log is the truth, and the snapshot
        the game was loaded from did not lead where its actions do (``Replays.verdict`` found it)."""
        async with self.lock:
            loaded = await self.snapshots.rebuild(self.row, self.new_game)
            self.snapshots.refused += 1
            log.warning("game %s: its record's end was not its log's; rebuilt from the log", self.id)
            self._install(loaded)

    def _install(self, loaded: Loaded) -> Game:
        """The loaded game becomes the room's; one that is over keeps only its position and newest events
        (rebuilt from a whole log, it would hold the whole history)."""
        game = loaded.game
        if self.row.status in OVER:
            game = self.snapshots.compact(game, self.settings.log_tail)
        self.game, self.last_action = game, loaded.last
        return game

    def new_game(self) -> Game:
        """The game at its start, as its row describes it."""
        names = [s.name or person_name(s.seat, ENGLISH) for s in self.row.seats]
        row = self.row
        return new_game(row.ruleset, players=names, seed=row.seed, options=row.options, game_id=row.id)

    def begin(self, stamp: datetime) -> None:
        """Every seat is taken: the game begins (stored as running at ``stamp`` by the caller, in the same
        transaction as its last seat, so that no failure can leave a full game waiting)."""
        self.row.status = "running"
        self.clock_start = stamp.timestamp()
        self.seating.seen = dict.fromkeys(self.seating.seen, self.clock_start)
        self.game = self.new_game()
        self.views.broadcast_summary()
        self.views.push()
        self.bots.wake()
        self.announce()

    async def _finish(self) -> None:
        """The game is over: say so in memory at once, and in the database as soon as it accepts it (a
        restart finds an unfinished status of a game that is over and finishes it again)."""
        assert self.game is not None
        self.row.status = "finished"
        self.row.result = self.game.result()
        self._settle()
        try:
            await self.db.write(self.storage.set_status, self.id, "finished", self.row.result, actions=self.actions)
        except Exception:
            log.exception("game %s: could not store its end; a restart stores it", self.id)
        self.announce()

    def _settle(self) -> None:
        """The game takes no more moves: store its last snapshot, and keep only its position and newest
        events in memory (an idle room costs the same whatever the game's length)."""
        if self.game is not None:
            self.snapshots.keep(self.id, self.game, self.last_action)
            self.game = self.snapshots.compact(self.game, self.settings.log_tail)
            self.row.action_count = self.game.num_actions

    @property
    def actions(self) -> int:
        """The number of stored actions."""
        return self.game.num_actions if self.game is not None else self.row.action_count

    async def stop(self, status: str, reason: str) -> None:
        """Stop a running or open game before its end (``abandoned`` or ``ended``, and why: ``absent``,
        ``creator`` or ``action_limit``): it refuses moves from now."""
        async with self.lock:
            await self._halt(status, reason)

    async def _halt(self, status: str, reason: str) -> None:
        """``stop``, for a caller that holds the lock."""
        if self.row.status not in ("open", "running"):
            return
        result = {"reason": reason}
        await self.db.write(self.storage.set_status, self.id, status, result, actions=self.actions)
        self.row.status, self.row.result = status, result
        self._settle()
        log.info("game %s %s (%s)", self.id, status, reason)
        self.announce()
        self.views.broadcast_summary()
        if self.game is not None:
            self.views.push()

    def announce(self) -> None:
        """The game's line in the lobby changed (created, a seat taken, started, ended), as stored: every
        process's lobby viewers are sent it (``feed.py``)."""
        self.notices.publish(LOBBY, self.id)

    def attend(self) -> None:
        """A person playing a seat showed up: the game is attended (stored once, without waiting for it)."""
        if not self.row.attended:
            self.row.attended = True
            job = asyncio.ensure_future(self.db.write(self.storage.set_attended, self.id))
            job.add_done_callback(_failure_logged)
            self._attending = job

    @property
    def unattended(self) -> bool:
        """Running with nobody who has to be there: bots only, or people who never showed up."""
        return self.row.status == "running" and not self.row.attended

    @property
    def busy(self) -> bool:
        """Whether dropping the room from memory now would lose something: a running game (its clock,
        its absent players and its bots are watched here), a client, a move being stored, a bot about to move.
        The lobby drops rooms that are not busy and rebuilds them from the log."""
        running = self.row.status == "running"
        return running or bool(self.views.connections) or self.lock.locked() or self.bots.moving

    async def close(self) -> None:
        self.bots.stop()
        for conn in list(self.views.connections):
            await conn.wait_closed()

    # ------------------------------------------------------------------ moves
    async def act(self, seat: int, text: str, n: int) -> int:
        """Play ``text`` for ``seat`` (whose token the caller checked) as move ``n``; the number of the stored
        action. A different ``n`` is refused (``Stale``), so a client retrying a move cannot play it twice."""
        async with self.lock:
            game = self._playing()
            if self.row.seats[seat].takeover:  # the player acts: the seat is theirs again from this move
                self.seating.saw(seat)
                await self.seating.returned(seat)
            if n != game.num_actions:
                raise Stale(n, game.num_actions)
            if game.to_act != seat:
                whose = self.row.seats[game.to_act].name if game.to_act is not None else "nobody"
                raise IllegalAction(f"it is {whose}'s turn, not {self.row.seats[seat].name}'s")
            action = game.parse_action(text)
            reason = game.why_illegal(action)
            if reason is not None:
                raise IllegalAction(reason)
            return await self.commit(seat, action)

    def _playing(self) -> Game:
        if self.row.status == "abandoned":
            raise IllegalAction("the game was abandoned: none of its players was connected for a long time")
        if self.row.status == "ended" and self.reason == "action_limit":
            raise IllegalAction(f"the game was stopped at the server's limit of {self.actions} actions")
        if self.row.status == "ended":
            raise IllegalAction("the game was ended by its creator")
        if self.game is None:
            raise IllegalAction(
                "the game has not started: seats are still free"
                if self.row.status == "open"
                else f"the game cannot be played ({self.error})"
            )
        if self.game.is_over:
            raise IllegalAction("the game is over")
        return self.game

    async def commit(self, seat: int | None, action: Any) -> int:
        """Store, apply and show a legal move (the caller holds the lock); its number."""
        game = self.game
        assert game is not None
        n = game.num_actions
        text = str(action)
        await self.journal.append(self.id, n, seat, text)
        game.apply(action)
        self.last_action = text
        if self.snapshots.due(game):
            self.snapshots.keep(self.id, game, text)
        self.clock_start = time.time()
        if game.is_over:
            await self._finish()
            self.views.broadcast_summary()
        elif game.num_actions >= self.settings.max_game_actions:
            try:  # a game that could not end otherwise; the move itself is stored and stands
                await self._halt("ended", "action_limit")
            except Exception:
                log.exception("game %s: could not stop it at the action limit; the next move tries again", self.id)
        self.views.push()
        self.bots.wake()
        return n

    def may_act(self, seat: int | None) -> bool:
        """Whether ``seat``'s player decides now (not a bot playing for them, not a stopped game)."""
        game = self.game
        return (
            seat is not None
            and game is not None
            and seat == game.to_act
            and self.row.status == "running"
            and not self.row.seats[seat].takeover
        )

    # ------------------------------------------------------------------ what anyone may see
    @property
    def reason(self) -> str | None:
        """Why a stopped game stopped: ``absent`` (abandoned), ``creator`` or ``action_limit`` (ended)."""
        if self.row.status == "abandoned":
            return "absent"
        if self.row.status == "ended":
            return str((self.row.result or {}).get("reason", "creator"))
        return None

    def commitment(self) -> str:
        """The commitment shown to this game's players: to its seed and, since version 2, to whether the seed
        was chosen (games stored before keep the version their players saw)."""
        row = self.row
        return commitment(row.id, row.seed, row.seed_chosen if row.commitment_version >= 2 else None)

    def summary(self) -> dict[str, Any]:
        row, game = self.row, self.game
        data: dict[str, Any] = {
            "id": row.id,
            "ruleset": row.ruleset,
            "title": self.title,
            "status": row.status,
            "options": row.options,
            "created_at": row.created_at.isoformat(),
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "claimed": s.claimed,
                    "takeover": s.takeover,
                }
                for s in row.seats
            ],
            "actions": self.actions,
            "to_act": game.to_act if game is not None else None,
            "bot_delay": row.bot_delay,
            "timer": row.timer,
            "timer_seconds": timers.limit(self),
            "takeover_bot": row.takeover_bot,
            # Binds the game to its seed from the start without revealing it (siedler.core.fairness).
            "commitment": self.commitment(),
            "commitment_version": 2 if row.commitment_version >= 2 else 1,
            "seed_chosen": row.seed_chosen,
            "public": row.public,
            "spectator_chat": row.spectator_chat,
        }
        if row.status in OVER:
            data["result"] = row.result
            data["seed"] = str(row.seed)  # with the game over or stopped, setup and moves hide nothing any more
        if self.reason is not None:
            data["reason"] = self.reason
        if self.error:
            data["error"] = self.error
        return data


def _failure_logged(job: asyncio.Future[None]) -> None:
    if not job.cancelled() and job.exception() is not None:
        log.warning("could not store that a person attended a game: %s", job.exception())


def _title(ruleset: str) -> str:
    try:
        return get_ruleset(ruleset).title
    except Exception:
        return ruleset
