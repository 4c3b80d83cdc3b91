"""A game's chat: its players write, its spectators read (and write, if the game's creator allowed it).

A message is no move: it is stored in a table of its own (``models.chat``), outside the game's record and
log, and reaches every connection of the game as a ``chat`` message (docs/protocol.md). What a person may
write is bounded: at most ``MAX_TEXT`` characters on one line, without control or text-direction characters
(the page shows it as text, never as HTML), and ``RATE`` messages a second in bursts of ``BURST`` per
writer. A refused message changes nothing and is answered with ``chat_refused`` saying why.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from .limits import TokenBucket
from .models import chat
from .protocol import dumps
from .storage import Storage, now, utc

if TYPE_CHECKING:
    from .connection import Connection
    from .room import Room

#: The longest message, in characters.
MAX_TEXT = 300
#: Messages a writer may send a second, and in a burst.
RATE = 0.5
BURST = 4
#: The newest messages a client gets on connecting (older ones stay stored).
HISTORY = 100
#: Text-direction controls, which could turn a message's words around (as in names.py).
_DIRECTION = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


class Refused(Exception):
    """A message not sent: ``code`` (``spectator``, ``empty``, ``too_long``, ``rate``, ``not_text``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean(value: Any) -> str:
    """A message as others may be shown it: one line, spaces folded; else ``Refused``."""
    if not isinstance(value, str):
        raise Refused("not_text", "a chat message is a text")
    text = unicodedata.normalize("NFC", value)
    if any(_hidden(c) for c in text):
        raise Refused("not_text", "a chat message may not contain control or text-direction characters")
    text = " ".join(text.split())
    if not text:
        raise Refused("empty", "an empty message is not sent")
    if len(text) > MAX_TEXT:
        raise Refused("too_long", f"a chat message may be at most {MAX_TEXT} characters long")
    return text


def _hidden(char: str) -> bool:
    """A character that shows nothing or changes how others are shown (a line break or tab is folded)."""
    return ord(char) in _DIRECTION or (unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn") and char not in "\n\t")


def store(storage: Storage, game_id: str, n: int, seat: int | None, name: str | None, text: str, at: datetime) -> None:
    with storage.engine.begin() as conn:
        conn.execute(chat.insert().values(game_id=game_id, n=n, seat=seat, name=name, text=text, at=at))


def stored(storage: Storage, game_id: str, limit: int) -> list[dict[str, Any]]:
    """The game's newest ``limit`` messages, oldest first."""
    query = sa.select(chat).where(chat.c.game_id == game_id).order_by(chat.c.n.desc()).limit(limit)
    with storage.engine.connect() as conn:
        rows = list(conn.execute(query).mappings())
    return [_message(r["n"], r["seat"], r["name"], r["text"], utc(r["at"]) or r["at"]) for r in reversed(rows)]


def _message(n: int, seat: int | None, name: str | None, text: str, at: datetime) -> dict[str, Any]:
    return {"n": n, "seat": seat, "name": name, "text": text, "at": at.isoformat()}


class Chat:
    """One room's chat: the messages so far (read once from the database) and who may add to them."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.messages: list[dict[str, Any]] | None = None
        self.count = 0
        self.bucket = TokenBucket(RATE, BURST)

    async def load(self) -> None:
        """Read the stored messages, the first time a client connects."""
        if self.messages is None:
            room = self.room
            found = await room.db.read(stored, room.storage, room.id, HISTORY)
            if self.messages is None:
                self.messages = found
                self.count = found[-1]["n"] + 1 if found else 0

    def history(self) -> str:
        """The ``chat`` message a client gets on connecting: the newest messages, all at once."""
        return dumps({"type": "chat", "full": True, "messages": self.messages or []})

    async def say(self, conn: Connection, text: Any) -> None:
        """Store ``text`` from ``conn``'s person and show it to every client of the game; or refuse it."""
        room = self.room
        if conn.seat is None and not room.row.spectator_chat:
            raise Refused("spectator", "spectators read this game's chat; its creator did not let them write")
        message = clean(text)
        key = f"seat:{conn.seat}" if conn.seat is not None else f"spectator:{id(conn)}"
        if self.bucket.take(key) > 0:
            raise Refused("rate", f"at most {BURST} messages at once, then one every {1 / RATE:g} seconds")
        await self.load()
        assert self.messages is not None
        name = room.row.seats[conn.seat].name if conn.seat is not None else None
        n, at = self.count, now()
        self.count += 1
        await room.db.write(store, room.storage, room.id, n, conn.seat, name, message, at)
        entry = _message(n, conn.seat, name, message, at)
        self.messages = [*self.messages, entry][-HISTORY:]
        text_out = dumps({"type": "chat", "full": False, "messages": [entry]})
        for other in list(room.views.connections):
            other.send(text_out)
