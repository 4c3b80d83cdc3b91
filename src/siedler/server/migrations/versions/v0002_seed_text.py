"""Seeds as decimal text (128-bit and larger seeds), and whether the creator chose the seed.

A 64-bit integer column cannot hold the 128-bit seeds games now get (SQLite raised OverflowError, a 500).
Existing seeds are kept: each integer becomes its decimal text. The column is replaced (add, copy, drop,
rename) rather than altered: on SQLite altering a type means rebuilding the table, and dropping the old
``games`` table would delete every seat and action through their ``ON DELETE CASCADE`` foreign keys. The
same four statements run on PostgreSQL; on SQLite ``DROP COLUMN`` needs version 3.35 (2021) or later.

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


def _replace_seed(new_type: sa.String | sa.BigInteger, cast: str) -> None:
    # SQLite adds a NOT NULL column only with a default; the copy overwrites it at once.
    op.add_column("games", sa.Column("seed_new", new_type, nullable=False, server_default="0"))
    op.execute(f"UPDATE games SET seed_new = CAST(seed AS {cast})")
    op.drop_column("games", "seed")
    op.alter_column("games", "seed_new", new_column_name="seed")


def upgrade() -> None:
    _replace_seed(sa.String(80), "VARCHAR(80)")
    op.add_column("games", sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Back to integers; fails on a seed above 64 bits, which the old schema cannot hold."""
    op.drop_column("games", "seed_chosen")
    _replace_seed(sa.BigInteger(), "BIGINT")
