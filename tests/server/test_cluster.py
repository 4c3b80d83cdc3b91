"""Three ``siedler serve`` processes on one PostgreSQL database behind HAProxy (docs/server.md, "Several
processes"): games of every rule set played through the proxy, the lobby the same from every process and
pushed to its viewers on each (notices by ``LISTEN``/``NOTIFY``), a process owning games killed with SIGKILL
mid-play, and the per-address limits holding across the three.

Needs ``SIEDLER_TEST_POSTGRES_URL`` and ``haproxy`` (``apt-get install haproxy``; ``.ci/run`` installs it):
outside CI a missing one skips the test, in CI it fails it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from siedler.core.registry import rulesets
from siedler.server.cluster import single_process
from siedler.server.leases import LeaseLost, Leases
from siedler.server.notices import LOBBY, PostgresNotices
from siedler.server.proxy import haproxy_config
from siedler.server.storage import GameRow, SeatRow, Storage

from .conftest import lobby_line, run_apart, seated

POSTGRES = os.environ.get("SIEDLER_TEST_POSTGRES_URL", "")
HAPROXY = shutil.which("haproxy") or ""
#: Small limits, to see them hold across the processes; every other request comes from an address of its own.
PER_MINUTE, BOT_GAMES = 4, 2
ENV = {
    "SIEDLER_TRUSTED_PROXIES": "127.0.0.1",
    "SIEDLER_GAMES_PER_MINUTE": str(PER_MINUTE),
    "SIEDLER_BOT_GAMES_PER_CLIENT": str(BOT_GAMES),
    "SIEDLER_API_REQUESTS_PER_SECOND": "100000",
    "SIEDLER_API_BURST": "100000",
    "SIEDLER_CONNECTIONS_PER_CLIENT": "100000",
    # The lobby's viewers get a listing only when a notice says a game changed: none arrives by the period.
    "SIEDLER_LOBBY_PUSH_SECONDS": "600",
}
#: The issue's bound: a killed process's games play on within this many seconds.
FAILOVER = 10.0
#: A change of the lobby reaches the viewers of every process within this many seconds.
NOTICE = 10.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _until(condition: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = condition()
        except (httpx.HTTPError, OSError):
            found = None
        if found:
            return found
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def _require(*what: tuple[str, str]) -> None:
    """Skip outside CI when a needed service is absent; fail in CI (``.ci/run`` provides them)."""
    missing = [name for name, there in what if not there]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{' and '.join(missing)} missing: CI must provide PostgreSQL and haproxy (.ci/run)")
        pytest.skip(f"needs {' and '.join(missing)} (PostgreSQL and apt-get install haproxy)")


@pytest.fixture
def cluster_database() -> Iterator[str]:
    """A fresh PostgreSQL database."""
    _require(("SIEDLER_TEST_POSTGRES_URL", POSTGRES))
    import psycopg

    name = f"siedler_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"{POSTGRES.rpartition('/')[0]}/{name}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
def cluster(cluster_database: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    _require(("haproxy", HAPROXY))
    url = cluster_database
    ports = [_free_port() for _ in range(3)]
    proxy_port = _free_port()
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for port in ports:  # one after the other: the first migrates the database
            log = (tmp_path / f"server-{port}.log").open("wb")
            command = [sys.executable, "-m", "siedler.server", "--port", str(port), "--bot-delay", "0"]
            env = {**os.environ, "SIEDLER_DATABASE_URL": url, **ENV}
            processes.append(subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT))
            _until(partial(_answers, f"127.0.0.1:{port}"), "a server")
        config = tmp_path / "haproxy.cfg"
        config.write_text(haproxy_config(f"127.0.0.1:{proxy_port}", [f"127.0.0.1:{p}" for p in ports]))
        proxy_log = (tmp_path / "haproxy.log").open("wb")
        processes.append(subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stdout=proxy_log, stderr=proxy_log))
        proxy = f"127.0.0.1:{proxy_port}"
        _until(partial(_answers, proxy), "the proxy")
        yield {"url": url, "proxy": proxy, "ports": ports, "processes": processes[:3]}
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait(30)


def _answers(address: str) -> bool:
    return httpx.get(f"http://{address}/api/rulesets").status_code == 200


def _sql(url: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        return list(conn.execute(query, args).fetchall())


def _owners(url: str) -> dict[str, int]:
    """Each leased game's owning process id (the owner is ``<pid>-<random>``)."""
    rows = _sql(url, "SELECT game_id, owner FROM leases WHERE owner <> '' AND expires_at > now()")
    return {game: int(owner.split("-")[0]) for game, owner in rows}


