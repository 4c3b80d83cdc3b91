"""Load test of the browser table's server: many concurrent games, a WebSocket client per seat.

    .venv/bin/python bench/load_test.py                 # 200 games x 4 seats on a fresh local server
    .venv/bin/python bench/load_test.py --games 50 --think 0.1 --duration 30
    .venv/bin/python bench/load_test.py --url http://127.0.0.1:8000 --database sqlite:////path/to/db

Every seat of every game is a client on loopback that plays like a bot: when its view offers actions, it
waits a think time, sends a random legal one and times how long until the view after its move arrives.
It reports the median and 99th percentile of that latency and the throughput, then checks that no game
lost an action: each game's stored log must equal, move for move, what its clients sent and saw confirmed.
This is a script, not a test: timings belong in reports, not in assertions (see DEVELOPERS.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets


@dataclass
class GameLog:
    id: str
    sent: dict[int, str] = field(default_factory=dict)  # n -> action text confirmed by a new view
    over: bool = False


@dataclass
class Stats:
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (when, seconds)
    refused: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    messages: int = 0
    received: int = 0  # bytes
    in_flight: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: One address plays every seat here: the per-address limits (docs/security.md) are lifted for the run. A
#: server started by hand for ``--url`` needs the same environment.
UNLIMITED = {
    "SIEDLER_GAMES_PER_MINUTE": "1000000",
    "SIEDLER_MAX_LIVE_GAMES": "1000000",
    "SIEDLER_API_REQUESTS_PER_SECOND": "1000000",
    "SIEDLER_API_BURST": "1000000",
    "SIEDLER_WS_PER_CLIENT": "1000000",
    "SIEDLER_BOT_GAMES_PER_CLIENT": "1000000",
    "SIEDLER_CONNECTIONS_PER_CLIENT": "1000000",
    "SIEDLER_WS_MESSAGES_PER_SECOND": "1000000",
    "SIEDLER_WS_BURST": "1000000",
}


def start_server(database: str, port: int, profile: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "siedler.server", "--port", str(port), "--database", database, "--bot-delay", "0"]
    if profile:
        command = [sys.executable, "-m", "cProfile", "-o", profile, *command[1:]]
    env = {**os.environ, **UNLIMITED}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            if process.poll() is not None:
                output = process.stderr.read().decode() if process.stderr else ""
                raise SystemExit(f"the server did not start: {output}") from None
            time.sleep(0.1)
    raise SystemExit("the server did not start within 30 s")


async def create_games(url: str, count: int, seats: int, options: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Games whose seats are all people (this script's clients); returns each game's id and seat tokens."""
    games = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for _ in range(count):
            body = {
                "ruleset": "base",
                "seats": [{"kind": "human"}] * seats,
                "options": options,
                "name": "load-0",
            }
            created = (await http.post("/api/games", json=body)).raise_for_status().json()
            gid = created["game"]["id"]
            tokens = [created["token"]]
            for s in range(1, seats):
                claim = {"name": f"load-{s}", "invite": created["invite"]}
                claimed = await http.post(f"/api/games/{gid}/seats/{s}", json=claim)
                tokens.append(claimed.raise_for_status().json()["token"])
            games.append((gid, tokens))
    return games


