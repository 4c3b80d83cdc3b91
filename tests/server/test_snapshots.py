"""Games load from snapshots (issue 39, finding 3): a long game is not replayed from its whole log for a
summary, a view, a record or a replay step; the log stays the truth (a snapshot that disagrees with it is
refused and rebuilt); listings and summaries read stored columns, never the actions. SQLite and
PostgreSQL.

The long game: Deck Building without cities (nobody can win) between two random bots, stopped by the
server's action limit, which the tests set to ``LENGTH``: three snapshots (at 500, 1,000 and the end).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import Any

import pytest
import sqlalchemy as sa

import siedler
from siedler.server import snapshots
from siedler.server.models import snapshots as snapshot_rows
from siedler.server.snapshots import EVERY

from .conftest import RANDOM, Server, create, wait_for

LENGTH = 1_234
ENDLESS = {"turn_limit": 10**6, "supply": {"city": 0}}


def long_game(server: Server) -> str:
    """A stopped game of ``LENGTH`` actions, its snapshots stored, on a freshly restarted server."""
    server.stop()
    client = server.start(max_game_actions=LENGTH)
    gid = create(client, [RANDOM, RANDOM], ruleset="deck-building", claim=-1, options=ENDLESS)["game"]["id"]
    wait_for(lambda: server.lobby.rooms[gid].status == "ended")
    wait_for(lambda: stored_snapshots(server, gid) == [EVERY, 2 * EVERY, LENGTH])
    server.stop()
    server.start(max_game_actions=LENGTH)
    return str(gid)


def stored_snapshots(server: Server, gid: str) -> list[int]:
    with server.lobby.storage.engine.connect() as conn:
        query = sa.select(snapshot_rows.c.n).where(snapshot_rows.c.game_id == gid).order_by(snapshot_rows.c.n)
        return list(conn.execute(query).scalars())


def full_replay(server: Server, gid: str) -> siedler.Game:
    row = server.lobby.storage.load_game(gid)
    game = siedler.new_game(row.ruleset, players=[s.name for s in row.seats], seed=row.seed, options=row.options)
    game.game_id = gid
    for text in server.lobby.storage.action_texts(gid):
        game.apply(text)
    return game


def replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of actions each replay applies from now on."""
    counts: list[int] = []
    real = snapshots.advance

    async def counting(game: Any, actions: list[str]) -> None:
        counts.append(len(actions))
        await real(game, actions)

    monkeypatch.setattr(snapshots, "advance", counting)
    return counts