def _moved_elsewhere(url: str, game_id: str, count: int, dead: int) -> bool:
    """Whether the game has more than ``count`` actions, stored by a process other than ``dead``."""
    moved = _sql(url, "SELECT actions > %s OR status <> 'running' FROM games WHERE id = %s", count, game_id)
    return bool(moved[0][0]) and _owners(url).get(game_id, dead) != dead


def _addr(i: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"198.51.100.{i}"}


def _act(http: httpx.Client, game: dict[str, Any]) -> tuple[int, str]:
    """One move of the person at seat 0 over HTTP, once it is theirs (the bots answer at once); (n, action)."""
    auth = {"Authorization": f"Bearer {game['token']}"}

    def mine() -> dict[str, Any] | None:
        got = http.get(f"/api/games/{game['id']}/view", params={"seat": 0}, headers=auth)
        seen: dict[str, Any] = got.json() if got.status_code == 200 else {}
        return seen if seen.get("actions") else None

    seen = _until(mine, f"seat 0's turn in {game['id']}", timeout=FAILOVER)
    action = seen["actions"][0]["action"]
    done = http.post(
        f"/api/games/{game['id']}/actions", json={"seat": 0, "action": action, "n": seen["n"]}, headers=auth
    )
    assert done.status_code == 200, done.text
    return int(done.json()["n"]), action


def _ws_move(proxy: str, game: dict[str, Any]) -> int:
    """One move over a WebSocket through the proxy; the n its state came back with."""
    with connect(f"ws://{proxy}/ws/games/{game['id']}", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 2, "seat": 0, "token": game["token"]}))
        deadline = time.monotonic() + 30
        sent: int | None = None
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=30))
            if message.get("type") != "state":
                continue
            if sent is not None and message["n"] > sent:
                return int(message["n"])
            if sent is None and message["actions"]:
                sent = message["n"]
                ws.send(json.dumps({"type": "act", "action": message["actions"][0]["action"], "n": sent}))
    raise AssertionError(f"no move of {game['id']} over the WebSocket")


def test_three_processes_behind_haproxy_share_games_fail_over_and_limit_addresses(cluster: dict[str, Any]) -> None:
    url, proxy = cluster["url"], cluster["proxy"]
    http = httpx.Client(base_url=f"http://{proxy}", timeout=30)
    people: list[dict[str, Any]] = []
    bots: list[str] = []
    for i, ruleset in enumerate(rulesets()):
        others = [{"kind": "bot", "bot": "random"}] * (ruleset.min_players - 1)
        body = {"ruleset": ruleset.name, "seats": [{"kind": "human"}, *others], "claim": 0, "bot_delay": 0}
        made = http.post("/api/games", json=body, headers=_addr(2 * i)).raise_for_status().json()
        people.append({"id": made["game"]["id"], "token": made["token"], "acked": {}})
        body = {
            "ruleset": ruleset.name,
            "seats": [{"kind": "bot", "bot": "random"}] * ruleset.min_players,
            "bot_delay": 0.3,
        }
        bots.append(
            http.post("/api/games", json=body, headers=_addr(2 * i + 1)).raise_for_status().json()["game"]["id"]
        )
    for game in people:
        for _ in range(2):
            n, action = _act(http, game)
            game["acked"][n] = action
        assert _ws_move(proxy, game) > max(game["acked"])

    # The lobby lists every game from every process.
    for port in cluster["ports"]:
        listing = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=30).json()
        listed = {g["id"] for kind in listing.values() for g in kind}
        assert {g["id"] for g in people} | set(bots) <= listed, port

    # The per-address limits hold across the three processes, to which the proxy deals creations in turn.
    slow = {"ruleset": "base", "seats": [{"kind": "bot", "bot": "random"}] * 3, "bot_delay": 10}
    answers = [http.post("/api/games", json=slow, headers=_addr(250)) for _ in range(BOT_GAMES + 1)]
    assert [a.status_code for a in answers] == [201] * BOT_GAMES + [429]
    owners = _owners(url)
    assert len({owners[a.json()["game"]["id"]] for a in answers[:BOT_GAMES]}) == BOT_GAMES
    waiting = {"ruleset": "base", "seats": [{"kind": "human"}] * 3, "claim": -1}
    answers = [http.post("/api/games", json=waiting, headers=_addr(251)) for _ in range(PER_MINUTE + 1)]
    assert [a.status_code for a in answers] == [201] * PER_MINUTE + [429]

    # Kill the process owning the most of the games at play.
    owners = _owners(url)
    ours = [g["id"] for g in people] + bots
    pids = [p.pid for p in cluster["processes"]]
    victim = max(pids, key=lambda pid: sum(owners.get(g) == pid for g in ours))
    lost_people = [g for g in people if owners.get(g["id"]) == victim]
    running = {g for (g,) in _sql(url, "SELECT id FROM games WHERE status = 'running'")}
    lost_bots = [g for g in bots if owners.get(g) == victim and g in running]
    assert lost_people or lost_bots
    os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()
    cluster["processes"][pids.index(victim)].wait(30)
    counts = dict(_sql(url, "SELECT id, actions FROM games"))  # all the dead process stored

    # The bots' games move on by themselves, on another process, within the bound.
    for game_id in lost_bots:
        _until(
            partial(_moved_elsewhere, url, game_id, counts[game_id], victim),
            f"bot game {game_id} to move on",
            timeout=FAILOVER - (time.monotonic() - killed),
        )
    # A person's retried move (same n) is refused, the seat's token still holds it, and play goes on.
    for game in lost_people:
        last = max(game["acked"])
        auth = {"Authorization": f"Bearer {game['token']}"}
        started = time.monotonic()
        again = {"seat": 0, "action": game["acked"][last], "n": last}

        def answered(g: dict[str, Any] = game, a: dict[str, str] = auth, body: dict[str, Any] = again) -> Any:
            answer = http.post(f"/api/games/{g['id']}/actions", json=body, headers=a)
            return answer if answer.status_code != 503 else None

        retry = _until(answered, "the game's new owner", timeout=FAILOVER)
        assert retry.status_code == 409, retry.text  # stale: applied once, before the kill
        n, action = _act(http, game)
        assert time.monotonic() - started < FAILOVER
        game["acked"][n] = action
        assert _ws_move(proxy, game) > n
    # Nothing acknowledged was lost, nothing applied twice.
    for game in people:
        log = dict(_sql(url, "SELECT n, text FROM actions WHERE game_id = %s AND seat = 0", game["id"]))
        assert all(log.get(n) == text for n, text in game["acked"].items()), game["id"]
        stored = _sql(url, "SELECT count(*), max(n) FROM actions WHERE game_id = %s", game["id"])[0]
        assert stored[0] == stored[1] + 1
    http.close()


