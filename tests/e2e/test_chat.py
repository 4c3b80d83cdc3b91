"""The game's chat in the page: two players write to each other, a spectator reads without a box to write
in, markup is shown as the text it is, and a player who mutes another no longer sees their lines (the
others still do), also after a reload.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def lines(page: Any) -> list[str]:
    return [" ".join(line.split()) for line in page.locator("#chat-list .chat-line").all_inner_texts()]


def test_two_players_chat_a_spectator_reads_and_a_muted_player_is_not_shown(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    status, created = live_server.post("/games", {"ruleset": "base", "name": "Anna", "seats": seats, "timer": "off"})
    assert status == 201, created
    gid = created["game"]["id"]
    status, ben_seat = live_server.post(f"/games/{gid}/seats/1", {"name": "Ben", "invite": created["invite"]})
    assert status == 200, ben_seat
    anna = context_factory().new_page()
    anna.goto(f"{live_server.url}/games/{gid}#seat=0&token={created['token']}")
    ben = context_factory(**PHONE).new_page()
    ben.goto(f"{live_server.url}/games/{gid}#seat=1&token={ben_seat['token']}")
    cleo = context_factory().new_page()
    cleo.goto(f"{live_server.url}/games/{gid}")
    for page in (anna, ben, cleo):
        page.wait_for_selector("#table[data-n]")

    say(anna, "Hallo Ben! <img src=x onerror=alert(1)>")
    for page in (anna, ben, cleo):
        page.wait_for_selector("#chat-list .chat-line")
        assert lines(page) == ["Anna Hallo Ben! <img src=x onerror=alert(1)>"]
        assert page.locator("#chat-list img").count() == 0  # text, never markup
    say(ben, "Hallo Anna")
    cleo.wait_for_selector("#chat-list .chat-line:nth-child(2)")
    assert lines(cleo) == ["Anna Hallo Ben! <img src=x onerror=alert(1)>", "Ben Hallo Anna"]
    # The spectator reads and has no box to write in; the game's creator did not let spectators write.
    assert cleo.locator("#chat-form").is_hidden() and cleo.locator("#chat-note").is_visible()

    ben.check('#chat-mutes [data-mute="0"]')  # Ben mutes Anna
    say(anna, "Are you there?")
    cleo.wait_for_selector("#chat-list .chat-line:nth-child(3)")
    anna.wait_for_selector("#chat-list .chat-line:nth-child(3)")
    ben.wait_for_timeout(500)
    assert lines(ben) == ["Ben Hallo Anna"]
    ben.reload()
    ben.wait_for_selector("#chat-list .chat-line")
    assert lines(ben) == ["Ben Hallo Anna"] and ben.is_checked('#chat-mutes [data-mute="0"]')
    ben.uncheck('#chat-mutes [data-mute="0"]')
    assert len(lines(ben)) == 3
