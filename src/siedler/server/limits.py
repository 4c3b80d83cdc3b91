"""Bounded load: who a client is, and how much each client may ask of the server.

A *client* is the remote address of the connection; behind a reverse proxy that the settings trust
(``trusted_proxies``), the address that proxy saw, read from ``X-Forwarded-For``; IPv6 addresses of one
network (/64 by default) are one client (``addresses.py``). Trusting the header from
anyone else would let a client pick a fresh address per request and dodge every limit below.

The limits (defaults and the reasons for them in ``docs/security.md``, "Bounded load"): token buckets for
request, game-creation and WebSocket-message rates, and counters for open WebSocket connections per client
and per seat. All of it lives in memory: a restart forgets it, which only ever lets a client in early.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .addresses import group
from .config import Settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

#: Buckets kept per limiter before the full (idle) ones are dropped: bounds the limiter's own memory.
MAX_TRACKED = 10_000


class ServerFull(Exception):
    """The server already holds as many live games as its settings allow (HTTP 503)."""


class TooMany(Exception):
    """A client holds as many of something as it may at once (HTTP 429)."""


def too_many_bot_games(limit: int) -> TooMany:
    """The refusal of one more running game nobody attends, the same whoever counts (a process or the
    database of many)."""
    return TooMany(
        f"at most {limit} games of bots only, or whose people have not shown up, from one address at once: "
        "wait for one to end, or join one"
    )


class TooFast(Exception):
    """A client asked more often than its rate allows (HTTP 429); ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class _Bucket:
    tokens: float
    at: float


class TokenBucket:
    """``rate`` tokens per second up to ``burst``, one bucket per key; a request takes one token."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, _Bucket] = {}

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` has a token (0: it has one now); takes nothing."""
        bucket = self._refill(key, time.monotonic() if now is None else now)
        if bucket.tokens >= 1:
            return 0.0
        return float("inf") if self.rate <= 0 else (1 - bucket.tokens) / self.rate

    def take(self, key: str, now: float | None = None) -> float:
        """Take a token if there is one and return 0, else return the seconds to wait and take nothing."""
        moment = time.monotonic() if now is None else now
        waiting = self.wait(key, moment)
        if waiting == 0:
            self._buckets[key].tokens -= 1
        return waiting

    def spend(self, key: str, amount: float, now: float | None = None) -> None:
        """Take ``amount`` tokens whatever is there: a cost known only once paid (bytes sent, CPU used) may
        leave the key in debt, which ``owed`` says how long to wait out."""
        self._refill(key, time.monotonic() if now is None else now).tokens -= amount

    def owed(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` is out of debt (0: it is not in debt)."""
        bucket = self._refill(key, time.monotonic() if now is None else now)
        if bucket.tokens >= 0:
            return 0.0
        return float("inf") if self.rate <= 0 else -bucket.tokens / self.rate

    def _refill(self, key: str, now: float) -> _Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_TRACKED:
                self._forget_idle(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        else:
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
        return bucket

    def _forget_idle(self, now: float) -> None:
        """Drop buckets that have refilled: forgetting them changes nothing for their clients."""
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.at) * self.rate >= self.burst:
                del self._buckets[key]


class Counter:
    """Open things (connections) per key, each up to a limit."""

    def __init__(self) -> None:
        self._counts: dict[Any, int] = {}

    def acquire(self, key: Any, limit: int) -> bool:
        count = self._counts.get(key, 0)
        if count >= limit:
            return False
        self._counts[key] = count + 1
        return True

    def release(self, key: Any) -> None:
        count = self._counts.get(key, 0) - 1
        if count > 0:
            self._counts[key] = count
        else:
            self._counts.pop(key, None)

    def __getitem__(self, key: Any) -> int:
        return self._counts.get(key, 0)


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """``trusted_proxies`` as networks; a bad entry is a start-up error, never a silently open door."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(f"trusted proxy {entry!r} is not an IP address or network") from None
    return tuple(networks)


def trusted_address(address: str, networks: tuple[Network, ...]) -> bool:
    """Whether ``address`` is one of the trusted proxies."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(scope: Mapping[str, Any], networks: tuple[Network, ...]) -> str:
    """The address a request or WebSocket comes from, as the limits key it.

    ``X-Forwarded-For`` counts only when the peer is a trusted proxy; then the rightmost address that is not
    itself a trusted proxy is the client (addresses further left were written by the client and prove
    nothing).
    """
    peer = scope.get("client")
    address = str(peer[0]) if peer else "unknown"
    if not networks or not trusted_address(address, networks):
        return address
    forwarded: list[str] = []
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            forwarded.extend(part.strip() for part in value.decode("latin-1").split(","))
    for hop in reversed([part for part in forwarded if part]):
        if not trusted_address(hop, networks):
            return hop[:64]
        address = hop
    return address


class Limits:
    """Every limit of one server, shared by its HTTP and WebSocket endpoints (``app.state.limits``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.proxies = parse_networks(settings.trusted_proxies)
        self.requests = TokenBucket(settings.api_requests_per_second, settings.api_burst)
        self.creations = TokenBucket(settings.games_per_minute / 60, settings.games_per_minute)
        self.clients = Counter()
        self.seats = Counter()
        #: What one client's WebSockets cost: characters sent, and seconds of CPU building their states.
        self.output = TokenBucket(settings.ws_output_per_second, settings.ws_output_burst)
        self.work = TokenBucket(settings.ws_cpu_per_second, settings.ws_cpu_burst)

    def client(self, scope: Mapping[str, Any]) -> str:
        """Who asks, as every per-address limit counts it: the address, its IPv6 network grouped."""
        return group(client_address(scope, self.proxies), self.settings.ipv6_prefix)

    def check_creation(self, client: str) -> None:
        """Raise ``TooFast`` when ``client`` has created its games for this minute; takes nothing (only a
        game actually created counts: see ``created``)."""
        waiting = self.creations.wait(client)
        if waiting > 0:
            raise TooFast(
                f"too many new games: at most {self.settings.games_per_minute} a minute from one address",
                waiting,
            )

    def created(self, client: str) -> None:
        self.creations.take(client)

    def owed(self, client: str) -> float:
        """Seconds until ``client``'s WebSockets may be sent more: it has spent its output or its CPU."""
        return max(self.output.owed(client), self.work.owed(client))

    def message_bucket(self) -> TokenBucket:
        """A WebSocket connection's own message budget."""
        return TokenBucket(self.settings.ws_messages_per_second, self.settings.ws_burst)
