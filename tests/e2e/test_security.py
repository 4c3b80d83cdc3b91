"""Player text is rendered as text, and the page runs under its Content-Security-Policy without violations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

HOSTILE = "<img src=x onerror=alert(1)>"
#: The second player's: no two names at a table may look alike.
HOSTILE_TOO = "<img src=y onerror=alert(3)>"
BOT_NAME = "<b>bold</b><script>alert(2)</script>"


def test_names_with_markup_appear_literally_and_run_nothing(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy", "name": BOT_NAME}]
    status, created = live_server.post("/games", {"ruleset": "base", "seats": seats, "name": HOSTILE})
    assert status == 201
    game_id, token = created["game"]["id"], created["token"]
    status, _ = live_server.post(f"/games/{game_id}/seats/1", {"name": HOSTILE_TOO, "invite": created["invite"]})
    assert status == 200

    dialogs: list[str] = []
    violations: list[str] = []
    context = context_factory()
    page = context.new_page()

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)

    response = page.goto(live_server.url)
    assert response is not None and "script-src 'self'" in response.headers["content-security-policy"]
    line = page.locator(f'#running-games li[data-game="{game_id}"]')
    line.wait_for()
    assert line.locator(".seat-pill", has_text=HOSTILE).count() == 1
    assert line.locator(".seat-pill", has_text=HOSTILE_TOO).count() == 1
    assert line.locator(".seat-pill", has_text=BOT_NAME).count() == 1

    page.goto(f"{live_server.url}/games/{game_id}#seat=0&token={token}")
    page.wait_for_selector("#table svg.board")
    players = page.locator("#table")
    players.get_by_text(HOSTILE).first.wait_for()
    assert players.get_by_text(BOT_NAME).count() >= 1

    # Nothing the names spelled became an element, ran, or asked to run.
    assert page.evaluate("document.querySelectorAll('img, script:not([src])').length") == 0
    bolds = page.evaluate("[...document.querySelectorAll('b')].map((b) => b.textContent)")
    assert "bold" not in bolds  # the page's own <b> elements hold numbers and titles
    page.wait_for_timeout(300)  # an onerror would have fired by now
    assert dialogs == []
    assert violations == []
