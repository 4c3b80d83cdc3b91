"""Hidden information, checked by its twin: a position changed in everything one seat may not know.

For a seat ``s`` the twin of a position differs from it only in what ``s`` cannot see, changed at random
as far as the public figures allow (each hand keeps its size, the bank its cards, each kind its total).
What the views hide comes in named parts (``hidden_parts``), which a twin changes all together or one at
a time (``twin_state``'s ``parts``: tests/bots/test_fair.py perturbs each alone for every bot):

- every rule set, ``generator``: the generator's state and the seed (which would let anyone foresee dice
  and draws);
- Catan (base, variants and their combinations): ``resources``, the other seats' resource cards;
  ``development``, their unplayed development cards (those bought this turn included) dealt anew with the
  development deck; ``fish``, the other seats' face-down fish tokens dealt anew with the face-down supply;
  at the end of a game the victory-point cards are shown, so they stay where they are (a Soldaten & Armeen
  trade waiting for its answer names what the offerer gives, a card's kind or a token's value: views show it
  from the offer, never from his hand; so does a composed offer, for every good it gives);
- Deck Building: ``hands``, each other seat's hand and draw pile dealt anew from their cards (at the end of
  a game the cities in hand are shown, so they stay); ``own_draw``, ``s``'s own draw pile shuffled;
  ``discards``, every discard pile's cards below its face-up top put in a new order; ``taken``, for a
  spectator, the card the Bandit took.

``view(s)`` (and the spectator's view) must be identical for the position and its twin, while each seat
whose own cards changed must see its view change: so the twin really differs in what the views are about,
and a view that showed another seat's cards would differ for ``s`` too.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Collection
from typing import Any

import siedler
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.rules import DEV_CARDS, RESOURCES
from siedler.games.deck_building import DeckBuildingGame
from siedler.games.soldiers_and_armies.actions import CARD_GOOD, FISH_GOOD, RESOURCE_GOOD, SoldierAction, good_parts

View = Callable[[Game, "int | None"], dict[str, Any]]


def redeal(rows: list[dict[str, int]], rng: random.Random, keep: Collection[str] = ()) -> None:
    """Deal the cards of ``rows`` (kind -> count, changed in place) anew: each row keeps its size and its
    cards of the kinds in ``keep``; the total of each kind stays the same."""
    cards = [kind for row in rows for kind, n in row.items() if kind not in keep for _ in range(n)]
    rng.shuffle(cards)
    for row in rows:
        size = sum(n for kind, n in row.items() if kind not in keep)
        for kind in row:
            if kind not in keep:
                row[kind] = 0
        for kind in cards[:size]:
            row[kind] = row.get(kind, 0) + 1
        del cards[:size]


#: The parts of each family's hidden information, in the order ``twin_state`` changes them.
CATAN_PARTS = ("generator", "resources", "development", "fish")
DECK_PARTS = ("generator", "hands", "own_draw", "discards", "taken")
#: Parts hidden from spectators only: every seat sees them.
SPECTATOR_ONLY = frozenset({"taken"})


def hidden_parts(game: Game) -> tuple[str, ...]:
    """The parts of ``game`` that its views hide (fish only where the game has them)."""
    if isinstance(game, CatanGame):
        has_fish = "fish" in game.state()["game"]
        return tuple(p for p in CATAN_PARTS if p != "fish" or has_fish)
    if isinstance(game, DeckBuildingGame):
        return DECK_PARTS
    raise AssertionError(f"no twin for {game.ruleset}: say here what its views hide")


def _catan_twin(
    game: CatanGame, hidden_from: int | None, state: dict[str, Any], rng: random.Random, parts: Collection[str]
) -> None:
    g = state["game"]
    players = g["players"]
    others = [p for p in range(game.num_players) if p != hidden_from]
    pledge = _pledge(game, g, others)
    pledge(-1)  # what a waiting offer shows its offerer to give stays his: set aside while the rest is dealt
    if "resources" in parts:
        redeal([players[p]["hand"] for p in others], rng)
    if "development" in parts:
        # Unplayed development cards: the deck and the others' hands, the current player's new cards apart.
        new = g["dev_new"] if g["current"] in others else None
        old = {p: dict(players[p]["dev_cards"]) for p in others}
        if new is not None:
            old[g["current"]] = {c: n - new[c] for c, n in old[g["current"]].items()}
        rows = [g["dev_deck"], *old.values(), *([new] if new is not None else [])]
        redeal(rows, rng, keep=("victory_point",) if game.is_over else ())
        for p, cards in old.items():
            players[p]["dev_cards"] = {
                c: n + (new[c] if new is not None and p == g["current"] else 0) for c, n in cards.items()
            }
    if "fish" in parts and "fish" in g:  # tokens lie face down, in the supply and in the others' hands
        fish = g["fish"]
        redeal([fish["supply"], *(fish["held"][p] for p in others)], rng, keep=("boot",))
    pledge(1)


def _pledge(game: CatanGame, g: dict[str, Any], others: list[int]) -> Callable[[int], None]:
    """Soldaten & Armeen's offer waiting for its answer (``soldiers.card_offer``) shows everyone what its offerer
    gives: a card of a kind, a fish token of a value, or the resources he pays. The returned function takes
    that out of his rows (-1) or puts it back (1), so that a twin deals only what nobody has seen."""
    offerer, waiting = g["current"], g.get("soldiers", {}).get("card_offer")
    seats, give, _ = g.get("soldiers", {}).get("draft", ((), (), ()))
    if seats and seats[0] in others:
        return _draft_pledge(g, seats[0], give)
    if not waiting or offerer not in others:
        return lambda sign: None
    offer = SoldierAction(*game.parse_action(waiting))
    kind, own = offer[0], g["players"][offerer]

    def change(sign: int) -> None:
        if kind == "sellcard":
            own["dev_cards"][DEV_CARDS[offer.card]] += sign
        elif kind == "sellfish":
            g["fish"]["held"][offerer][str(offer.token)] += sign
        elif kind.startswith("buy"):
            for r, name in enumerate(RESOURCES):
                own["hand"][name] += sign * offer.bundle[r]

    return change


def _draft_pledge(g: dict[str, Any], offerer: int, give: list[int]) -> Callable[[int], None]:
    """A composed offer (``soldiers.draft``) shows everyone the goods its offerer gives: his resource cards,
    development cards and fish tokens among them are set aside (-1) and put back (1) around the deal."""
    own = g["players"][offerer]

    def change(sign: int) -> None:
        for code in give:
            good, item = good_parts(code)
            if good == RESOURCE_GOOD:
                own["hand"][RESOURCES[item]] += sign
            elif good == CARD_GOOD:
                own["dev_cards"][DEV_CARDS[item]] += sign
            elif good == FISH_GOOD:
                g["fish"]["held"][offerer][str(item)] += sign

    return change


def _deck_twin(
    game: DeckBuildingGame, hidden_from: int | None, state: dict[str, Any], rng: random.Random, parts: Collection[str]
) -> None:
    g = state["game"]
    for p, player in enumerate(g["players"]):
        if "discards" in parts and len(player["discard"]) > 2:  # only the top card shows
            below = player["discard"][:-1]
            rng.shuffle(below)
            player["discard"][:-1] = below
        if p == hidden_from:
            if "own_draw" in parts:
                rng.shuffle(player["draw"])
            continue
        if "hands" not in parts:
            continue
        hand, draw = Counter(player["hand"]), player["draw"]
        kept = {"city"} if game.is_over else set()  # the end shows the cities in hand: they stay put
        cards = [c for c in hand.elements() if c not in kept] + [c for c in draw if c not in kept]
        rng.shuffle(cards)
        size = sum(n for c, n in hand.items() if c not in kept)
        player["hand"] = dict(Counter(cards[:size]) + Counter({c: hand[c] for c in kept}))
        player["draw"] = cards[size:] + [c for c in draw if c in kept]
    if "taken" in parts and hidden_from is None and g["taken"] is not None:  # only the players see it
        pile = g["players"][g["attack"]["target"]]["draw"]
        other = next((i for i, c in enumerate(pile) if c != g["taken"]), None)
        if other is not None:
            g["taken"], pile[other] = pile[other], g["taken"]


def twin_state(
    game: Game, hidden_from: int | None, rng: random.Random, parts: Collection[str] | None = None
) -> dict[str, Any]:
    """The state of ``game`` with what ``hidden_from`` may not know changed (None: a spectator): every
    part of ``hidden_parts(game)``, or only those in ``parts``."""
    chosen = hidden_parts(game) if parts is None else parts
    unknown = set(chosen) - set(hidden_parts(game))
    assert not unknown, f"{game.ruleset} hides no {sorted(unknown)}"
    state: dict[str, Any] = json.loads(json.dumps(game.state()))
    if "generator" in chosen:
        state["rng"] = rng.getrandbits(64)
        state["seed"] = rng.getrandbits(31)
    if isinstance(game, CatanGame):
        _catan_twin(game, hidden_from, state, rng, chosen)
    elif isinstance(game, DeckBuildingGame):
        _deck_twin(game, hidden_from, state, rng, chosen)
    return state


def _loaded(state: dict[str, Any]) -> Game:
    """The position itself, as the game's starting point (no replay of the actions that led to it)."""
    return siedler.from_state({**state, "actions": [], "start_state": None}, log=False)


