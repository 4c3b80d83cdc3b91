"""Internal errors: the player reads a short sentence and a reference, the server's log has the details.

An exception's text can hold anything (SQL with its parameters, file paths, a hidden card in an engine
message), so it never reaches a player; the reference lets the operator find the log entry a player
reports.
"""

from __future__ import annotations

import logging
import secrets

log = logging.getLogger("siedler.server")


def report(what: str, exc: BaseException, game: str | None = None) -> str:
    """Log ``exc`` with a fresh reference; ``what`` with that reference, for the player."""
    ref = secrets.token_hex(4)
    where = f"game {game}: " if game else ""
    log.error("%s%s (reference %s)", where, what, ref, exc_info=exc)
    return f"{what} (reference {ref})"
