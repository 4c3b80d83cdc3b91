"""No game dies because someone leaves: decision clocks, takeover bots, taking a seat back, abandoned and
ended games, clean-up, and deadlines that go on across a restart. Timers are shortened through Settings."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from siedler.bots import make_bot
from siedler.core.game import Game
from siedler.server.models import actions, games
from siedler.server.storage import Storage, now

from .conftest import GREEDY, HUMAN, RANDOM, Server, create, hello, join, on_loop, wait_for

#: Short clocks and a quick sweeper, so that a test waits fractions of a second, never a minute.
QUICK: dict[str, Any] = {"timers": {"relaxed": 5.0, "normal": 60.0, "fast": 1.5}, "sweep_interval": 0.02}
#: A bot delay for games whose every seat bots may end up playing: slow enough that they do not finish the
#: game before the test is done with it, which a player could not take a seat back in.
SLOW = 0.05


@pytest.fixture
def start(database_url: str) -> Iterator[Callable[..., Server]]:
    """Start a server on the test's database with ``QUICK`` settings and any others given."""
    servers: list[Server] = []

    def make(**settings: Any) -> Server:
        server = Server(database_url)
        server.start(**{**QUICK, **settings})
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


def until(ws: Any, wanted: Callable[[dict[str, Any]], bool]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The first message ``wanted`` accepts, and every message before it."""
    seen: list[dict[str, Any]] = []
    while True:
        message = ws.receive_json()
        if wanted(message):
            return message, seen
        seen.append(message)


def seats_that_moved(server: Server, gid: str) -> list[int | None]:
    with server.lobby.storage.engine.connect() as conn:
        query = sa.select(actions.c.seat).where(actions.c.game_id == gid).order_by(actions.c.n)
        return [row.seat for row in conn.execute(query)]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_seat_out_of_time_is_played_by_the_bot_until_its_player_takes_it_back(
    start: Callable[..., Server],
) -> None:
    server = start()
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", timer="fast", bot_delay=SLOW)
    gid, token = created["game"]["id"], created["token"]
    assert created["game"]["timer"] == "fast" and created["game"]["timer_seconds"] == 1.5
    assert created["game"]["takeover_bot"] == "greedy"
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        mine, _ = until(ws, lambda m: m["type"] == "state" and bool(m["actions"]))
        assert mine["clock"]["seat"] == 0 and mine["clock"]["limit"] == 1.5
        assert 0 < mine["clock"]["left"] <= 1.5
        waited = mine["n"]
        # Anna does nothing: her time runs out and the greedy bot plays her seat.
        taken, _ = until(ws, lambda m: m["type"] == "game" and m["game"]["seats"][0]["takeover"])
        assert [s["takeover"] for s in taken["game"]["seats"]] == [True, False, False]
        wait_for(lambda: len(seats_that_moved(server, gid)) > waited, timeout=10)
        assert seats_that_moved(server, gid)[waited] == 0  # the bot's move for her, not someone else's
        # She takes it back: her decisions are hers again, with a fresh clock.
        ws.send_json({"type": "take_seat"})
        until(ws, lambda m: m["type"] == "game" and not m["game"]["seats"][0]["takeover"])
        mine, _ = until(ws, lambda m: m["type"] == "state" and bool(m["actions"]))
        assert mine["clock"]["seat"] == 0 and mine["clock"]["left"] > 0.5
        ws.send_json({"type": "act", "action": mine["actions"][0]["action"], "id": 5, "n": mine["n"]})
        answer, _ = until(ws, lambda m: m["type"] == "refused" or (m["type"] == "state" and m["n"] > mine["n"]))
        assert answer["type"] == "state", answer
    assert not room.row.seats[0].takeover
    assert seats_that_moved(server, gid)[mine["n"]] == 0


def test_acting_takes_the_seat_back_at_once(start: Callable[..., Server]) -> None:
    """A player whose seat the bot plays is back with their first move, without a button to find first."""
    server = start()
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", timer="fast", bot_delay=SLOW)
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        until(ws, lambda m: m["type"] == "game" and m["game"]["seats"][0]["takeover"])
        ws.send_json({"type": "act", "action": "end", "id": 4, "n": 0})  # whatever it is, she acts
        back, _ = until(ws, lambda m: m["type"] == "game" and not m["game"]["seats"][0]["takeover"])
        assert back["game"]["seats"][0]["takeover"] is False
    assert not room.row.seats[0].takeover
    assert not server.lobby.storage.load_game(gid).seats[0].takeover


def test_a_solo_game_against_bots_has_no_timer_unless_chosen_and_an_idle_player_keeps_the_seat(
    start: Callable[..., Server],
) -> None:
    """One person against bots: nobody but bots waits, so the game has no clock by default; left idle over
    three lengths of every timer the server has, the person keeps the seat and the game waits for them."""
    server = start(timers={"relaxed": 0.3, "normal": 0.2, "fast": 0.1})
    client = server.client
    assert client is not None
    assert client.get("/api/timers").json()["solo"] == "off"
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", bot_delay=SLOW)
    gid, token = created["game"]["id"], created["token"]
    assert created["game"]["timer"] == "off" and created["game"]["timer_seconds"] is None
    friends = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")  # two people: the default clock runs
    assert friends["game"]["timer"] == "normal"
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
        mine, _ = until(ws, lambda m: m["type"] == "state" and bool(m["actions"]))
        assert mine["clock"] is None
        n = mine["n"]
        time.sleep(3 * 0.3 + 0.2)  # idle: three lengths of the longest timer, and a sweep or more past them
        assert not room.row.seats[0].takeover and room.game is not None and room.game.num_actions == n
        ws.send_json({"type": "act", "action": mine["actions"][0]["action"], "id": 1, "n": n})
        answer, _ = until(ws, lambda m: m["type"] == "refused" or (m["type"] == "state" and m["n"] > n))
        assert answer["type"] == "state", answer
    assert seats_that_moved(server, gid)[n] == 0


def test_a_player_away_past_the_grace_is_replaced_and_reconnecting_takes_the_seat_back(
    start: Callable[..., Server],
) -> None:
    server = start(disconnect_grace=0.3)
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, GREEDY, RANDOM], name="Anna", timer="normal", bot_delay=SLOW)  # 60 s a decision
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(watcher)  # a spectator is nobody's player: Anna is still away
        wait_for(lambda: room.row.seats[0].takeover, timeout=5)
        wait_for(lambda: 0 in seats_that_moved(server, gid), timeout=10)  # the bot plays her moves
    assert server.lobby.storage.load_game(gid).seats[0].takeover  # stored, as a restart must know it
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        welcome = hello(ws, 0, token)
        assert welcome["game"]["seats"][0]["takeover"] is False
        assert not room.row.seats[0].takeover
    assert not server.lobby.storage.load_game(gid).seats[0].takeover


def test_an_http_player_takes_the_seat_back_and_others_cannot(start: Callable[..., Server]) -> None:
    server = start(disconnect_grace=0.2)
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna", bot_delay=SLOW)
    gid, token = created["game"]["id"], created["token"]
    other = join(client, created, 1, "Ben").json()["token"]
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.row.seats[0].takeover and room.row.seats[1].takeover, timeout=5)
    assert client.post(f"/api/games/{gid}/seats/0/back", headers=bearer(other)).status_code == 403
    assert room.row.seats[0].takeover
    back = client.post(f"/api/games/{gid}/seats/0/back", headers=bearer(token))
    assert back.status_code == 200 and back.json()["seats"][0]["takeover"] is False
    assert room.row.seats[1].takeover  # Ben is still away


def _hoard(game: Game) -> Any:
    """A policy that builds only in the founding rounds and then just rolls and ends: hands grow until a 7
    makes someone discard."""
    legal = game.legal_actions()
    kinds = {str(a).split()[0]: a for a in legal}
    for kind in ("roll", "end"):
        if kind in kinds:
            return kinds[kind]
    seat = game.to_act
    assert seat is not None
    return make_bot("greedy", seed=seat).decide(game, seat)


def _prefix_to(game: Game, pending: str) -> list[tuple[int, str]]:
    """Moves (seat, notation) that bring a copy of ``game`` to the pending decision ``pending``."""
    game = game.copy()
    moves: list[tuple[int, str]] = []
    while len(moves) < 3000:
        assert not game.is_over
        seat = game.to_act
        assert seat is not None
        phase = game.view(None)["phase"]
        if phase == pending:
            return moves
        offers = [a for a in game.legal_actions() if str(a).startswith("offer")] if phase == "main" else []
        action = offers[0] if pending == "offer_reply" and offers else _hoard(game)
        moves.append((seat, str(action)))
        game.apply(action)
    raise AssertionError(f"no {pending} in 3000 moves")


@pytest.mark.parametrize("pending", ["discard", "robber", "offer_reply"])
def test_a_pending_decision_times_out_and_only_the_own_turn_costs_the_seat(
    start: Callable[..., Server], pending: str
) -> None:
    """A discard on a 7, the robber's hex and victim, an answer to an offer: when the clock runs out the bot
    decides for the silent seat and the others go on. Only a clock of the seat's own turn hands the seat to
    the bot; an answer on someone else's turn (an offer's, a discard on another's 7) leaves it its player's."""
    server = start()
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, HUMAN, HUMAN], name="Anna", timer="fast")
    gid = created["game"]["id"]
    tokens = {0: created["token"]}
    for seat in (1, 2):
        tokens[seat] = join(client, created, seat, f"P{seat}").json()["token"]
    room = server.lobby.rooms[gid]
    for seat, text in _prefix_to(room.game, pending):
        body = {"seat": seat, "action": text, "n": room.game.num_actions}
        done = client.post(f"/api/games/{gid}/actions", json=body, headers=bearer(tokens[seat]))
        assert done.status_code == 200, done.text
    assert room.game.view(None)["phase"] == pending
    silent, n = room.game.to_act, room.game.num_actions
    own = room.game.view(None)["current"] == silent
    assert own or pending != "robber"  # the robber is moved on one's own turn; an offer is answered on another's
    assert not own or pending != "offer_reply"
    wait_for(lambda: room.game.num_actions > n, timeout=5)
    assert seats_that_moved(server, gid)[n] == silent
    # The decision moves on (a discard on a 7 may take the bot several moves) to someone else's.
    wait_for(lambda: (room.game.view(None)["phase"], room.game.to_act) != (pending, silent), timeout=5)
    assert room.row.seats[silent].takeover is own


def test_a_game_nobody_attends_is_abandoned_and_refuses_moves(start: Callable[..., Server]) -> None:
    server = start(abandon_after=0.3)  # the default grace (a minute) keeps the bots off Anna's seat
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", timer="off")
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(watcher)  # watching does not keep a game alive: only its players do
        wait_for(lambda: room.status == "abandoned", timeout=5)
        summary, _ = until(watcher, lambda m: m["type"] == "game" and m["game"]["status"] == "abandoned")
        # It takes no more moves: its seed is revealed, as the fairness panel promises once a game is over.
        assert summary["game"]["seed"] == str(room.row.seed)
    listed = client.get("/api/games").json()
    assert gid not in {g["id"] for g in listed["running"] + listed["open"] + listed["finished"]}
    refused = client.post(
        f"/api/games/{gid}/actions", json={"seat": 0, "action": "roll", "n": 0}, headers=bearer(token)
    )
    assert refused.status_code == 409 and "abandoned" in refused.json()["detail"]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seed"] == str(room.row.seed) and not record["result"]["over"]
    assert client.get(f"/api/games/{gid}/verify").json()["replay_ok"] is True  # up to where it stopped
    assert server.lobby.storage.load_game(gid).status == "abandoned"
    assert not room.row.seats[0].takeover


def test_an_open_game_nobody_joins_is_abandoned_unless_someone_waits_at_it(start: Callable[..., Server]) -> None:
    server = start(abandon_after=0.2)
    client = server.client
    assert client is not None
    lonely = create(client, [HUMAN, HUMAN, GREEDY], name="Anna", public=True)["game"]["id"]
    waiting = create(client, [HUMAN, HUMAN, GREEDY], name="Ben")
    with client.websocket_connect(f"/ws/games/{waiting['game']['id']}") as ws:
        hello(ws, 0, waiting["token"])
        time.sleep(0.3)
        app: Any = client.app
        on_loop(client, app.state.sweeper.cleanup, time.time())
        assert server.lobby.storage.load_game(waiting["game"]["id"]).status == "open"  # Ben waits at his table
    assert server.lobby.storage.load_game(lonely).status == "abandoned"
    listed = client.get("/api/games").json()
    assert lonely not in {g["id"] for g in listed["open"]}
    taken = client.post(f"/api/games/{lonely}/seats/1", json={"name": "Cleo"})
    assert taken.status_code == 409 and "no free seats" in taken.json()["detail"]


def test_a_game_of_bots_plays_to_its_end_whoever_watches(start: Callable[..., Server]) -> None:
    server = start(abandon_after=0.05, disconnect_grace=0.05)
    client = server.client
    assert client is not None
    gid = create(client, [GREEDY, RANDOM, GREEDY], claim=-1, timer="fast", options={"turn_limit": 20})["game"]["id"]
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.status != "running", timeout=30)
    assert room.status == "finished" and room.game.is_over


def test_only_the_creator_ends_a_game(start: Callable[..., Server]) -> None:
    server = start()
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")
    gid, seat_token, creator = created["game"]["id"], created["token"], created["creator_token"]
    ben = join(client, created, 1, "Ben").json()["token"]
    assert creator not in (seat_token, ben)
    for headers in ({}, bearer(ben), bearer(seat_token), bearer("forged")):
        refused = client.post(f"/api/games/{gid}/end", headers=headers)
        assert refused.status_code == 403 and "creator" in refused.json()["detail"]
    room = server.lobby.rooms[gid]
    assert room.status == "running"
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 1, ben)
        ended = client.post(f"/api/games/{gid}/end", headers=bearer(creator))
        assert ended.status_code == 200 and ended.json()["status"] == "ended"
        until(ws, lambda m: m["type"] == "game" and m["game"]["status"] == "ended")
        ws.send_json({"type": "act", "action": "roll", "id": 1, "n": 0})
        refused, _ = until(ws, lambda m: m["type"] == "refused")
        assert refused["message"] == "the game was ended by its creator"
    again = client.post(f"/api/games/{gid}/end", headers=bearer(creator))
    assert again.status_code == 409
    # Ended, the game is over for good: its seed and record are public, and they check out.
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["seed"] == str(room.row.seed)
    assert client.get(f"/api/games/{gid}/record").json()["actions"] == server.lobby.storage.action_texts(gid)
    verdict = client.get(f"/api/games/{gid}/verify").json()
    assert verdict["commitment_ok"] and verdict["replay_ok"]
    assert gid not in {g["id"] for g in client.get("/api/games").json()["running"]}
    # A creator who only watches ends an open game the same way.
    watching = create(client, [HUMAN, HUMAN, GREEDY], claim=-1)
    assert watching["token"] is None
    done = client.post(f"/api/games/{watching['game']['id']}/end", headers=bearer(watching["creator_token"]))
    assert done.status_code == 200 and done.json()["status"] == "ended"
    taken = join(client, watching, 0, "Cleo")
    assert taken.status_code == 409


def test_stopped_games_are_deleted_after_the_retention_and_finished_records_are_kept(
    start: Callable[..., Server],
) -> None:
    # Games nobody attended have a retention of their own (test_quotas.py): a long one here.
    server = start(abandon_after=0.2, retention=0.5, cleanup_interval=0.05, unattended_retention=30 * 86400.0)
    client = server.client
    assert client is not None
    ended = create(client, [HUMAN, HUMAN, GREEDY], claim=-1)
    client.post(f"/api/games/{ended['game']['id']}/end", headers=bearer(ended["creator_token"]))
    abandoned = create(client, [HUMAN, GREEDY, GREEDY], name="Anna")["game"]["id"]
    finished = create(client, [GREEDY, GREEDY, RANDOM], claim=-1, options={"turn_limit": 6})["game"]["id"]
    storage = server.lobby.storage
    wait_for(lambda: server.lobby.rooms[abandoned].status == "abandoned", timeout=5)
    assert storage.load_game(abandoned) is not None  # kept for the retention period first
    wait_for(lambda: storage.load_game(ended["game"]["id"]) is None and storage.load_game(abandoned) is None, 10)
    assert client.get(f"/api/games/{abandoned}").status_code == 404
    assert storage.action_texts(abandoned) == []
    wait_for(lambda: storage.load_game(finished).status == "finished", timeout=30)
    app: Any = client.app
    sweeper = app.state.sweeper
    assert on_loop(client, sweeper.cleanup, time.time() + 86400) == []  # even a day later: finished records are kept
    record = client.get(f"/api/games/{finished}/record")
    assert record.status_code == 200 and record.json()["actions"] == storage.action_texts(finished)


def _push_clock_back(server: Server, gid: str, seconds: float) -> None:
    """Make the stored clock of a stopped server's game (its start, its moves) ``seconds`` older."""
    storage = Storage(server.url)
    then = now() - timedelta(seconds=seconds)
    with storage.engine.begin() as conn:
        conn.execute(games.update().where(games.c.id == gid).values(clock_at=then))
        conn.execute(actions.update().where(actions.c.game_id == gid).values(at=then))
    storage.close()


def test_a_running_deadline_goes_on_across_a_restart(start: Callable[..., Server]) -> None:
    server = start()
    client = server.client
    assert client is not None
    created = create(client, [HUMAN, GREEDY, GREEDY], name="Anna", timer="normal", bot_delay=SLOW)  # 60 s a decision
    gid, token = created["game"]["id"], created["token"]
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.game.to_act == 0)
    server.stop()
    _push_clock_back(server, gid, 45)  # Anna's decision has been waiting 45 s when the server comes back
    client = server.start(**QUICK)
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(watcher)
        state, _ = until(watcher, lambda m: m["type"] == "state")
    assert state["clock"]["seat"] == 0 and 10 < state["clock"]["left"] <= 15
    assert not server.lobby.rooms[gid].row.seats[0].takeover
    server.stop()
    _push_clock_back(server, gid, 70)  # ran out while the server was down: the bot plays at once
    client = server.start(**QUICK)
    wait_for(lambda: gid in server.lobby.rooms, timeout=5)  # a running game comes back without being asked for
    room = server.lobby.rooms[gid]
    wait_for(lambda: room.row.seats[0].takeover, timeout=2)
    wait_for(lambda: room.game.to_act != 0 or room.game.is_over, timeout=5)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        hello(ws, 0, token)
    assert not room.row.seats[0].takeover


