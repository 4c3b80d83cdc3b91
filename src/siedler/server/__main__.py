"""``python -m siedler.server [--host H] [--port P] [--database URL] [--bot-delay S] [limits]``: the server
alone, without the rest of the command line (tests and the load test start it this way)."""

from __future__ import annotations

import argparse

from .runner import serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m siedler.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL (default: SIEDLER_DATABASE_URL or a SQLite file in the user's data folder)",
    )
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds a bot waits before moving")
    parser.add_argument("--games-per-minute", type=int, default=None, help="games one address may create a minute")
    parser.add_argument("--max-live-games", type=int, default=None, help="open and running games at most")
    parser.add_argument("--ws-per-client", type=int, default=None, help="WebSocket connections per address")
    parser.add_argument(
        "--trusted-proxy", action="append", default=None, help="a reverse proxy's address or network (repeatable)"
    )
    parser.add_argument(
        "--ipv6-prefix", type=int, default=None, help="leading bits of an IPv6 address that make one client"
    )
    parser.add_argument(
        "--allowed-origin", action="append", default=None, help="another origin whose pages may connect (repeatable)"
    )
    parser.add_argument(
        "--allowed-host", action="append", default=None, help="another host name this server answers for (repeatable)"
    )
    args = parser.parse_args()
    limits = {
        "games_per_minute": args.games_per_minute,
        "max_live_games": args.max_live_games,
        "ws_per_client": args.ws_per_client,
        "trusted_proxies": tuple(args.trusted_proxy) if args.trusted_proxy else None,
        "ipv6_prefix": args.ipv6_prefix,
        "allowed_origins": tuple(args.allowed_origin) if args.allowed_origin else None,
        "allowed_hosts": tuple(args.allowed_host) if args.allowed_host else None,
    }
    serve(args.host, args.port, args.database, args.bot_delay, limits=limits)


if __name__ == "__main__":
    main()
