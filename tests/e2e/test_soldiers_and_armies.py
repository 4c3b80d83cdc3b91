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

from siedler.games.catan.layout import with_layout

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
    create_game(page, live_server, seed=1, turn_limit=24)  # six rounds, if nobody wins first
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


#: A battle as the rule set's view gives it (tests/soldiers_and_armies/test_table_view.py checks the view's
#: side), on the two-hex board of test_rendering.py: seat 0's army at 1 attacks seat 1's walled city at 2.
BOARD = {
    "hexes": [
        {"id": "A", "q": 0, "r": 0, "terrain": "forest", "number": 6},
        {"id": "B", "q": 1, "r": 0, "terrain": "nuked", "number": None},
    ],
    "harbors": [],
    "nodes": [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1], [2, -2], [3, -1], [3, 1], [2, 2]],
    "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [0, 5], [1, 6], [6, 7], [7, 8], [8, 9], [2, 9]],
}
BATTLE_VIEW: dict[str, Any] = {
    "seat": 0,
    "to_act": 0,
    "phase": "battle",
    "players": [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Bert"}],
    "board": BOARD,
    "pieces": [
        {"kind": "settlement", "at": 0, "owner": 0},
        {"kind": "city", "at": 2, "owner": 1, "turned": True},
    ],
    "legend": {"pieces": {}, "terrains": {"nuked": {"color": "#3b3431", "label": {"en": "Nuked", "de": "Atomisiert"}}}},
    "soldiers": {
        "armies": [
            {"at": 1, "owner": 0, "units": {"infantry": 2, "cavalry": 1, "artillery": 0}, "die": 10, "moved": 1},
            {"at": 7, "owner": 1, "units": {"infantry": 0, "cavalry": 0, "artillery": 3}, "die": 12, "moved": 0},
        ],
        "walls": {"2": 2},
        "turned": [2],
        "nuked": ["B"],
        "nukes": {"0": 5},
        "moves": [],
        "battle": {
            "attacker": 0,
            "defender": 1,
            "at": 2,
            "target": "building",
            "armies": [1],
            "sides": {
                "attack": [{"at": 1, "building": False, "die": 10, "bonus": 0}],
                "defence": [{"at": 2, "building": True, "die": 12, "bonus": 2}],
            },
            "odds": {"round": "7/30", "percent": 23.3},
        },
    },
}
EVENTS = [
    {"kind": "attack", "data": {"seat": 0, "at": 2}},
    {"kind": "combat", "data": {"at": 2, "attack": [[1, 10, 9, 0]], "defence": [[2, 12, 4, 2]], "won": True}},
]
ACTIONS = [
    {"action": "continue", "label": "Continue the battle", "target": "battle:continue", "kind": "continue"},
    {"action": "retreat 0", "label": "Stop and withdraw to 0", "target": "node:0", "kind": "retreat"},
]


def test_armies_walls_and_the_battle_are_drawn_from_the_view_alone(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.wait_for_selector("#create-form")
    drawn = page.evaluate(
        """async ([view, events, actions]) => {
        const {renderPlayArea} = await import('/static/js/position.js');
        await (await import('/static/js/layers.js')).loadLayers('soldiers-and-armies');
        const area = renderPlayArea(view, {events, actions}, 'soldiers-and-armies');
        document.body.append(area);
        const text = (sel) => [...area.querySelectorAll(sel)].map((e) => e.textContent);
        return {
            units: [...area.querySelectorAll('.army')].map((a) =>
                [...a.querySelectorAll('.unit')].map((u) => u.dataset.unit).join('+')),
            counts: text('.army .unit-count'),
            armyTitle: text('.army > title')[0],
            armyFill: area.querySelector('.army[data-owner="0"] .army-body').getAttribute('fill'),
            armyTarget: area.querySelector('.army[data-owner="1"]').dataset.target,
            walls: text('.walls title'),
            wallCount: text('.walls .wall-count'),
            nuke: text('.nuke title'),
            turned: [...area.querySelectorAll('.piece.turned')].map((p) => p.getAttribute('transform')),
            nuked: area.querySelector('.terrain-nuked').getAttribute('fill'),
            tokens: area.querySelectorAll('.token').length,
            phase: area.querySelector('.sa-phase.current').dataset.phase,
            sides: text('.sa-side b'),
            dice: text('.sa-die'),
            odds: area.querySelector('#sa-odds').textContent,
            last: text('#sa-last .sa-roll'),
            result: area.querySelector('#sa-last .sa-result').textContent,
            buttons: [...area.querySelectorAll('.sa-buttons button')].map((b) => [b.dataset.target, b.textContent]),
            hint: text('.sa-battle .hint').length,
        };
    }""",
        [with_layout(BATTLE_VIEW), EVENTS, ACTIONS],
    )
    assert drawn == {
        "units": ["infantry+cavalry", "artillery"],
        "counts": ["2", "1", "3"],
        "armyTitle": "Army of Anna: 2 Infantry + 1 Cavalry (rolls d10)",
        "armyFill": "#d7263d",
        "armyTarget": "node:7",
        "walls": ["2 city walls"],
        "wallCount": ["2"],
        "nuke": ["Nuke of Anna"],
        "turned": [drawn["turned"][0]],
        "nuked": "#3b3431",
        "tokens": 1,  # the nuked hex has no number
        "phase": "combat",
        "sides": ["You attack", "Bert defends"],  # the reader, seat 0, is the attacker
        "dice": ["d10", "d12+2 (building)"],
        "odds": "Chance to win the next round: 23.3 % (7/30)",
        "last": ["9", "4+2"],
        "result": " The attacker won the round",
        "buttons": [["battle:continue", "Continue the battle"]],
        "hint": 1,
    }
    assert "scale(1.3 -1.3)" in drawn["turned"][0]  # the city stands upside down


#: A development-card trade waiting for Bert's answer: Anna offers him a knight for 1 ore and 1 wool.
CARD_OFFER = {"from": 0, "to": 1, "kind": "sellcard", "card": "knight", "bundle": {"ore": 1, "wool": 1, "wood": 0}}
#: Anna asks Bert for his city at 2, paying 2 ore; Anna offers Bert a fish token worth 3 for 1 wool.
PLACE_OFFER = {"from": 0, "to": 1, "kind": "buyplace", "at": 2, "piece": "city", "bundle": {"ore": 2}}
FISH_OFFER = {"from": 0, "to": 1, "kind": "sellfish", "token": 3, "bundle": {"wool": 1}}
#: The log's line for the offer of a building (the view holds its intersection only): the banner says it so.
PLACE_LINE = "Anna asks you for a city at wood 6 / brick 8, paying 2 ore."


@pytest.mark.parametrize(
    ("seat", "offer", "expected"),
    [
        (0, CARD_OFFER, "You offer Bert a Knight for 1 ore + 1 wool · waiting for Bert's answer"),
        (1, CARD_OFFER, "Anna offers you a Knight for 1 ore + 1 wool · your answer, please"),
        (None, CARD_OFFER, "Anna offers Bert a Knight for 1 ore + 1 wool · waiting for Bert's answer"),
        (1, PLACE_OFFER, "Anna asks you for a city at wood 6 / brick 8, paying 2 ore · your answer, please"),
        (None, FISH_OFFER, "Anna offers Bert a fish token worth 3 for 1 wool · waiting for Bert's answer"),
    ],
    ids=["offerer", "addressee", "spectator", "a city", "a fish token"],
)
def test_a_card_offer_shows_who_offers_what_and_whose_answer_it_waits_for(
    live_server: LiveServer,
    context_factory: Callable[..., Any],
    seat: int | None,
    offer: dict[str, Any],
    expected: str,
) -> None:
    view = {**BATTLE_VIEW, "seat": seat, "to_act": 1, "phase": "card_reply"}
    view["soldiers"] = {**BATTLE_VIEW["soldiers"], "battle": None, "card_offer": offer}
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.wait_for_selector("#create-form")
    shown = page.evaluate(
        """async ([view, events]) => {
        const {renderPlayArea} = await import('/static/js/position.js');
        await (await import('/static/js/layers.js')).loadLayers('soldiers-and-armies');
        const area = renderPlayArea(view, {events, actions: []}, 'soldiers-and-armies');
        document.body.append(area);
        return area.querySelector('#sa-card-offer')?.textContent;
    }""",
        [with_layout(view), [{"kind": "card_offer", "text": PLACE_LINE}]],
    )
    assert shown == expected
