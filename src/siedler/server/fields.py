"""Bounds of what a client sends, shared by the HTTP API and the WebSocket, so that no single message can
cost much to parse, store or echo back (names, which others read, have rules of their own: ``names.py``).
"""

from __future__ import annotations

from typing import Any

#: No rule set seats more (the rule set's own maximum applies first); bounds seat numbers in requests.
MAX_SEATS = 16
#: The longest action text (the same bound as the database column).
MAX_ACTION = 200
#: The longest message ``id`` a client may attach to an ``act`` (echoed back in a refusal).
MAX_REF = 64
#: The longest ``lang`` value.
MAX_LANG = 16
#: A seat token is 32 characters; anything much longer is not one.
MAX_TOKEN = 100


def ref_of(value: Any) -> int | str | None:
    """A message's ``id`` as the client may get it back: a whole number or a short text, else nothing."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and -(2**53) < value < 2**53:
        return value
    if isinstance(value, str) and len(value) <= MAX_REF:
        return value
    return None
