"""A person plays Soldiers & Armies against three bots in the browser, from the lobby to the end, by clicking:
rolls, builds and recruits, leaves each phase with the phase strip's button, moves an army to a free target
next to a foreign building, attacks it and fights the battle from the combat panel. Along the way the table
must show armies with their unit counts, walls, turned buildings, move prices and the panel's dice and odds,
in English and, after a switch mid-game, in German.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .soldiers import Person, create_game
from .table import wait_my_turn_or_over

pytestmark = pytest.mark.browser


def test_a_person_plays_soldiers_and_armies_against_three_bots_to_the_end(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    create_game(page, live_server, seed=3, turn_limit=28)  # seven rounds, if nobody wins first
    assert "#seat=0&token=" in page.url

    anna = Person(page, live_server)
    moves = 0
    while wait_my_turn_or_over(page):
        anna.look()
        if moves == 24:  # mid-game, Anna switches the table to German and plays on
            page.click('[data-lang="de"]')
            page.wait_for_selector("#sa-phases .sa-phase[data-phase=movement]:has-text('Bewegung')")
            assert page.locator("#sa-phases .sa-phase.current").count() == 1
            anna.german = True
        anna.move()
        moves += 1
        assert moves < 400, "the game should have ended by its turn limit"

    overlay = page.locator("#overlay")
    overlay.wait_for()
    assert overlay.locator(".final-scores tr").count() == 1 + 4
    assert not page.locator("#sa-panel").count()  # the phases and the battle are over too
    wanted = {"armies", "own army", "walls", "turned", "move prices", "battle panel", "odds", "last roll"}
    assert wanted <= anna.seen, f"the table never showed {wanted - anna.seen}"
    assert {"armies de", "battle panel de"} <= anna.seen, anna.seen
    assert not errors, f"console errors: {errors}"
