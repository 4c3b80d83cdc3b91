"""A move one player proposes to another, as said across the table: a counter-offer is one (the player asked
to answer a trade says which trade they would take, for the player whose turn it is to offer).

A proposal is no move and changes nothing: it names an action in the rule set's notation, which the server
reads (``parse_action``: refused if it writes no action of this game) and passes to every connection of the
game in a ``proposal`` message with its words in each reader's language (docs/protocol.md). Whether and when
it can be played is the game's to say when someone plays it. It is not stored: outside the record, like
words said at the table, and gone for a page that reloads. Only seated players propose, at most ``BURST``
at once and then ``RATE`` a second each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from siedler.core.errors import IllegalAction

from .fields import MAX_ACTION
from .limits import TokenBucket
from .protocol import dumps

if TYPE_CHECKING:
    from .connection import Connection
    from .room import Room

#: Proposals a player may send a second, and in a burst.
RATE = 0.5
BURST = 4


class Refused(Exception):
    """A proposal not passed on: ``code`` (``spectator``, ``not_running``, ``bad_action``, ``rate``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Proposals:
    """One room's proposals: who may make them, and how often."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.bucket = TokenBucket(RATE, BURST)

    def propose(self, conn: Connection, action: Any) -> None:
        """Pass ``action``, proposed by ``conn``'s player, to every client of the game; or refuse it."""
        room, seat = self.room, conn.seat
        if seat is None:
            raise Refused("spectator", "spectators watch: only a player at the table proposes a move")
        game = room.game
        if game is None or room.status != "running":
            raise Refused("not_running", "moves are proposed while the game runs")
        if not isinstance(action, str) or len(action) > MAX_ACTION:
            raise Refused(
                "bad_action", f"a proposal is a move in the rule set's notation, at most {MAX_ACTION} characters"
            )
        try:
            proposed = game.parse_action(action)
        except IllegalAction as exc:
            raise Refused("bad_action", str(exc)) from None
        if self.bucket.take(f"seat:{seat}") > 0:
            raise Refused("rate", f"at most {BURST} proposals at once, then one every {1 / RATE:g} seconds")
        notation = str(proposed)
        for other in list(room.views.connections):
            label = game.action_label(proposed, other.lang)
            other.send(dumps({"type": "proposal", "seat": seat, "action": notation, "label": label}))
