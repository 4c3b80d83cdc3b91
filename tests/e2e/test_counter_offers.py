"""A counter-offer at the table, accepted: Anna offers Bert a trade, Bert answers with an offer of his own,
and Anna agrees to it, each at their own page.

Soldiers & Armies ("Es kann grundsätzlich alles mit den Mitspielern gehandelt werden"): Anna composes her
offer to Bert (a resource for a resource), Bert sees it in words beside the board and answers *Mit einem
eigenen Angebot antworten*, composes his (in the same steps, now the offerer), and Anna, seeing his offer,
agrees: the cards change hands as Bert's offer said, and the turn goes on with Anna.

Both seats are people, so the game's seed is the server's; the API brings it to a turn of Anna's in which
both hold resource cards (drive.py). In the base game the people found where the most kinds of resources
are, never build and change four like cards at the bank, so that their hands grow and mix whatever the deal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

import pytest

from siedler.core.hexgrid import Topology
from siedler.core.i18n import text
from siedler.games.catan.rules import RESOURCES

from .conftest import LiveServer
from .drive import api_view, drive, plain_move
from .table import TABLE, state_number, wait_my_turn_or_over

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "de-DE"}
LAPTOP = {"locale": "de-DE"}
#: A good that is a resource card, as the steps write it (``give wood``): the test trades cards only.
RESOURCE = re.compile(r"^(give|ask) (wood|brick|wool|grain|ore)$")


def play(page: Any, selector: str) -> None:
    n = state_number(page)
    page.click(selector)
    page.wait_for_selector(f"{TABLE}:not([data-n='{n}'])")


def add_card(page: Any, kind: str, among: Collection[str] = RESOURCES) -> str:
    """Add a resource card (one of ``among``) to one side of the offer being composed (``give`` or ``ask``),
    by the composer where the kind has many goods, else by its button; returns the step's notation."""
    if page.locator(f'[data-compose="{kind}"]').count():
        page.click(f'[data-compose="{kind}"]')
        composer = page.locator(f'.composer[data-kind="{kind}"]')
        cards = composer.locator('[data-choice="Eine Rohstoffkarte"]')
        if cards.count():
            cards.click()
        words = [text(f"catan.resource.{r}", "de") for r in RESOURCES if r in among]
        composer.locator(".compose-choice", has_text=re.compile(f"^({'|'.join(words)})$")).first.click()
        button = composer.locator(".compose-play")
    else:
        buttons = page.locator(f'#menu [data-kind="{kind}"]')
        actions = [buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())]
        button = buttons.nth(next(i for i, a in enumerate(actions) if RESOURCE.match(a) and a.split()[1] in among))
    action = button.get_attribute("data-action") or ""
    assert RESOURCE.match(action), action
    n = state_number(page)
    button.click()
    page.wait_for_selector(f"{TABLE}:not([data-n='{n}'])")
    return action


def compose_and_send(page: Any, asked: Collection[str] = RESOURCES) -> tuple[str, str]:
    """Compose an offer of a resource card for one of ``asked`` and send it: the two resources' names."""
    give, ask = add_card(page, "give"), add_card(page, "ask", asked)
    play(page, '#menu [data-action="send"]')
    return give.split()[1], ask.split()[1]


def hands(server: LiveServer, game_id: str, tokens: dict[int, str]) -> dict[int, dict[str, int]]:
    return {seat: api_view(server, game_id, seat, token)["view"]["you"]["hand"] for seat, token in tokens.items()}


def kinds_at(board: dict[str, Any]) -> list[int]:
    """How many kinds of resources each corner of the view's ``board`` touches (the desert is none)."""
    topology = Topology(tuple((h["q"], h["r"]) for h in board["hexes"]))
    terrain = {topology.hex_index[(h["q"], h["r"])]: h["terrain"] for h in board["hexes"]}
    return [len({terrain[h] for h in hexes} - {"desert"}) for hexes in topology.node_hexes]


def hoarding_move(got: dict[str, Any]) -> str:
    """A base game's person who founds on the corner of most kinds of resources, then only rolls, changes
    four like cards at the bank and ends (or answers no): a hand that only grows, and mixes."""
    actions: list[str] = [a["action"] for a in got["actions"]]
    spots = [a for a in actions if a.startswith("settle ")]
    if spots:
        kinds = kinds_at(got["view"]["board"])
        return max(spots, key=lambda a: kinds[int(a.split()[1])])
    kept = next((a for word in ("roll", "bank", "end") for a in actions if a.split()[0] == word), None)
    return kept or plain_move(got)


