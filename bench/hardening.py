"""Issue 25's measurements: the hostile client's probes, each against a fresh server process on loopback.

    .venv-compiled/bin/python bench/hardening.py                  # every probe, on the compiled build
    .venv-compiled/bin/python bench/hardening.py --only verify --repeat 5
    .venv-compiled/bin/python bench/hardening.py --python /work/baseline-compiled/bin/python  # another build

Each probe comes from one address (127.0.0.1), as the issue's did. The server is ``python -m siedler.server``
of ``--python`` (default: this interpreter), with the per-address request and creation rates lifted so
that a probe measures what it is about (the other limits keep their defaults). A probe prints its figures
and whether it meets its target; ``--repeat`` runs the timed ones several times and reports medians.

- ``endless``: the issue's unwinnable game of two random bots (Deck Building without cities, no turn limit)
  is refused, or stops (no new action for 5 s, or a status other than open/running) within 60 s.
- ``retries``: two identical concurrent actions with the same ``n`` apply once: over HTTP one 2xx and one
  409, and over the WebSocket from two connections of the seat one applied and one refused.
- ``slowloris``: 300 sockets send a partial request and then nothing; at least 90% are closed by the
  server within 20 s, while a fresh ``GET /api/games`` answers within 2 s.
- ``verify``: 4 clients loop ``/verify`` for 5 s on a finished game of 10,073 actions while another client
  loops ``GET /api/games``: its p95 stays under 150 ms.
- ``dblock``: while another process holds the SQLite write lock for 8 s, with a game of bots playing,
  ``GET /api/games`` and ``GET /`` each answer within 1 s.

A script, not a test: timings belong in reports (DEVELOPERS.md); ``tests/server`` checks the behaviour.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from load_test import free_port, percentile

#: One address plays every part here: the rates that would otherwise refuse the probe itself are lifted.
RELAXED = {
    "SIEDLER_GAMES_PER_MINUTE": "100000",
    "SIEDLER_API_REQUESTS_PER_SECOND": "100000",
    "SIEDLER_API_BURST": "100000",
}
ENDLESS = {
    "ruleset": "deck-building",
    "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    "options": {"supply": {"city": 0}, "turn_limit": 0},
    "bot_delay": 0,
}
#: A finished base game of four random players with up to six trade offers a turn: 10,073 actions.
LONG = {"id": "long10k", "seed": 35, "options": {"max_offers": 6}}


class Server:
    """``python -m siedler.server`` of an interpreter, on a fresh SQLite file and a free port, with ``env``
    added to the environment (by default the rates lifted) and ``flags`` added to its command line."""

    def __init__(
        self,
        python: str,
        folder: Path,
        env: dict[str, str] | None = None,
        flags: tuple[str, ...] = ("--bot-delay", "0"),
    ) -> None:
        self.python = python
        self.env = RELAXED if env is None else env
        self.flags = flags
        self.db = folder / f"probe-{time.monotonic_ns()}.db"
        self.url = f"sqlite:///{self.db}"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = (folder / f"{self.db.stem}.log").open("wb")

    def prepare_long_game(self, copies: int = 1) -> None:
        """Store the long finished game (``copies`` of it, with ids ``long10k``, ``long10k-1``...), with the
        server's own storage code (its schema may differ)."""
        subprocess.run([self.python, __file__, "--prepare", self.url, str(copies)], check=True)

    def start(self) -> None:
        command = [self.python, "-m", "siedler.server", "--port", str(self.port), "--database", self.url]
        env = {**os.environ, **self.env}
        self.process = subprocess.Popen([*command, *self.flags], env=env, stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{self.base}/api/games", timeout=1)
                return
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(15)
            self.process.kill()
        self.log.close()


def prepare(url: str, copies: int = 1) -> None:
    """``--prepare URL [COPIES]``: store ``LONG`` as a finished game (run with the server's interpreter)."""
    from siedler.core.registry import new_game
    from siedler.server.storage import GameRow, SeatRow, Storage

    names = ["P1", "P2", "P3", "P4"]
    game = new_game("base", players=names, seed=LONG["seed"], options=LONG["options"], game_id=LONG["id"])
    rng, texts = random.Random(LONG["seed"]), []
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        texts.append(str(action))
        game.apply(action)
    storage = Storage(url)
    storage.migrate()
    for copy in range(copies):
        gid = LONG["id"] if copy == 0 else f"{LONG['id']}-{copy}"
        seats = [SeatRow(i, "bot", "random", name) for i, name in enumerate(names)]
        storage.create_game(GameRow(gid, "base", dict(game.options), LONG["seed"], "finished", 0.0, seats))
        storage.set_status(gid, "finished", game.result())
        storage.append_actions([(gid, n, None, text) for n, text in enumerate(texts)])
    storage.close()


async def timed(call: Awaitable[Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = await call
    return time.perf_counter() - start, result


# ---------------------------------------------------------------------------------------------- probes
async def endless(server: Server) -> tuple[bool, str]:
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        created = await http.post("/api/games", json=ENDLESS)
        if created.status_code != 201:
            return created.status_code == 400, f"refused: {created.status_code} {created.json()['detail']}"
        gid, start = created.json()["game"]["id"], time.monotonic()
        last, since = -1, time.monotonic()
        while time.monotonic() - start < 60:
            summary = (await http.get(f"/api/games/{gid}")).json()
            if summary["status"] not in ("open", "running"):
                took = time.monotonic() - start
                return True, f"stopped after {took:.1f} s: {summary['status']} at {summary['actions']} actions"
            if summary["actions"] != last:
                last, since = summary["actions"], time.monotonic()
            elif time.monotonic() - since >= 5:
                return True, f"no new action for 5 s at {last} actions"
            await asyncio.sleep(0.5)
        return False, f"still running after 60 s: {last} actions"


async def retries(server: Server) -> tuple[bool, str]:
    statuses, applied, refused = [], 0, 0
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        for probe in ("http", "websocket"):
            gid, seat, token, act = await _repeatable_action(http)
            if probe == "http":
                auth = {"Authorization": f"Bearer {token}"}
                posts = [http.post(f"/api/games/{gid}/actions", json=act, headers=auth) for _ in range(2)]
                statuses = sorted(r.status_code for r in await asyncio.gather(*posts))
            else:
                applied, refused = await _two_sockets(server, gid, seat, token, act)
    ok = statuses == [200, 409] and (applied, refused) == (1, 1)
    return ok, f"HTTP answers {statuses}; WebSocket: {applied} applied, {refused} refused"


async def _repeatable_action(http: httpx.AsyncClient) -> tuple[str, int, str, dict[str, Any]]:
    """A Deck Building game of two people where the seat to act holds two of a card: laying one leaves
    the same action legal, so only the move number can tell a retry from a second move (the issue's
    ``lay wood``). The game, the seat, its token and the action with its ``n``."""
    body = {"ruleset": "deck-building", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Anna"}
    while True:
        created = (await http.post("/api/games", json=body)).json()
        gid = created["game"]["id"]
        claim = {"name": "Ben", "invite": created.get("invite")}  # servers before issue 25 had no invitations
        tokens = {0: created["token"], 1: (await http.post(f"/api/games/{gid}/seats/1", json=claim)).json()["token"]}
        seat = (await http.get(f"/api/games/{gid}/view")).json()["to_act"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        mine = (await http.get(f"/api/games/{gid}/view", params={"seat": seat}, headers=auth)).json()
        hand = mine["view"]["you"]["hand"]
        twice = [
            a["action"] for a in mine["actions"] if a["action"].startswith("lay ") and hand.count(a["action"][4:]) > 1
        ]
        if twice:
            return gid, seat, tokens[seat], {"seat": seat, "action": twice[0], "n": mine["n"]}


async def _two_sockets(server: Server, gid: str, seat: int, token: str, act: dict[str, Any]) -> tuple[int, int]:
    url = f"ws://127.0.0.1:{server.port}/ws/games/{gid}"
    protocol = await _protocol(url)
    hello = orjson.dumps({"type": "hello", "protocol": protocol, "seat": seat, "token": token})
    async with websockets.connect(url) as one, websockets.connect(url) as two:
        for ws in (one, two):
            await ws.send(hello)
            await ws.recv()  # welcome
        message = orjson.dumps({"type": "act", "action": act["action"], "n": act["n"], "id": 1})
        await asyncio.gather(one.send(message), two.send(message))
        answers = [m for ws in (one, two) for m in await _until_pong(ws)]
    refused = sum(1 for m in answers if m["type"] == "refused")
    states = {m["n"] for m in answers if m["type"] == "state"}
    return (max(states, default=act["n"]) - act["n"]), refused


async def _protocol(url: str) -> int:
    """The server's protocol: 2, or 1 for a server from before acts carried ``n``."""
    async with websockets.connect(url) as ws:
        await ws.send(orjson.dumps({"type": "hello", "protocol": 2}))
        return 2 if orjson.loads(await ws.recv())["type"] == "welcome" else 1


async def _until_pong(ws: Any) -> list[dict[str, Any]]:
    await ws.send(orjson.dumps({"type": "ping", "id": "end"}))
    seen = []
    while (message := orjson.loads(await ws.recv())) != {"type": "pong", "id": "end"}:
        seen.append(message)
    return seen


async def slowloris(server: Server) -> tuple[bool, str]:
    loop = asyncio.get_running_loop()
    socks = []
    for _ in range(300):
        sock = socket.socket()
        sock.setblocking(False)
        await loop.sock_connect(sock, ("127.0.0.1", server.port))
        with contextlib.suppress(OSError):
            await loop.sock_sendall(sock, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        socks.append(sock)
    start = time.monotonic()
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        latency, answer = await timed(http.get("/api/games"))
    closed: dict[int, float] = {}
    while time.monotonic() - start < 20 and len(closed) < len(socks):
        for i, sock in enumerate(socks):
            if i not in closed and closed_by_server(sock):
                closed[i] = time.monotonic() - start
        await asyncio.sleep(0.1)
    for sock in socks:
        sock.close()
    share = len(closed) / len(socks)
    times = sorted(closed.values())
    ninety = f"{times[int(0.9 * len(socks)) - 1]:.1f} s" if share >= 0.9 else "never"
    ok = share >= 0.9 and answer.status_code == 200 and latency < 2
    return ok, (
        f"{share:.0%} of 300 closed within 20 s (90% by {ninety}); a fresh GET /api/games meanwhile: "
        f"{answer.status_code} in {latency * 1000:.0f} ms"
    )


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (whatever it sent first), without waiting."""
    try:
        while data := sock.recv(4096):
            del data
        return True
    except BlockingIOError:
        return False
    except OSError:
        return True


async def verify(server: Server) -> tuple[bool, str]:
    async with httpx.AsyncClient(base_url=server.base, timeout=60, limits=httpx.Limits(max_connections=20)) as http:
        stop, checks = time.monotonic() + 5, [0]

        async def looper() -> None:
            while time.monotonic() < stop:
                answer = await http.get(f"/api/games/{LONG['id']}/verify")
                assert answer.json()["replay_ok"], answer.text
                checks[0] += 1

        async def lobby() -> list[float]:
            latencies = []
            while time.monotonic() < stop:
                latency, _ = await timed(http.get("/api/games"))
                latencies.append(latency)
                await asyncio.sleep(0.02)
            return latencies

        *_, latencies = await asyncio.gather(*(looper() for _ in range(4)), lobby())
    p95 = percentile(latencies, 0.95) * 1000
    return p95 < 150, (
        f"GET /api/games p50 {statistics.median(latencies) * 1000:.1f} ms, p95 {p95:.1f} ms "
        f"({len(latencies)} requests) while 4 clients ran {checks[0]} verifications"
    )


async def dblock(server: Server) -> tuple[bool, str]:
    bots = {"ruleset": "base", "seats": [{"kind": "bot", "bot": "random"}] * 3, "claim": -1, "bot_delay": 0.02}
    async with httpx.AsyncClient(base_url=server.base, timeout=120) as http:
        gid = (await http.post("/api/games", json=bots)).json()["game"]["id"]
        await asyncio.sleep(1)
        before = (await http.get(f"/api/games/{gid}")).json()["actions"]
        lock = sqlite3.connect(server.db, isolation_level=None, timeout=30, check_same_thread=False)
        lock.execute("BEGIN IMMEDIATE")  # another process takes the write lock, and lets it go 8 s later
        held_until = time.monotonic() + 8
        release = threading.Timer(8, lambda: (lock.execute("ROLLBACK"), lock.close()))
        release.start()
        worst = {"/api/games": 0.0, "/": 0.0}
        while time.monotonic() < held_until:
            for path in worst:
                latency, _ = await timed(http.get(path))
                worst[path] = max(worst[path], latency)
            await asyncio.sleep(0.1)
        release.join()
        await asyncio.sleep(2)
        after = (await http.get(f"/api/games/{gid}")).json()
    ok = all(latency < 1 for latency in worst.values())
    return ok, (
        f"worst while locked: GET /api/games {worst['/api/games'] * 1000:.0f} ms, GET / {worst['/'] * 1000:.0f} ms; "
        f"the bots' game went on afterwards: {before} -> {after['actions']} actions ({after['status']})"
    )


PROBES: dict[str, Callable[[Server], Awaitable[tuple[bool, str]]]] = {
    "endless": endless,
    "retries": retries,
    "slowloris": slowloris,
    "verify": verify,
    "dblock": dblock,
}
TIMED = {"slowloris", "verify", "dblock"}


async def run(args: argparse.Namespace) -> int:
    failed = 0
    with tempfile.TemporaryDirectory(prefix="siedler-hardening-") as folder:
        for name in args.only or list(PROBES):
            for attempt in range(args.repeat if name in TIMED else 1):
                server = Server(args.python, Path(folder))
                if name == "verify":
                    server.prepare_long_game()
                server.start()
                try:
                    ok, figures = await PROBES[name](server)
                finally:
                    server.stop()
                failed += not ok
                print(
                    f"{name:<10} {'ok  ' if ok else 'MISS'} {figures}"
                    + (f"  (run {attempt + 1})" if args.repeat > 1 else "")
                )
    return 1 if failed else 0


def main() -> None:
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--prepare":
        prepare(sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 1)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose siedler server to probe")
    parser.add_argument("--only", action="append", choices=list(PROBES), help="run only this probe (repeatable)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each timed probe")
    args = parser.parse_args()
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
