"""Invitations and public games, the creator's address per seat, and commitments that bind ``seed_chosen``.

A game's open seats are taken with its invite code (stored as SHA-256), or by anyone if the game is public,
one seat per client address (a seat's ``client_hash``: SHA-256 of the game id and the address). Existing
open games were joinable by anyone: they become public, which keeps that. Existing games keep commitment
version 1 (game id and seed), the one their players were shown; new games get version 2, which binds
whether the seed was chosen too (``siedler.core.fairness``).

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-12
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place: rebuilding ``games`` (SQLite's batch mode) would drop it, and with foreign keys on,
    # dropping it deletes every seat with it.
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("commitment_version", sa.Integer, nullable=False, server_default="1"))
    with op.batch_alter_table("seats", recreate="never") as batch:
        batch.add_column(sa.Column("client_hash", sa.String(64), nullable=True))
    games = sa.table("games", sa.column("status", sa.String), sa.column("public", sa.Boolean))
    op.execute(games.update().where(games.c.status == "open").values(public=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("client_hash")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("commitment_version")
        batch.drop_column("public")
        batch.drop_column("invite_hash")
