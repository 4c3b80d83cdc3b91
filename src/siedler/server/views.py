"""What a room's clients are shown: the welcome, the summary, and each seat's ``state`` as a diff.

A view is computed and serialised once per seat and push, entry by entry; a client gets the whole view
when it connects (or changes language) and afterwards only the entries whose JSON changed. A room never
shows a client more than ``view(seat)``/``events(seat)`` of the seat its token proves.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from siedler.core.actions import Action
from siedler.games.catan.layout import with_layout

from . import timers
from .connection import Connection
from .protocol import PROTOCOL, dumps, dumps_bytes, json_object, splice

if TYPE_CHECKING:
    from .room import Room


class Views:
    """The clients of one room and the messages they get."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.connections: set[Connection] = set()
        self._memo: dict[Action, tuple[str, str | None]] = {}

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
            conn.send(self.state_text(conn, {}, full=True))

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if conn.seat is not None:
            self.room.seating.saw(conn.seat)
        conn.close()

    def present(self) -> set[int]:
        """The seats with a WebSocket open now."""
        return {c.seat for c in self.connections if c.seat is not None}

    def set_lang(self, conn: Connection, lang: str) -> None:
        conn.lang = lang
        if self.room.game is not None:
            conn.send(self.state_text(conn, {}, full=True))

    def broadcast_summary(self) -> None:
        text = dumps({"type": "game", "game": self.room.summary()})
        for conn in list(self.connections):
            conn.send(text)

    def push(self) -> None:
        """Every client's state after a change (a move, a stop, a seat changing hands)."""
        cache: dict[Any, Any] = {}
        for conn in list(self.connections):
            conn.send(self.state_text(conn, cache))

    def state_text(self, conn: Connection, cache: dict[Any, Any], full: bool = False) -> str:
        """The ``state`` message for one client, as JSON text.

        Clients of one seat, language, log position and last view get the very same text, built once.
        """
        room = self.room
        game = room.game
        assert game is not None
        key = ("text", conn.seat, conn.lang, conn.events_sent, id(conn.last_view), full)
        found = cache.get(key)
        if found is not None:
            text, conn.last_view = found
            conn.events_sent = game.num_events
            return str(text)
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
