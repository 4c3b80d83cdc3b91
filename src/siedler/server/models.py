"""The database schema: a game is its setup, its seats and an append-only log of action texts.

The log is the single source of truth and a record export is a plain query. Beside it, a game keeps
snapshots of its position every few hundred actions (``server/snapshots.py``), so that loading a game
replays only the actions since the newest one; a snapshot that disagrees with the log is rebuilt from it.
The schema changes only through the Alembic migrations in ``migrations/versions``.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    #: Decimal text: seeds have 128 bits or more (up to 2**256), beyond any SQL integer type.
    sa.Column("seed", sa.String(80), nullable=False),
    #: The creator gave the seed (allowed for at most one human seat); summary and record say so.
    sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    #: open (waiting for people), running, finished, broken (its log no longer replays), abandoned (no person
    #: connected for a while), ended (by its creator). Abandoned and ended games are deleted after a while.
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("bot_delay", sa.Float, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    #: off, relaxed, normal or fast: how long a seat has for each decision (server/timers.py).
    sa.Column("timer", sa.String(16), nullable=False, server_default="off"),
    #: The bot that plays for a person whose time ran out or who left.
    sa.Column("takeover_bot", sa.String(32), nullable=False, server_default="greedy"),
    #: sha256 of the creator's secret, which may end the game.
    sa.Column("creator_hash", sa.String(64), nullable=True),
    #: When the decision clock last restarted other than by a move (the start, a player taking a seat back);
    #: with the last action's ``at`` it gives the running deadline after a restart.
    sa.Column("clock_at", sa.DateTime(timezone=True), nullable=True),
    #: sha256 of the invite code, with which the game's open seats are taken.
    sa.Column("invite_hash", sa.String(64), nullable=True),
    #: Listed in the lobby for anyone to join without the invite code, one seat per client address.
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
    #: 1: the commitment binds game id and seed; 2: and whether the seed was chosen (siedler.core.fairness).
    sa.Column("commitment_version", sa.Integer, nullable=False, server_default="1"),
    #: Spectators may write in the game's chat too (its players always may).
    sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()),
    #: The number of stored actions, raised in the transaction that appends them: summaries and the lobby read
    #: it instead of counting the log.
    sa.Column("actions", sa.Integer, nullable=False, server_default="0"),
    #: A person playing a seat showed up (a connection or a request with the seat's token). Games nobody
    #: attended (bots only, or seats whose people never came) are deleted after ``unattended_retention``.
    sa.Column("attended", sa.Boolean, nullable=False, server_default=sa.true()),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # human or bot
    sa.Column("bot", sa.String(200), nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    #: sha256 of the seat's secret; the secret itself lives only in the player's link.
    sa.Column("token_hash", sa.String(64), nullable=True),
    #: A person's seat the game's takeover bot plays until its player takes it back.
    sa.Column("takeover", sa.Boolean, nullable=False, server_default=sa.false()),
    #: sha256 of the game id and the address that took the seat: one seat per address in a public game.
    sa.Column("client_hash", sa.String(64), nullable=True),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),  # 0, 1, 2... without gaps
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

#: A game's chat: its people's messages, no part of its record (``chat.py``); ``seat`` null: a spectator's.
chat = sa.Table(
    "chat",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),  # 0, 1, 2... per game
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("text", sa.String(400), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    #: The number of actions the snapshot follows (a multiple of ``Settings.snapshot_every``, or the end).
    sa.Column("n", sa.Integer, primary_key=True),
    #: ``siedler.core.snapshot.snapshot()`` as zlib-compressed JSON: hidden parts included, never served.
    sa.Column("data", sa.LargeBinary, nullable=False),
    #: SHA-256 of ``data``, and the text of action ``n - 1``: a snapshot that does not match its log is refused.
    sa.Column("digest", sa.String(64), nullable=False),
    sa.Column("last", sa.String(200), nullable=True),
)

#: Who owns each live game when several processes share one PostgreSQL database (``server/cluster.py``): the
#: owner's process id, a number raised with every change of owner (the fencing token every append checks) and
#: when the lease lapses unless renewed (the database's clock). An owner of ``""`` handed the game back.
leases = sa.Table(
    "leases",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False),
    sa.Column("epoch", sa.Integer, nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

#: Games created per client address, counted across every process of a cluster (the per-address creation
#: rate and bots-only games): the address is hashed, never stored as such.
creations = sa.Table(
    "creations",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("client_hash", sa.String(64), nullable=False, index=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)
