"""The How-to-play route renders a rule set's Markdown safely and shows a board rule set's picture, and the
lobby lists every game's state."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from siedler import howto
from siedler.core.i18n import languages, text
from siedler.server import howto as howto_route

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


#: The rule sets shipped with a board (every one but the card game, Deck Building).
BOARDS = ["base", "harbormaster", "fishermen", "resource-realms", "soldiers-and-armies", "baden-wuerttemberg"]


@pytest.mark.parametrize("lang", languages())
def test_a_board_rule_sets_page_shows_its_board_picture_in_its_language(client: TestClient, lang: str) -> None:
    caption = text("howto.board", lang)
    for ruleset in BOARDS:
        page = client.get(f"/howto/{ruleset}?lang={lang}")
        assert page.status_code == 200, (ruleset, page.text)
        figure = re.search(r"</h1>\s*<figure class=\"howto-board\"><img src=\"([^\"]+)\" alt=\"([^\"]+)\">", page.text)
        assert figure, f"{ruleset}: no picture right after the heading"
        assert figure.groups() == (f"/howto/{ruleset}/board.svg?lang={lang}", caption)
        assert f"<figcaption>{caption}</figcaption>" in page.text
        assert page.text.count("<img") == 1
        assert '<link rel="icon" href="data:image/svg+xml,' in page.text  # the table's icon: no /favicon.ico asked

        picture = client.get(figure.group(1))
        assert picture.status_code == 200, (ruleset, picture.text)
        assert picture.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(picture.text)  # well-formed XML, an SVG root
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and float(root.attrib["width"]) > 0
        assert root.attrib["aria-label"] == text("svg.board", lang)
        assert picture.text == howto.picture(ruleset, lang)
        # Styled by its own <style>, allowed by its own policy, which forbids any script.
        policy = picture.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script" not in policy and "<script" not in picture.text
    card_game = client.get(f"/howto/deck-building?lang={lang}")
    assert card_game.status_code == 200 and "<img" not in card_game.text and "howto-board" not in card_game.text


def test_the_board_picture_is_drawn_once_per_rule_set_and_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, str]] = []
    draw = howto.picture

    def picture(ruleset: str, lang: str) -> str | None:
        drawn.append((ruleset, lang))
        return draw(ruleset, lang)

    monkeypatch.setattr(howto, "picture", picture)
    howto_route._board.cache_clear()
    try:
        for _ in range(2):
            assert client.get("/howto/fishermen?lang=de").status_code == 200
            assert client.get("/howto/fishermen/board.svg?lang=de").status_code == 200
            assert client.get("/howto/fishermen/board.svg?lang=en").status_code == 200
    finally:
        howto_route._board.cache_clear()  # no picture drawn by the stand-in stays behind
    assert sorted(drawn) == [("fishermen", "de"), ("fishermen", "en")]


def test_the_board_picture_route_refuses_a_card_game_and_unknown_names(client: TestClient) -> None:
    card_game = client.get("/howto/deck-building/board.svg?lang=de")
    assert card_game.status_code == 404 and "no board" in card_game.json()["detail"]
    unknown = client.get("/howto/nonsense/board.svg")
    assert unknown.status_code == 404 and "no rule set 'nonsense'" in unknown.json()["detail"]
    # An unknown language is drawn in English, as the page falls back to English.
    english = client.get("/howto/base/board.svg?lang=en").text
    assert client.get("/howto/base/board.svg?lang=xx").text == english
    assert english != client.get("/howto/base/board.svg?lang=de").text


def test_the_lobby_lists_waiting_running_finished_and_stopped_games_with_their_age(server: Server) -> None:
    client = server.client
    assert client is not None
    waiting = create(client, [HUMAN, HUMAN, GREEDY], name="Anna", public=True)
    create(client, [HUMAN, HUMAN, GREEDY], name="Dora")  # private: its invitation seats players, not the lobby
    ended = create(client, [HUMAN, HUMAN, GREEDY], name="Ben")
    creator = {"Authorization": f"Bearer {ended['creator_token']}"}
    response = client.post(f"/api/games/{ended['game']['id']}/end", headers=creator)
    assert response.status_code == 200, response.text
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed["open"]] == [waiting["game"]["id"]]
    assert [(g["id"], g["status"]) for g in listed["stopped"]] == [(ended["game"]["id"], "ended")]
    assert all(g["created_at"].endswith("+00:00") for g in listed["open"] + listed["stopped"])
