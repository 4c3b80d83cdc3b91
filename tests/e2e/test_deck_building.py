"""Two people play the deck-building card game against each other; a third watches and sees no hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import open_options, simple_move

pytestmark = pytest.mark.browser


def test_two_people_play_deck_building_and_a_spectator_sees_neither_hand(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    anna = context_factory().new_page()
    anna.goto(live_server.url)
    anna.select_option("#ruleset", "deck-building")
    anna.fill("#your-name", "Anna")
    anna.select_option('.seat-kind[data-seat="1"]', "human")  # an open seat for a friend
    open_options(anna)
    anna.fill('[name="opt-turn_limit"]', "8")
    anna.click("#create")
    anna.wait_for_selector(".waiting-room")
    game_id = anna.url.split("/games/")[1].split("#")[0]

    link = anna.wait_for_selector("#invite-link").inner_text()
    assert game_id not in anna.evaluate("fetch('/api/games').then((r) => r.text())")  # private: not listed

    ben = context_factory().new_page()
    ben.goto(link)  # the invite link Anna sent him
    ben.click(".waiting-room .join-seat")
    ben.fill("#ask-name", "Ben")  # the page asks the name in a box of its own
    ben.click("#ask-ok")
    ben.wait_for_selector("#table[data-seat='1'] .zones")
    anna.wait_for_selector("#table .zones")

    watcher = context_factory().new_page()
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    watcher.goto(f"{live_server.url}/games/{game_id}")
    watcher.wait_for_selector("#table .zones")

    # Each player holds a hand of their own cards from the first moment.
    for page in (anna, ben):
        page.wait_for_selector("#hand .card")
    assert watcher.locator("#hand").count() == 0

    players = {0: anna, 1: ben}
    moves = {0: 0, 1: 0}
    clicks = 0
    while True:
        acting = None
        for page in players.values():
            page.wait_for_selector("#table[data-pending=false]")
        for seat, page in players.items():
            if page.get_attribute("#table", "data-over") == "true":
                acting = -1
                break
            if page.get_attribute("#table", "data-my-turn") == "true":
                acting = seat
                break
        if acting == -1:
            break
        if acting is None:
            anna.wait_for_timeout(50)
            continue
        page = players[acting]
        before = page.get_attribute("#table", "data-n")
        # Lay out and play a few cards each turn (each click plays what it points at), then end the turn.
        simple_move(page, prefer_end_after=4, moves_this_turn=moves[acting])
        moves[acting] += 1
        if page.get_attribute("#table", "data-my-turn") != "true" or page.get_attribute("#table", "data-n") == before:
            moves[acting] = 0
        clicks += 1
        assert clicks < 400

    for page in (anna, ben, watcher):
        page.locator("#overlay").wait_for()
    # The spectator's page and every message it got held no hand.
    assert watcher.locator("#hand").count() == 0
    assert frames and all('"you"' not in frame for frame in frames)
    states = [json.loads(frame) for frame in frames if '"type":"state"' in frame]
    assert states and all(state["actions"] == [] for state in states)
    assert all(state.get("view", state.get("view_changes", {})).get("seat") is None for state in states)
