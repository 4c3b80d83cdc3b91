"""Hand-built Baden-Württemberg positions on the designed map, named by town.

A position edits a fresh game's exported state and loads it with ``siedler.from_state``, as a saved game
would be loaded; the bank (18 of each resource) and the development deck are derived from what the
players hold. Intersections are named by the town on them (``node(game, "Ebingen")``); the map around
the text's road examples, as the data file places it::

    Ebingen 55 - 56 - Sigmaringen 57 - 58 - Biberach 59      (56 and 58 are free intersections)
    Freudenstadt 42 - 54 - Ebingen 55        Reutlingen 46 - 58
    Ravensburg 70 - 80 - Friedrichshafen 81 - 82
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import siedler
from siedler.core.game import Game
from siedler.games.baden_wuerttemberg import BWGame
from tests.catan.positions import DEV_CARDS, NOBODY, RESOURCES

RULESET = "baden-wuerttemberg"
BANK_PER_RESOURCE = 18
DECK = {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 3}
LANDMARK_COST = {"ore": 2, "grain": 1}


def fields(game: Game) -> dict[str, int]:
    """Town -> intersection, for every city and landmark field, read from the view."""
    return {f["town"]: f["node"] for f in game.view(None)["board"]["fields"]}


def node(game: Game, town: str) -> int:
    return fields(game)[town]


def landmark_index(game: Game, town: str) -> int:
    towns = [entry["town"] for entry in game.view(None)["baden_wuerttemberg"]["outside"]]
    return towns.index(town)


def new(players: int = 4, seed: int = 1, **options: Any) -> BWGame:
    game = siedler.new_game(RULESET, players=players, seed=seed, options=options)
    assert isinstance(game, BWGame)
    return game


def position(
    players: int = 4,
    *,
    halls: Mapping[int, Iterable[str | int]] | None = None,
    roads: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    dev_cards: Mapping[int, Mapping[str, int]] | None = None,
    knights: Mapping[int, int] | None = None,
    landmarks: Mapping[str, int] | None = None,
    dev_new: Mapping[str, int] | None = None,
    phase: str = "main",
    current: int = 0,
    robber: str = "E",
    longest_road: int = NOBODY,
    largest_army: int = NOBODY,
    trade_card: bool = False,
    seed: int = 1,
    **fields_: Any,
) -> Game:
    """A game in the position described: ``halls`` maps a seat to towns (or intersections) with his town
    halls, ``roads`` a seat to paths (``"55-56"``), ``landmarks`` a town to the seat that built its
    landmark; the rest as in ``tests/catan/positions.py``."""
    game = new(players, seed)
    towns = fields(game)
    state = game.state()
    g = state["game"]
    g["settlements"] = [[towns[t] if isinstance(t, str) else t, seat] for seat, ts in (halls or {}).items() for t in ts]
    g["cities"] = []
    g["roads"] = [[label, seat] for seat, labels in (roads or {}).items() for label in labels]
    hands, dev_cards, knights = hands or {}, dev_cards or {}, knights or {}
    bank = dict.fromkeys(RESOURCES, BANK_PER_RESOURCE)
    deck = dict(DECK)
    played = dict.fromkeys(DEV_CARDS, 0)
    played["knight"] = sum(knights.values())
    deck["knight"] -= played["knight"]
    for p in range(players):
        hand = dict.fromkeys(RESOURCES, 0) | dict(hands.get(p, {}))
        held = dict.fromkeys(DEV_CARDS, 0) | dict(dev_cards.get(p, {}))
        for r in RESOURCES:
            bank[r] -= hand[r]
        for c in DEV_CARDS:
            deck[c] -= held[c]
        g["players"][p] = {"hand": hand, "dev_cards": held, "knights": knights.get(p, 0), "discard": 0}
    assert min(bank.values()) >= 0 and min(deck.values()) >= 0, "more cards than the game has"
    g.update(bank=bank, dev_deck=deck, dev_spent=played, dev_new=dict.fromkeys(DEV_CARDS, 0) | dict(dev_new or {}))
    g.update(phase=phase, current=current, robber=robber, longest_road=longest_road, largest_army=largest_army)
    g["setup_step"] = 3 * players
    if phase == "main":
        g["dice"] = [2, 3]
    owners = [NOBODY] * 12
    for town, seat in (landmarks or {}).items():
        owners[landmark_index(game, town)] = seat
    g["baden_wuerttemberg"] = {"landmarks": owners, "cost_cards": [-1] * players, "trade_card": trade_card}
    g.update(fields_)
    state["to_act"] = current
    return siedler.from_state(state)


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def vp(game: Game, seat: int) -> int:
    return int(game.view(None)["players"][seat]["vp"])
