"""The newcomer's table, part by part, drawn from views built for the case: discarding by counts with one
confirm, an offer's answers, the public facts with their words, a card's cost and text, the lobby's states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from siedler.games.catan.layout import with_layout

from .conftest import LiveServer
from .layout import layout_problems

pytestmark = pytest.mark.browser

HAND = {"wood": 3, "brick": 0, "wool": 2, "grain": 4, "ore": 1}
DISCARDS = [{"action": f"discard {r}", "label": r, "target": None, "kind": "discard"} for r in HAND if HAND[r]]


def lobby_page(server: LiveServer, context_factory: Callable[..., Any]) -> Any:
    page = context_factory().new_page()
    page.goto(server.url)
    page.wait_for_selector("#create-form")
    return page


def test_discarding_by_counts_sends_the_whole_choice_with_one_confirm(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = lobby_page(module_server, context_factory)
    page.evaluate(
        """async ([hand, actions]) => {
        const {DiscardComposer} = await import('/static/js/discard.js');
        const composer = new DiscardComposer();
        const view = {seat: 1, discarding: {"1": 5}, you: {hand}};
        window.sent = null;
        const box = document.createElement('div');
        box.id = 'box';
        document.body.append(box);
        const send = (list) => { window.sent = list; };
        const draw = () => box.replaceChildren(composer.render(view, actions, send, draw) || '');
        draw();
    }""",
        [HAND, DISCARDS],
    )
    left = page.locator("#discard-left")
    assert left.inner_text() == "Choose 5 more to discard"
    assert page.locator("[data-card='brick']").count() == 0  # nothing to give up there: not offered
    assert page.locator("#discard-confirm").is_disabled()
    for step in ("+grain", "+grain", "+grain", "+wood", "-grain", "+ore", "+wool"):
        page.click(f"[data-step='{step}']")
    assert page.locator("[data-step='+ore']").is_disabled()  # the only ore is chosen
    assert left.inner_text() == "Ready: confirm to discard"
    assert page.locator("[data-step='+wood']").is_disabled()  # five chosen: no more
    page.click("#discard-confirm")
    assert page.evaluate("window.sent") == [
        "discard wood",
        "discard wool",
        "discard grain",
        "discard grain",
        "discard ore",
    ]


def test_an_offer_shows_who_accepted_refused_or_has_not_answered(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = lobby_page(module_server, context_factory)
    players = [{"seat": s, "name": n} for s, n in enumerate(["Anna", "Ben", "Cleo", "Dora"])]
    offer = {"from": 1, "give": {"wood": 1}, "want": {"ore": 1}, "to": None, "waiting": [3], "accepted": [0]}
    answers = page.evaluate(
        """async ([players, offer]) => {
        const {offerPanel} = await import('/static/js/panels.js');
        const panel = offerPanel({players, offer});
        return [...panel.querySelectorAll('.answer')].map((li) => [li.dataset.seat, li.textContent]);
    }""",
        [players, offer],
    )
    assert answers == [["0", " Anna: accepted"], ["2", " Cleo: refused"], ["3", " Dora: not answered yet"]]


def test_public_facts_and_card_faces_say_what_they_are_in_both_languages(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = lobby_page(module_server, context_factory)
    script = """async () => {
        const {infoPanel} = await import('/static/js/info.js');
        const {renderZones} = await import('/static/js/zones.js');
        const view = {board: {}, bank: {wood: 19, ore: 2}, dev_deck: 7,
                      costs: {city: {grain: 2, ore: 3}}, you: {rates: {wood: 2, ore: 4}}};
        const info = infoPanel(view);
        const cards = renderZones({seat: 0, players: [], supply: {city: 3},
                                   costs: {city: {grain: 2, ore: 3, give_back: ['settlement']}},
                                   table: {cards: {}, traded: {}, any: 2}, you: {hand: ['ore', 'ore', 'city']}});
        return {
            bank: [...info.querySelectorAll('#bank .card-chip')].map((c) => c.title),
            rates: [...info.querySelectorAll('#rates .card-chip')].map((c) => c.title),
            cost: info.querySelector('#cost-card tr[data-piece=city]').textContent,
            card: cards.querySelector('.supply .card').getAttribute('aria-label'),
            pay: cards.querySelector('#can-pay').textContent,
        };
    }"""
    english = page.evaluate(script)
    assert english == {
        "bank": ["The bank holds 19 wood", "The bank holds 2 ore", "7 development cards left in the deck"],
        "rates": ["2 wood → 1: your 2:1 harbor", "4 ore → 1: with the bank"],
        "cost": "City2 grain3 ore",
        "card": "City — Cost: 2 grain + 3 ore + give back: Settlement — 3 resources of your choice; hold three to win.",
        "pay": "You can pay now: on the table: 2 of your choice · in hand: 2 ore",
    }
    page.click('[data-lang="de"]')
    german = page.evaluate(script)
    assert german["bank"][0] == "Die Bank hat 19 Holz" and german["card"].startswith("Stadt — Kosten: 2 Getreide")


def test_the_lobby_says_what_became_of_each_game_and_how_old_it_is(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    _, waiting = module_server.post("/games", {"ruleset": "base", "name": "Anna", "seats": seats, "public": True})
    _, ended = module_server.post("/games", {"ruleset": "base", "name": "Ben", "seats": seats})
    status, _ = module_server.post(f"/games/{ended['game']['id']}/end", {}, token=ended["creator_token"])
    assert status == 200
    page = context_factory(viewport={"width": 390, "height": 844}).new_page()
    page.goto(module_server.url)
    line = page.locator(f".game-line[data-game='{waiting['game']['id']}']")
    assert line.locator(".status-badge").inner_text() == "waiting for players (1 free)"
    assert " s ago" in line.inner_text() or " min ago" in line.inner_text()
    stopped = page.locator(f"#stopped-games .game-line[data-game='{ended['game']['id']}']")
    assert stopped.locator(".status-badge").inner_text() == "ended by its creator"
    assert page.locator("#create-form .howto-link").get_attribute("href") == "/howto/base?lang=en"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling on a phone
    page.click('[data-lang="de"]')
    assert line.locator(".status-badge").inner_text() == "wartet auf Spieler (1 frei)"


def test_pieces_and_tokens_are_named_and_the_robber_stands_beside_the_number(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    """One hex with an 8, the robber on it and a city on each of its six corners (the most crowded hex)."""
    page = lobby_page(module_server, context_factory)
    corners = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]]
    view = {
        "players": [{"seat": 0, "name": "Anna"}],
        "names": {"robber": {"en": "Guardian", "de": "Wächter"}},
        "board": {
            "hexes": [{"id": "A", "q": 0, "r": 0, "terrain": "hills", "number": 8}],
            "harbors": [{"type": "3:1", "hex": "A", "nodes": [0, 1]}],
            "nodes": corners,
            "edges": [[i, (i + 1) % 6] for i in range(6)],
        },
        "pieces": [{"kind": "city", "at": i, "owner": 0} for i in range(6)]
        + [{"kind": "road", "at": "2-3", "owner": 0}, {"kind": "robber", "at": "A"}],
    }
    page.evaluate(
        """async (view) => {
        const {renderBoard} = await import('/static/js/board.js');
        document.body.replaceChildren(renderBoard(view));
        document.querySelector('svg.board').style.width = '600px';
    }""",
        with_layout(view),
    )
    assert layout_problems(page) == []
    assert page.locator(".token").get_attribute("aria-label") == "8: rolled in 5 of 36 throws"
    assert page.locator(".piece.city").first.get_attribute("aria-label") == "City of Anna"
    assert page.locator(".piece.robber").get_attribute("aria-label") == "Guardian"
    assert page.locator(".harbor-disc").get_attribute("aria-label") == "3:1"
