"""The table shows the decision clock counting down and who plays for whom, in both languages, and the
creator ends the game from it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture
def quick_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    """A server whose fast timer gives 6 s per decision and whose players may be away for 1 s."""
    monkeypatch.setenv("SIEDLER_TIMERS", "fast=6")
    monkeypatch.setenv("SIEDLER_DISCONNECT_GRACE", "1")
    server = LiveServer(tmp_path / "games.db")
    server.start()
    yield server
    server.stop()


def test_the_clock_counts_down_and_the_table_says_who_plays_for_whom(
    quick_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    anna = context_factory().new_page()
    anna.goto(quick_server.url)
    anna.select_option("#ruleset", "base")
    anna.fill("#your-name", "Anna")
    anna.select_option("#player-count", "3")
    anna.select_option('.seat-kind[data-seat="1"]', "human")
    anna.fill("#bot-delay", "0.3")  # slow enough that the bots, playing every seat for a while, do not end it
    assert "6 s" in anna.locator('#timer option[value="fast"]').inner_text()
    anna.select_option("#timer", "fast")
    anna.select_option("#takeover-bot", "greedy")
    anna.click("#create")
    link = anna.wait_for_selector("#invite-link").inner_text()
    game_id = anna.url.split("/games/")[1].split("#")[0]
    invite = link.split("#invite=")[1]  # the invite link carries the code that takes the open seat
    status, _ = quick_server.post(f"/games/{game_id}/seats/1", {"name": "Ben", "invite": invite})  # and never shows up
    assert status == 200
    anna.wait_for_selector("#table svg.board")

    # Anna's own clock: shown on her table and counting down while she waits.
    anna.wait_for_selector("#clock[data-seat='0']")
    first = int(anna.get_attribute("#clock", "data-left") or 0)
    assert 0 < first <= 6 and "Your time: 0:0" in anna.locator("#clock").inner_text()
    # A selector, not wait_for_function: the page's Content-Security-Policy forbids evaluating strings.
    anna.wait_for_selector(f"#clock:not([data-left='{first}'])")
    assert int(anna.get_attribute("#clock", "data-left") or first) < first

    # A second of absence and the bot plays for Ben; a German spectator reads it in German.
    anna.wait_for_selector(".takeover[data-seat='1']")
    assert anna.locator(".takeover[data-seat='1']").inner_text() == "A bot plays for Ben"
    watcher = context_factory().new_page()
    watcher.add_init_script("localStorage.setItem('siedler.lang', 'de')")
    watcher.goto(f"{quick_server.url}/games/{game_id}")
    watcher.wait_for_selector(".takeover[data-seat='1']")
    assert watcher.locator(".takeover[data-seat='1']").inner_text() == "Ein Bot spielt für Ben"

    # She lets it run out: the bot plays for her too, until she takes her seat back.
    anna.wait_for_selector(".takeover[data-seat='0']", timeout=10_000)
    assert anna.locator(".takeover[data-seat='0']").inner_text() == "A bot plays for Anna"
    anna.click("#take-seat")
    anna.wait_for_selector(".takeover[data-seat='0']", state="detached")
    assert anna.locator(".takeover[data-seat='1']").count() == 1  # Ben is still away
    watcher.wait_for_selector("#clock[data-seat='0']")  # her clock runs again at her next decision
    assert "Zeit von Anna" in watcher.locator("#clock").inner_text()

    # Only the creator's browser offers to end the game; ending it tells everyone why it stopped.
    assert watcher.locator("#end-game").count() == 0
    anna.once("dialog", lambda dialog: dialog.accept())
    anna.click("#end-game")
    anna.wait_for_selector(".notice.stopped")
    assert anna.locator(".notice.stopped").inner_text() == "The game was ended by its creator."
    watcher.wait_for_selector(".notice.stopped")
    assert watcher.locator(".notice.stopped").inner_text() == "Das Spiel wurde von seinem Ersteller beendet."
    assert anna.locator("#clock").is_hidden() and anna.locator("#end-game").count() == 0


@pytest.fixture
def instant_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    """A server whose every timer is one second, so that three of its lengths pass in a few seconds."""
    monkeypatch.setenv("SIEDLER_TIMERS", "relaxed=1,normal=1,fast=1")
    server = LiveServer(tmp_path / "games.db")
    server.start()
    yield server
    server.stop()


def test_a_solo_game_against_bots_left_idle_keeps_its_seat(
    instant_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    """One person against bots: the lobby picks no timer (a friend's open seat brings the default back),
    and a player who leaves the table idle over three timer lengths still holds the seat, no bot for her."""
    anna = context_factory().new_page()
    anna.goto(instant_server.url)
    anna.select_option("#ruleset", "base")
    anna.fill("#your-name", "Anna")
    anna.select_option("#player-count", "3")
    assert anna.input_value("#timer") == "off"  # you and two bots
    anna.select_option('.seat-kind[data-seat="1"]', "human")
    assert anna.input_value("#timer") == "normal"  # a friend waits for you: the default clock
    anna.select_option('.seat-kind[data-seat="1"]', index=2)  # the first bot level again
    assert anna.input_value("#timer") == "off"
    anna.fill("#bot-delay", "0")
    anna.click("#create")
    anna.wait_for_selector("#table svg.board")
    anna.wait_for_selector("#menu button, svg .target", timeout=20_000)  # her first settlement to place
    anna.wait_for_timeout(3 * 1000 + 1500)  # idle: three timer lengths and more
    assert anna.locator(".takeover").count() == 0 and anna.locator("#take-seat").count() == 0
    assert anna.locator("#clock[data-seat='0']").count() == 0  # no clock runs against her
