"""``siedler serve``: the browser table on this machine (the main job of ``make run``)."""

from __future__ import annotations

import errno
import socket

import typer

from siedler.core.i18n import text

# Repeatable options, made once (a list-valued default may not be built in the signature).
TRUSTED_PROXY = typer.Option(
    None,
    help="address or network of a reverse proxy whose X-Forwarded-For is believed (repeatable; "
    "or SIEDLER_TRUSTED_PROXIES, comma-separated)",
)
ALLOWED_ORIGIN = typer.Option(
    None, help="another origin whose pages may connect (repeatable; or SIEDLER_ALLOWED_ORIGINS, comma-separated)"
)
ALLOWED_HOST = typer.Option(
    None,
    help="a host name this server answers for besides 127.0.0.1, localhost, [::1] and --host: the name a proxy "
    "or other machines reach it by (repeatable; or SIEDLER_ALLOWED_HOSTS, comma-separated; * for any)",
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
        bot_games_per_client: int | None = typer.Option(
            None,
            help="running games nobody attends (bots only, or people who never showed up) one address may have "
            "(default 3, or SIEDLER_BOT_GAMES_PER_CLIENT)",
        ),
        bot_actions_per_hour: int | None = typer.Option(
            None,
            help="actions the bots and stand-ins of one address's games may store per hour; beyond, they wait "
            "(default 30000, or SIEDLER_BOT_ACTIONS_PER_HOUR)",
        ),
        max_game_actions: int | None = typer.Option(
            None, help="actions a game may have before it is stopped (default 20000, or SIEDLER_MAX_GAME_ACTIONS)"
        ),
        retention: float | None = typer.Option(
            None,
            help="seconds an abandoned or ended game is kept (default 604800, 7 days, or SIEDLER_RETENTION); "
            "finished games a person attended are kept for good",
        ),
        unattended_retention: float | None = typer.Option(
            None,
            help="seconds a game nobody attended is kept once finished or stopped (default 86400, a day, or "
            "SIEDLER_UNATTENDED_RETENTION)",
        ),
        wal_limit_bytes: int | None = typer.Option(
            None,
            help="SQLite: bytes the write-ahead log is cut back to at each checkpoint, every 30 s (default "
            "67108864, 64 MiB, or SIEDLER_WAL_LIMIT_BYTES)",
        ),
        trusted_proxy: list[str] | None = TRUSTED_PROXY,
        ipv6_prefix: int | None = typer.Option(
            None,
            help="leading bits of an IPv6 address that make one client for every per-address limit "
            "(default 64, or SIEDLER_IPV6_PREFIX); IPv4 addresses are each one client",
        ),
        allowed_origin: list[str] | None = ALLOWED_ORIGIN,
        allowed_host: list[str] | None = ALLOWED_HOST,
    ) -> None:
        """Serve the browser table: create games of any rule set, play with friends and bots."""
        from siedler.server.runner import serve as run

        _check_port(host, port)

        limits = {
            "games_per_minute": games_per_minute,
            "max_live_games": max_live_games,
            "bot_games_per_client": bot_games_per_client,
            "bot_actions_per_hour": bot_actions_per_hour,
            "max_game_actions": max_game_actions,
            "retention": retention,
            "unattended_retention": unattended_retention,
            "wal_limit_bytes": wal_limit_bytes,
            "trusted_proxies": tuple(trusted_proxy) if trusted_proxy else None,
            "ipv6_prefix": ipv6_prefix,
            "allowed_origins": tuple(allowed_origin) if allowed_origin else None,
            "allowed_hosts": tuple(allowed_host) if allowed_host else None,
        }
        run(host, port, database, bot_delay, limits=limits)


def port_taken(host: str, port: int) -> bool:
    """Whether another program listens on ``host:port`` already: binding as the server would (with
    SO_REUSEADDR, so a port in TIME_WAIT counts as free) fails with EADDRINUSE."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            # any other failure (no such address, a privileged port) is the server's to report
            return exc.errno == errno.EADDRINUSE
    return False


def _check_port(host: str, port: int) -> None:
    """Say plainly that the port is taken and how to choose another (``make run PORT=...`` too), instead of
    the server's start-up failing with a message about the socket."""
    if port_taken(host, port):
        typer.echo(text("cli.serve.port_in_use", "en", host=host, port=port, other=port + 1), err=True)
        raise typer.Exit(1)
