"""Server settings: where games are stored, how fast bots move, how long a seat may keep others waiting,
and the limits that keep one hostile client from exhausting the server (each documented with its default
in ``docs/security.md``, "Bounded load").

The timing settings also read environment variables (``SIEDLER_TIMERS``, ``SIEDLER_DISCONNECT_GRACE``,
``SIEDLER_ABANDON_AFTER``, ``SIEDLER_RETENTION``), so an operator, or a test starting the server as a
process, tunes them without a command-line option for each (docs/server.md, "Timers").
Every limit can also be set from the environment (``SIEDLER_<NAME>``, e.g. ``SIEDLER_MAX_LIVE_GAMES=1000``),
so an operator or a load test changes it without code; ``siedler serve`` has flags for the common ones.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, fields
from pathlib import Path

DATABASE_ENV = "SIEDLER_DATABASE_URL"
#: The longest bot delay a game may ask for: longer would look like a frozen table.
MAX_BOT_DELAY = 10.0

#: The names of this machine that are allowed as ``Host`` whatever the settings say.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")

#: Seconds per decision of each timer a creator may choose ("off" has none); see docs/server.md.
DEFAULT_TIMERS = {"relaxed": 180.0, "normal": 60.0, "fast": 20.0}


def default_database_url() -> str:
    """``SIEDLER_DATABASE_URL`` if set, else a SQLite file in the user's data folder (created on demand)."""
    url = os.environ.get(DATABASE_ENV)
    if url:
        return url
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("siedler", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'siedler.db'}"


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(f"SIEDLER_{name.upper()}")
    return default if raw is None or not raw.strip() else int(raw)


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(f"SIEDLER_{name.upper()}")
    return default if raw is None or not raw.strip() else float(raw)


def _env_list(name: str) -> tuple[str, ...]:
    raw = os.environ.get(f"SIEDLER_{name.upper()}", "")
    return tuple(part.strip() for part in raw.split(",") if part.strip())


def _env_flag(name: str) -> bool:
    return os.environ.get(f"SIEDLER_{name.upper()}", "").strip().lower() in ("1", "true", "yes", "on")


def _env_path(name: str) -> Path | None:
    raw = os.environ.get(name, "")
    return Path(raw) if raw else None


