"""Seats need an invitation (issue 25): a game's open seats are taken with its invite code, returned to the
creator only; a public game is listed for anyone, one seat per client address; the code never shows."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from siedler.core.fairness import commitment
from siedler.server.storage import MIGRATIONS, Storage, now

from .conftest import GREEDY, HUMAN, Server, create, hello, join, next_state

#: A reverse proxy on loopback that the server believes, so that a test can speak from several addresses.
PROXY: dict[str, Any] = {"client": ("127.0.0.1", 50000), "trusted_proxies": ("127.0.0.1",)}


def claim(server: Server, gid: str, seat: int, name: str, address: str, invite: str | None = None) -> Any:
    assert server.client is not None
    body = {"name": name, **({"invite": invite} if invite is not None else {})}
    return server.client.post(f"/api/games/{gid}/seats/{seat}", json=body, headers={"X-Forwarded-For": address})


def test_the_open_seats_of_a_game_are_taken_only_with_its_invite_code(server: Server) -> None:
    server.stop()
    client = server.start(**PROXY)
    created = create(client, [HUMAN, HUMAN, HUMAN], claim=-1)  # another player's game, nobody seated yet
    gid, invite = created["game"]["id"], created["invite"]
    assert len(invite) >= 16 and invite not in (created["creator_token"], created["token"])
    for seat in (0, 1, 2):  # the probe: one address took all three seats in 11 ms
        refused = claim(server, gid, seat, f"M{seat}", "10.0.0.9")
        assert refused.status_code == 403 and "invitation" in refused.json()["detail"]
        assert claim(server, gid, seat, f"M{seat}", "10.0.0.9", invite="x" * 16).status_code == 403
    assert all(not s["claimed"] for s in client.get(f"/api/games/{gid}").json()["seats"])
    # With the code, friends take seats, even several behind one address (a family at home).
    for seat, name in ((0, "Anna"), (1, "Ben")):
        assert claim(server, gid, seat, name, "10.0.0.1", invite).status_code == 200
    assert gid not in {g["id"] for g in client.get("/api/games").json()["open"]}  # private: not listed


def test_a_public_game_is_listed_and_gives_one_seat_per_address(server: Server) -> None:
    server.stop()
    client = server.start(**PROXY)
    created = create(client, [HUMAN, HUMAN, HUMAN, HUMAN], name="Anna", public=True)
    gid = created["game"]["id"]
    assert created["game"]["public"] is True
    assert [g["id"] for g in client.get("/api/games").json()["open"]] == [gid]
    assert claim(server, gid, 1, "Ben", "10.0.0.2").status_code == 200
    second = claim(server, gid, 2, "Bob", "10.0.0.2")
    assert second.status_code == 403 and "one each" in second.json()["detail"]
    # The creator's address holds her seat already; with the invite code she may seat a friend beside her.
    assert claim(server, gid, 2, "Cleo", "127.0.0.1").status_code == 403
    assert claim(server, gid, 2, "Cleo", "127.0.0.1", created["invite"]).status_code == 200
    assert claim(server, gid, 3, "Dora", "10.0.0.4").status_code == 200
    assert client.get(f"/api/games/{gid}").json()["status"] == "running"


def test_an_invite_code_never_appears_in_a_listing_a_summary_or_a_message(server: Server) -> None:
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna", public=True)
    gid, invite = created["game"]["id"], created["invite"]
    assert invite not in str(created["game"])
    texts = [client.get(path).text for path in ("/api/games", f"/api/games/{gid}", f"/api/games/{gid}/view")]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        texts.append(str(hello(ws, 0, created["token"])))
    ben = join(client, created, 1, "Ben")
    texts.append(ben.text)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        texts.append(str(hello(ws, 1, ben.json()["token"])))
        texts.append(str(next_state(ws)))
    assert all(invite not in text for text in texts)
    stored = server.lobby.storage.load_game(gid)
    assert stored.invite_hash is not None and invite not in str(stored)  # only its SHA-256 is kept


def test_names_at_one_table_may_not_look_alike(server: Server) -> None:
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, HUMAN, HUMAN, {**GREEDY, "name": "Greta"}], name="Alice")
    for name in ("ALICE", "A l i c e", "Аlice", "Alice\u200b", "\u3164", "Ａｌｉｃｅ", "Greta", "GRETA"):
        refused = join(client, created, 1, name)
        assert refused.status_code in (409, 422), name
    assert join(client, created, 1, "Аня").status_code == 200  # one script, Cyrillic: fine
    taken = join(client, created, 2, "Ｂｅｎ\u3000Ｏｌｄ")  # full-width letters and space: stored as NFKC
    assert taken.status_code == 200 and taken.json()["game"]["seats"][2]["name"] == "Ben Old"
    lookalike = {"ruleset": "base", "seats": [HUMAN, {**GREEDY, "name": "anna"}, GREEDY], "name": "Anna"}
    assert client.post("/api/games", json=lookalike).status_code == 400


def test_seats_and_claims_are_whole_numbers_not_true(client: Any) -> None:
    body = {"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "claim": True}
    assert client.post("/api/games", json=body).status_code == 422
    assert client.post("/api/games", json={**body, "claim": 0, "public": "yes"}).status_code == 422


def _upgrade(url: str, revision: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, revision)


def test_migration_0004_keeps_seats_opens_waiting_games_to_anyone_and_keeps_their_commitments(
    database_url: str,
) -> None:
    storage = Storage(database_url)
    _upgrade(storage.url, "0003")
    stamp = now()
    with storage.engine.begin() as conn:
        for gid, status in (("waits", "open"), ("plays", "running")):
            conn.execute(
                sa.text(
                    "INSERT INTO games (id, ruleset, options, seed, status, bot_delay, created_at, updated_at) "
                    "VALUES (:id, 'base', '{}', '5', :status, 0.5, :t, :t)"
                ),
                {"id": gid, "status": status, "t": stamp},
            )
            for seat in range(3):
                conn.execute(
                    sa.text("INSERT INTO seats (game_id, seat, kind, name) VALUES (:g, :s, 'human', 'P')"),
                    {"g": gid, "s": seat},
                )
    storage.migrate()
    waits, plays = storage.load_game("waits"), storage.load_game("plays")
    storage.close()
    assert waits is not None and plays is not None
    assert len(waits.seats) == len(plays.seats) == 3  # rebuilding the table would have cascaded into seats
    assert (waits.public, plays.public) == (True, False)
    assert waits.commitment_version == plays.commitment_version == 1
    server = Server(database_url)
    client = server.start()
    try:
        summary = client.get("/api/games/plays").json()
        assert summary["commitment"] == commitment("plays", 5)  # what its players were shown at its start
        assert client.post("/api/games/waits/seats/0", json={"name": "Ben"}).status_code == 200
    finally:
        server.stop()


def test_confusable_names_are_refused_at_one_table_and_stacked_marks_anywhere(server: Server) -> None:
    """Issue 39, finding 8: Alice/AIice, Paul/PauI, rn/m, DAD/ᎠᎪᎠ (Cherokee) sat at one table, and a name
    carried 30 combining accents. UTS #39's skeleton, from Unicode's confusables, tells them apart."""
    client = server.client
    assert client is not None
    for first, second in (("Alice", "AIice"), ("Paul", "PauI"), ("rn", "m"), ("DAD", "ᎠᎪᎠ"), ("c1aire", "claire")):
        created = create(client, [HUMAN, HUMAN, GREEDY], name=first)
        refused = join(client, created, 1, second)
        assert refused.status_code == 409 and "looks like another name" in refused.json()["detail"], second
        assert join(client, created, 1, "Bob").status_code == 200  # a name unlike it sits down
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Zoe")
    stacked = join(client, created, 1, "Zo" + "e" + "\u0301" * 30)
    assert stacked.status_code == 422 and "at most 3 accents" in stacked.text
    assert join(client, created, 1, "Nguyễn Thị").status_code == 200  # two marks on one letter are writing
