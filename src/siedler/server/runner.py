"""Start the server: ``siedler serve`` and ``python -m siedler.server`` both end up here."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .config import Settings
from .gate import Gate


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float | None = None,
    log_level: str = "warning",
    limits: Mapping[str, Any] | None = None,
) -> None:
    """``limits``: ``Settings`` fields to change (``games_per_minute``, ``trusted_proxies``...); ``None``
    values keep the default (or what the environment says); ``allowed_hosts`` are added to the default ones."""
    import uvicorn

    from .app import create_app

    settings = Settings() if database is None else Settings(database_url=database)
    changes: dict[str, Any] = {k: v for k, v in (limits or {}).items() if v is not None}
    if bot_delay is not None:
        changes["bot_delay"] = bot_delay
    # This machine's own names, the environment's, the flags' and the address it listens on.
    changes["allowed_hosts"] = (*settings.allowed_hosts, *changes.get("allowed_hosts", ()), host)
    settings = replace(settings, **changes)  # checked again by Settings.__post_init__
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"siedler: the browser table is at http://{shown}:{port}/  (games stored in {_safe(settings)})", flush=True)
    if host in ("0.0.0.0", "::"):
        print("siedler: name the hosts others reach this machine by with --allowed-host NAME", flush=True)
    uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level, **uvicorn_options(settings))


def uvicorn_options(settings: Settings, gate: Gate | None = None) -> dict[str, Any]:
    """The ``uvicorn.Config`` arguments of a server with these settings: its door (``gate``, made from the
    settings unless given: header and body deadlines, connection caps), its keep-alive deadline and its
    frame limit."""
    gate = Gate(settings) if gate is None else gate
    return {
        "http": gate.http_protocol(),
        "ws": gate.ws_protocol(),
        "ws_max_size": settings.ws_max_message_bytes,
        "timeout_keep_alive": settings.keep_alive_timeout,
        # The client's address comes from X-Forwarded-For only behind a trusted proxy, and the app decides
        # that itself (limits.py); uvicorn would otherwise believe the header from any local peer.
        "proxy_headers": False,
        "server_header": False,
    }


def _safe(settings: Settings) -> str:
    """The database URL without a password, for printing."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(settings.database_url).render_as_string(hide_password=True)
    except Exception:
        return "the configured database"
