"""Server settings: where games are stored, how fast bots move, how long a seat may keep others waiting.

The timing settings also read environment variables (``SIEDLER_TIMERS``, ``SIEDLER_DISCONNECT_GRACE``,
``SIEDLER_ABANDON_AFTER``, ``SIEDLER_RETENTION``), so an operator, or a test starting the server as a
process, tunes them without a command-line option for each (docs/server.md, "Timers").
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DATABASE_ENV = "SIEDLER_DATABASE_URL"

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


@dataclass
class Settings:
    database_url: str = field(default_factory=default_database_url)
    #: Seconds a bot waits before it moves, so that a person can follow; a game may ask for its own.
    bot_delay: float = 0.6
    #: The most a game may ask for, so a typo cannot freeze a table.
    max_bot_delay: float = 10.0
    #: Events sent when a client (re)connects; older ones stay in the record.
    log_tail: int = 400
    #: Finished games kept in memory for watchers; older ones are rebuilt from the database on demand.
    finished_in_memory: int = 64
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
    #: How often stopped games past their retention are deleted from the database.
    cleanup_interval: float = 600.0


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
