"""Alembic migrations, shipped in the package and run by the server at start (``storage.migrate``)."""