async def seat_client(
    ws_url: str,
    game: GameLog,
    seat: int,
    token: str,
    args: argparse.Namespace,
    stats: Stats,
    rng: random.Random,
    stop: asyncio.Event,
) -> None:
    async with websockets.connect(f"{ws_url}/ws/games/{game.id}", max_size=1 << 22, compression=None) as ws:
        await ws.send(orjson.dumps({"type": "hello", "protocol": 2, "seat": seat, "token": token}))
        pending: tuple[int, str, float] | None = None
        async for raw in ws:
            stats.messages += 1
            stats.received += len(raw)
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "refused":
                stats.refused.append(f"{game.id} seat {seat}: {message['action']}: {message['message']}")
                pending = None
                stats.in_flight -= 1
                continue
            if kind != "state":
                continue
            n = message["n"]
            if pending is not None and n > pending[0]:
                now = time.perf_counter()
                stats.latencies.append((now, now - pending[2]))
                game.sent[pending[0]] = pending[1]
                pending = None
                stats.in_flight -= 1
            if message["over"]:
                game.over = True
                return
            if message["actions"] and pending is None:
                if stop.is_set():
                    return
                if args.think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
                text = rng.choice(message["actions"])["action"]
                pending = (n, text, time.perf_counter())
                stats.in_flight += 1
                await ws.send(orjson.dumps({"type": "act", "action": text, "n": n}))


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def run(args: argparse.Namespace) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="siedler-load-"))
    database = args.database or f"sqlite:///{workdir / 'load.db'}"
    process = None
    url = args.url
    if url is None:
        port = free_port()
        process = start_server(database, port, args.profile)
        url = f"http://127.0.0.1:{port}"
    ws_url = url.replace("http", "ws", 1)
    options = {"turn_limit": args.turn_limit, "max_offers": args.max_offers}
    print(f"creating {args.games} games of 4 seats on {url} ...", flush=True)
    created = await create_games(url, args.games, 4, options)
    logs = {gid: GameLog(gid) for gid, _ in created}
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    tasks = [
        asyncio.create_task(seat_client(ws_url, logs[gid], s, token, args, stats, random.Random(rng.random()), stop))
        for gid, tokens in created
        for s, token in enumerate(tokens)
    ]
    print(
        f"{len(tasks)} WebSocket clients playing (think time {args.think} s, up to {args.duration} s) ...", flush=True
    )
    started = time.perf_counter()
    cpu_before = cpu_seconds(process.pid) if process else 0.0
    own_before = time.process_time()
    await asyncio.wait(tasks, timeout=args.duration)
    stop.set()  # no new moves; moves in flight still get their views
    deadline = time.perf_counter() + 10
    while stats.in_flight > 0 and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(process.pid) - cpu_before if process else float("nan")
    own = time.process_time() - own_before
    for task in tasks:
        if not task.cancelled() and task.exception():
            stats.errors.append(repr(task.exception()))

    # No lost action: the stored log of every game is exactly what its clients had confirmed.
    lost_games, stored_total = 0, 0
    if database.startswith(("sqlite", "postgres")):
        from siedler.server.storage import Storage

        storage = Storage(database)
        for gid, log in logs.items():
            stored = storage.action_texts(gid)
            stored_total += len(stored)
            confirmed = [log.sent[n] for n in sorted(log.sent)]
            if stored != confirmed or sorted(log.sent) != list(range(len(log.sent))):
                lost_games += 1
        storage.close()
    if process is not None:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(15)

    warm = [lat for when, lat in stats.latencies if when - started >= args.warmup]
    warm = warm or [lat for _, lat in stats.latencies]
    actions = len(stats.latencies)
    print()
    print(
        f"games: {args.games} ({sum(log.over for log in logs.values())} finished), clients: {len(tasks)}, "
        f"time: {elapsed:.1f} s"
    )
    print(
        f"actions confirmed: {actions} ({actions / elapsed:.0f}/s), messages received: {stats.messages} "
        f"({stats.messages / elapsed:.0f}/s, {stats.received / max(1, stats.messages) / 1000:.1f} kB each)"
    )
    if warm:
        print(
            f"latency action -> new view (after {args.warmup:.0f} s warm-up, {len(warm)} samples): "
            f"median {statistics.median(warm) * 1000:.2f} ms, p90 {percentile(warm, 0.9) * 1000:.2f} ms, "
            f"p99 {percentile(warm, 0.99) * 1000:.2f} ms, max {max(warm) * 1000:.2f} ms"
        )
    if process is not None:
        print(
            f"server CPU: {cpu:.1f} s over {elapsed:.1f} s ({100 * cpu / elapsed:.0f}% of one core); "
            f"clients' CPU: {own:.1f} s ({100 * own / elapsed:.0f}%)"
        )
    print(f"stored actions: {stored_total}; games whose stored log differs from what clients sent: {lost_games}")
    print(f"refused actions: {len(stats.refused)}; client errors: {len(stats.errors)}")
    for line in (stats.refused + stats.errors)[:5]:
        print("  ", line)
    return 0 if lost_games == 0 and not stats.errors and not stats.refused else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--think",
        type=float,
        default=0.6,
        help="mean seconds a client waits before its move, like the server's default bot delay (0: as fast as it can)",
    )
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play before stopping")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of latencies left out of the report")
    parser.add_argument("--turn-limit", type=int, default=0, help="base-game turn limit (0: none)")
    parser.add_argument("--max-offers", type=int, default=3, help="trade offers per turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--database", default=None, help="the server's database URL, to check the stored logs")
    parser.add_argument("--profile", default=None, help="write a cProfile of the started server to this file")
    args = parser.parse_args()
    try:
        import uvloop
    except ImportError:
        sys.exit(asyncio.run(run(args)))
    sys.exit(uvloop.run(run(args)))


if __name__ == "__main__":
    main()
