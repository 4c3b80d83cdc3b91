"""What every HTTP response carries, what every request may cost, and whose pages may open a WebSocket.

``Guard`` is a plain ASGI middleware in front of the whole application:

- a request or WebSocket whose ``Host`` is not one of the server's names (``allowed_hosts``) is refused (HTTP
  400; a WebSocket's handshake, 403): a site whose DNS name an attacker points at this server (DNS
  rebinding) must not get answers, nor a WebSocket, in the server's name;
- every response gets the security headers below, unless the route set its own (the API browser does);
- a request body larger than ``max_body_bytes`` is refused with 413 before the application reads it;
- each client's ``/api`` requests are rate limited (429 with ``Retry-After``).

The WebSocket's Origin check lives here too (``origin_allowed``); ``ws.py`` applies it after accepting, so
that a refused page gets a close code and a message instead of a bare HTTP 403.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from starlette.requests import Request
from starlette.responses import Response

from siedler.core.actions import digits

from .incidents import report
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


class Guard:
    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        hosts = {_host_name(host) for host in limits.settings.allowed_hosts}
        self.hosts = None if "*" in hosts else hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        named = sum(key == b"host" for key, _ in scope.get("headers", ()))
        host = _host_name(_header(scope, b"host") or "")
        if named > 1:  # which of them a proxy or the application reads is anyone's guess: neither
            await _refuse_host(scope, send, "a request names its host once: this one has several Host headers")
            return
        if self.hosts is not None and host not in self.hosts:
            await _refuse_host(scope, send, f"this server does not answer for the host {host[:80]!r}")
            return
        if scope["type"] == "websocket":
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
        if length is not None and (not digits(length) or int(length) > settings.max_body_bytes):
            await _reply(send, 413, f"the request body is larger than {settings.max_body_bytes} bytes")
            return
        received = 0
        refused = False

        async def counted_receive() -> Message:
            # A body without Content-Length (chunked) is counted as it comes; past the limit the client gets
            # 413 at once and the application sees a disconnect (whatever it answers then is dropped).
            nonlocal received, refused
            message = await receive()
            received += len(message.get("body", b""))
            if received > settings.max_body_bytes and not refused:
                refused = True
                await _reply(send, 413, f"the request body is larger than {settings.max_body_bytes} bytes")
            return {"type": "http.disconnect"} if refused else message

        async def guarded_send(message: Message) -> None:
            if refused:
                return
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()), *(h for h in HEADERS if h[0] not in present)]
            await send(message)

        await self.app(scope, counted_receive, guarded_send)


async def _refuse_host(scope: Scope, send: Send, detail: str) -> None:
    """400 for a request, a closed handshake (403) for a WebSocket."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
    else:
        await _reply(send, 400, detail)


def _host_name(host: str) -> str:
    """The name in a ``Host`` header or setting, as compared: lower case, no port, brackets or final dot."""
    host = host.strip()
    if host.count(":") > 1 and not host.startswith("["):  # a bare IPv6 address, as a setting names one
        host = f"[{host}]"
    try:
        name = urlsplit("//" + host).hostname or ""
    except ValueError:
        return ""
    return name.rstrip(".")


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


async def validation_error(request: Request, exc: Exception) -> Response:
    """FastAPI's 422 answer, serialisable whatever the input was: its own handler fails on an echoed
    ``NaN`` or ``Infinity`` (which Python's JSON parser accepts), and on a body that is not UTF-8 sent as
    ``text/plain`` or without a content type (it echoes the bytes and decodes them as UTF-8); either way the
    client got a 500. Echoed bytes are decoded with replacement characters."""
    assert isinstance(exc, RequestValidationError)
    errors = jsonable_encoder(exc.errors(), custom_encoder={bytes: _echoed})
    body = json.dumps({"detail": _finite(errors)}, allow_nan=False)
    return Response(body, status_code=422, media_type="application/json")


async def internal_error(request: Request, exc: Exception) -> Response:
    """A request that failed inside the server: a short answer with a reference, the details in the log."""
    body = {"detail": report("the server could not answer this request", exc)}
    return Response(orjson.dumps(body), status_code=500, media_type="application/json")


def _echoed(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def _finite(value: Any) -> Any:
    """``value`` with every infinite or NaN float spelled as text, so it is JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value