@dataclass
class Settings:
    database_url: str = field(default_factory=default_database_url)
    #: Seconds a bot waits before it moves, so that a person can follow; a game may ask for its own.
    bot_delay: float = 0.6
    #: The most a game may ask for; a request above it is refused (400), not clamped.
    max_bot_delay: float = MAX_BOT_DELAY
    #: Events sent when a client (re)connects; older ones stay in the record.
    log_tail: int = 400
    #: Memory holds only the games in use; any other game is rebuilt from its log when needed (a few ms,
    #: 60 ms for 600 moves). A room with no client, no move being stored and no bot about to move is idle:
    #: it is dropped after this many seconds...
    room_idle_seconds: float = 300.0
    #: ...or sooner, the longest unused first, when more idle rooms than this are in memory.
    idle_rooms_in_memory: int = 100
    #: Actions between two snapshots of a game: the most that loading it replays (``server/snapshots.py``).
    snapshot_every: int = field(default_factory=lambda: _env_int("snapshot_every", 500))
    #: How often the lobby looks for idle rooms to drop.
    sweep_seconds: float = 15.0
    #: Seconds a database write waits for a lock held elsewhere (another process) before it fails; it waits
    #: on a thread of its own (``database.py``), so only the games whose moves it stores wait with it.
    db_busy_timeout: float = field(default_factory=lambda: _env_float("db_busy_timeout", 2.0))
    #: On PostgreSQL (any number of processes, docs/server.md): seconds a game's lease lasts unless its owner
    #: renews it (four times per lease): a process that dies loses its games to the others after this long.
    lease_seconds: float = field(default_factory=lambda: _env_float("lease_seconds", 4.0))
    #: Seconds between two listings pushed to the lobby's viewers (``feed.py``) when no game was created,
    #: joined, started or ended meanwhile (those push at once): the move counts shown stay this fresh.
    lobby_push_seconds: float = field(default_factory=lambda: _env_float("lobby_push_seconds", 5.0))

    # ---------------------------------------------------------------- timers (docs/server.md)
    #: Seconds a seat has for each decision, per timer setting (a game without a timer is "off").
    timers: dict[str, float] = field(default_factory=lambda: _env_timers("SIEDLER_TIMERS"))
    #: Seconds a seat may be without a connection before a bot plays for it.
    disconnect_grace: float = field(default_factory=lambda: _env_seconds("SIEDLER_DISCONNECT_GRACE", 60.0))
    #: Seconds a running game with human seats may have none of them connected before it is abandoned.
    abandon_after: float = field(default_factory=lambda: _env_seconds("SIEDLER_ABANDON_AFTER", 900.0))
    #: Seconds an abandoned or ended game is kept before it is deleted (finished games are kept).
    retention: float = field(default_factory=lambda: _env_seconds("SIEDLER_RETENTION", 7 * 86400.0))
    #: How often deadlines, absences and abandonment are checked (the precision of every timer).
    sweep_interval: float = 0.25
    #: Seconds a game nobody attended (bots only, or seats whose people never showed up) is kept once it
    #: finished or stopped; games a person attended are kept as above (finished ones for good).
    unattended_retention: float = field(default_factory=lambda: _env_seconds("SIEDLER_UNATTENDED_RETENTION", 86400.0))
    #: How often stopped games past their retention are deleted from the database.
    cleanup_interval: float = 600.0

    # ---------------------------------------------------------------- bounded load (docs/security.md)
    #: Games one client may create per minute (HTTP 429 beyond).
    games_per_minute: int = field(default_factory=lambda: _env_int("games_per_minute", 10))
    #: Open and running games on the server at once (HTTP 503 beyond): bounds memory, and with the
    #: per-client rate, how fast the database grows.
    max_live_games: int = field(default_factory=lambda: _env_int("max_live_games", 500))
    #: Running games nobody attends (bots only, or seats whose people never showed up, which the stand-in
    #: plays) one client may have at once (HTTP 429 beyond): nobody has to be there for them to move on.
    bot_games_per_client: int = field(default_factory=lambda: _env_int("bot_games_per_client", 3))
    #: Actions the bots and stand-ins of one client's games may store per hour, all its games together
    #: (a sustained rate with this burst); beyond it they wait: bounds how fast one address fills the database.
    bot_actions_per_hour: int = field(default_factory=lambda: _env_int("bot_actions_per_hour", 30_000))
    #: SQLite: seconds between checkpoints that copy the write-ahead log into the database and truncate it...
    checkpoint_seconds: float = field(default_factory=lambda: _env_float("checkpoint_seconds", 30.0))
    #: ... and the size in bytes the log is cut back to after a checkpoint (``journal_size_limit``).
    wal_limit_bytes: int = field(default_factory=lambda: _env_int("wal_limit_bytes", 64 * 1024 * 1024))
    #: Actions a game may have: one that reaches them is stopped (``ended``, reason ``action_limit``). Far
    #: beyond a real game (bots' base games have a few hundred to a few thousand), it ends any game that could
    #: not end otherwise.
    max_game_actions: int = field(default_factory=lambda: _env_int("max_game_actions", 20_000))
    #: HTTP requests to ``/api`` one client may make per second, sustained (HTTP 429 beyond) ...
    api_requests_per_second: float = field(default_factory=lambda: _env_float("api_requests_per_second", 20.0))
    #: ... and in a burst.
    api_burst: int = field(default_factory=lambda: _env_int("api_burst", 100))
    #: Largest HTTP request body in bytes (HTTP 413 beyond).
    max_body_bytes: int = field(default_factory=lambda: _env_int("max_body_bytes", 64 * 1024))
    #: WebSocket connections holding one seat at once (close code 4409 beyond): a few windows of one person.
    ws_per_seat: int = field(default_factory=lambda: _env_int("ws_per_seat", 4))
    #: WebSocket connections from one client at once, players and spectators (close code 4409 beyond).
    ws_per_client: int = field(default_factory=lambda: _env_int("ws_per_client", 32))
    #: Largest WebSocket message in bytes (close code 1009 beyond).
    ws_max_message_bytes: int = field(default_factory=lambda: _env_int("ws_max_message_bytes", 16 * 1024))
    #: WebSocket messages one connection may send per second, sustained (close code 4429 beyond) ...
    ws_messages_per_second: float = field(default_factory=lambda: _env_float("ws_messages_per_second", 10.0))
    #: ... and in a burst.
    ws_burst: int = field(default_factory=lambda: _env_int("ws_burst", 30))

    #: Characters (of JSON text: bytes, near enough) one client's WebSockets are sent per second, sustained,
    #: and in a burst: beyond, its connections wait for their turn (``connection.py``) ...
    ws_output_per_second: int = field(default_factory=lambda: _env_int("ws_output_per_second", 256 * 1024))
    ws_output_burst: int = field(default_factory=lambda: _env_int("ws_output_burst", 4 * 1024 * 1024))
    #: ... and seconds of CPU spent building their states, per second and in a burst.
    ws_cpu_per_second: float = field(default_factory=lambda: _env_float("ws_cpu_per_second", 0.1))
    ws_cpu_burst: float = field(default_factory=lambda: _env_float("ws_cpu_burst", 1.0))
    #: A connection that would wait longer than this for its client's budget is closed (code 4429).
    ws_output_wait: float = field(default_factory=lambda: _env_float("ws_output_wait", 10.0))
    #: Characters queued for one connection that has not taken them (close code 4408 beyond) ...
    ws_backlog: int = field(default_factory=lambda: _env_int("ws_backlog", 1024 * 1024))
    #: Seconds a connection, an HTTP answer or a WebSocket, may find its send buffer full (its peer reads
    #: nothing) before it is cut (``gate.py``).
    write_stall: float = field(default_factory=lambda: _env_float("write_stall", 10.0))
    #: Seconds between two whole states a connection asks for (a change of language): one within this
    #: waits, and only the last language asked for is sent.
    ws_full_state_interval: float = field(default_factory=lambda: _env_float("ws_full_state_interval", 2.0))

    #: Seconds a connection may take to send a request's headers, from opening or from its request's first
    #: byte (HTTP 408 and closed beyond): a half-sent request must not hold a connection for ever.
    header_timeout: float = field(default_factory=lambda: _env_float("header_timeout", 5.0))
    #: Seconds a request's body may take to arrive, from the end of its headers (HTTP 408 and closed beyond):
    #: the largest body (``max_body_bytes``) is well within it even on a slow line, a trickle is not.
    body_timeout: float = field(default_factory=lambda: _env_float("body_timeout", 10.0))
    #: Seconds a connection may stay idle between two requests before it is closed.
    keep_alive_timeout: float = field(default_factory=lambda: _env_float("keep_alive_timeout", 5.0))
    #: TCP connections one client address may hold at once, HTTP and WebSocket (a trusted proxy's count only
    #: towards ``max_connections``); a new one beyond takes the place of the address's longest idle one.
    connections_per_client: int = field(default_factory=lambda: _env_int("connections_per_client", 64))
    #: TCP connections the server holds at once (at most what its file-descriptor limit leaves room for).
    max_connections: int = field(default_factory=lambda: _env_int("max_connections", 4096))

    # ---------------------------------------------------------------- who is asking (docs/security.md)
    #: Addresses or networks (``10.0.0.0/8``) of reverse proxies whose ``X-Forwarded-For`` is believed;
    #: empty: the peer's own address is the client, whatever headers it sends.
    trusted_proxies: tuple[str, ...] = field(default_factory=lambda: _env_list("trusted_proxies"))
    #: Leading bits of an IPv6 address that make one client for every per-address limit (``addresses.py``):
    #: a subscriber gets a /64 and may use any address of it. IPv4 addresses are each one client.
    ipv6_prefix: int = field(default_factory=lambda: _env_int("ipv6_prefix", 64))
    #: Origins (``https://catan.example.org``) whose pages may open a WebSocket besides the server's own host.
    allowed_origins: tuple[str, ...] = field(default_factory=lambda: _env_list("allowed_origins"))
    #: Host names (the ``Host`` header) this server answers for: a page from another site that a DNS record
    #: points at this server (DNS rebinding) is refused. ``siedler serve`` adds its ``--host``; ``*``: any.
    allowed_hosts: tuple[str, ...] = field(default_factory=lambda: LOCAL_HOSTS + _env_list("allowed_hosts"))
    #: Serve the API browser (Swagger UI) at ``/api/docs``: off unless ``SIEDLER_API_DOCS=1``, since its
    #: scripts come from a CDN and would run on the origin whose storage holds seat tokens and invite codes
    #: (the schema itself is always at ``/api/openapi.json``).
    api_docs: bool = field(default_factory=lambda: _env_flag("api_docs"))
    #: A folder of How-to-play pages (``RULESET.LANG.md`` and their pictures) served at ``/howto/`` instead
    #: of the rule sets' own (``siedler.howto``, which ``siedler rules RULESET`` prints too), when
    #: ``SIEDLER_HOWTO_DIR`` names one.
    howto_dir: Path | None = field(default_factory=lambda: _env_path("SIEDLER_HOWTO_DIR"))

    def __post_init__(self) -> None:
        """A setting that would switch a protection off by accident (a negative or infinite limit) is refused
        at start-up, where the operator sees it, not found later by a player."""
        for f in fields(self):
            value = getattr(self, f.name)
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if number and (not math.isfinite(value) or value < 0):
                raise ValueError(f"setting {f.name} must be a finite number >= 0, not {value!r}")
        if not 1 <= self.ipv6_prefix <= 128:
            raise ValueError(f"setting ipv6_prefix must be from 1 to 128 bits, not {self.ipv6_prefix!r}")
        if self.bot_delay > self.max_bot_delay:
            raise ValueError(f"bot_delay {self.bot_delay} is above max_bot_delay {self.max_bot_delay}")


def _env_seconds(name: str, default: float) -> float:
    value = os.environ.get(name)
    return default if not value else _seconds(name, value)


def _env_timers(name: str) -> dict[str, float]:
    """``SIEDLER_TIMERS="relaxed=180,normal=60,fast=20"``: durations to replace (the others keep theirs)."""
    timers = dict(DEFAULT_TIMERS)
    for part in filter(None, os.environ.get(name, "").split(",")):
        key, _, value = part.partition("=")
        if key.strip() not in timers:
            raise ValueError(f"{name}: unknown timer {key.strip()!r} (timers: {', '.join(DEFAULT_TIMERS)})")
        timers[key.strip()] = _seconds(name, value)
    return timers


def _seconds(name: str, value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"{name}: {value!r} is not a number of seconds") from None
    if not 0 < seconds < 10**7:
        raise ValueError(f"{name}: {value!r} must be a positive number of seconds")
    return seconds
