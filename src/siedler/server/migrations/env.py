"""Alembic environment: the server passes its open connection in ``config.attributes['connection']``.

Run by hand (``alembic -c <ini>``) it falls back to ``sqlalchemy.url`` from the configuration.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from siedler.server.models import metadata

config = context.config


def run() -> None:
    if context.is_offline_mode():  # ``alembic upgrade --sql``: print the DDL for a database's dialect
        context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
