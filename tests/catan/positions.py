"""Hand-built Catan positions for the rule tests.

A position starts from a new game on the beginner board (so every test can name the same intersections and
hexes), edits the ``game`` part of its exported state and loads it with ``siedler.from_state``, exactly as
a puzzle or a saved game would be loaded. The bank is derived from the hands (each resource: bank + hands =
19) and the development deck from the cards held and played, so the import's conservation check passes.

The beginner board, as the tests use it (hex: terrain number, corners clockwise from the top)::

    A mountains 10 (1 2 10 9 8 0)       B pasture 2 (3 4 12 11 10 2)      C forest 9 (5 6 14 13 12 4)
    D fields 12 (8 9 19 18 17 7)        E hills 6 (10 11 21 20 19 9)      F pasture 4 (12 13 23 22 21 11)
    G hills 10 (14 15 25 24 23 13)      H fields 9 (17 18 29 28 27 16)    I forest 11 (19 20 31 30 29 18)
    J desert (21 22 33 32 31 20)        K forest 3 (23 24 35 34 33 22)    L mountains 8 (25 26 37 36 35 24)
    M forest 8 (29 30 40 39 38 28)      N mountains 3 (31 32 42 41 40 30) O fields 4 (33 34 44 43 42 32)
    P pasture 5 (35 36 46 45 44 34)     Q hills 5 (40 41 49 48 47 39)     R fields 6 (42 43 51 50 49 41)
    S pasture 11 (44 45 53 52 51 43)

Harbours: 3:1 at 0/1, 14/15, 26/37, 47/48; wool 3/4, brick 45/46, wood 50/51, grain 28/38, ore 7/17.
The ring of intersections around the desert J is 20-21-22-33-32-31-20.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

import siedler
from siedler.core.game import Game
from siedler.core.rng import Rng

RESOURCES = ("wood", "brick", "wool", "grain", "ore")
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
BANK_PER_RESOURCE = 19
DECK = {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}
NOBODY = -1

Hand = Mapping[str, int]


def cards(**counts: int) -> dict[str, int]:
    """A hand of resource cards: ``cards(wood=2, ore=1)``."""
    unknown = set(counts) - set(RESOURCES)
    assert not unknown, f"not resources: {unknown}"
    return {r: counts.get(r, 0) for r in RESOURCES}


def plus(*hands: Hand) -> dict[str, int]:
    """Several hands (or building costs) added together."""
    return {r: sum(h.get(r, 0) for h in hands) for r in RESOURCES}


ROAD = cards(wood=1, brick=1)
SETTLEMENT = cards(wood=1, brick=1, wool=1, grain=1)
CITY = cards(grain=2, ore=3)
DEV_CARD = cards(wool=1, grain=1, ore=1)
EMPTY = cards()


def path(*nodes: int) -> list[str]:
    """The roads along a walk of intersections: ``path(20, 21, 22)`` is ``["20-21", "21-22"]``."""
    return [f"{a}-{b}" for a, b in itertools.pairwise(nodes)]


def new(players: int = 4, seed: int = 1, **options: Any) -> Game:
    """A new game on the beginner board (unless ``board`` says otherwise)."""
    return siedler.new_game("base", players=players, seed=seed, options={"board": "beginner", **options})


def position(
    players: int = 4,
    *,
    settlements: Mapping[int, Iterable[int]] | None = None,
    cities: Mapping[int, Iterable[int]] | None = None,
    roads: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Hand] | None = None,
    dev_cards: Mapping[int, Mapping[str, int]] | None = None,
    knights: Mapping[int, int] | None = None,
    dev_new: Mapping[str, int] | None = None,
    spent: Mapping[str, int] | None = None,
    discard: Mapping[int, int] | None = None,
    phase: str = "main",
    current: int = 0,
    to_act: int | None = None,
    robber: str | None = "J",
    longest_road: int = NOBODY,
    largest_army: int = NOBODY,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
    **fields: Any,
) -> Game:
    """A game in the position described; ``fields`` overrides any other key of the state's ``game`` part.

    ``settlements``/``cities`` map a seat to its intersections, ``roads`` a seat to its paths (see
    :func:`path`), ``hands`` a seat to its resource cards, ``dev_cards`` a seat to the development cards
    it holds (``dev_new`` marks those bought this turn), ``knights`` a seat to the knights it has played.
    """
    game = siedler.new_game("base", players=players, seed=seed, options={"board": "beginner", **(options or {})})
    state = game.state()
    g = state["game"]
    g["settlements"] = [[node, seat] for seat, nodes in (settlements or {}).items() for node in nodes]
    g["cities"] = [[node, seat] for seat, nodes in (cities or {}).items() for node in nodes]
    g["roads"] = [[label, seat] for seat, labels in (roads or {}).items() for label in labels]
    hands = hands or {}
    dev_cards = dev_cards or {}
    knights = knights or {}
    bank = {r: BANK_PER_RESOURCE for r in RESOURCES}
    deck = dict(DECK)
    played = {c: 0 for c in DEV_CARDS} | dict(spent or {})
    played["knight"] = played["knight"] + sum(knights.values())
    for c in DEV_CARDS:
        deck[c] -= played[c]
    for p in range(players):
        hand = {r: 0 for r in RESOURCES} | dict(hands.get(p, {}))
        held = {c: 0 for c in DEV_CARDS} | dict(dev_cards.get(p, {}))
        for r in RESOURCES:
            bank[r] -= hand[r]
        for c in DEV_CARDS:
            deck[c] -= held[c]
        g["players"][p] = {
            "hand": hand,
            "dev_cards": held,
            "knights": knights.get(p, 0),
            "discard": (discard or {}).get(p, 0),
        }
    assert min(bank.values()) >= 0 and min(deck.values()) >= 0, "more cards than the game has"
    g["bank"] = bank
    g["dev_deck"] = deck
    g["dev_spent"] = played
    g["dev_new"] = {c: 0 for c in DEV_CARDS} | dict(dev_new or {})
    g["phase"] = phase
    g["current"] = current
    g["robber"] = robber
    g["longest_road"] = longest_road
    g["largest_army"] = largest_army
    if phase not in ("setup_settlement", "setup_road"):
        g["setup_step"] = 2 * players
    if phase == "main" and "dice" not in fields:
        g["dice"] = [2, 3]
    g.update(fields)
    if to_act is None:
        to_act = current
        if phase == "discard":
            owing = [p for p in range(players) if (discard or {}).get(p)]
            to_act = min(owing, key=lambda p: (p - current) % players)
    state["to_act"] = to_act
    return siedler.from_state(state)


# ---------------------------------------------------------------------- chance, fixed for a test
def rigged(game: Game, event: Callable[[Rng], bool]) -> Game:
    """The same position with the generator set so that ``event`` (a draw sequence) comes out true.

    The generator's state is part of the exported state, so this is a legitimate position: the dice and
    the card draws that follow are simply the ones the test needs.
    """
    state = game.state()
    for candidate in range(100_000):
        rng = game.rng.copy()  # the game's own stream (keyed by its seed), at another position
        rng.resume(candidate)
        if event(rng):
            state["rng"] = candidate
            return siedler.from_state(state)
    raise AssertionError("no generator state makes the event happen")  # pragma: no cover


def roll(game: Game, total: int) -> Game:
    """The position after the player to move rolls exactly ``total``."""
    assert game.state()["game"]["phase"] == "roll"
    rolled = rigged(game, lambda rng: sum(rng.dice()) == total)
    rolled.apply("roll")
    return rolled


def next_card_is(game: Game, kind: str) -> Game:
    """The same position where the next development card bought is of ``kind``."""
    deck = [game.state()["game"]["dev_deck"][c] for c in DEV_CARDS]
    return rigged(game, lambda rng: rng.weighted_index(deck) == DEV_CARDS.index(kind))


# ---------------------------------------------------------------------- reading a game
def hand(game: Game, seat: int) -> dict[str, int]:
    return dict(game.view(seat)["you"]["hand"])


def bank(game: Game) -> dict[str, int]:
    return dict(game.view(None)["bank"])


def dev_hand(game: Game, seat: int) -> dict[str, int]:
    return dict(game.view(seat)["you"]["dev_cards"])


def phase(game: Game) -> str:
    return str(game.view(None)["phase"])


def player(game: Game, seat: int) -> dict[str, Any]:
    """The public entry of ``seat`` in a spectator's view."""
    return dict(game.view(None)["players"][seat])


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def legal_of(game: Game, kind: str) -> set[str]:
    """The legal actions of one kind (``"road"``, ``"settle"``...), in notation."""
    return {str(a) for a in game.legal_actions() if str(a).split()[0] == kind}


def buildings(game: Game) -> dict[int, tuple[str, int]]:
    """Intersection -> (piece, owner) of every settlement and city on the board."""
    return {p["at"]: (p["kind"], p["owner"]) for p in game.view(None)["pieces"] if p["kind"] in ("settlement", "city")}


def refused(game: Game, action: str, *reason: str) -> str:
    """Assert that ``action`` is refused with a message naming each ``reason``, leaving the game unchanged."""
    before, events = copy.deepcopy(game.state()), game.num_events
    with pytest.raises(siedler.IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for words in reason:
        assert words in message, f"{action!r} refused with {message!r}, which does not say {words!r}"
    assert game.state() == before, f"refusing {action!r} changed the game"
    assert game.num_events == events, f"refusing {action!r} logged an event"
    return message