def test_summaries_and_listings_read_columns_not_actions(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    gid = long_game(server)
    storage = server.lobby.storage

    def unread(*args: Any) -> Any:
        raise AssertionError("a summary or listing read a game's actions")

    for name in ("tail", "action_texts", "snapshot_before"):
        monkeypatch.setattr(storage, name, unread)
    assert server.client is not None
    summary = server.client.get(f"/api/games/{gid}").json()
    assert (summary["status"], summary["actions"], summary["reason"]) == ("ended", LENGTH, "action_limit")
    listed = server.client.get("/api/games").json()["stopped"]
    assert [(g["id"], g["actions"]) for g in listed] == [(gid, LENGTH)]
    assert gid not in server.lobby.rooms  # nothing was loaded to answer


def test_a_long_game_loads_from_its_newest_snapshot_and_its_record_is_the_log(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = long_game(server)
    assert server.client is not None
    counts = replayed(monkeypatch)
    record = server.client.get(f"/api/games/{gid}/record").json()
    assert counts == [0]  # the snapshot at the end: nothing to replay
    room = server.lobby.rooms[gid]
    # An idle room holds the position and the newest events, not the history.
    assert room.game.history == [] and len(room.game.events()) <= server.lobby.settings.log_tail
    assert record["actions"] == server.lobby.storage.action_texts(gid)
    assert siedler.replay(record).state() == full_replay(server, gid).state() == room.game.state(record["actions"])
    verdict = server.client.get(f"/api/games/{gid}/verify").json()
    assert verdict["replay_ok"] and verdict["commitment_ok"]
    # A replay step starts at the newest snapshot at or before it.
    counts.clear()
    step = server.client.get(f"/api/games/{gid}/replay", params={"step": 1_100}).json()
    expected = full_replay(server, gid)
    texts = server.lobby.storage.action_texts(gid)
    again = siedler.new_game(
        expected.ruleset, players=list(expected.players), seed=expected.seed, options=expected.options
    )
    for text in texts[:1_100]:
        again.apply(text)
    assert counts == [100] and step["last"] == texts[1_099] and step["total"] == LENGTH
    assert json.dumps(step["view"]["players"]) == json.dumps(again.view(None)["players"])


def test_without_its_last_snapshot_a_game_replays_fewer_than_every_and_stores_it_again(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = long_game(server)
    with server.lobby.storage.engine.begin() as conn:
        conn.execute(sa.delete(snapshot_rows).where(snapshot_rows.c.game_id == gid, snapshot_rows.c.n == LENGTH))
    counts = replayed(monkeypatch)
    assert server.client is not None
    assert server.client.get(f"/api/games/{gid}/record").status_code == 200
    assert counts == [LENGTH - 2 * EVERY] and server.lobby.services.snapshots.refused == 0
    assert (
        server.lobby.rooms[gid].game.state(server.lobby.storage.action_texts(gid)) == full_replay(server, gid).state()
    )


@pytest.mark.parametrize("damage", ["bytes", "last"])
def test_a_snapshot_that_disagrees_with_its_log_is_refused_and_rebuilt(
    server: Server, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    gid = long_game(server)
    where = (snapshot_rows.c.game_id == gid) & (snapshot_rows.c.n == LENGTH)
    with server.lobby.storage.engine.begin() as conn:
        if damage == "bytes":  # its bytes changed behind its digest's back
            data = bytes(conn.execute(sa.select(snapshot_rows.c.data).where(where)).scalar_one())
            conn.execute(sa.update(snapshot_rows).where(where).values(data=data[:-1] + bytes([data[-1] ^ 1])))
        else:  # a snapshot of another log: the action it follows is not the log's
            conn.execute(sa.update(snapshot_rows).where(where).values(last="no such action"))
    counts = replayed(monkeypatch)
    assert server.client is not None
    record = server.client.get(f"/api/games/{gid}/record").json()
    assert server.lobby.services.snapshots.refused == 1
    assert sum(counts) == LENGTH  # rebuilt from the whole log
    assert siedler.replay(record).state() == full_replay(server, gid).state()
    wait_for(lambda: stored_snapshots(server, gid) == [EVERY, 2 * EVERY, LENGTH])
    with server.lobby.storage.engine.connect() as conn:
        data, digest = conn.execute(sa.select(snapshot_rows.c.data, snapshot_rows.c.digest).where(where)).one()
    assert hashlib.sha256(data).hexdigest() == digest
    assert json.loads(zlib.decompress(data))["actions"] == LENGTH


def test_a_running_game_resumes_from_its_snapshot_after_a_restart(server: Server) -> None:
    """A game of bots that cannot end, stopped while it runs past its first snapshots: it resumes from the
    newest one and plays on, and what it plays is what a replay of its whole log gives."""
    client = server.client
    assert client is not None
    gid = create(client, [RANDOM, RANDOM], ruleset="deck-building", claim=-1, options=ENDLESS, bot_delay=0.001)
    gid = gid["game"]["id"]
    wait_for(lambda: server.lobby.rooms[gid].game.num_actions > 2 * EVERY + 10)
    server.stop()
    server.start(max_game_actions=3 * EVERY)
    wait_for(lambda: gid in server.lobby.rooms)
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.status == "ended")
    texts = server.lobby.storage.action_texts(gid)
    assert len(texts) == 3 * EVERY and room.game.state(texts) == full_replay(server, gid).state()


def test_a_snapshot_its_log_does_not_lead_to_is_found_by_the_check_and_the_game_rebuilt(server: Server) -> None:
    """A snapshot that is sound in itself (its digest matches, it is this game's, it follows the log's last
    action) but is not where the log leads, as from an engine that changed: loading cannot tell, the check
    of the record does, and the game is rebuilt from its log."""
    gid = long_game(server)
    where = (snapshot_rows.c.game_id == gid) & (snapshot_rows.c.n == LENGTH)
    with server.lobby.storage.engine.begin() as conn:
        data = json.loads(zlib.decompress(conn.execute(sa.select(snapshot_rows.c.data).where(where)).scalar_one()))
        data["position"]["rng"] += 1  # other dice and draws to come
        packed = zlib.compress(json.dumps(data).encode())
        conn.execute(
            sa.update(snapshot_rows).where(where).values(data=packed, digest=hashlib.sha256(packed).hexdigest())
        )
    assert server.client is not None
    record = server.client.get(f"/api/games/{gid}/record").json()
    assert server.lobby.services.snapshots.refused == 0  # loaded from it, nothing to replay after it
    assert siedler.replay(record).state()["rng"] != data["position"]["rng"]
    verdict = server.client.get(f"/api/games/{gid}/verify").json()
    assert verdict["replay_ok"] and server.lobby.services.snapshots.refused == 1
    again = server.client.get(f"/api/games/{gid}/record").json()
    assert siedler.replay(again).state() == full_replay(server, gid).state()
    assert again["final_state_sha256"] != record["final_state_sha256"]
