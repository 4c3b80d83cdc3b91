"""Cold games: what a request for a long game costs when the game is not in memory, and what it then holds.

    .venv/bin/python bench/cold_games.py --keep /tmp/cold.db      # play a 20,000-action game, keep the file
    .venv/bin/python bench/cold_games.py --prepared /tmp/cold.db  # time the requests on that file again
    .venv/bin/python bench/cold_games.py --database postgresql://siedler:siedler@127.0.0.1:5432/bench

First a game that cannot end (Deck Building without cities, two random bots, no bot delay) is played on an
in-process server until the server's action limit stops it at ``--actions``. Then, on a server started
again on that database, ``--requests`` times: the game is dropped from memory and its summary asked for
(``GET /api/games/{id}``), and dropped again and a spectator's view asked for (``GET .../view``, which
loads the game). Each request is timed; the memory one loaded idle room holds is what ``tracemalloc`` sees
added by loading it once more. The script runs on any build that has these endpoints (another checkout's
interpreter running it gives the figures before a change). Exit 0 when the median cold view is within ``--target``
seconds. A script, not a test: timings belong in reports, not in assertions (DEVELOPERS.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from siedler.server import Settings, create_app

ENDLESS = {"turn_limit": 10**6, "supply": {"city": 0}}
#: The bench plays every request from one address: the per-address limits would refuse most of them.
RELAXED = {
    "games_per_minute": 10_000,
    "api_requests_per_second": 10_000.0,
    "api_burst": 10_000,
    "allowed_hosts": ("testserver",),  # the test client's Host
}


def server(url: str, actions: int) -> TestClient:
    app = create_app(Settings(database_url=url, bot_delay=0.0, max_game_actions=actions, **RELAXED))
    client = TestClient(app)
    client.__enter__()
    return client


def play(url: str, actions: int) -> str:
    """Store a stopped game of ``actions`` actions; its id."""
    client = server(url, actions)
    try:
        body = {"ruleset": "deck-building", "seats": [{"kind": "bot", "bot": "random"}] * 2, "claim": -1}
        created = client.post("/api/games", json={**body, "options": ENDLESS, "bot_delay": 0})
        assert created.status_code == 201, created.text
        gid = str(created.json()["game"]["id"])
        while client.get(f"/api/games/{gid}").json()["status"] == "running":
            time.sleep(0.5)
        return gid
    finally:
        client.__exit__(None, None, None)


def cold(client: TestClient, gid: str, path: str) -> tuple[float, float]:
    """Seconds to answer ``path`` for the game after dropping it from memory: wall clock, and the CPU time
    of the whole process (every thread; on a busy machine the steadier of the two)."""
    lobby: Any = client.app.state.lobby  # type: ignore[attr-defined]
    lobby.rooms.pop(gid, None)
    lobby._seen.pop(gid, None)
    start, cpu = time.perf_counter(), time.process_time()
    response = client.get(path)
    took = time.perf_counter() - start, time.process_time() - cpu
    assert response.status_code == 200, response.text
    return took


def drop_last_snapshot(client: TestClient, gid: str) -> None:
    """Delete the snapshot at the game's end (kept where the number of actions is not a multiple of the
    snapshots' interval), and keep the server from storing it again when it loads the game."""
    import sqlalchemy as sa

    from siedler.server.models import snapshots

    lobby: Any = client.app.state.lobby  # type: ignore[attr-defined]
    every = lobby.services.snapshots.every
    with lobby.storage.engine.begin() as conn:
        conn.execute(sa.delete(snapshots).where(snapshots.c.game_id == gid, snapshots.c.n % every != 0))
    lobby.services.snapshots.keep = lambda *args: None


def room_bytes(client: TestClient, gid: str) -> int:
    """What loading the idle room once more adds to the traced memory."""
    lobby: Any = client.app.state.lobby  # type: ignore[attr-defined]
    lobby.rooms.pop(gid, None)
    lobby._seen.pop(gid, None)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    client.get(f"/api/games/{gid}/view")
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return after - before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a SQLAlchemy URL of an empty database (default: a fresh SQLite file)")
    parser.add_argument("--prepared", type=Path, help="a SQLite file this script filled before (with --keep)")
    parser.add_argument("--keep", type=Path, help="fill this SQLite file and keep it")
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=10)
    parser.add_argument("--target", type=float, default=0.050, help="seconds a cold view may take (median)")
    parser.add_argument(
        "--without-last-snapshot",
        action="store_true",
        help="delete the snapshot at the game's end first (with --actions 20499: a load replays 499 actions)",
    )
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="cold-games-")
    path = args.prepared or args.keep or Path(folder) / "games.db"
    url = args.database or f"sqlite:///{path}"
    if args.prepared is None:
        played = time.perf_counter()
        gid = play(url, args.actions)
        print(f"played and stored a game of {args.actions:,} actions in {time.perf_counter() - played:.1f} s")
    client = server(url, args.actions)
    try:
        if args.prepared is not None:
            gid = client.get("/api/games").json()["stopped"][0]["id"]
        if args.without_last_snapshot:
            drop_last_snapshot(client, gid)
        summaries = [cold(client, gid, f"/api/games/{gid}") for _ in range(args.requests)]
        views = [cold(client, gid, f"/api/games/{gid}/view") for _ in range(args.requests)]
        held = room_bytes(client, gid)
    finally:
        client.__exit__(None, None, None)
    for name, times in (("cold summary", summaries), ("cold view", views)):
        wall, cpu = ([t[i] * 1000 for t in times] for i in (0, 1))
        print(
            f"{name:>13}: wall median {statistics.median(wall):7.1f} ms, max {max(wall):7.1f} ms; "
            f"CPU median {statistics.median(cpu):7.1f} ms, max {max(cpu):7.1f} ms ({len(times)} requests)"
        )
    print(f"one idle room of the game: {held / 2**20:.2f} MiB (tracemalloc)")
    return 0 if statistics.median(t[0] for t in views) <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
