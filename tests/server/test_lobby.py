"""The lobby over HTTP: rule sets, bots, creating games, claiming seats, bad requests refused clearly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

from siedler.bots import LEVELS, levels_for
from siedler.core.registry import get_ruleset, rulesets

from .conftest import GREEDY, HUMAN, RANDOM, create, join


def test_rulesets_and_bots_are_listed(client: TestClient) -> None:
    names = {r["name"] for r in client.get("/api/rulesets").json()}
    assert names == {r.name for r in rulesets()}
    base = next(r for r in client.get("/api/rulesets").json() if r["name"] == "base")
    assert any(o["name"] == "turn_limit" for o in base["options"])
    assert set(client.get("/api/bots").json()["bots"]) >= {"random", "greedy"}


def test_creating_a_game_against_bots_starts_it_and_gives_the_creator_a_seat(client: TestClient) -> None:
    created = create(client, [HUMAN, GREEDY, GREEDY, RANDOM], name="Anna", seed=4)
    game = created["game"]
    assert created["seat"] == 0 and created["token"]
    assert game["status"] == "running"
    # Named as the lobby offers them (greedy is the easiest level), never by algorithm: a bot chosen by a
    # name that is no level is just a bot.
    assert [s["name"] for s in game["seats"]] == ["Anna", "Easy 2", "Easy 3", "Bot 4"]
    assert "seed" not in game  # seed and moves would reveal hidden cards while the game runs
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed["running"]] == [game["id"]]
    assert listed["open"] == []


def test_options_are_pinned_with_their_defaults(client: TestClient) -> None:
    game = create(client, [HUMAN, GREEDY, GREEDY], options={"turn_limit": 9})["game"]
    defaults = {o.name: o.default for o in get_ruleset("base").all_options()}
    assert game["options"] == {**defaults, "turn_limit": 9}


def test_an_open_game_starts_when_its_last_seat_is_claimed(client: TestClient) -> None:
    created = create(client, [HUMAN, HUMAN, GREEDY], name="Anna", public=True)
    gid = created["game"]["id"]
    assert created["game"]["status"] == "open"
    assert client.get("/api/games").json()["open"][0]["id"] == gid
    taken = join(client, created, 0, "Mallory")
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    bot = join(client, created, 2, "Mallory")
    assert bot.status_code == 409 and "bot" in bot.json()["detail"]
    joined = join(client, created, 1, "Ben")
    assert joined.status_code == 200
    assert joined.json()["token"] not in (created["token"], None)
    assert joined.json()["game"]["status"] == "running"
    again = join(client, created, 1, "Cleo")
    assert again.status_code == 409


def test_bad_requests_get_clear_errors(client: TestClient) -> None:
    cases = [
        ({"ruleset": "chess", "seats": [HUMAN, GREEDY, GREEDY]}, "unknown rule set"),
        ({"ruleset": "base", "seats": [HUMAN, {"kind": "bot", "bot": "os:system"}, GREEDY]}, "unknown bot"),
        ({"ruleset": "base", "seats": [HUMAN, GREEDY]}, "3 to 4 players"),
        ({"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "options": {"turn_limit": "many"}}, "whole number"),
        ({"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "options": {"speed": 3}}, "no option"),
        ({"ruleset": "base", "seats": [HUMAN, GREEDY, GREEDY], "claim": 1}, "not a human seat"),
    ]
    for body, words in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, body
        assert words in response.json()["detail"], (body, response.json())
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games").json() == {"open": [], "running": [], "finished": [], "stopped": []}


def test_openapi_describes_the_http_api(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert {
        "/api/games",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/seats/{seat}",
        "/api/games/{game_id}/replay",
        "/api/rulesets",
    } <= set(spec["paths"])


def test_the_page_and_its_modules_are_served(client: TestClient) -> None:
    page = client.get("/games/abc")
    assert page.status_code == 200 and "/static/js/main.js" in page.text
    assert client.get("/static/js/board.js").status_code == 200
    assert client.get("/static/css/style.css").status_code == 200


def test_a_person_without_a_name_is_player_n_in_the_language_of_whoever_took_the_seat(client: TestClient) -> None:
    german = create(client, [HUMAN, HUMAN, HUMAN], lang="de")
    assert german["game"]["seats"][0]["name"] == "Spieler 1"
    gid, invite = german["game"]["id"], german["invite"]
    joined = client.post(f"/api/games/{gid}/seats/1", json={"invite": invite, "lang": "de"}).json()
    assert joined["game"]["seats"][1]["name"] == "Spieler 2"
    english = join(client, german, 2).json()  # a page in English, or a client saying no language
    assert english["game"]["seats"][2]["name"] == "Player 3"
    assert create(client, [HUMAN, GREEDY, GREEDY])["game"]["seats"][0]["name"] == "Player 1"


def test_the_difficulty_levels_are_offered_and_only_their_budgets_accepted(client: TestClient) -> None:
    listed = client.get("/api/bots").json()
    assert listed["levels"] == LEVELS  # the default, as before levels were per rule set
    assert listed["levels_by_ruleset"] == {r.name: levels_for(r.name) for r in rulesets()}
    for ruleset in rulesets():
        levels = listed["levels_by_ruleset"][ruleset.name]
        bots = [{"kind": "bot", "bot": levels[level]} for level in ("hard", "medium", "easy")]
        seats = [HUMAN, *bots][: ruleset.max_players]
        game = create(client, seats, ruleset=ruleset.name)
        names = ["Hard 2", "Medium 3", "Easy 4"][: len(seats) - 1]
        assert [s["name"] for s in game["game"]["seats"]][1:] == names, ruleset.name
        german = create(client, seats, ruleset=ruleset.name, lang="de")
        names = ["Schwer 2", "Mittel 3", "Leicht 4"][: len(seats) - 1]
        assert [s["name"] for s in german["game"]["seats"]][1:] == names, ruleset.name
    named = create(client, [HUMAN, {"kind": "bot", "bot": "greedy", "name": "Rosa"}, GREEDY], lang="de")
    assert [s["name"] for s in named["game"]["seats"]][1:] == ["Rosa", "Leicht 3"]  # the creator's name stands
    for bot in ("mcts:ms=100000", "mcts:iterations=100000", "mcts:iterations=1000"):
        base = {"ruleset": "base", "seats": [HUMAN, {"kind": "bot", "bot": bot}, GREEDY]}
        refused = client.post("/api/games", json=base)
        assert refused.status_code == 400 and "unknown bot" in refused.json()["detail"]