def two_people(server: LiveServer, ruleset: str) -> tuple[str, dict[int, str]]:
    """A German table of Anna, Bert (who took the invite) and a bot: its id and the people's tokens."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    body = {"ruleset": ruleset, "name": "Anna", "seats": seats, "timer": "off", "lang": "de", "bot_delay": 0}
    status, created = server.post("/games", body)
    assert status == 201, created
    game_id = created["game"]["id"]
    status, bert = server.post(f"/games/{game_id}/seats/1", {"name": "Bert", "invite": created["invite"]})
    assert status == 200, bert
    return game_id, {0: created["token"], 1: bert["token"]}


def open_pages(server: LiveServer, context_factory: Callable[..., Any], game_id: str, tokens: dict[int, str]) -> Any:
    """Anna's page on a laptop, Bert's on a phone, both in German."""
    anna = context_factory(**LAPTOP).new_page()
    anna.goto(f"{server.url}/games/{game_id}#seat=0&token={tokens[0]}")
    ben = context_factory(**PHONE).new_page()
    ben.goto(f"{server.url}/games/{game_id}#seat=1&token={tokens[1]}")
    return anna, ben


def test_a_counter_offer_to_an_offer_is_accepted_by_the_offerer(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    game_id, tokens = two_people(live_server, "soldiers-and-armies")

    def ready(seat: int, got: dict[str, Any]) -> bool:
        actions = [a["action"] for a in got["actions"]]
        players = got["view"]["players"]
        return seat == 0 and "address @1" in actions and players[0]["cards"] >= 1 and players[1]["cards"] >= 1

    drive(live_server, game_id, tokens, ready)
    anna, ben = open_pages(live_server, context_factory, game_id, tokens)
    assert wait_my_turn_or_over(anna)

    play(anna, '#menu [data-action="address @1"]')
    compose_and_send(anna)
    assert wait_my_turn_or_over(ben)
    banner = ben.locator("#sa-draft[data-sent=true]")
    assert banner.inner_text().startswith("Anna bietet dir ")  # her offer, in words, beside the board
    assert ben.locator('#menu [data-action="counter"]').inner_text() == "Mit einem eigenen Angebot antworten"
    play(ben, '#menu [data-action="counter"]')
    before = hands(live_server, game_id, tokens)
    held = {r for r, n in before[0].items() if n}  # Bert asks for a card Anna holds, so that she may agree
    give, ask = compose_and_send(ben, held)  # Bert's own offer: he gives ``give`` for Anna's ``ask``

    assert wait_my_turn_or_over(anna)
    words = anna.locator("#sa-draft[data-sent=true]").inner_text()
    assert words.startswith("Bert bietet dir ") and words.endswith("deine Antwort, bitte"), words
    play(anna, '#menu [data-action="agree"]')  # a card for a card: nothing asked about first
    after = hands(live_server, game_id, tokens)
    anna_now, bert_now = dict(before[0]), dict(before[1])
    anna_now[give] += 1  # Bert's offer, agreed: his card to Anna, hers to him
    anna_now[ask] -= 1
    bert_now[give] -= 1
    bert_now[ask] += 1
    assert after == {0: anna_now, 1: bert_now}
    assert anna.locator("#log li", has_text="Du stimmst zu.").count()
    assert anna.get_attribute(TABLE, "data-my-turn") == "true"  # the turn goes on with Anna


def test_a_counter_offer_in_the_base_game_is_made_by_the_offerer_and_closes_the_trade(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    """ "Er kann sich aber auch die Vorschläge seiner Mitspieler anhören und Gegenangebote machen. Wichtig:
    Die Spieler dürfen immer nur mit dem Spieler tauschen, der an der Reihe ist." The base game's offers are
    the current player's alone, so a counter-offer is a proposal (docs/rules/base.md): Bert, asked, declines
    and proposes the trade he would take; Anna's page offers to make it, and one click makes that offer and,
    once Bert accepts it, closes it."""
    game_id, tokens = two_people(live_server, "base")

    def pairs() -> list[tuple[str, str]]:
        """The trades Bert could propose that Anna can make: a card he holds for another she holds."""
        held = hands(live_server, game_id, tokens)
        return [(g, w) for g in RESOURCES for w in RESOURCES if g != w and held[1][g] and held[0][w]]

    def ready(seat: int, got: dict[str, Any]) -> bool:
        actions = [a["action"] for a in got["actions"]]
        return seat == 0 and any(a.startswith("offer") and a.endswith("@1") for a in actions) and bool(pairs())

    drive(live_server, game_id, tokens, ready, hoarding_move)
    before = hands(live_server, game_id, tokens)
    bert_gives, bert_wants = pairs()[0]
    offered = next(r for r in RESOURCES if before[0][r])
    anna, ben = open_pages(live_server, context_factory, game_id, tokens)
    assert wait_my_turn_or_over(anna)

    anna.click(f'[data-trade="give:{offered}"]')
    anna.click(f'[data-trade="want:{next(r for r in RESOURCES if r != offered)}"]')
    anna.select_option(".trade-to", "1")
    play(anna, "#offer-trade")

    assert wait_my_turn_or_over(ben)
    ben.click("#counter-open")
    ben.click(f'#counter [data-trade="give:{bert_gives}"]')
    ben.click(f'#counter [data-trade="want:{bert_wants}"]')
    play(ben, "#counter-send")  # declines Anna's offer, and proposes his

    anna.wait_for_selector("#proposal")
    names = {r: text(f"catan.resource.{r}", "de") for r in RESOURCES}
    assert anna.locator("#proposal").inner_text().startswith("Bert schlägt stattdessen vor:")
    assert (
        anna.locator("#proposal-words").inner_text()
        == f"1 {names[bert_wants]} für 1 {names[bert_gives]} anbieten an Bert"
    )
    play(anna, "#proposal-accept")  # Anna makes the offer Bert proposed

    assert wait_my_turn_or_over(ben)
    play(ben, '#menu [data-action="accept"]')
    anna.wait_for_selector("#log li:has-text('tauscht mit Bert'), #log li:has-text('Du tauschst')")
    after = hands(live_server, game_id, tokens)
    anna_now, bert_now = dict(before[0]), dict(before[1])
    anna_now[bert_gives] += 1
    anna_now[bert_wants] -= 1
    bert_now[bert_gives] -= 1
    bert_now[bert_wants] += 1
    assert after == {0: anna_now, 1: bert_now}
