"""What a room's clients are shown: the welcome, the summary, and each seat's ``state`` as a diff.

A view is computed and serialised once per seat and push, entry by entry; a client gets the whole view
when it connects (or changes language) and afterwards only the entries whose JSON changed. A room never
shows a client more than ``view(seat)``/``events(seat)`` of the seat its token proves.

Whole states are built once per seat, language and position for every client that asks (32 spectators
changing language cost one build, not 32), a language asked for again sends nothing, and a connection gets
at most one whole state it asked for every ``ws_full_state_interval`` seconds (issue 39, finding 1).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from siedler.core.actions import Action
from siedler.games.catan.layout import with_layout

from . import timers
from .connection import Connection
from .protocol import PROTOCOL, dumps, dumps_bytes, json_object, splice

#: The most actions of one kind a page lists as they are; a kind with more comes in parts (``action_parts``),
#: which the page composes step by step (web/js/compose.js).
MENU_ITEMS = 8

if TYPE_CHECKING:
    from .room import Room


class Views:
    """The clients of one room and the messages they get."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.connections: set[Connection] = set()
        self._memo: dict[Action, tuple[str, str | None]] = {}
        #: What whole states are built from while nothing changes: bumped by every ``push``.
        self._version = 0
        self._shared: tuple[Any, dict[Any, Any]] = (None, {})

    def attach(self, conn: Connection) -> None:
        """A client joins: its welcome (with the summary) and, once the game runs, its full state."""
        room = self.room
        self.connections.add(conn)
        if conn.seat is not None:
            room.attend()
        seat_name = room.row.seats[conn.seat].name if conn.seat is not None else None
        welcome = {"type": "welcome", "protocol": PROTOCOL, "game": room.summary(), "seat": conn.seat}
        conn.send(dumps({**welcome, "name": seat_name}))
        if room.game is not None:
            self._send_full(conn)

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if conn.seat is not None:
            self.room.seating.saw(conn.seat)
        conn.close()

    def present(self) -> set[int]:
        """The seats with a WebSocket open now."""
        return {c.seat for c in self.connections if c.seat is not None}

    def set_lang(self, conn: Connection, lang: str) -> None:
        """The client's words in ``lang`` from now: its language again changes nothing and sends nothing;
        another brings one whole state, at once or, within ``ws_full_state_interval`` of the last one (or
        while its client has spent its CPU), when that has passed, in the language last asked for."""
        if lang == conn.lang:
            return
        conn.lang = lang
        if self.room.game is not None and conn.full_pending is None:
            self._full_when_allowed(conn)

    def _full_when_allowed(self, conn: Connection) -> None:
        conn.full_pending = None
        if conn.closed or conn not in self.connections or self.room.game is None:
            return
        loop = asyncio.get_running_loop()
        interval = self.room.settings.ws_full_state_interval
        wait = max(conn.full_at + interval - loop.time(), conn.limits.work.owed(conn.client))
        if wait > 0:
            conn.full_pending = loop.call_later(wait, self._full_when_allowed, conn)
        else:
            self._send_full(conn)

    def _send_full(self, conn: Connection) -> None:
        conn.full_at = asyncio.get_running_loop().time()
        conn.send(self.state_text(conn, self._shared_cache(), full=True), state=True, full=True)

    def _shared_cache(self) -> dict[Any, Any]:
        """The cache of whole states at this position and clock, shared by every client that asks."""
        key = (self._version, timers.clock(self.room, time.time()))
        if self._shared[0] != key:
            self._shared = (key, {"clock": key[1]})
        return self._shared[1]

    def broadcast_summary(self) -> None:
        text = dumps({"type": "game", "game": self.room.summary()})
        for conn in list(self.connections):
            conn.send(text)

    def push(self) -> None:
        """Every client's state after a change (a move, a stop, a seat changing hands)."""
        self._version += 1
        cache: dict[Any, Any] = {}
        for conn in list(self.connections):
            if not conn.closed:
                conn.send(self.state_text(conn, cache), state=True)

    def state_text(self, conn: Connection, cache: dict[Any, Any], full: bool = False) -> str:
        """The ``state`` message for one client, as JSON text.

        Clients of one seat, language, log position and last view get the very same text, built once.
        """
        room = self.room
        game = room.game
        assert game is not None
        # A whole state is the same for every client of the seat and language, whatever it had before.
        key = (
            ("full", conn.seat, conn.lang)
            if full
            else ("text", conn.seat, conn.lang, conn.events_sent, id(conn.last_view))
        )
        found = cache.get(key)
        if found is not None:
            text, conn.last_view = found
            conn.events_sent = game.num_events
            return str(text)
        started = time.perf_counter()
        seat, lang = conn.seat, conn.lang
        parts = self.view_parts(seat, cache)
        last, conn.last_view = conn.last_view, parts
        since = max(0, game.num_events - room.settings.log_tail) if full else conn.events_sent
        conn.events_sent = game.num_events
        if "clock" not in cache:
            cache["clock"] = timers.clock(room, time.time())
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
        if seat is not None and room.may_act(seat):
            fields["actions"] = self.actions_json(seat, lang, cache)
        fields["events"] = dumps_bytes(game.events(seat, since, lang))
        text = splice(header, fields)
        cache[key] = (text, parts)
        conn.spent(time.perf_counter() - started)
        return text

    def view_parts(self, seat: int | None, cache: dict[Any, Any]) -> dict[str, bytes]:
        """The seat's view as JSON per top-level entry. Kept per client to find what changed: bytes, unlike
        the view's nested lists and dicts, cost the garbage collector nothing to keep."""
        parts: dict[str, bytes] | None = cache.get(("parts", seat))
        if parts is None:
            game = self.room.game
            assert game is not None
            view = with_layout(game.view(seat))  # the board's places: sent once, then only what moved
            parts = cache[("parts", seat)] = {k: dumps_bytes(v) for k, v in view.items()}
        return parts

    def actions_json(self, seat: int, lang: str, cache: dict[Any, Any]) -> bytes:
        found: bytes | None = cache.get(("actions-json", lang))
        if found is None:
            found = cache[("actions-json", lang)] = dumps_bytes(self.actions(lang, cache))
        return found

    def actions(self, lang: str, cache: dict[Any, Any]) -> list[dict[str, Any]]:
        """The legal actions with their notation, words and target, for the seat to act only."""
        key = ("actions", lang)
        found: list[dict[str, Any]] | None = cache.get(key)
        if found is not None:
            return found
        game = self.room.game
        assert game is not None
        memo = self._memo
        legal = game.legal_actions()
        out = []
        many = Counter(action[0] for action in legal)
        for action in legal:
            known = memo.get(action)
            if known is None:
                known = memo[action] = (str(action), game.action_target(action))
            # Every action in words, whatever its kind: a menu or button never shows notation. The rule sets
            # compose even their most numerous kinds (trade offers) from words kept per language.
            entry = {
                "action": known[0],
                "label": game.action_label(action, lang),
                "target": known[1],
                "kind": action[0],
            }
            # A kind with more variants than a short list holds comes in parts, which the page composes
            # step by step; what gives away a building, a unit or a card says so, to be confirmed first.
            parts = game.action_parts(action, lang) if many[action[0]] > MENU_ITEMS else None
            if parts is not None:
                entry["parts"] = parts
            warning = game.action_warning(action, lang)
            if warning is not None:
                entry["warn"] = warning
            out.append(entry)
        cache[key] = out
        return out
