"""Live games over 1, 2 and 4 ``siedler serve`` processes on one PostgreSQL database behind HAProxy (issue
42, docs/server.md "Several processes"): actions per second and the latency from an action sent to the
view that shows it, per number of processes.

    .venv/bin/python bench/cluster.py --postgres postgresql://siedler:siedler@127.0.0.1:5432/postgres
    .venv/bin/python bench/cluster.py --postgres URL --processes 1 2 --games 20 --seconds 10   # a quick run

Each run gets a fresh database on the server ``--postgres`` names, starts the processes and HAProxy with
``siedler.server.proxy.haproxy_config``, and plays ``bench/load.py``'s games through the proxy: people as
WebSocket clients that send a random legal action after a think time, bots on the server. Clients, proxy,
processes and PostgreSQL share the machine's cores: on a small machine the figure measures the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from load import Stats, create_games, person
from load_test import free_port, percentile, start_server

from siedler.server.proxy import haproxy_config


async def play(url: str, args: argparse.Namespace) -> tuple[int, float, list[float]]:
    """Play through the proxy at ``url``; the acknowledged actions, the seconds played and the latencies."""
    people = await create_games(f"http://{url}", args)
    stats, stop, rng = Stats(), asyncio.Event(), random.Random(args.seed)
    tasks = [
        asyncio.create_task(person(f"ws://{url}", seat, args.think, stats, random.Random(rng.random()), stop))
        for seat in people
    ]
    started = time.perf_counter()
    await asyncio.wait(tasks, timeout=args.seconds)
    stop.set()
    elapsed = time.perf_counter() - started
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    warm = [lat for when, lat in stats.latencies if when - started >= args.warmup]
    return len(stats.latencies), elapsed, warm


def wait_for_proxy(listen: str) -> None:
    """Until the proxy passes a request on (its first health checks take a second or so)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://{listen}/api/rulesets", timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise SystemExit("the proxy does not pass requests on")


def run(count: int, args: argparse.Namespace, folder: Path) -> str:
    import psycopg

    name = f"siedler_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.postgres, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    database = f"{args.postgres.rpartition('/')[0]}/{name}"
    processes: list[subprocess.Popen[bytes]] = []
    try:
        ports = []
        for _ in range(count):  # one after the other: the first migrates the database
            ports.append(free_port())
            processes.append(start_server(database, ports[-1], None))
        listen = f"127.0.0.1:{free_port()}"
        config = folder / f"haproxy-{count}.cfg"
        config.write_text(haproxy_config(listen, [f"127.0.0.1:{p}" for p in ports]))
        processes.append(subprocess.Popen([args.haproxy, "-db", "-f", str(config)], stdout=subprocess.DEVNULL))
        wait_for_proxy(listen)
        acked, elapsed, warm = asyncio.run(play(listen, args))
    finally:
        for process in processes:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(15)
        with psycopg.connect(args.postgres, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    p50 = percentile(warm, 0.5) * 1000 if warm else float("nan")
    p99 = percentile(warm, 0.99) * 1000 if warm else float("nan")
    return f"| {count} | {args.games} | {acked / elapsed:.1f} | {p50:.1f} | {p99:.1f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres", required=True, help="a PostgreSQL server URL on which databases may be made")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--games", type=int, default=60, help="live games")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play per run")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of latencies left out of the figures")
    parser.add_argument("--people", type=int, default=2, help="people's seats per game (WebSocket clients)")
    parser.add_argument("--bots", type=int, default=2, help="bot seats per game")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--timer", default="normal")
    parser.add_argument("--think", type=float, default=0.3, help="a person's mean seconds before acting")
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--max-offers", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--haproxy", default=shutil.which("haproxy") or "haproxy")
    args = parser.parse_args()
    print("| processes | live games | people's actions/s | p50 ms | p99 ms |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="siedler-cluster-") as folder:
        for count in args.processes:
            print(run(count, args, Path(folder)), flush=True)


if __name__ == "__main__":
    main()
