"""Server settings: where games are stored, how fast bots move, where to listen."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DATABASE_ENV = "SIEDLER_DATABASE_URL"


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
    #: Memory holds only the games in use; any other game is rebuilt from its log when needed (a few ms,
    #: 60 ms for 600 moves). A room with no client, no move being stored and no bot about to move is idle:
    #: it is dropped after this many seconds...
    room_idle_seconds: float = 300.0
    #: ...or sooner, the longest unused first, when more idle rooms than this are in memory.
    idle_rooms_in_memory: int = 100
    #: How often the lobby looks for idle rooms to drop.
    sweep_seconds: float = 15.0