def test_bad_timer_settings_are_refused_clearly(start: Callable[..., Server]) -> None:
    server = start()
    client = server.client
    assert client is not None
    base = {"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY]}
    slow = client.post("/api/games", json={**base, "timer": "glacial"})
    assert slow.status_code == 422 and "timer" in str(slow.json()["detail"])
    for bot in ("os:system", "siedler.bots.random:RandomBot"):
        bad = client.post("/api/games", json={**base, "takeover_bot": bot})
        assert bad.status_code == 400 and "unknown takeover bot" in bad.json()["detail"]
    assert client.get("/api/games").json() == {"open": [], "running": [], "finished": [], "stopped": []}
    spectator = create(client, [HUMAN, GREEDY, GREEDY], name="Anna")["game"]["id"]
    with client.websocket_connect(f"/ws/games/{spectator}") as ws:
        hello(ws)
        ws.send_json({"type": "take_seat"})
        error, _ = until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "no_seat"


def test_games_stored_before_timers_existed_migrate_without_a_timer(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from siedler.server.storage import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0001")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        stamp = now()
        conn.execute(
            sa.text(
                "INSERT INTO games (id, ruleset, options, seed, status, bot_delay, created_at, updated_at) "
                "VALUES ('old', 'base', '{}', 1, 'running', 0.5, :t, :t)"
            ),
            {"t": stamp},
        )
        conn.execute(sa.text("INSERT INTO seats (game_id, seat, kind) VALUES ('old', 0, 'human')"))
    engine.dispose()
    storage = Storage(url)
    storage.migrate()
    row = storage.load_game("old")
    assert row is not None and row.status == "running"
    assert (row.timer, row.takeover_bot, row.creator_hash, row.clock_at) == ("off", "greedy", None, None)
    assert row.seats[0].takeover is False
    storage.close()
    command.downgrade(cfg, "0001")  # and back: the columns go, the game stays
    with sa.create_engine(url).connect() as conn:
        assert conn.execute(sa.text("SELECT id FROM games")).scalar() == "old"
        assert "timer" not in {c["name"] for c in sa.inspect(conn).get_columns("games")}


def test_timer_settings_come_from_the_environment_and_bad_ones_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from siedler.server.config import DEFAULT_TIMERS, Settings

    monkeypatch.setenv("SIEDLER_TIMERS", "fast=5, relaxed=600")
    monkeypatch.setenv("SIEDLER_DISCONNECT_GRACE", "2.5")
    settings = Settings(database_url="sqlite://")
    assert settings.timers == {**DEFAULT_TIMERS, "fast": 5.0, "relaxed": 600.0}
    assert settings.disconnect_grace == 2.5 and settings.abandon_after == 900.0
    for name, value, words in (
        ("SIEDLER_TIMERS", "speedy=3", "unknown timer 'speedy'"),
        ("SIEDLER_TIMERS", "fast=soon", "not a number"),
        ("SIEDLER_RETENTION", "-1", "positive"),
        ("SIEDLER_ABANDON_AFTER", "nan", "positive"),
    ):
        monkeypatch.setenv(name, value)
        with pytest.raises(ValueError, match=words):
            Settings(database_url="sqlite://")
        monkeypatch.delenv(name)
