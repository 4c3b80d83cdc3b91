"""``siedler serve``: the browser table on this machine (the main job of ``make run``)."""

from __future__ import annotations

import typer

# Repeatable options, made once (a list-valued default may not be built in the signature).
TRUSTED_PROXY = typer.Option(
    None,
    help="address or network of a reverse proxy whose X-Forwarded-For is believed (repeatable; "
    "or SIEDLER_TRUSTED_PROXIES, comma-separated)",
)
ALLOWED_ORIGIN = typer.Option(
    None, help="another origin whose pages may connect (repeatable; or SIEDLER_ALLOWED_ORIGINS, comma-separated)"
)


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option(
            "127.0.0.1",
            help="address to listen on; this machine only by default (behind a TLS proxy: see the README)",
        ),
        port: int = typer.Option(8000, help="port to listen on"),
        database: str | None = typer.Option(
            None,
            envvar="SIEDLER_DATABASE_URL",
            help="SQLAlchemy database URL, e.g. postgresql://user@host/db "
            "[default: a SQLite file in the user's data folder]",
        ),
        bot_delay: float = typer.Option(0.6, help="seconds a bot waits before each move, so people can follow"),
        games_per_minute: int | None = typer.Option(
            None, help="games one address may create per minute (default 10, or SIEDLER_GAMES_PER_MINUTE)"
        ),
        max_live_games: int | None = typer.Option(
            None, help="open and running games at most (default 500, or SIEDLER_MAX_LIVE_GAMES)"
        ),
        trusted_proxy: list[str] | None = TRUSTED_PROXY,
        allowed_origin: list[str] | None = ALLOWED_ORIGIN,
    ) -> None:
        """Serve the browser table: create games of any rule set, play with friends and bots."""
        from siedler.server.runner import serve as run

        limits = {
            "games_per_minute": games_per_minute,
            "max_live_games": max_live_games,
            "trusted_proxies": tuple(trusted_proxy) if trusted_proxy else None,
            "allowed_origins": tuple(allowed_origin) if allowed_origin else None,
        }
        run(host, port, database, bot_delay, limits=limits)
