"""Restarts and memory: a server answers at once whatever the number of unfinished games, rebuilds a game
from its log when first used, and keeps only the games in use in memory (the timings: bench/restart.py)."""

from __future__ import annotations

import random
from typing import Any

import siedler
from siedler.server import models
from siedler.server.storage import GameRow, SeatRow, Storage, hash_token

from .conftest import GREEDY, HUMAN, RANDOM, Server, create, full_table, hello, join, next_state, room_of, wait_for

TOKEN = "the-token-of-seat-0"


def fill(url: str, games: int) -> tuple[dict[str, int], list[str], list[str]]:
    """Store unfinished games directly: each game's number of stored actions, the long ones, the bot ones.

    Every running game replays a prefix of one random game (seed 7), some of 400 moves; one in three is
    open (seats free); a few have bots, stopped where a person is to act.
    """
    game = siedler.new_game("base", players=["P1", "P2", "P3"], seed=7)
    rng = random.Random(7)
    moves: list[str] = []
    bot_stops = []  # prefixes at which seat 0, the person, is to act
    while len(moves) < 400:
        if game.to_act == 0 and len(moves) > 20:
            bot_stops.append(len(moves))
        action = rng.choice(game.legal_actions())
        moves.append(str(action))
        game.apply(action)
    storage = Storage(url)
    storage.migrate()
    counts: dict[str, int] = {}
    long, bots = [], []
    rows: list[tuple[str, int, int | None, str]] = []
    made: list[GameRow] = []
    for i in range(games):
        gid = f"g{i:04d}"
        tokens = [hash_token(TOKEN if s == 0 else gid) for s in range(3)]
        seats = [SeatRow(s, "human", name=f"P{s + 1}", token_hash=tokens[s]) for s in range(3)]
        status, length = "running", 400 if i % 100 == 0 else i % 30
        if i % 3 == 1:
            seats[2] = SeatRow(2, "human")
            status, length = "open", 0
        elif i % 250 == 2:
            seats[1:] = [SeatRow(s, "bot", "random", f"P{s + 1}") for s in (1, 2)]
            length = bot_stops[i % len(bot_stops)]
            bots.append(gid)
        if length == 400:
            long.append(gid)
        made.append(GameRow(gid, "base", dict(game.options), 7, status, 0.0, seats, public=True))
        rows += [(gid, n, None, text) for n, text in enumerate(moves[:length])]
        counts[gid] = length
    with storage.engine.begin() as conn:  # one transaction: a thousand of create_game's take 10 s on PostgreSQL
        conn.execute(models.games.insert(), [_game(row) for row in made])
        conn.execute(models.seats.insert(), [{"game_id": row.id, **vars(seat)} for row in made for seat in row.seats])
    storage.append_actions(rows)
    storage.close()
    return counts, long, bots


def _game(row: GameRow) -> dict[str, Any]:
    fields = ("id", "ruleset", "options", "seed", "status", "bot_delay", "created_at", "public")
    return {**{name: getattr(row, name) for name in fields}, "updated_at": row.created_at, "result": None}


def test_a_restart_with_a_thousand_unfinished_games_lists_them_from_rows_and_waits_to_rebuild_open_ones(
    database_url: str,
) -> None:
    counts, long, bots = fill(database_url, 1000)
    server = Server(database_url)
    client = server.start()
    try:
        listing = client.get("/api/games").json()
        listed = {g["id"]: g for g in listing["open"] + listing["running"]}
        assert {gid: g["actions"] for gid, g in listed.items()} == counts
        assert all("seed" not in g for g in listed.values())
        waiting = {g["id"] for g in listing["open"]}
        running = set(counts) - waiting
        assert waiting and set(bots) <= running
        # Every running game comes back by itself (its bots, its clock and its absent players are watched in
        # memory); a game waiting for people is rebuilt only when someone uses it.
        wait_for(lambda: running <= set(server.lobby.rooms), timeout=120)
        assert not waiting & set(server.lobby.rooms)

        gid = long[1]
        headers = {"Authorization": f"Bearer {TOKEN}"}
        seen = client.get(f"/api/games/{gid}/view", params={"seat": 0}, headers=headers).json()
        expected = siedler.new_game("base", players=["P1", "P2", "P3"], seed=7)
        for text in server.lobby.storage.action_texts(gid):
            expected.apply(text)
        assert seen["n"] == 400 and seen["view"] == expected.view(0)
        opened = sorted(waiting)[0]
        assert client.get(f"/api/games/{opened}").status_code == 200
        assert set(server.lobby.rooms) == running  # a summary is read from the game's row
        assert client.get(f"/api/games/{opened}/view").status_code == 200
        assert set(server.lobby.rooms) == running | {opened}  # the game asked for, and no other open one
    finally:
        server.stop()


