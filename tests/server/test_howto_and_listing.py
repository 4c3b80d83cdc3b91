"""The How-to-play route renders a rule set's Markdown safely, and the lobby lists every game's state."""

from __future__ import annotations

from pathlib import Path

from .conftest import Server, create

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}

PAGE = """# Catan, in short

Build <script>alert(1)</script> settlements. [a trap](javascript:alert(1)) and [the rules](/howto/base).

| piece | cost |
| --- | --- |
| road | wood, brick |

![the board](base-board.svg)
"""


def test_the_howto_page_is_rendered_without_raw_html_or_script_links(server: Server, tmp_path: Path) -> None:
    server.stop()
    (tmp_path / "base.en.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "base.de.md").write_text("# Catan, kurz\n\nBaue Siedlungen.\n", encoding="utf-8")
    (tmp_path / "base-board.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    client = server.start(howto_dir=tmp_path)

    page = client.get("/howto/base?lang=en")
    assert page.status_code == 200
    assert "<title>Catan, in short</title>" in page.text
    assert "&lt;script&gt;" in page.text and "<script>" not in page.text
    assert 'href="javascript' not in page.text and '<a href="/howto/base">the rules</a>' in page.text
    assert "<td>wood, brick</td>" in page.text  # tables are rendered
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "Baue Siedlungen." in client.get("/howto/base?lang=de").text
    # A language without its own page falls back to English; an unknown language too.
    assert "Catan, in short" in client.get("/howto/base?lang=xx").text
    picture = client.get("/howto/base-board.svg")
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg+xml")


def test_the_howto_route_refuses_unknown_rule_sets_missing_pages_and_paths(server: Server, tmp_path: Path) -> None:
    server.stop()
    client = server.start(howto_dir=tmp_path)
    assert client.get("/howto/base").status_code == 404  # no page written yet: said, not a crash
    assert client.get("/howto/nonsense").status_code == 404
    assert client.get("/howto/..%2Fpyproject.toml").status_code == 404
    assert client.get("/howto/missing.svg").status_code == 404


def test_the_lobby_lists_waiting_running_finished_and_stopped_games_with_their_age(server: Server) -> None:
    client = server.client
    assert client is not None
    waiting = create(client, [HUMAN, HUMAN, GREEDY], name="Anna")
    ended = create(client, [HUMAN, HUMAN, GREEDY], name="Ben")
    creator = {"Authorization": f"Bearer {ended['creator_token']}"}
    response = client.post(f"/api/games/{ended['game']['id']}/end", headers=creator)
    assert response.status_code == 200, response.text
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed["open"]] == [waiting["game"]["id"]]
    assert [(g["id"], g["status"]) for g in listed["stopped"]] == [(ended["game"]["id"], "ended")]
    assert all(g["created_at"].endswith("+00:00") for g in listed["open"] + listed["stopped"])
