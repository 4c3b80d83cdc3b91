"""Seeds on the server: 128 random bits, stored losslessly, committed to at the start, revealed and checked at
the end; chosen only for a game with at most one human seat, and then said so."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

import siedler
from siedler.bots import make_bot
from siedler.core.fairness import commitment
from siedler.core.verify import verify_record
from siedler.server.storage import MIGRATIONS, normalise_url

from .conftest import GREEDY, HUMAN, RANDOM, Server, create, log_matches_game, room_of, wait_for


def test_a_chosen_seed_needs_a_game_with_at_most_one_human_seat(client: TestClient) -> None:
    before = client.get("/api/games").json()
    refused = client.post("/api/games", json={"ruleset": "base", "seats": [HUMAN, HUMAN, GREEDY], "seed": 5})
    assert refused.status_code == 400
    assert "at most one human seat" in refused.json()["detail"]
    assert client.get("/api/games").json() == before  # nothing was created
    game = create(client, [HUMAN, GREEDY, RANDOM], seed="123456789012345678901234567890")["game"]
    assert game["seed_chosen"] is True and "seed" not in game
    assert create(client, [HUMAN, GREEDY, RANDOM])["game"]["seed_chosen"] is False


def test_a_chosen_seed_binds_its_creator_to_the_human_seat(client: TestClient) -> None:
    """Whoever picks the seed can foresee every card: leaving the one human seat to someone else (claim -1)
    would make that person play against a known deck."""
    refused = client.post(
        "/api/games", json={"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "seed": 5, "claim": -1}
    )
    assert refused.status_code == 400 and "creator takes the human seat" in refused.json()["detail"]
    watched = create(client, [GREEDY, GREEDY, RANDOM], seed=5, claim=-1, options={"turn_limit": 3})
    assert watched["game"]["seed_chosen"] is True  # bots only: nobody is fooled
    played = create(client, [HUMAN, GREEDY, RANDOM], seed=5)
    assert played["seat"] == 0 and played["token"]


@pytest.mark.parametrize("seed", [-1, 2**256, "12e5", "", 1.5, [1]])
def test_bad_seeds_get_a_400_not_a_500(client: TestClient, seed: Any) -> None:
    response = client.post("/api/games", json={"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "seed": seed})
    assert response.status_code in (400, 422), response.text
    assert "seed" in response.text


def test_seeds_above_64_bits_are_stored_and_resumed(server: Server) -> None:
    client = server.client
    assert client is not None
    seed = 2**255 + 2**64 + 7  # a SQLite or PostgreSQL integer column would overflow (a 500 before)
    gid = create(client, [HUMAN, GREEDY, GREEDY], seed=str(seed))["game"]["id"]
    room = server.lobby.rooms[gid]
    assert room.game.seed == seed
    wait_for(lambda: room.game.to_act == 0)  # the bots have moved up to the person's turn
    log_matches_game(server, gid)
    before = room.game.state()
    server.stop()
    server.start()
    assert room_of(server, gid).game.state() == before


def test_the_commitment_is_shown_from_the_start_and_checks_out_at_the_end(server: Server) -> None:
    client = server.client
    assert client is not None
    running = create(client, [HUMAN, GREEDY, GREEDY])["game"]
    for path in ("record", "verify"):
        assert client.get(f"/api/games/{running['id']}/{path}").status_code == 403
    created = create(client, [GREEDY, RANDOM, RANDOM], claim=-1, options={"turn_limit": 12})["game"]
    gid, promised = created["id"], created["commitment"]
    assert len(promised) == 64 and "seed" not in created
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["status"] == "finished")
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["commitment"] == promised
    assert commitment(gid, int(summary["seed"]), seed_chosen=False) == promised
    assert commitment(gid, int(summary["seed"]), seed_chosen=True) != promised
    assert int(summary["seed"]).bit_length() > 64  # 128 random bits: below 2**64 has odds 2**-64
    checked = client.get(f"/api/games/{gid}/verify").json()
    assert checked["commitment_ok"] and checked["replay_ok"] and checked["problem"] is None
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["game_id"] == gid and record["commitment"] == promised and record["seed_chosen"] is False
    assert verify_record(record).ok and verify_record(record).seed_chosen_bound
    assert checked["seed_chosen"] is False and checked["seed_chosen_bound"] is True
    other_seed = verify_record(dict(record, seed=str(int(record["seed"]) + 1)))
    assert not other_seed.commitment_ok and not other_seed.replay_ok
    flipped = verify_record(dict(record, seed_chosen=True))  # the issue: flipping it used to verify
    assert not flipped.commitment_ok and not flipped.ok


#: The tables as schema 0001 made them (the models have moved on): seeds were 64-bit integers.
_V1 = sa.MetaData()
V1_GAMES = sa.Table(
    "games",
    _V1,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("ruleset", sa.String(64)),
    sa.Column("options", sa.JSON),
    sa.Column("seed", sa.BigInteger),
    sa.Column("status", sa.String(16)),
    sa.Column("bot_delay", sa.Float),
    sa.Column("created_at", sa.DateTime(timezone=True)),
    sa.Column("updated_at", sa.DateTime(timezone=True)),
    sa.Column("result", sa.JSON),
)
V1_SEATS = sa.Table(
    "seats",
    _V1,
    sa.Column("game_id", sa.String(32)),
    sa.Column("seat", sa.Integer),
    sa.Column("kind", sa.String(8)),
    *(sa.Column(n, sa.String(200)) for n in ("bot", "name", "token_hash")),
)
V1_ACTIONS = sa.Table(
    "actions",
    _V1,
    sa.Column("game_id", sa.String(32)),
    sa.Column("n", sa.Integer),
    sa.Column("seat", sa.Integer),
    sa.Column("text", sa.String(200)),
    sa.Column("at", sa.DateTime(timezone=True)),
)


def _upgrade(url: str, revision: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    command.upgrade(cfg, revision)


def test_a_version_1_database_migrates_and_its_games_resume(database_url: str) -> None:
    """Schema 0001 held seeds as 64-bit integers; 0002 turns them into decimal text and keeps every game."""
    _upgrade(database_url, "0001")
    seed, gid = 2**63 - 25, "old-game"
    names = ["Anna", "Greedy 2", "Greedy 3"]
    game = siedler.new_game("base", players=names, seed=seed, game_id=gid)
    bots = [make_bot("random", p) for p in range(3)]
    while game.num_actions < 20 or game.to_act != 0:  # stop at the person's turn: the bots then wait
        seat = game.to_act or 0
        game.apply(bots[seat].decide(game, seat))
    engine = sa.create_engine(normalise_url(database_url))
    stamp = datetime.now(UTC)
    with engine.begin() as conn:
        conn.execute(
            V1_GAMES.insert().values(
                id=gid,
                ruleset="base",
                options=game.options,
                seed=seed,
                status="running",
                bot_delay=0.0,
                created_at=stamp,
                updated_at=stamp,
                result=None,
            )
        )
        for seat, name in enumerate(names):
            bot = None if seat == 0 else "greedy"
            conn.execute(
                V1_SEATS.insert().values(
                    game_id=gid, seat=seat, kind="bot" if bot else "human", bot=bot, name=name, token_hash="0" * 64
                )
            )
        conn.execute(
            V1_ACTIONS.insert(),
            [
                {"game_id": gid, "n": n, "seat": None, "text": t, "at": stamp}
                for n, t in enumerate(game.record()["actions"])
            ],
        )
    engine.dispose()
    server = Server(database_url)
    client = server.start()  # migrates to the newest schema; the game is rebuilt from its log
    try:
        room = room_of(server, gid)
        assert room.error is None and room.status == "running"
        assert room.game.seed == seed and room.game.state() == game.state()
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["commitment"] == commitment(gid, seed) and summary["seed_chosen"] is False
        with server.lobby.storage.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT seed FROM games WHERE id = :g"), {"g": gid}).scalar_one()
        assert stored == str(seed)
    finally:
        server.stop()
