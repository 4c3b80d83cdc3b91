"""Who holds a room's seats: tokens, claiming a free seat, and the takeover bot playing for a person.

A person's seat is held by a secret token, stored only as its SHA-256; every change of hands is stored
before the room shows it, under the room's lock so that it falls between two moves, never inside one.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from siedler.core.i18n import ENGLISH
from siedler.core.seats import seat_words

from .creation import client_hash, person_name
from .names import look_alike
from .storage import hash_token, new_token, now, token_matches

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("siedler.server")


class NotAllowed(Exception):
    """A seat that cannot be taken as asked (HTTP 409: taken, a bot's, not there, the game under way)."""

    status = 409


class Forbidden(NotAllowed):
    """A seat this client may not take: no invitation to a private game, or a second seat of a public one
    from the same address (HTTP 403)."""

    status = 403


class Seating:
    def __init__(self, room: Room) -> None:
        self.room = room
        #: When each person's seat last showed its player: a connection closing, an HTTP request with its
        #: token, or the server starting to watch the game (its start, or this process's resuming it).
        self.seen: dict[int, float] = {s.seat: room.clock_start for s in room.row.seats if s.kind == "human"}

    def check_token(self, seat: int, token: str | None) -> bool:
        seats = self.room.row.seats
        return 0 <= seat < len(seats) and token_matches(token, seats[seat].token_hash)

    def check_creator(self, token: str | None) -> bool:
        return token_matches(token, self.room.row.creator_hash)

    async def claim(self, seat: int, name: str, invite: str | None, client: str, lang: str = ENGLISH) -> str:
        """Give a free human seat to a person; the returned token is the only proof of it. Without a name
        the person is "Player N" in ``lang``, their page's language ("Spieler 2").

        The game's invite code takes any free seat; without it, only a public game's, one per address."""
        room = self.room
        async with room.lock:
            self._check_claim(seat, name, invite, client)
            entry = room.row.seats[seat]
            token = new_token()
            name = name or person_name(seat, lang)
            taker = client_hash(room.id, client)
            last = all(s.claimed for s in room.row.seats if s.seat != seat)
            stamp = now() if last else None
            stored = await room.db.write(
                room.storage.claim_seat, room.id, seat, name, hash_token(token), taker, starts_at=stamp
            )
            if not stored:
                raise NotAllowed(f"{seat_words(seat)} (index {seat}) is taken")
            entry.name, entry.token_hash, entry.client_hash = name, hash_token(token), taker
            if stamp is not None:
                room.begin(stamp)
            else:
                room.views.broadcast_summary()
                room.announce()
            return token

    def _check_claim(self, seat: int, name: str, invite: str | None, client: str) -> None:
        row = self.room.row
        if row.status != "open":
            raise NotAllowed("the game has no free seats")
        if not 0 <= seat < len(row.seats):
            raise NotAllowed(f"there is no seat index {seat}")
        entry = row.seats[seat]
        if entry.kind != "human":
            raise NotAllowed(f"{seat_words(seat)} (index {seat}) is played by a bot")
        if entry.token_hash is not None:
            raise NotAllowed(f"{seat_words(seat)} (index {seat}) is taken")
        if not token_matches(invite, row.invite_hash):
            if not row.public:
                raise Forbidden("this game's seats are taken with its invitation: ask its creator for the link")
            if any(s.client_hash == client_hash(row.id, client) for s in row.seats):
                raise Forbidden("this address holds a seat of this game already (one each in a public game)")
        if name and look_alike(name, [s.name for s in row.seats if s.claimed]):
            raise NotAllowed(f"the name {name!r} looks like another name at this table: choose another")

    def saw(self, seat: int) -> None:
        """The seat's player just showed up (an HTTP request with its token, a connection closing)."""
        self.seen[seat] = time.time()
        self.room.attend()

    async def take_over(self, seat: int, why: str) -> None:
        """The game's takeover bot plays this person's seat until its player takes it back."""
        room = self.room
        async with room.lock:
            entry = room.row.seats[seat]
            if entry.kind != "human" or entry.takeover or room.status != "running":
                return
            await room.db.write(room.storage.set_takeover, room.id, seat, True)
            entry.takeover = True
            log.info("game %s: %s plays seat %d (%s)", room.id, room.row.takeover_bot, seat, why)
            self._changed_hands()

    async def take_back(self, seat: int) -> None:
        """The player is back: the seat is theirs again, with a fresh clock if it is their decision."""
        self.saw(seat)
        if not self.room.row.seats[seat].takeover:
            return
        async with self.room.lock:
            await self.returned(seat)

    async def returned(self, seat: int) -> None:
        """``take_back``, for a caller that holds the room's lock (a move of the seat's player: acting takes
        the seat back at once)."""
        room = self.room
        entry = room.row.seats[seat]
        if not entry.takeover or room.status != "running":
            return
        game = room.game
        stamp = now() if game is not None and game.to_act == seat else None
        await room.db.write(room.storage.set_takeover, room.id, seat, False, clock_at=stamp)
        entry.takeover = False
        if stamp is not None:
            room.clock_start = stamp.timestamp()
        log.info("game %s: seat %d is back", room.id, seat)
        self._changed_hands()

    def _changed_hands(self) -> None:
        room = self.room
        room.views.broadcast_summary()
        if room.game is not None:
            room.views.push()  # the seat's actions and the clock change with who plays it
        room.bots.wake()
