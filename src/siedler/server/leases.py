"""Leases in PostgreSQL: which process of a cluster owns each live game, and the fence on every append.

A lease is a row (``models.leases``): the owner's process id, an epoch raised with each change of owner (the
fencing token) and an expiry on the database's clock, renewed by the owner's heartbeat. A process takes a
lease only when it is free (lapsed, handed back, or never taken); every batch of appended actions checks,
in its own transaction, that this process still holds each game's lease with the epoch it took, and locks
those lease rows until it commits: a process that lost a lease (killed, paused past its expiry, cut off)
can never append to that game again, and no other process takes the lease while an append is committing.

Everything here is synchronous and runs on the database's threads (``database.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import timedelta

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert

from .limits import TooFast, too_many_bot_games
from .models import creations, games, leases
from .storage import Storage

#: A lease handed back waits this long for the process that asked for it before any process's sweep may take
#: it: the asking process takes it at once, the sweep is for games nobody asks for.
HANDOVER_SECONDS = 2.0


class LeaseLost(Exception):
    """This process no longer owns a game it was about to append to: nothing of the batch was stored."""


class Leases:
    def __init__(self, storage: Storage, owner: str, seconds: float) -> None:
        self.storage = storage
        self.owner = owner
        self.ttl = timedelta(seconds=seconds)
        #: The games this process holds, with the epoch it took each at.
        self.held: dict[str, int] = {}

    def take(self, game_id: str) -> bool:
        """Take the game's lease if it is free (or already this process's); whether this process holds it."""
        expiry = sa.func.now() + self.ttl
        free = (leases.c.expires_at < sa.func.now()) | (leases.c.owner == self.owner)
        statement = (
            insert(leases)
            .values(game_id=game_id, owner=self.owner, epoch=1, expires_at=expiry)
            .on_conflict_do_update(
                index_elements=[leases.c.game_id],
                set_={"owner": self.owner, "epoch": leases.c.epoch + 1, "expires_at": expiry},
                where=free,
            )
            .returning(leases.c.epoch)
        )
        with self.storage.engine.begin() as conn:
            epoch = conn.execute(statement).scalar()
        if epoch is None:
            return False
        self.held[game_id] = int(epoch)
        return True

    def insert_new(self, conn: sa.Connection, game_id: str) -> None:
        """The lease of a game being created, in its creating transaction (``Storage.create_game``); held
        once that commits (``created``), so that no heartbeat meanwhile counts it lost."""
        conn.execute(
            leases.insert().values(game_id=game_id, owner=self.owner, epoch=1, expires_at=sa.func.now() + self.ttl)
        )

    def created(self, game_id: str) -> None:
        self.held[game_id] = 1

    def renew(self) -> set[str]:
        """The heartbeat: extend every lease this process holds; the games whose lease it lost meanwhile."""
        statement = (
            leases.update()
            .where(leases.c.owner == self.owner)
            .values(expires_at=sa.func.now() + self.ttl)
            .returning(leases.c.game_id, leases.c.epoch)
        )
        before = dict(self.held)  # a lease taken meanwhile (on the writer thread) is not lost
        with self.storage.engine.begin() as conn:
            kept = {(g, int(e)) for g, e in conn.execute(statement).all()}
        lost = {g for g, e in before.items() if (g, e) not in kept and self.held.get(g) == e}
        for game_id in lost:
            self.held.pop(game_id, None)
        return lost

    def release(self, game_ids: Iterable[str]) -> None:
        """Hand leases back (owner ``""``, lapsed now): the process that asked for a game takes it at once."""
        with self.storage.engine.begin() as conn:
            for game_id in game_ids:
                epoch = self.held.pop(game_id, None)
                if epoch is None:
                    continue
                conn.execute(
                    leases.update()
                    .where(leases.c.game_id == game_id, leases.c.owner == self.owner, leases.c.epoch == epoch)
                    .values(owner="", expires_at=sa.func.now())
                )

    def fence(self, conn: sa.Connection, game_ids: set[str]) -> None:
        """Raise ``LeaseLost`` unless this process holds every game's lease at the epoch it took it; locks the
        lease rows (``FOR SHARE``) until ``conn``'s transaction ends, so none changes owner meanwhile."""
        query = (
            sa.select(leases.c.game_id, leases.c.epoch)
            .where(leases.c.game_id.in_(game_ids), leases.c.owner == self.owner, leases.c.expires_at > sa.func.now())
            .with_for_update(read=True)
        )
        held = {g for g, e in conn.execute(query).all() if self.held.get(g) == int(e)}
        if held != game_ids:
            raise LeaseLost(f"this process no longer owns game(s) {', '.join(sorted(game_ids - held))}")

    def free_moving(self, limit: int = 20) -> list[str]:
        """Running games nobody owns: each moves on with nobody asking (its bots, its clock), so the sweep
        takes them (``Cluster``). A lease handed back is left ``HANDOVER_SECONDS`` to the process that asked."""
        lapsed = sa.or_(
            sa.and_(leases.c.owner != "", leases.c.expires_at < sa.func.now()),
            leases.c.expires_at < sa.func.now() - timedelta(seconds=HANDOVER_SECONDS),
        )
        owned = sa.select(leases.c.game_id).where(leases.c.game_id == games.c.id, sa.not_(lapsed))
        query = sa.select(games.c.id).where(games.c.status == "running", ~owned.exists()).limit(limit)
        with self.storage.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def owned_elsewhere(self) -> set[str]:
        """The games other live processes own: each judges its own games' attendance (``timers.cleanup``)."""
        query = sa.select(leases.c.game_id).where(
            leases.c.owner.not_in((self.owner, "")), leases.c.expires_at > sa.func.now()
        )
        with self.storage.engine.connect() as conn:
            return set(conn.execute(query).scalars())


def creation_key(client: str) -> str:
    """A client address as the creations table keeps it: hashed, so that the table lists no address."""
    return hashlib.sha256(f"creations\n{client}".encode()).hexdigest()


def count_creation(
    conn: sa.Connection, game_id: str, client: str, unattended: bool, per_minute: int, bot_games: int
) -> None:
    """Record a new game of ``client`` in its creating transaction, after checking the per-address limits
    against every process's creations (``TooFast``, ``TooMany``: the creation rolls back). A transaction
    lock on the address makes two processes creating for one address at once count one after the other."""
    key = creation_key(client)
    conn.execute(sa.select(sa.func.pg_advisory_xact_lock(sa.func.hashtext(key))))
    minute = sa.func.now() - timedelta(minutes=1)
    mine = sa.select(sa.func.count()).select_from(creations).where(creations.c.client_hash == key)
    recent = conn.execute(mine.where(creations.c.at > minute)).scalar_one()
    if recent >= per_minute:
        raise TooFast(f"too many new games: at most {per_minute} a minute from one address", 60.0)
    if unattended:  # running games nobody attends (bots only, or people who never came), as Lobby counts them
        live = mine.join(games, games.c.id == creations.c.game_id).where(
            games.c.attended.is_(False), games.c.status == "running"
        )
        if conn.execute(live).scalar_one() >= bot_games:
            raise too_many_bot_games(bot_games)
    conn.execute(creations.insert().values(game_id=game_id, client_hash=key, at=sa.func.now()))
