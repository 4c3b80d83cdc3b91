"""Turn timers and takeovers: a game's timer, its takeover bot, its creator's secret and decision clock;
a seat's takeover flag.

Existing games get no timer ("off") and the greedy bot, which is how they were created.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("timer", sa.String(16), nullable=False, server_default="off"))
        batch.add_column(sa.Column("takeover_bot", sa.String(32), nullable=False, server_default="greedy"))
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("clock_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("takeover", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("takeover")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock_at")
        batch.drop_column("creator_hash")
        batch.drop_column("takeover_bot")
        batch.drop_column("timer")
