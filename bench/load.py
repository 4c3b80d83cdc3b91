"""Load test with timers running (issue 12): p99 action latency with 200 live games stays under 50 ms.

    .venv/bin/python bench/load.py                         # 200 games, 60 s, on a fresh local server
    .venv/bin/python bench/load.py --games 20 --seconds 10 # a quick run
    .venv/bin/python bench/load.py --database postgresql://siedler:siedler@127.0.0.1:5432/bench

Every game is created with a turn timer (``"timer": "normal"``) and has people and bots: each person is a
WebSocket client on loopback that, when its view offers actions, waits a think time and sends a random
legal one; the bots move on the server after the game's bot delay (both 0.6 s on average, the server's
default bot delay). The latency of an action is the time from sending it to its acknowledgement, the
first state after it. The script reports its median, p95 and p99 after a warm-up, the throughput and the
server's CPU, checks that every acknowledged action is in the stored log at its number, and exits 0 only
when p99 is under ``--target-ms`` and nothing was lost or refused. Server and clients share the machine's
cores, as they would not in production: the figure is pessimistic. ``bench/load_test.py`` is the same
measurement with people only and no timers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import websockets
from load_test import cpu_seconds, free_port, percentile, start_server


@dataclass
class Seat:
    game: str
    seat: int
    token: str
    #: Action number -> text, for every action of this seat that was acknowledged.
    acked: dict[int, str] = field(default_factory=dict)


@dataclass
class Stats:
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (when, seconds)
    problems: list[str] = field(default_factory=list)
    in_flight: int = 0


async def create_games(url: str, args: argparse.Namespace) -> list[Seat]:
    """The games, each with ``--people`` people (claimed here) and ``--bots`` bots; every person's seat."""
    people: list[Seat] = []
    seats = [{"kind": "human"}] * args.people + [{"kind": "bot", "bot": args.bot}] * args.bots
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for _ in range(args.games):
            body = {
                "ruleset": "base",
                "seats": seats,
                "timer": args.timer,  # the turn timer; a server without timers ignores the field
                "bot_delay": args.bot_delay,
                "options": {"max_offers": args.max_offers},
                "name": "load-0",
            }
            created = (await http.post("/api/games", json=body)).raise_for_status().json()
            gid = created["game"]["id"]
            people.append(Seat(gid, 0, created["token"]))
            for s in range(1, args.people):
                claim = {"name": f"load-{s}", "invite": created.get("invite")}  # older servers had none
                claimed = await http.post(f"/api/games/{gid}/seats/{s}", json=claim)
                people.append(Seat(gid, s, claimed.raise_for_status().json()["token"]))
    return people


async def person(ws_url: str, seat: Seat, think: float, stats: Stats, rng: random.Random, stop: asyncio.Event) -> None:
    """One person's browser: play a random legal action after a think time whenever the view offers one."""
    async with websockets.connect(f"{ws_url}/ws/games/{seat.game}", max_size=1 << 22, compression=None) as ws:
        await ws.send(orjson.dumps({"type": "hello", "protocol": 2, "seat": seat.seat, "token": seat.token}))
        pending: tuple[int, str, float] | None = None
        async for raw in ws:
            message = orjson.loads(raw)
            if message["type"] == "refused":
                stats.problems.append(f"{seat.game} seat {seat.seat}: {message['action']}: {message['message']}")
                pending, stats.in_flight = None, stats.in_flight - 1
                continue
            if message["type"] != "state":
                continue
            if pending is not None and message["n"] > pending[0]:
                now = time.perf_counter()
                stats.latencies.append((now, now - pending[2]))
                seat.acked[pending[0]] = pending[1]
                pending, stats.in_flight = None, stats.in_flight - 1
            if message["over"] or stop.is_set():
                return
            if message["actions"] and pending is None:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                text = rng.choice(message["actions"])["action"]
                pending = (message["n"], text, time.perf_counter())
                stats.in_flight += 1
                await ws.send(orjson.dumps({"type": "act", "action": text, "n": message["n"]}))


def cpu_pressure() -> str:
    """Linux's share of the last minute in which some runnable task waited for a core (other jobs' load)."""
    try:
        with open("/proc/pressure/cpu") as f:
            return f.readline().split()[2].removeprefix("avg60=") + "%"
    except (OSError, IndexError):
        return "unknown"


