"""Bounds of what a client sends, shared by the HTTP API and the WebSocket.

Names are shown to other players: a control character could break a log line or a terminal, and the
Unicode text-direction controls could make a name read as something else (``"evil\\u202egnp.exe"``).
Everything else is bounded so that no single message can cost much to parse, store or echo back.
"""

from __future__ import annotations

import unicodedata
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

#: Format characters that reorder or hide text; emoji joiners (U+200D) and variation selectors stay allowed.
_DIRECTION = {
    "\u061c",
    "\u200e",
    "\u200f",
    *(chr(c) for c in range(0x202A, 0x202F)),
    *(chr(c) for c in range(0x2066, 0x206A)),
}


def check_name(name: str) -> str:
    """``name`` if it may be shown to others, else ``ValueError`` saying what is wrong with it."""
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp", "Cs", "Co", "Cn"):
            raise ValueError(f"a name may not contain control characters (found U+{ord(char):04X})")
        if char in _DIRECTION:
            raise ValueError(f"a name may not contain text-direction characters (found U+{ord(char):04X})")
    return name


def ref_of(value: Any) -> int | str | None:
    """A message's ``id`` as the client may get it back: a whole number or a short text, else nothing."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and -(2**53) < value < 2**53:
        return value
    if isinstance(value, str) and len(value) <= MAX_REF:
        return value
    return None
