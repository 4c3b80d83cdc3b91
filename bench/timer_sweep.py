"""The cost of the turn timers: one sweep over many running games, and one clock for a state message.

    .venv/bin/python bench/timer_sweep.py [--games 200] [--sweeps 50]

The server's sweeper (``siedler.server.timers``) checks every game in memory each ``sweep_interval``
(0.25 s) on the event loop, so a sweep's time is the most it can add to a move's latency, and a sweep's
time times four per second is its share of a core. Games here are base games of four people, every seat
taken and every clock running (timer ``normal``), on a fresh SQLite file; nobody connects, so each sweep
does all its checks and hands nothing over. A script, not a test: timings belong in reports.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from siedler.server import timers
from siedler.server.config import Settings
from siedler.server.creation import GameSpec, SeatSpec
from siedler.server.lobby import Lobby


async def measure(games: int, sweeps: int, folder: Path) -> tuple[float, float]:
    """Seconds per sweep over ``games`` running games, and per clock computed for a state message."""
    lobby = Lobby(Settings(database_url=f"sqlite:///{folder / 'sweep.db'}", bot_delay=0.0))
    lobby.open()
    try:
        for _ in range(games):
            spec = GameSpec("base", [SeatSpec() for _ in range(4)], name="a", timer="normal")
            created = await lobby.create(spec, "127.0.0.1")
            for seat in (1, 2, 3):
                await created.room.seating.claim(seat, f"b{seat}", created.invite, "127.0.0.1")
        rooms = list(lobby.rooms.values())
        start = time.perf_counter()
        for _ in range(sweeps):
            now = time.time()
            for room in rooms:
                timers.due(room, now)
        sweep = (time.perf_counter() - start) / sweeps
        start = time.perf_counter()
        for room in rooms:
            timers.clock(room, time.time())
        return sweep, (time.perf_counter() - start) / len(rooms)
    finally:
        await lobby.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--sweeps", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sweep, clock = asyncio.run(measure(args.games, args.sweeps, Path(folder)))
    interval = Settings(database_url="sqlite://").sweep_interval
    print(f"{args.games} running games: one sweep {sweep * 1e3:.2f} ms, {sweep / interval:.1%} of a core")
    print(f"one clock for a state message: {clock * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
