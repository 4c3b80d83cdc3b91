"""Snapshots of a game's position, its stored number of actions, and whether a person attended it.

A game loads from its newest snapshot and the actions after it instead of replaying its whole log
(``server/snapshots.py``); existing games have none and get one when first loaded. Summaries and the lobby
read ``games.actions`` instead of counting the log: existing games get their count here. Existing games
count as attended (kept as before); new ones are attended once a person shows up at one of their seats.

Revision ID: 0005
Revises: 0004
Create Date: 2027-01-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place, as in 0004: rebuilding ``games`` would delete every seat and action with it.
    with op.batch_alter_table("games", recreate="never") as batch:
        batch.add_column(sa.Column("actions", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("attended", sa.Boolean, nullable=False, server_default=sa.true()))
    games = sa.table("games", sa.column("id", sa.String), sa.column("actions", sa.Integer))
    logged = sa.table("actions", sa.column("game_id", sa.String))
    count = sa.select(sa.func.count()).select_from(logged).where(logged.c.game_id == games.c.id)
    op.execute(games.update().values(actions=count.scalar_subquery()))
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("last", sa.String(200), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("attended")
        batch.drop_column("actions")