def _own_cards(game: Game, seat: int) -> Any:
    """What a seat sees of its own hidden cards in the state: where a twin must show it a change."""
    g = game.state()["game"]
    own = g["players"][seat]
    if isinstance(game, CatanGame):
        new = g["dev_new"] if g["current"] == seat else None
        fish = g["fish"]["held"][seat] if "fish" in g else None
        return own["hand"], own["dev_cards"], new, fish
    return {c: n for c, n in own["hand"].items() if n}, g["taken"]  # both players see what the Bandit took


def _default_view(game: Game, seat: int | None) -> dict[str, Any]:
    return game.view(seat)


def check_views_hide(game: Game, rng: random.Random, view: View = _default_view) -> int:
    """For a spectator and every seat, its twin: every view of the twin equals the game's, but for the
    seats whose own cards changed, whose views must differ. ``view`` is the view under test (the test that
    this check can fail passes a leaking one). Returns how many views saw their own cards change."""
    here = _loaded(game.state())
    seats: list[int | None] = [None, *range(game.num_players)]
    for seat in seats:
        assert view(here, seat) == view(game, seat), "the state's round trip changes a view"
    seen = 0
    for hidden_from in seats:
        twin = _loaded(twin_state(game, hidden_from, rng))
        for seat in seats:
            sees = seat is not None and _own_cards(twin, seat) != _own_cards(here, seat)
            assert not (sees and seat == hidden_from), "the twin changed what its seat knows"
            if sees:
                seen += 1
                assert view(twin, seat) != view(here, seat), f"seat {seat} does not see its own cards change"
            else:
                assert json.dumps(view(twin, seat)) == json.dumps(view(here, seat)), (
                    f"the view of {'a spectator' if seat is None else f'seat {seat}'} changed with what it may "
                    f"not know (hidden from {'spectators' if hidden_from is None else f'seat {hidden_from}'})"
                )
    return seen
