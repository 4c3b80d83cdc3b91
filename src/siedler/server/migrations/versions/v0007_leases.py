"""Leases and creations: several ``siedler serve`` processes on one PostgreSQL database.

``leases`` says which process owns each live game (``server/cluster.py``); ``creations`` counts each client
address's new games across the processes, so that the per-address limits hold for the whole cluster.
Both start empty: a game without a lease is free for the first process that needs it.

Revision ID: 0007
Revises: 0006
Create Date: 2027-01-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "creations",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("client_hash", sa.String(64), nullable=False, index=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("creations")
    op.drop_table("leases")