def test_idle_rooms_leave_memory_beyond_a_count_and_come_back_when_used(database_url: str) -> None:
    server = Server(database_url)
    client = server.start(idle_rooms_in_memory=2)
    try:
        watched, _ = full_table(client)
        with client.websocket_connect(f"/ws/games/{watched}") as ws:
            hello(ws)
            next_state(ws)
            room = server.lobby.rooms[watched]
            # Games waiting for a person: idle, so beyond the bound they leave memory.
            created = [
                create(client, [HUMAN, GREEDY, GREEDY], name="Anna", claim=-1, public=True)["game"]["id"]
                for _ in range(6)
            ]
            assert server.lobby.rooms[watched] is room  # a room with a client stays
            assert len(server.lobby.rooms) <= 1 + 2 + 1  # the watched room, the bound, the newest
        gid = created[0]
        assert gid not in server.lobby.rooms
        listing = client.get("/api/games").json()
        assert len(listing["open"]) == 6 and len(server.lobby.rooms) <= 4  # listed without rebuilding
        taken = client.post(f"/api/games/{gid}/seats/0", json={"name": "Ben"})  # rebuilt from its row on use
        assert taken.status_code == 200, taken.text
        room = server.lobby.rooms[gid]
        assert room.status == "running" and room.game is not None
    finally:
        server.stop()


def test_rooms_idle_for_a_while_are_dropped_but_never_one_that_is_busy(database_url: str) -> None:
    server = Server(database_url)
    client = server.start(room_idle_seconds=0.2, sweep_seconds=0.05)
    try:
        waiting = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", claim=-1)
        quiet = waiting["game"]["id"]  # waits for a person
        done = create(client, [RANDOM] * 3, claim=-1, seed=3, bot_delay=0.0)["game"]["id"]
        bots = create(client, [GREEDY, RANDOM, RANDOM], claim=-1, seed=4, bot_delay=0.4)["game"]["id"]
        bot_room = server.lobby.rooms[bots]
        playing = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", seed=5)
        played = playing["game"]["id"]
        with client.websocket_connect(f"/ws/games/{played}") as ws:
            hello(ws, 0, playing["token"])
            next_state(ws)
            wait_for(lambda: quiet not in server.lobby.rooms, timeout=10)
            wait_for(lambda: done not in server.lobby.rooms, timeout=60)  # over, then idle
            assert played in server.lobby.rooms  # a client is connected
            assert server.lobby.rooms.get(bots) is bot_room  # its bots are about to move
        wait_for(lambda: server.lobby.rooms[played].views.connections == set(), timeout=10)
        server.lobby._sweep()
        assert played in server.lobby.rooms  # running: its clock and its absent player are watched here
        assert room_of(server, done).status == "finished"  # rebuilt from its log when asked for
        taken = join(client, waiting, 0, "Ben")
        assert taken.status_code == 200, taken.text
        assert server.lobby.rooms[quiet].status == "running"
    finally:
        server.stop()


def test_a_game_whose_log_cannot_be_read_keeps_no_other_game_from_resuming(database_url: str) -> None:
    import sqlalchemy as sa

    server = Server(database_url)
    client = server.start()
    try:
        ids = [create(client, [RANDOM] * 3, claim=-1, seed=s, bot_delay=0.05)["game"]["id"] for s in (1, 2)]
        wait_for(lambda: all(server.lobby.rooms[gid].game.num_actions >= 5 for gid in ids))
        server.stop()
        # A hole in the log of the newest game, which the server resumes first (the most recently changed).
        with Storage(database_url).engine.begin() as conn:
            for gid in ids[1:]:
                conn.execute(sa.delete(models.actions).where(models.actions.c.game_id == gid, models.actions.c.n == 2))
        server.start()
        wait_for(lambda: ids[0] in server.lobby.rooms)
        room = server.lobby.rooms[ids[0]]
        moved = room.game.num_actions
        wait_for(lambda: room.game.num_actions > moved)
        assert not set(ids[1:]) & set(server.lobby.rooms)
    finally:
        server.stop()
