"""Storage has quotas and retention (issue 39, findings 4 and 6), on SQLite and PostgreSQL.

Finding 4: bots-only games with no delay stored 434,581 actions in 75 s from one address, kept for ever,
and SQLite's write-ahead log reached 785 MiB. Finding 6: games whose creator never connects, a bot and the
stand-in at the creator's seat, went past the cap on games of bots only.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from .conftest import HUMAN, RANDOM, Server, create, on_loop, wait_for

#: Deck Building without cities: nobody can win, the bots play until a limit stops them.
ENDLESS = {"turn_limit": 10**6, "supply": {"city": 0}}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_games_whose_people_never_show_up_count_as_games_of_bots_only(server: Server) -> None:
    server.stop()
    client = server.start(bot_games_per_client=2, disconnect_grace=0.05)
    body: dict[str, Any] = {"ruleset": "deck-building", "seats": [HUMAN, RANDOM], "options": ENDLESS, "name": "Anna"}
    first = create(client, **body)
    second = create(client, **body)
    rooms = [server.lobby.rooms[created["game"]["id"]] for created in (first, second)]
    wait_for(lambda: all(room.row.seats[0].takeover for room in rooms))  # the stand-in plays: nobody is there
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 429 and "whose people have not shown up" in refused.json()["detail"]
    bots = client.post("/api/games", json={**body, "seats": [RANDOM, RANDOM], "claim": -1})
    assert bots.status_code == 429
    # Anna shows up at her first game: it is attended (stored), and the address may start another.
    seen = client.get(f"/api/games/{first['game']['id']}/view", params={"seat": 0}, headers=bearer(first["token"]))
    assert seen.status_code == 200
    wait_for(lambda: server.lobby.storage.load_game(first["game"]["id"]).attended)
    assert client.post("/api/games", json=body).status_code == 201


def test_the_bots_of_one_address_store_at_most_its_actions_per_hour(server: Server) -> None:
    server.stop()
    client = server.start(bot_actions_per_hour=300)
    body: dict[str, Any] = {"ruleset": "deck-building", "seats": [RANDOM, RANDOM], "claim": -1, "options": ENDLESS}
    rooms = [server.lobby.rooms[create(client, **body, bot_delay=0)["game"]["id"]] for _ in range(2)]

    def stored() -> int:
        return sum(len(server.lobby.storage.action_texts(room.id)) for room in rooms)

    wait_for(lambda: stored() >= 300)
    time.sleep(1.0)  # at 300 an hour, the next action is 12 s away
    assert stored() == 300 and all(room.status == "running" and room.bots.moving for room in rooms)


def test_games_nobody_attended_are_deleted_after_their_retention_and_finished_games_with_people_kept(
    server: Server,
) -> None:
    server.stop()
    day = 86400.0
    client = server.start(unattended_retention=day, disconnect_grace=0.05, cleanup_interval=day)
    short: dict[str, Any] = {"ruleset": "base", "options": {"turn_limit": 4}, "bot_delay": 0}
    bots = create(client, [RANDOM, RANDOM, RANDOM], claim=-1, **short)["game"]["id"]
    # Anna attends her game (a request with her seat's token), leaves it to the stand-in, which finishes it.
    attended = create(client, [HUMAN, RANDOM, RANDOM], name="Anna", **short)
    seen = client.get(
        f"/api/games/{attended['game']['id']}/view", params={"seat": 0}, headers=bearer(attended["token"])
    )
    assert seen.status_code == 200
    # Ben never shows up at his game; its creator ends it.
    absent = create(client, [HUMAN, RANDOM, RANDOM], name="Ben", **short)
    assert (
        client.post(f"/api/games/{absent['game']['id']}/end", headers=bearer(absent["creator_token"])).status_code
        == 200
    )
    storage = server.lobby.storage
    wait_for(lambda: storage.load_game(bots).status == "finished", timeout=60)
    wait_for(lambda: storage.load_game(attended["game"]["id"]).status == "finished", timeout=60)
    sweeper: Any = client.app.state.sweeper  # type: ignore[attr-defined]
    assert on_loop(client, sweeper.cleanup, time.time() + day / 2) == []  # within the retention: all kept
    gone = on_loop(client, sweeper.cleanup, time.time() + 2 * day)
    assert sorted(gone) == sorted([bots, absent["game"]["id"]])
    assert storage.load_game(bots) is None and storage.action_texts(bots) == []
    kept = on_loop(client, sweeper.cleanup, time.time() + 365 * day)
    assert kept == [] and storage.load_game(attended["game"]["id"]).status == "finished"


def test_the_write_ahead_log_is_emptied_while_the_server_runs(tmp_path: Path) -> None:
    """A reader that holds its snapshot of the database keeps SQLite from reusing the log from its start, so
    a busy server's log grows; a checkpoint only copies it, and the file keeps its size, unless emptied."""
    path = tmp_path / "games.db"
    server = Server(f"sqlite:///{path}")
    client = server.start(checkpoint_seconds=0.1)
    try:
        gid = create(client, [HUMAN, HUMAN, HUMAN], name="Anna")["game"]["id"]  # waiting: no moves of its own
        storage = server.lobby.storage
        wal = Path(f"{path}-wal")
        reader = sqlite3.connect(path)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM actions").fetchall()
        for batch in range(20):  # 40,000 actions, as a busy minute of bots would store them
            storage.append_actions([(gid, 2_000 * batch + n, None, "x" * 150) for n in range(2_000)])
        assert wal.stat().st_size > 4 * 2**20
        reader.rollback()
        reader.close()
        wait_for(lambda: wal.stat().st_size < 2**20, timeout=20)
        assert len(storage.action_texts(gid)) == 40_000
    finally:
        server.stop()
