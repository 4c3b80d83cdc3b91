"""A room: one game on the server, its seats, the clients watching it and the bots playing in it.

Every move, from a person or a bot, goes through ``_commit``: it is appended to the journal (and so to the
database) first, then applied to the engine, then each connected client gets its own seat's view. A room
never shows a client more than ``view(seat)``/``events(seat)`` of the seat its token proves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from siedler.bots import Bot, make_bot
from siedler.core.actions import Action
from siedler.core.errors import IllegalAction
from siedler.core.fairness import commitment
from siedler.core.game import Game
from siedler.core.registry import get_ruleset, new_game
from siedler.core.seats import seat_number, seat_words
from siedler.games.catan.layout import with_layout
from siedler.sim.runner import bot_seed

from . import timers
from .config import Settings
from .connection import Connection
from .journal import Journal
from .protocol import PROTOCOL, dumps, dumps_bytes, json_object, splice
from .storage import STOPPED, GameRow, Storage, hash_token, new_token, now, token_matches

log = logging.getLogger("siedler.server")

#: A game that takes no more moves: finished, or stopped (ended by its creator, abandoned). Its seed is revealed
#: and its record, check and replay are public, as the fairness panel promises "once the game is over".
OVER = ("finished", *STOPPED)


class NotAllowed(Exception):
    """A request the seat's token does not permit (HTTP 403)."""


