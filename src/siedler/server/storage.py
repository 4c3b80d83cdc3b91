"""Games in a database (SQLAlchemy 2 Core): SQLite in WAL mode by default, PostgreSQL when the URL says so.

Everything here is synchronous; the server calls it on threads (``database.py``), never on the event loop,
and ``journal.py`` batches the one frequent write (appending actions) so that many games' moves commit in
one transaction. A write waits at most ``busy_timeout`` seconds for a lock another connection holds.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from .models import actions, chat, creations, games, leases, seats, snapshots

MIGRATIONS = Path(__file__).parent / "migrations"

#: Statuses of games stopped before their end: they refuse moves and are deleted after the retention period.
STOPPED = ("abandoned", "ended")


def normalise_url(url: str) -> str:
    """Accept the usual spellings; PostgreSQL goes through psycopg 3 (the ``postgres`` extra)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, token_hash: str | None) -> bool:
    if not token or not token_hash:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def now() -> datetime:
    return datetime.now(UTC)


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    #: The game's takeover bot plays this person's seat until its player takes it back.
    takeover: bool = False
    #: SHA-256 of the game id and the address that took the seat (``client_hash``).
    client_hash: str | None = None

    @property
    def claimed(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


@dataclass
class GameRow:
    id: str
    ruleset: str
    options: dict[str, Any]
    seed: int
    status: str
    bot_delay: float
    seats: list[SeatRow]
    seed_chosen: bool = False
    created_at: datetime = field(default_factory=now)
    result: dict[str, Any] | None = None
    timer: str = "off"
    takeover_bot: str = "greedy"
    creator_hash: str | None = None
    #: When the decision clock last restarted other than by a move (see ``models.games.clock_at``).
    clock_at: datetime | None = None
    #: The number of stored actions as of the last snapshot or status change (``models.games.actions``).
    action_count: int = 0
    #: A person playing a seat showed up (``models.games.attended``).
    attended: bool = False
    #: SHA-256 of the invite code, with which the open seats are taken.
    invite_hash: str | None = None
    #: Listed for anyone to join without the invite code (one seat per client address).
    public: bool = False
    #: What the commitment binds: 1, game id and seed; 2, and ``seed_chosen`` (``core.fairness.commitment``).
    commitment_version: int = 2
    #: Spectators may write in the chat (players always may).
    spectator_chat: bool = False


#: Seconds a write waits for a lock held by another connection before it fails (and may be tried again).
BUSY_TIMEOUT = 2.0
#: Seconds a truncating checkpoint waits for readers to move on (new writes wait meanwhile).
TRUNCATE_WAIT = 0.05
#: Bytes SQLite's write-ahead log is cut back to after a checkpoint (``Settings.wal_limit_bytes``).
WAL_LIMIT = 64 * 1024 * 1024
#: SQLite's result codes for a lock another connection holds (``SQLITE_BUSY``, ``SQLITE_LOCKED``).
_SQLITE_BUSY = (5, 6)


@dataclass
class Snapshot:
    """A stored snapshot (``models.snapshots``): after ``n`` actions, the last of them ``last``."""

    n: int
    data: bytes
    digest: str
    last: str | None


class LogGap(ValueError):
    """A game's stored log lacks an action: it cannot be loaded at all."""


#: A game's stored number of actions, raised with each batch that appends to its log (``append_actions``).
_COUNT = (
    games.update()
    .where(games.c.id == sa.bindparam("gid"), games.c.actions < sa.bindparam("count"))
    .values(actions=sa.bindparam("count"))
)


class Busy(Exception):
    """Another connection holds the database's write lock: a write ``at_once`` would have had to wait."""


class Storage:
    def __init__(self, url: str, busy_timeout: float = BUSY_TIMEOUT, wal_limit: int = WAL_LIMIT) -> None:
        self.url = normalise_url(url)
        self.busy_timeout = busy_timeout
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": busy_timeout}
            _make_folder(self.url)
        elif self.url.startswith("postgresql"):
            kwargs["connect_args"] = {"options": f"-c lock_timeout={round(busy_timeout * 1000)}"}
        self.engine = sa.create_engine(self.url, **kwargs)
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            sa.event.listen(self.engine, "connect", lambda conn, _: _limit_wal(conn, wal_limit))
        #: The connections that append actions: one that waits for locks, one that never does (``at_once``).
        self._appenders: dict[bool, sa.Connection] = {}
        #: Checks, in each append's transaction, that this process may append to those games (raises if not):
        #: the lease fence of a cluster (``leases.Leases.fence``); ``None`` for a single process.
        self.fence: Callable[[sa.Connection, set[str]], None] | None = None

    # ------------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Bring the schema up to date with the migrations shipped in the package."""
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def close(self) -> None:
        for at_once in list(self._appenders):
            self._drop_appender(at_once)
        self.engine.dispose()

    # ------------------------------------------------------------------ writes
    def create_game(self, row: GameRow, also: Callable[[sa.Connection], None] | None = None) -> None:
        """Store a new game; ``also`` writes what goes with it in the same transaction (a cluster's lease and
        creation count) and may refuse it by raising."""
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(
                games.insert().values(
                    id=row.id,
                    ruleset=row.ruleset,
                    options=row.options,
                    seed=str(row.seed),
                    seed_chosen=row.seed_chosen,
                    status=row.status,
                    bot_delay=row.bot_delay,
                    created_at=row.created_at,
                    updated_at=stamp,
                    result=None,
                    timer=row.timer,
                    takeover_bot=row.takeover_bot,
                    creator_hash=row.creator_hash,
                    clock_at=row.clock_at,
                    invite_hash=row.invite_hash,
                    public=row.public,
                    commitment_version=row.commitment_version,
                    spectator_chat=row.spectator_chat,
                    actions=0,
                    attended=row.attended,
                )
            )
            conn.execute(
                seats.insert(),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "takeover": s.takeover,
                        "client_hash": s.client_hash,
                    }
                    for s in row.seats
                ],
            )
            if also is not None:
                also(conn)

    def claim_seat(
        self,
        game_id: str,
        seat: int,
        name: str,
        token_hash: str,
        client_hash: str | None = None,
        starts_at: datetime | None = None,
    ) -> bool:
        """Give a free human seat its secret; false when somebody claimed it first. ``starts_at``: it was the
        last free seat, and the game runs from then on (stored in the same transaction)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                seats.update()
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.kind == "human",
                    seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash, client_hash=client_hash)
            )
            if done.rowcount != 1:
                return False
            if starts_at is not None:
                values = {"status": "running", "clock_at": starts_at, "updated_at": now()}
                conn.execute(games.update().where(games.c.id == game_id).values(**values))
            return True

    def set_status(
        self,
        game_id: str,
        status: str,
        result: dict[str, Any] | None = None,
        clock_at: datetime | None = None,
        actions: int | None = None,
    ) -> None:
        """A new status; ``updated_at`` records when (an abandoned game's retention counts from it), and
        ``actions`` how many actions the game stopped at."""
        values: dict[str, Any] = {"status": status, "result": result, "updated_at": now()}
        if clock_at is not None:
            values["clock_at"] = clock_at
        if actions is not None:
            values["actions"] = actions
        with self.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id).values(**values))

    def set_takeover(self, game_id: str, seat: int, takeover: bool, clock_at: datetime | None = None) -> None:
        """A bot starts or stops playing a person's seat; a player taking it back restarts the clock."""
        with self.engine.begin() as conn:
            conn.execute(
                seats.update().where(seats.c.game_id == game_id, seats.c.seat == seat).values(takeover=takeover)
            )
            if clock_at is not None:
                conn.execute(games.update().where(games.c.id == game_id).values(clock_at=clock_at))

    def abandon_waiting(self, before: datetime, attended: set[str]) -> list[str]:
        """Mark ``abandoned`` the open games unchanged since ``before`` but those in ``attended``; their ids.

        A game waiting for people that nobody joins would otherwise hold a place under the live-games cap
        for ever (and one client could fill the cap with them)."""
        with self.engine.begin() as conn:
            waiting = sa.select(games.c.id).where(games.c.status == "open", games.c.updated_at < before)
            ids = [game_id for game_id in conn.execute(waiting).scalars() if game_id not in attended]
            if ids:
                conn.execute(games.update().where(games.c.id.in_(ids)).values(status="abandoned", updated_at=now()))
            return ids

    def delete_stopped(self, before: datetime, unattended_before: datetime | None = None) -> list[str]:
        """Delete abandoned and ended games stopped before ``before``, and games nobody attended that finished
        or stopped before ``unattended_before``, with their seats, moves and snapshots; their ids.

        Finished games a person attended are never deleted: their records are the history players may replay
        and verify.
        """
        stopped = games.c.status.in_(STOPPED) & (games.c.updated_at < before)
        if unattended_before is not None:
            over = games.c.status.in_(("finished", *STOPPED)) & (games.c.updated_at < unattended_before)
            stopped = stopped | (over & games.c.attended.is_(False))
        with self.engine.begin() as conn:
            ids = list(conn.execute(sa.select(games.c.id).where(stopped)).scalars())
            if ids:
                for table in (snapshots, leases, creations, actions, chat, seats):
                    conn.execute(table.delete().where(table.c.game_id.in_(ids)))
                conn.execute(games.delete().where(games.c.id.in_(ids)))
            return ids

    def append_actions(self, rows: list[tuple[str, int, int | None, str]], at_once: bool = False) -> None:
        """Append ``(game, n, seat, text)`` rows in one transaction; a duplicate ``n`` fails the whole batch.

        ``at_once`` (SQLite): on a connection that never waits for a lock (``Busy`` instead) and leaves WAL
        checkpoints to the others (``checkpoint``), so that the event loop may call it."""
        conn = self._appenders.get(at_once)
        if conn is None:
            conn = self._appenders[at_once] = self.engine.connect()
            if at_once:
                conn.exec_driver_sql("PRAGMA busy_timeout = 0")
                conn.exec_driver_sql("PRAGMA wal_autocheckpoint = 0")
                conn.commit()
        stamp = now()
        counts: dict[str, int] = {}
        for g, n, _, _ in rows:
            counts[g] = max(counts.get(g, 0), n + 1)
        try:
            with conn.begin():
                if self.fence is not None:
                    self.fence(conn, set(counts))
                conn.execute(
                    actions.insert(),
                    [{"game_id": g, "n": n, "seat": seat, "text": text, "at": stamp} for g, n, seat, text in rows],
                )
                conn.execute(_COUNT, [{"gid": g, "count": count} for g, count in counts.items()])
        except sa.exc.DBAPIError as exc:
            self._drop_appender(at_once)
            if at_once and getattr(exc.orig, "sqlite_errorcode", None) in _SQLITE_BUSY:
                raise Busy(str(exc.orig)) from exc
            raise

    def _drop_appender(self, at_once: bool) -> None:
        conn = self._appenders.pop(at_once)
        if at_once:
            conn.invalidate()  # its pragmas (no waiting, no checkpoints) must not reach the pool's connections
        conn.close()

    def checkpoint(self, truncate: bool = False) -> None:
        """Copy SQLite's write-ahead log into the database as far as readers allow (never waits for them);
        ``truncate``: all of it, then empty the log (without it the log file keeps the largest size it ever
        reached); it waits ``TRUNCATE_WAIT`` at most for readers, since writers wait while it does, and a
        checkpoint that could not finish is tried again at the next."""
        if not self.is_sqlite:
            return
        with self.engine.connect() as conn:
            if not truncate:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                return
            conn.exec_driver_sql(f"PRAGMA busy_timeout = {round(TRUNCATE_WAIT * 1000)}")
            try:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.exec_driver_sql(f"PRAGMA busy_timeout = {round(self.busy_timeout * 1000)}")

    def set_attended(self, game_id: str) -> None:
        """A person playing one of the game's seats showed up: it is kept like any game with people."""
        with self.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id).values(attended=True))

    # ------------------------------------------------------------------ snapshots (snapshots.py)
    def add_snapshot(self, game_id: str, n: int, data: bytes, digest: str, last: str | None) -> None:
        """Store the snapshot after ``n`` actions (replacing one at ``n``)."""
        with self.engine.begin() as conn:
            conn.execute(snapshots.delete().where(snapshots.c.game_id == game_id, snapshots.c.n == n))
            conn.execute(snapshots.insert().values(game_id=game_id, n=n, data=data, digest=digest, last=last))

    def snapshot_before(self, game_id: str, step: int | None = None) -> Snapshot | None:
        """The newest snapshot after at most ``step`` actions (``None``: any)."""
        query = sa.select(snapshots.c.n, snapshots.c.data, snapshots.c.digest, snapshots.c.last)
        query = query.where(snapshots.c.game_id == game_id)
        if step is not None:
            query = query.where(snapshots.c.n <= step)
        with self.engine.connect() as conn:
            found = conn.execute(query.order_by(snapshots.c.n.desc()).limit(1)).first()
        return None if found is None else Snapshot(int(found.n), bytes(found.data), found.digest, found.last)

    def delete_snapshots(self, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(snapshots.delete().where(snapshots.c.game_id == game_id))

    def tail(self, game_id: str, start: int) -> tuple[list[str], datetime | None]:
        """The texts of the actions from ``start`` on, and when the last action of all was stored (``None``
        before the first): index ranges, read without the actions before ``start``."""
        query = sa.select(actions.c.n, actions.c.text).where(actions.c.game_id == game_id, actions.c.n >= start)
        newest = sa.select(actions.c.at).where(actions.c.game_id == game_id).order_by(actions.c.n.desc()).limit(1)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(actions.c.n)).all()
            last = conn.execute(newest).scalar()
        return _in_order(game_id, rows, start), utc(last)

    # ------------------------------------------------------------------ reads
    def load_game(self, game_id: str) -> GameRow | None:
        """The game's row and seats, without its actions (``logged_from`` reads those)."""
        with self.engine.connect() as conn:
            row = conn.execute(games.select().where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(seats.select().where(seats.c.game_id == game_id).order_by(seats.c.seat))
            return _row(row, [_seat(s) for s in seat_rows])

    def listed(self, statuses: tuple[str, ...], limit: int | None = None) -> list[GameRow]:
        """Games with their seats and stored number of actions, the most recently changed first, in two
        queries whatever their number, without reading any game's actions: the lobby lists games from here."""
        chosen = sa.select(games.c.id).where(games.c.status.in_(statuses))
        if limit is not None:
            chosen = chosen.order_by(games.c.updated_at.desc()).limit(limit)
        ids = chosen.scalar_subquery()
        with self.engine.connect() as conn:
            rows = conn.execute(
                games.select().where(games.c.id.in_(ids)).order_by(games.c.updated_at.desc())
            ).mappings()
            found = {row["id"]: _row(row, []) for row in rows}
            for s in conn.execute(seats.select().where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)):
                if s.game_id in found:
                    found[s.game_id].seats.append(_seat(s))
        return list(found.values())

    def moving_games(self) -> list[str]:
        """Running games, the most recently changed first: each moves on with nobody looking (its bots, its
        decision clock, the takeover bot for a person away, abandonment), so each is resumed after a restart."""
        query = sa.select(games.c.id).where(games.c.status == "running").order_by(games.c.updated_at.desc())
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def count_with_status(self, statuses: tuple[str, ...]) -> int:
        """How many games have one of ``statuses``, without loading them (the live-game cap asks this)."""
        with self.engine.connect() as conn:
            query = sa.select(sa.func.count()).select_from(games).where(games.c.status.in_(statuses))
            return int(conn.execute(query).scalar_one())

    def action_texts(self, game_id: str, start: int = 0, stop: int | None = None) -> list[str]:
        """The texts of actions ``start`` to ``stop`` (exclusive; ``None``: the last): the record's."""
        query = sa.select(actions.c.n, actions.c.text).where(actions.c.game_id == game_id, actions.c.n >= start)
        if stop is not None:
            query = query.where(actions.c.n < stop)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(actions.c.n)).all()
        return _in_order(game_id, rows, start)