def lost_actions(database: str, people: list[Seat]) -> tuple[int, int]:
    """Acknowledged actions missing from the stored logs (or stored differently), and all stored actions."""
    from siedler.server.storage import Storage

    storage = Storage(database)
    logs = {seat.game: storage.action_texts(seat.game) for seat in people}
    storage.close()
    lost = sum(1 for seat in people for n, text in seat.acked.items() if logs[seat.game][n : n + 1] != [text])
    return lost, sum(len(log) for log in logs.values())


async def run(args: argparse.Namespace) -> int:
    database = args.database or f"sqlite:///{Path(tempfile.mkdtemp(prefix='siedler-load-')) / 'load.db'}"
    port = free_port()
    process = start_server(database, port, None)
    url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        print(f"creating {args.games} games ({args.people} people, {args.bots} {args.bot} bots, timer {args.timer})")
        people = await create_games(url, args)
        stats, stop, rng = Stats(), asyncio.Event(), random.Random(args.seed)
        tasks = [
            asyncio.create_task(person(ws_url, seat, args.think, stats, random.Random(rng.random()), stop))
            for seat in people
        ]
        print(f"{len(tasks)} WebSocket clients and {args.games * args.bots} bots playing for {args.seconds} s ...")
        started, cpu_before, own_before = time.perf_counter(), cpu_seconds(process.pid), time.process_time()
        await asyncio.wait(tasks, timeout=args.seconds)
        stop.set()  # no new actions; those in flight get their acknowledgement
        deadline = time.perf_counter() + 10
        while stats.in_flight > 0 and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        elapsed, cpu = time.perf_counter() - started, cpu_seconds(process.pid) - cpu_before
        own = time.process_time() - own_before
        for task in tasks:
            task.cancel()
        for outcome in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(outcome, Exception):
                stats.problems.append(repr(outcome))
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(15)
    lost, stored = lost_actions(database, people)
    warm = [lat for when, lat in stats.latencies if when - started >= args.warmup] or [
        lat for _, lat in stats.latencies
    ]
    p99 = percentile(warm, 0.99) * 1000 if warm else float("inf")
    print(f"\n{args.games} live games, {len(people)} people's clients, {elapsed:.1f} s")
    print(f"actions acknowledged to people: {len(stats.latencies)}; stored actions (people and bots): {stored}")
    print(
        f"stored actions per second: {stored / elapsed:.0f}; CPU: server {100 * cpu / elapsed:.0f}% of one core, "
        f"clients {100 * own / elapsed:.0f}%; the machine's CPU pressure: {cpu_pressure()}"
    )
    if warm:
        print(
            f"latency action -> acknowledgement ({len(warm)} after {args.warmup:.0f} s warm-up): "
            f"p50 {statistics.median(warm) * 1000:.1f} ms, p95 {percentile(warm, 0.95) * 1000:.1f} ms, "
            f"p99 {p99:.1f} ms (target < {args.target_ms:.0f} ms), max {max(warm) * 1000:.1f} ms"
        )
    print(
        f"acknowledged actions missing from the stored logs: {lost}; refusals and client errors: {len(stats.problems)}"
    )
    for line in stats.problems[:5]:
        print("  ", line)
    return 0 if p99 < args.target_ms and lost == 0 and not stats.problems else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="live games")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of latencies left out of the figures")
    parser.add_argument("--people", type=int, default=2, help="people's seats per game (WebSocket clients)")
    parser.add_argument("--bots", type=int, default=2, help="bot seats per game")
    parser.add_argument("--bot", default="greedy", help="the bots' name")
    parser.add_argument("--timer", default="normal", help="the games' turn timer (off, relaxed, normal, fast)")
    parser.add_argument("--think", type=float, default=0.6, help="a person's mean seconds before acting")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the games' bot delay")
    parser.add_argument("--max-offers", type=int, default=3, help="trade offers per turn")
    parser.add_argument("--target-ms", type=float, default=50.0, help="p99 latency to stay under")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default=None, help="an empty database (default: a fresh SQLite file)")
    args = parser.parse_args()
    try:
        import uvloop
    except ImportError:
        sys.exit(asyncio.run(run(args)))
    sys.exit(uvloop.run(run(args)))


if __name__ == "__main__":
    main()