class Room:
    def __init__(self, row: GameRow, settings: Settings, storage: Storage, journal: Journal) -> None:
        self.row = row
        self.id = row.id
        self.settings = settings
        self.storage = storage
        self.journal = journal
        self.game: Game | None = None
        self.error: str | None = None
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self._bots: dict[int, Bot] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._memo: dict[Action, tuple[str, str | None]] = {}
        self._replay: tuple[int, Game] | None = None
        self.title = _title(row.ruleset)
        #: When the current decision's clock started (seconds since the epoch; see ``timers.deadline``).
        self.clock_start = time.time()
        #: When each person's seat last showed its player: a connection closing, an HTTP request with its
        #: token, or the server starting to watch the game (its start, or this process's resuming it).
        self.seen: dict[int, float] = {s.seat: self.clock_start for s in row.seats if s.kind == "human"}

    # ------------------------------------------------------------------ lifecycle
    @property
    def status(self) -> str:
        return self.row.status

    def resume(self) -> None:
        """Rebuild the position from the stored log: the same setup and actions give the same game."""
        if self.row.status == "open":
            return
        try:
            game = self._new_game()
            for text in self.row.actions:
                game.apply(text)
        except Exception as exc:  # an engine change that breaks an old log must not stop the server
            self.error = f"{type(exc).__name__}: {exc}"
            log.error("game %s cannot be resumed: %s", self.id, self.error)
            self.row.status = "broken"
            return
        self.game = game
        stamps = [t.timestamp() for t in (self.row.clock_at, self.row.last_action_at) if t is not None]
        if stamps:  # the running deadline goes on where the stored clock left it
            self.clock_start = max(stamps)
        if game.is_over and self.row.status != "finished":
            self._finish()

    def _new_game(self) -> Game:
        names = [s.name or f"Player {seat_number(s.seat)}" for s in self.row.seats]
        row = self.row
        return new_game(row.ruleset, players=names, seed=row.seed, options=row.options, game_id=row.id)

    def start(self) -> None:
        stamp = now()
        self.row.status = "running"
        self.storage.set_status(self.id, "running", clock_at=stamp)
        self.clock_start = stamp.timestamp()
        self.seen = dict.fromkeys(self.seen, self.clock_start)
        self.game = self._new_game()
        self._broadcast_summary()
        self._push()
        self.wake_bots()

    def _finish(self) -> None:
        assert self.game is not None
        self.row.status = "finished"
        self.row.result = self.game.result()
        self.storage.set_status(self.id, "finished", self.row.result)

    async def stop(self, status: str) -> None:
        """Stop a running or open game before its end (``abandoned`` or ``ended``): it refuses moves from now."""
        async with self.lock:
            if self.row.status not in ("open", "running"):
                return
            self.row.status = status
            self.storage.set_status(self.id, status)
            log.info("game %s %s", self.id, status)
            self._broadcast_summary()
            if self.game is not None:
                self._push()

    @property
    def busy(self) -> bool:
        """Whether dropping the room from memory now would lose something: a running game (its clock,
        its absent players and its bots are watched here), a client, a move being stored, a bot about to move.
        The lobby drops rooms that are not busy and rebuilds them from the log."""
        bots_moving = self._bot_task is not None and not self._bot_task.done()
        running = self.row.status == "running"
        return running or bool(self.connections) or self.lock.locked() or bots_moving

    async def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
        for conn in list(self.connections):
            await conn.wait_closed()

    # ------------------------------------------------------------------ seats
    def check_token(self, seat: int, token: str | None) -> bool:
        return 0 <= seat < len(self.row.seats) and token_matches(token, self.row.seats[seat].token_hash)

    def check_creator(self, token: str | None) -> bool:
        return token_matches(token, self.row.creator_hash)

    def claim(self, seat: int, name: str) -> str:
        """Give a free human seat to a person; the returned token is the only proof of it."""
        if not 0 <= seat < len(self.row.seats):
            raise NotAllowed(f"there is no seat index {seat}")
        entry = self.row.seats[seat]
        if entry.kind != "human":
            raise NotAllowed(f"{seat_words(seat)} (index {seat}) is played by a bot")
        if entry.token_hash is not None or self.row.status != "open":
            raise NotAllowed(f"{seat_words(seat)} (index {seat}) is taken")
        token = new_token()
        name = name.strip()[:40] or f"Player {seat_number(seat)}"
        if not self.storage.claim_seat(self.id, seat, name, hash_token(token)):
            raise NotAllowed(f"{seat_words(seat)} (index {seat}) is taken")
        entry.name, entry.token_hash = name, hash_token(token)
        if all(s.claimed for s in self.row.seats):
            self.start()
        else:
            self._broadcast_summary()
        return token

    def present(self) -> set[int]:
        """The seats with a WebSocket open now."""
        return {c.seat for c in self.connections if c.seat is not None}

    def saw(self, seat: int) -> None:
        """The seat's player just showed up (an HTTP request with its token)."""
        self.seen[seat] = time.time()

    def take_over(self, seat: int, why: str) -> None:
        """The game's takeover bot plays this person's seat until its player takes it back."""
        entry = self.row.seats[seat]
        if entry.kind != "human" or entry.takeover or self.row.status != "running":
            return
        self.storage.set_takeover(self.id, seat, True)
        entry.takeover = True
        log.info("game %s: %s plays seat %d (%s)", self.id, self.row.takeover_bot, seat, why)
        self._changed_hands()

    def take_back(self, seat: int) -> None:
        """The player is back: the seat is theirs again, with a fresh clock if it is their decision."""
        entry = self.row.seats[seat]
        self.saw(seat)
        if not entry.takeover or self.row.status != "running":
            return
        game = self.game
        stamp = now() if game is not None and game.to_act == seat else None
        self.storage.set_takeover(self.id, seat, False, clock_at=stamp)
        entry.takeover = False
        if stamp is not None:
            self.clock_start = stamp.timestamp()
        log.info("game %s: seat %d is back", self.id, seat)
        self._changed_hands()

    def _changed_hands(self) -> None:
        self._broadcast_summary()
        if self.game is not None:
            self._push()  # the seat's actions and the clock change with who plays it
        self.wake_bots()

    # ------------------------------------------------------------------ moves
    async def act(self, seat: int, text: str) -> int:
        """Play ``text`` for ``seat`` (whose token the caller checked); the number of the stored action."""
        async with self.lock:
            game = self._playing()
            if self.row.seats[seat].takeover:
                raise IllegalAction(
                    f"{self.row.takeover_bot} plays this seat since its time ran out or its player left: "
                    "take the seat back first (take_seat)"
                )
            if game.to_act != seat:
                whose = self.row.seats[game.to_act].name if game.to_act is not None else "nobody"
                raise IllegalAction(f"it is {whose}'s turn, not {self.row.seats[seat].name}'s")
            action = game.parse_action(text)
            reason = game.why_illegal(action)
            if reason is not None:
                raise IllegalAction(reason)
            return await self._commit(seat, action)

    def _playing(self) -> Game:
        if self.row.status == "abandoned":
            raise IllegalAction("the game was abandoned: none of its players was connected for a long time")
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

    async def _commit(self, seat: int | None, action: Action) -> int:
        game = self.game
        assert game is not None
        n = game.num_actions
        text = str(action)
        await self.journal.append(self.id, n, seat, text)
        game.apply(action)
        self.row.actions.append(text)
        self.clock_start = time.time()
        if game.is_over:
            self._finish()
            self._broadcast_summary()
        self._push()
        self.wake_bots()
        return n

    # ------------------------------------------------------------------ bots
    def wake_bots(self) -> None:
        if self._bot_seat() is not None and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.create_task(self._run_bots())

    def _bot_seat(self) -> int | None:
        game = self.game
        if game is None or game.is_over or game.to_act is None or self.row.status != "running":
            return None
        seat = self.row.seats[game.to_act]
        return seat.seat if seat.kind == "bot" or seat.takeover else None

    async def _run_bots(self) -> None:
        """Move for bots while one is to act, each after the game's delay so that people can follow."""
        pause = self.row.bot_delay
        while (seat := self._bot_seat()) is not None:
            await asyncio.sleep(pause)
            pause = self.row.bot_delay
            async with self.lock:
                game = self.game
                if game is None or self._bot_seat() != seat:
                    continue
                try:
                    # In a thread: a searching bot thinks for a while, and other games play meanwhile.
                    action = await asyncio.to_thread(self._bot(seat).decide, game, seat)
                    if not game.is_legal(action):
                        raise IllegalAction(f"bot chose {action}, which is not legal")
                except Exception as exc:  # a broken bot: stop it, and say so to anyone looking at the game
                    self.error = f"the bot at {seat_words(seat, self.row.seats[seat].name)} failed: {exc}"
                    log.exception("game %s: %s", self.id, self.error)
                    return
                try:
                    await self._commit(seat, action)
                except Exception as exc:  # the database refused: nothing changed, so try again shortly
                    log.warning("game %s: could not store the bot's move, retrying: %s", self.id, exc)
                    pause = max(1.0, self.row.bot_delay)

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            entry = self.row.seats[seat]
            spec = (entry.bot or "random") if entry.kind == "bot" else self.row.takeover_bot
            bot = self._bots[seat] = make_bot(spec, seed=bot_seed(self.row.seed, seat))
        return bot

    # ------------------------------------------------------------------ clients
    def attach(self, conn: Connection) -> None:
        if conn.seat is not None:
            self.take_back(conn.seat)  # reconnecting with the seat's token takes the seat back
        self.connections.add(conn)
        seat_name = self.row.seats[conn.seat].name if conn.seat is not None else None
        conn.send(
            dumps(
                {"type": "welcome", "protocol": PROTOCOL, "game": self.summary(), "seat": conn.seat, "name": seat_name}
            )
        )
        if self.game is not None:
            conn.send(self._state_text(conn, {}, full=True))

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if conn.seat is not None:
            self.saw(conn.seat)
        conn.close()

    def set_lang(self, conn: Connection, lang: str) -> None:
        conn.lang = lang
        if self.game is not None:
            conn.send(self._state_text(conn, {}, full=True))

    def _broadcast_summary(self) -> None:
        text = dumps({"type": "game", "game": self.summary()})
        for conn in list(self.connections):
            conn.send(text)

    def _push(self) -> None:
        cache: dict[Any, Any] = {}
        for conn in list(self.connections):
            conn.send(self._state_text(conn, cache))

    def _state_text(self, conn: Connection, cache: dict[Any, Any], full: bool = False) -> str:
        """The ``state`` message for one client, as JSON text.

        A view is computed and serialised once per seat, entry by entry; a client then gets the whole view
        (on connecting) or only the entries whose JSON differs from what it has. Clients of one seat,
        language, log position and last view get the very same text, built once.
        """
        game = self.game
        assert game is not None
        key = ("text", conn.seat, conn.lang, conn.events_sent, id(conn.last_view), full)
        found = cache.get(key)
        if found is not None:
            text, conn.last_view = found
            conn.events_sent = game.num_events
            return str(text)
        seat, lang = conn.seat, conn.lang
        parts = self._view_parts(seat, cache)
        last, conn.last_view = conn.last_view, parts
        since = max(0, game.num_events - self.settings.log_tail) if full else conn.events_sent
        conn.events_sent = game.num_events
        if "clock" not in cache:
            cache["clock"] = timers.clock(self, time.time())
        header = {
            "type": "state",
            "n": game.num_actions,
            "to_act": game.to_act,
            "over": game.is_over,
            "full": full,
            "clock": cache["clock"],
        }
        fields: dict[str, bytes] = {}
        if full or last is None:
            fields["view"] = json_object(parts)
        else:
            fields["view_changes"] = json_object(parts, [k for k, v in parts.items() if last.get(k) != v])
            gone = [k for k in last if k not in parts]
            if gone:
                fields["view_removed"] = dumps_bytes(gone)
        fields["actions"] = b"[]"
        if seat is not None and self.may_act(seat):
            fields["actions"] = self._actions_json(seat, lang, cache)
        fields["events"] = dumps_bytes(game.events(seat, since, lang))
        text = splice(header, fields)
        cache[key] = (text, parts)
        return text

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

    def _view_parts(self, seat: int | None, cache: dict[Any, Any]) -> dict[str, bytes]:
        """The seat's view as JSON per top-level entry. Kept per client to find what changed: bytes, unlike
        the view's nested lists and dicts, cost the garbage collector nothing to keep."""
        parts: dict[str, bytes] | None = cache.get(("parts", seat))
        if parts is None:
            assert self.game is not None
            view = with_layout(self.game.view(seat))  # the board's places: sent once, then only what moved
            parts = cache[("parts", seat)] = {k: dumps_bytes(v) for k, v in view.items()}
        return parts

    def _actions_json(self, seat: int, lang: str, cache: dict[Any, Any]) -> bytes:
        found: bytes | None = cache.get(("actions-json", lang))
        if found is None:
            found = cache[("actions-json", lang)] = dumps_bytes(self._actions(seat, lang, cache))
        return found

    def _actions(self, seat: int, lang: str, cache: dict[Any, Any]) -> list[dict[str, Any]]:
        """The legal actions with their notation, words and target, for the seat to act only."""
        key = ("actions", lang)
        found: list[dict[str, Any]] | None = cache.get(key)
        if found is not None:
            return found
        game = self.game
        assert game is not None
        memo = self._memo
        legal = game.legal_actions()
        out = []
        for action in legal:
            known = memo.get(action)
            if known is None:
                known = memo[action] = (str(action), game.action_target(action))
            # Every action in words, whatever its kind: a menu or button never shows notation. The rule sets
            # compose even their most numerous kinds (trade offers) from words kept per language.
            out.append(
                {"action": known[0], "label": game.action_label(action, lang), "target": known[1], "kind": action[0]}
            )
        cache[key] = out
        return out

    # ------------------------------------------------------------------ what anyone may see
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
            "actions": len(row.actions) or row.action_count or (row.result or {}).get("actions", 0),
            "to_act": game.to_act if game is not None else None,
            "bot_delay": row.bot_delay,
            "timer": row.timer,
            "timer_seconds": timers.limit(self),
            "takeover_bot": row.takeover_bot,
            # Binds the game to its seed from the start without revealing it (siedler.core.fairness).
            "commitment": commitment(row.id, row.seed),
            "seed_chosen": row.seed_chosen,
        }
        if row.status in OVER:
            data["result"] = row.result
            data["seed"] = str(row.seed)  # with the game over or stopped, setup and moves hide nothing any more
        if self.error:
            data["error"] = self.error
        return data

    def record(self) -> dict[str, Any]:
        """The game's record (finished games only: it reveals the seed), saying whether the seed was chosen."""
        assert self.game is not None
        record = self.game.record()
        record["seed_chosen"] = self.row.seed_chosen
        return record

    def replay_state(self, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The finished game after ``step`` actions, for watching it again move by move."""
        total = len(self.row.actions)
        step = max(0, min(step, total))
        cached = self._replay
        if cached is not None and cached[0] <= step:
            at, game = cached[0], cached[1].copy()
        else:
            at, game = 0, self._new_game()
        for text in self.row.actions[at:step]:
            game.apply(text)
        self._replay = (step, game)
        since = max(0, game.num_events - self.settings.log_tail)
        return {
            "step": step,
            "total": total,
            "view": with_layout(game.view(seat)),
            "events": game.events(seat, since, lang),
            "to_act": game.to_act,
            "over": game.is_over,
            "last": self.row.actions[step - 1] if step else None,
        }


def _title(ruleset: str) -> str:
    try:
        return get_ruleset(ruleset).title
    except Exception:
        return ruleset
