"""The lobby page follows the server's pushes over ``/ws/lobby`` (docs/protocol.md, "The lobby's socket"):
a game created, started and ended elsewhere shows up without a reload, by notices alone (the server's
period for its listing is set to ten minutes here)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

#: Milliseconds a change may take to reach the page: far below the period, so only a notice brings it.
PUSHED_MS = 10_000


def test_the_lobby_page_shows_games_created_started_and_ended_elsewhere_without_a_reload(
    tmp_path: Path, context_factory: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SIEDLER_LOBBY_PUSH_SECONDS", "600")
    server = LiveServer(tmp_path / "games.db")
    server.start()
    try:
        page = context_factory().new_page()
        page.goto(server.url)
        page.wait_for_selector("#open-games")
        human = {"kind": "human"}
        status, created = server.post("/games", {"ruleset": "base", "seats": [human] * 3, "claim": 0, "public": True})
        assert status == 201, created
        game_id = created["game"]["id"]
        page.wait_for_selector(f'#open-games li[data-game="{game_id}"]', timeout=PUSHED_MS)
        for seat in (1, 2):
            status, _ = server.post(f"/games/{game_id}/seats/{seat}", {"name": f"P{seat}", "invite": created["invite"]})
            assert status == 200
        page.wait_for_selector(f'#running-games li[data-game="{game_id}"]', timeout=PUSHED_MS)
        status, _ = server.post(f"/games/{game_id}/end", {}, token=created["creator_token"])
        assert status == 200
        page.wait_for_selector(f'#stopped-games li[data-game="{game_id}"]', timeout=PUSHED_MS)
        assert page.locator(f'#running-games li[data-game="{game_id}"]').count() == 0
    finally:
        server.stop()
