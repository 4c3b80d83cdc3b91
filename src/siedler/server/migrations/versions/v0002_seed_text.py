"""Seeds as decimal text (128-bit and larger seeds), and whether the creator chose the seed.

A 64-bit integer column cannot hold the 128-bit seeds games now get (SQLite raised OverflowError, a 500).
Existing seeds are kept: the integer becomes its decimal text. Batch mode rebuilds the table on SQLite,
which cannot alter a column's type in place; PostgreSQL converts with ``USING``.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed",
            type_=sa.String(80),
            existing_type=sa.BigInteger,
            existing_nullable=False,
            postgresql_using="seed::text",
        )
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Back to integers; fails on a seed above 64 bits, which the old schema cannot hold."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_chosen")
        batch.alter_column(
            "seed",
            type_=sa.BigInteger,
            existing_type=sa.String(80),
            existing_nullable=False,
            postgresql_using="seed::bigint",
        )
