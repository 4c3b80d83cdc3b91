"""The WebSocket protocol's message types (documented in ``docs/protocol.md``) and fast JSON.

Every message is a JSON object with a ``type``. A client opens with ``hello`` naming the protocol version
it speaks; the server answers ``welcome`` with the version it will use, or ``error`` and closes. A change
that would break a client bumps ``PROTOCOL``; adding a field does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import orjson

from siedler.core.i18n import ENGLISH, language

#: Version 2: an ``act`` carries ``n``, the number the action is to get (version 1's acts did not, and a
#: retried one could be applied twice).
PROTOCOL = 2
SUPPORTED = (2,)

# Close codes (4000-4999 are free for applications).
CLOSE_PROTOCOL = 4400  # bad hello or unsupported version
CLOSE_FORBIDDEN = 4403  # wrong or missing seat token
CLOSE_NOT_FOUND = 4404  # no such game
CLOSE_TOO_SLOW = 4408  # the client fell too far behind and should reconnect
CLOSE_ORIGIN = 4406  # the page's Origin may not open this WebSocket
CLOSE_TOO_MANY = 4409  # too many connections from this address, or holding this seat
CLOSE_RATE = 4429  # the client sent more messages than its rate allows
CLOSE_MOVED = 1012  # the game moved to another server process: reconnect (the standard "service restart")
CLOSE_BUSY = 1013  # the game's server process is handing it over: reconnect shortly (standard "try again later")
CLOSE_TOO_BIG = 1009  # a message above the size limit (the standard code, also uvicorn's for a frame)


def dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


def dumps_bytes(value: Any) -> bytes:
    return orjson.dumps(value)


def json_object(parts: Mapping[str, bytes], keys: Iterable[str] | None = None) -> bytes:
    """A JSON object from values already serialised, without serialising them again."""
    chosen = parts.keys() if keys is None else keys
    return b"{" + b",".join(orjson.dumps(k) + b":" + parts[k] for k in chosen) + b"}"


def splice(header: Mapping[str, Any], fields: Mapping[str, bytes]) -> str:
    """``header`` with ``fields`` (already JSON) appended, as one JSON object's text."""
    head = orjson.dumps(header)
    tail = b",".join(orjson.dumps(k) + b":" + v for k, v in fields.items())
    return (head[:-1] + (b"," if tail and len(head) > 2 else b"") + tail + b"}").decode()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def refused(action: str, code: str, message: str, ref: Any = None) -> dict[str, Any]:
    """An ``act`` that changed nothing: ``code`` is ``illegal``, ``stale``, ``bad_action``, ``spectator`` or
    ``internal``; ``message`` says why in words."""
    return {"type": "refused", "action": action, "code": code, "message": message, "id": ref}


def lang_of(value: Any) -> str:
    """A client's language: one the message catalog has, else English."""
    return language(value) if isinstance(value, str) else ENGLISH
