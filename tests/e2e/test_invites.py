"""Seats need an invitation (issue 25): a public game is joined from the lobby, a private one only through
its invite link, whose code never shows in the lobby."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def test_a_public_game_is_joined_from_the_lobby_and_a_private_one_only_by_its_link(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    anna = context_factory().new_page()
    anna.goto(live_server.url)
    anna.select_option("#ruleset", "deck-building")
    for seat in ("0", "1"):  # Anna only watches: two open seats
        anna.select_option(f'.seat-kind[data-seat="{seat}"]', "human")
    anna.check("#public")
    anna.click("#create")
    link = anna.wait_for_selector("#invite-link").inner_text()
    public_id = anna.url.split("/games/")[1].split("#")[0]
    assert "#invite=" in link

    ben = context_factory().new_page()
    ben.goto(live_server.url)
    ben.click(f'#open-games .join[data-game="{public_id}"]')  # anyone may, from the lobby
    ben.fill("#ask-name", "Ben")  # the page asks the name in a box of its own, no native prompt
    ben.click("#ask-ok")
    ben.wait_for_selector(".waiting-room .seat-line[data-seat='0']:has-text('Ben')")
    assert link.split("#invite=")[1] not in ben.evaluate("fetch('/api/games').then((r) => r.text())")

    # A private game: not in the lobby, and its table offers no way in without the link.
    anna.goto(live_server.url)
    anna.select_option("#ruleset", "deck-building")
    anna.select_option('.seat-kind[data-seat="1"]', "human")  # Anna plays, a friend is to come
    anna.click("#create")
    anna.wait_for_selector("#invite-link")
    private_id = anna.url.split("/games/")[1].split("#")[0]
    cleo = context_factory().new_page()
    cleo.goto(live_server.url)
    cleo.wait_for_selector(f'#open-games .join[data-game="{public_id}"]')
    assert cleo.locator(f'[data-game="{private_id}"]').count() == 0
    cleo.goto(f"{live_server.url}/games/{private_id}")
    cleo.wait_for_selector(".waiting-room")
    assert cleo.locator(".join-seat").count() == 0 and cleo.locator("#invite-link").count() == 0