def _lobby_until(ws: Any, condition: Callable[[dict[str, Any]], Any], what: str) -> dict[str, Any]:
    """The first listing pushed to the lobby viewer ``ws`` that meets ``condition``, within ``NOTICE``."""
    deadline = time.monotonic() + NOTICE
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no listing with {what} within {NOTICE} s"
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            raise AssertionError(f"no listing with {what} within {NOTICE} s") from None
        assert message["type"] == "lobby", message
        if condition(message["games"]):
            return message["games"]  # type: ignore[no-any-return]


def _follow(proxy: str, game_id: str, moves: int) -> list[int]:
    """A spectator's WebSocket through the proxy: the ``n`` of the states it is sent, until ``moves`` moves."""
    seen: list[int] = []
    with connect(f"ws://{proxy}/ws/games/{game_id}", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 2}))
        deadline = time.monotonic() + FAILOVER
        while len(set(seen)) <= moves:
            message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message.get("type") == "state":
                seen.append(int(message["n"]))
    return seen


def test_the_lobby_is_pushed_to_its_viewers_on_every_process_and_spectators_follow_through_the_proxy(
    cluster: dict[str, Any],
) -> None:
    """A game created through the proxy (on one process, its moves owned by the process its id hashes to)
    reaches the lobby viewers of all three processes, and the one through the proxy, by notices alone (the
    period is ten minutes), each time it is created, joined, started and ended."""
    proxy = cluster["proxy"]
    http = httpx.Client(base_url=f"http://{proxy}", timeout=30)
    addresses = [f"127.0.0.1:{port}" for port in cluster["ports"]] + [proxy]
    with contextlib.ExitStack() as stack:
        viewers = [stack.enter_context(connect(f"ws://{a}/ws/lobby", open_timeout=30)) for a in addresses]
        for ws in viewers:
            assert json.loads(ws.recv(timeout=30))["type"] == "lobby"

        def everywhere(condition: Callable[[dict[str, Any]], Any], what: str) -> None:
            for ws in viewers:
                _lobby_until(ws, condition, what)

        def claim(seat: int, name: str) -> None:
            body = {"name": name, "invite": created["invite"]}
            http.post(f"/api/games/{game_id}/seats/{seat}", json=body, headers=_addr(200 + seat)).raise_for_status()

        body = {"ruleset": "base", "seats": [{"kind": "human"}] * 3, "claim": 0, "name": "Anna", "public": True}
        created = http.post("/api/games", json=body, headers=_addr(200)).raise_for_status().json()
        game_id = created["game"]["id"]
        everywhere(lambda g: lobby_line(g, "open", game_id), "the new game")
        claim(1, "Ben")
        everywhere(lambda g: seated(g, game_id) == ["Anna", "Ben", None], "Ben seated")
        claim(2, "Cleo")
        everywhere(lambda g: lobby_line(g, "running", game_id), "the game started")
        ended = http.post(f"/api/games/{game_id}/end", headers={"Authorization": f"Bearer {created['creator_token']}"})
        assert ended.status_code == 200, ended.text
        everywhere(lambda g: lobby_line(g, "stopped", game_id), "the game ended")

    # A spectator through the proxy reaches the game's owner, wherever the game was created, and follows it.
    bots = {"ruleset": "base", "seats": [{"kind": "bot", "bot": "random"}] * 3, "bot_delay": 0.2}
    game_id = http.post("/api/games", json=bots, headers=_addr(210)).raise_for_status().json()["game"]["id"]
    seen = _follow(proxy, game_id, moves=3)
    assert seen == sorted(seen) and len(set(seen)) > 3
    http.close()


