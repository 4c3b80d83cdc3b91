"""Restart benchmark: how soon a server with many unfinished games in its database answers.

    .venv/bin/python bench/restart.py                     # 1,000 unfinished games on a fresh SQLite file
    .venv/bin/python bench/restart.py --games 200 --long 20
    .venv/bin/python bench/restart.py --database postgresql://siedler:siedler@127.0.0.1:5432/bench

The database is filled directly through the server's storage layer (faster than playing over the API):
a third of the games are open (seats free), a third running between people only, a third running with
bots and waiting for a person's move; every ``--long``-th game has ``--long-actions`` stored moves, the
others a few dozen. Then a server process starts on it, and the script reports the time from starting the
process to the first answer of the lobby's listing (the issue's target: within 2 s), the time to the
first view of a long game (its room is rebuilt on first use), whether the listing shows every unfinished
game, and the server's resident memory. Exit status 0 when the first answer came within ``--target``.
A script, not a test: timings belong in reports, not in assertions (DEVELOPERS.md).
"""

from __future__ import annotations

import argparse
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from siedler.core.registry import new_game
from siedler.server.storage import GameRow, SeatRow, Storage, hash_token


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fill(database: str, games: int, long_every: int, long_actions: int, seed: int) -> tuple[int, str, str]:
    """Store ``games`` unfinished games; the number of stored actions, a long game's id and its seat-0 token."""
    storage = Storage(database)
    storage.migrate()
    rng = random.Random(seed)
    total, long_id = 0, ""
    token = "bench-token"
    for i in range(games):
        kind = ("open", "people", "bots")[i % 3]
        seats = [SeatRow(0, "human", name="P1", token_hash=hash_token(token))]
        if kind == "bots":
            seats += [SeatRow(s, "bot", "random", f"Random {s + 1}") for s in (1, 2)]
        else:
            seats += [SeatRow(s, "human", name=f"P{s + 1}" if kind == "people" else None) for s in (1, 2)]
            if kind == "people":
                seats[1].token_hash = seats[2].token_hash = hash_token(f"other-{i}")
        status = "open" if kind == "open" else "running"
        row = GameRow(f"bench{i:05d}", "base", {}, seed + i, status, 0.0, seats, public=True)  # listed
        storage.create_game(row)
        if status == "open":
            continue
        wanted = long_actions if i % long_every == 0 else rng.randint(10, 60)
        game = new_game("base", players=3, seed=seed + i, options={})
        texts: list[str] = []
        # Bot games stop at the person's turn, where a resumed server's bots would have stopped too.
        while not game.is_over and (len(texts) < wanted or (kind == "bots" and game.to_act != 0)):
            action = rng.choice(game.legal_actions())
            texts.append(str(action))
            game.apply(action)
        if game.is_over:  # a game that ended early is not an unfinished one: leave its last move out
            texts.pop()
        storage.append_actions([(row.id, n, None, text) for n, text in enumerate(texts)])
        total += len(texts)
        if kind == "people" and wanted == long_actions and not long_id:
            long_id = row.id
    storage.close()
    return total, long_id, token


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="unfinished games in the database")
    parser.add_argument("--long", type=int, default=10, help="every n-th game is a long one")
    parser.add_argument("--long-actions", type=int, default=600, help="stored moves of a long game")
    parser.add_argument("--database", default=None, help="an empty database (default: a fresh SQLite file)")
    parser.add_argument("--target", type=float, default=2.0, help="seconds within which the server must answer")
    parser.add_argument("--settle", type=float, default=10.0, help="seconds to watch the server after it answers")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    database = args.database or f"sqlite:///{Path(tempfile.mkdtemp(prefix='siedler-restart-')) / 'games.db'}"
    began = time.perf_counter()
    stored, long_id, token = fill(database, args.games, args.long, args.long_actions, args.seed)
    print(f"stored {args.games} unfinished games, {stored} actions, in {time.perf_counter() - began:.1f} s")

    empty = f"sqlite:///{Path(tempfile.mkdtemp(prefix='siedler-restart-')) / 'empty.db'}"
    process, http, baseline, _ = start(empty)
    stop(process, http)
    process, http, first, listing = start(database)
    try:
        rss_first = rss_mb(process.pid)
        listed = len(listing["open"]) + len(listing["running"])
        worst = 0.0
        for _ in range(50):  # meanwhile the server resumes its bot games in the background
            t = time.perf_counter()
            http.get("/api/rulesets").raise_for_status()
            worst = max(worst, time.perf_counter() - t)
        t = time.perf_counter()
        view = http.get(f"/api/games/{long_id}/view", params={"seat": 0}, headers={"Authorization": f"Bearer {token}"})
        long_view = time.perf_counter() - t
        t = time.perf_counter()
        http.get(f"/api/games/{long_id}/view").raise_for_status()
        again = time.perf_counter() - t
        time.sleep(args.settle)
        rss_later = rss_mb(process.pid)
    finally:
        stop(process, http)
    print(f"first answer (the listing) {first:.2f} s after starting the process (target {args.target:.1f} s)")
    print(f"the same server on an empty database: {baseline:.2f} s (imports, migrations check, uvicorn)")
    print(f"listing shows {listed} of {args.games} unfinished games")
    print(f"slowest of 50 requests right after the first answer: {worst * 1000:.1f} ms")
    print(
        f"first view of a game with {view.json()['n']} moves: {long_view * 1000:.0f} ms (rebuilt on first use), "
        f"then {again * 1000:.1f} ms"
    )
    print(f"server memory: {rss_first:.0f} MB at the first answer, {rss_later:.0f} MB {args.settle:.0f} s later")
    sys.exit(0 if first <= args.target and listed == args.games else 1)


def start(database: str) -> tuple[subprocess.Popen[bytes], httpx.Client, float, dict[str, Any]]:
    """A server process on ``database``, a client for it, the seconds to its first answer and that answer."""
    port = free_port()
    command = [sys.executable, "-m", "siedler.server", "--port", str(port), "--database", database]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)  # one client: making one costs ~50 ms
    while True:
        if process.poll() is not None or time.perf_counter() - started > 120:
            raise SystemExit("the server did not start")
        try:
            listing: dict[str, Any] = http.get("/api/games").raise_for_status().json()
            return process, http, time.perf_counter() - started, listing
        except httpx.TransportError:
            time.sleep(0.01)


def stop(process: subprocess.Popen[bytes], http: httpx.Client) -> None:
    http.close()
    process.kill()
    process.wait()


if __name__ == "__main__":
    main()