def _seat(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.takeover), s.client_hash)


def _row(row: Any, seat_rows: list[SeatRow]) -> GameRow:
    return GameRow(
        id=row["id"],
        ruleset=row["ruleset"],
        options=dict(row["options"]),
        seed=int(row["seed"]),
        seed_chosen=bool(row["seed_chosen"]),
        status=row["status"],
        bot_delay=float(row["bot_delay"]),
        created_at=utc(row["created_at"]) or row["created_at"],
        result=row["result"],
        seats=seat_rows,
        timer=row["timer"],
        takeover_bot=row["takeover_bot"],
        creator_hash=row["creator_hash"],
        clock_at=utc(row["clock_at"]),
        invite_hash=row["invite_hash"],
        public=bool(row["public"]),
        commitment_version=int(row["commitment_version"]),
        spectator_chat=bool(row["spectator_chat"]),
        action_count=int(row["actions"]),
        attended=bool(row["attended"]),
    )


def _in_order(game_id: str, rows: Any, start: int) -> list[str]:
    """``(n, text)`` rows as texts, checked to be numbered ``start``, ``start + 1``... without gaps."""
    for i, (n, _) in enumerate(rows, start):
        if n != i:
            raise LogGap(f"game {game_id}: action {i} is missing from the log")
    return [text for _, text in rows]


def utc(stamp: datetime | None) -> datetime | None:
    """A stored time as an aware UTC datetime: SQLite hands back naive ones (written as UTC)."""
    if stamp is None or stamp.tzinfo is not None:
        return stamp
    return stamp.replace(tzinfo=UTC)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers run beside the writer; NORMAL syncs at checkpoints, which WAL keeps consistent."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _limit_wal(dbapi_conn: Any, limit: int) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute(f"PRAGMA journal_size_limit = {int(limit)}")
    cursor.close()


def _make_folder(url: str) -> None:
    path = sa.engine.make_url(url).database
    if path and path != ":memory:":
        Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
