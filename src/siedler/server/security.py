"""What every HTTP response carries, what every request may cost, and whose pages may open a WebSocket.

``Guard`` is a plain ASGI middleware in front of the whole application:

- every response gets the security headers below, unless the route set its own (the API browser does);
- a request body larger than ``max_body_bytes`` is refused with 413 before the application reads it;
- each client's ``/api`` requests are rate limited (429 with ``Retry-After``).

The WebSocket's Origin check lives here too (``origin_allowed``); ``ws.py`` applies it after accepting, so
that a refused page gets a close code and a message instead of a bare HTTP 403.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any
from urllib.parse import urlsplit

import orjson

from .limits import Limits

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The page's policy: its own scripts, styles and images only (no inline script, no ``on...=`` handler, no
#: ``eval``), its own WebSocket, never inside another site's frame. The favicon is a ``data:`` image.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", PAGE_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def docs_policy(html: str) -> str:
    """The policy of FastAPI's API browser (``/api/docs``): Swagger UI from its CDN, and its one inline
    script allowed by hash, so that no other inline script could run there either."""
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL)
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts)
    cdn = "https://cdn.jsdelivr.net"
    return (
        f"default-src 'self'; script-src 'self' {cdn} {hashes}; style-src 'self' {cdn} 'unsafe-inline'; "
        "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'"
    )


class BodyTooLarge(Exception):
    pass


class Guard:
    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        settings = self.limits.settings
        if scope["path"].startswith("/api/"):
            waiting = self.limits.requests.take(self.limits.client(scope))
            if waiting > 0:
                detail = f"too many requests: at most {settings.api_requests_per_second:g} a second from one address"
                await _reply(send, 429, detail, retry_after=waiting)
                return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > settings.max_body_bytes):
            await _reply(send, 413, f"the request body is larger than {settings.max_body_bytes} bytes")
            return
        started = False
        received = 0

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > settings.max_body_bytes:
                raise BodyTooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()), *(h for h in HEADERS if h[0] not in present)]
            await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except BodyTooLarge:
            if not started:
                await _reply(guarded_send, 413, f"the request body is larger than {settings.max_body_bytes} bytes")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1")).strip()
    return None


async def _reply(send: Send, status: int, detail: str, retry_after: float | None = None) -> None:
    body = orjson.dumps({"detail": detail})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *HEADERS]
    if retry_after is not None:
        seconds = 3600 if math.isinf(retry_after) else max(1, math.ceil(retry_after))
        headers.append((b"retry-after", str(seconds).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def origin_allowed(headers: Mapping[str, str], allowed: Iterable[str]) -> bool:
    """May a page from this WebSocket's ``Origin`` open it?

    Yes for the server's own host (the ``Host`` the browser connected to, which a proxy passes on), for an
    origin in ``allowed_origins``, and without an ``Origin`` at all: browsers always send one, so its absence
    means a program (a bot, the load test), which a page's script cannot pretend to be. ``null`` (a sandboxed
    frame or a file) is refused.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin.rstrip("/").lower() in {a.rstrip("/").lower() for a in allowed}:
        return True
    try:
        parts = urlsplit(origin)
        default = {"http": 80, "https": 443}.get(parts.scheme)
        if default is None or parts.hostname is None:
            return False
        host = urlsplit("//" + headers.get("host", ""))
        return bool(
            host.hostname == parts.hostname and (host.port or default) == (parts.port or default),
        )
    except ValueError:
        return False
