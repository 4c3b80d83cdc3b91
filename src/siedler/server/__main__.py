"""``python -m siedler.server [--host H] [--port P] [--database URL] [--bot-delay S]``: the server alone,
without the rest of the command line (tests and the load test start it this way)."""

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
    args = parser.parse_args()
    serve(args.host, args.port, args.database, args.bot_delay)


if __name__ == "__main__":
    main()
