"""``siedler serve``: the browser table on this machine (the main job of ``make run``)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0 for the whole network)"),
        port: int = typer.Option(8000, help="port to listen on"),
        database: str | None = typer.Option(
            None,
            envvar="SIEDLER_DATABASE_URL",
            help="SQLAlchemy database URL, e.g. postgresql://user@host/db "
            "[default: a SQLite file in the user's data folder]",
        ),
        bot_delay: float = typer.Option(0.6, help="seconds a bot waits before each move, so people can follow"),
    ) -> None:
        """Serve the browser table: create games of any rule set, play with friends and bots."""
        from siedler.server.runner import serve as run

        run(host, port, database, bot_delay)