def test_notices_reach_every_process_and_come_back_after_their_connections_are_cut(cluster_database: str) -> None:
    """Two processes' notices on one database: each hears the other's and its own; a listening connection
    cut by the server reconnects (and tells its handlers to look again: ``None``), a sending one too."""

    async def scenario() -> None:
        first, second = PostgresNotices(cluster_database), PostgresNotices(cluster_database)
        heard: dict[int, list[str | None]] = {0: [], 1: []}
        first.subscribe(LOBBY, heard[0].append)
        second.subscribe(LOBBY, heard[1].append)
        first.start()
        second.start()
        try:

            async def until(condition: Callable[[], bool], what: str) -> None:
                deadline = time.monotonic() + NOTICE
                while not condition():
                    assert time.monotonic() < deadline, f"timed out waiting for {what}"
                    await asyncio.sleep(0.05)

            await until(lambda: first.listening.is_set() and second.listening.is_set(), "both to listen")
            first.publish(LOBBY, "g1")
            await until(lambda: "g1" in heard[0] and "g1" in heard[1], "g1 on both")
            cut = (
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND application_name = %s"
            )
            assert len(await asyncio.to_thread(_sql, cluster_database, cut, "siedler-listen")) == 2
            await until(lambda: heard[1].count(None) == 2, "the second's listening connection back")
            await until(lambda: first.listening.is_set(), "the first's listening connection back")
            second.publish(LOBBY, "g2")
            await until(lambda: "g2" in heard[0], "g2 after the reconnection")
            assert len(await asyncio.to_thread(_sql, cluster_database, cut, "siedler-notify")) == 2
            first.publish(LOBBY, "g3")
            await until(lambda: "g3" in heard[1], "g3 sent again on a new connection")
        finally:
            await first.close()
            await second.close()

    run_apart(scenario())


def test_a_second_server_process_on_one_sqlite_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = single_process(url)
    assert first is not None
    with pytest.raises(RuntimeError, match="a SQLite database serves one process; run several processes on Postgre"):
        single_process(url)
    first.close()  # the first process stopped (or died): the file is free again
    again = single_process(url)
    assert again is not None
    again.close()


def test_a_lease_has_one_owner_and_a_process_that_lost_it_can_never_append(cluster_database: str) -> None:
    storage = Storage(cluster_database)
    storage.migrate()
    storage.create_game(GameRow("g1", "base", {}, 7, "running", 0.0, [SeatRow(0, "bot", "random")]))
    first, second = Leases(storage, "first", 30.0), Leases(storage, "second", 30.0)
    try:
        assert first.take("g1") and not second.take("g1")
        assert second.owned_elsewhere() == {"g1"} and first.owned_elsewhere() == set()
        storage.fence = first.fence
        storage.append_actions([("g1", 0, 0, "settle 1")])
        first.release(["g1"])  # handed over: the other process takes it at once
        assert second.take("g1") and second.held["g1"] == 2
        with pytest.raises(LeaseLost):
            storage.append_actions([("g1", 1, 0, "settle 2")])
        storage.fence = second.fence
        storage.append_actions([("g1", 1, 0, "settle 3")])
        assert storage.action_texts("g1") == ["settle 1", "settle 3"]
        assert first.renew() == set() and second.renew() == set()
    finally:
        storage.close()
