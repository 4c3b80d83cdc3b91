"""Chat: each game's messages between its people, in a table of their own, and whether spectators may write.

A message is no move: it stays out of the game's record and log (``actions``), so replaying, verifying and
exporting a game never see it; it is deleted with its game. ``seat`` is the writer's seat, or null for a
spectator, whom a game's creator may let write (``games.spectator_chat``).

Revision ID: 0006
Revises: 0005
Create Date: 2027-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    # Added in place, as in 0004: rebuilding ``games`` would delete every seat with it.
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("spectator_chat")
    op.drop_table("chat")
