"""Hand-built Deck Building positions for the rule tests.

A position starts from a new game, replaces the zones a test names in the ``game`` part of the exported
state and loads it with ``siedler.from_state``, as a puzzle or a saved game would be loaded. Every card of
the edition must be somewhere, so the cards a test does not place are put where they cannot matter: at the
bottom of a draw pile the test did not give (seat 0's first), else in a discard pile it did not give. The
supply keeps the edition's counts unless given, less any cards the test needs beyond the decks.

Piles are written bottom first: the last card of ``draw`` is drawn next, the last of ``discard`` is on top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import siedler
from siedler.core.game import Game
from siedler.games.deck_building import DeckBuildingGame
from siedler.games.deck_building.cards import CARDS

Cards = Sequence[str]


def position(
    hands: Sequence[Cards] = ((), ()),
    draw: Mapping[int, Cards] | None = None,
    discard: Mapping[int, Cards] | None = None,
    laid: Mapping[int, Cards] | None = None,
    supply: Mapping[str, int] | None = None,
    current: int = 0,
    table: Mapping[str, int] | None = None,
    any_resources: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
) -> DeckBuildingGame:
    """A game in the main phase with ``current`` to act and exactly the named zones."""
    game = siedler.new_game("deck-building", players=2, seed=seed, options=dict(options or {}))
    state = game.state()
    g = state["game"]
    totals = Counter({CARDS[k]: n for k, n in enumerate(game.rules.totals())})  # type: ignore[attr-defined]
    zones: dict[tuple[str, int], list[str]] = {}
    for seat in (0, 1):
        zones[("hand", seat)] = list(hands[seat])
        for name, given in (("draw", draw), ("discard", discard), ("laid_out", laid)):
            zones[(name, seat)] = list((given or {}).get(seat, []))
    placed = Counter(card for cards in zones.values() for card in cards)
    stock = Counter(dict(g["supply"]) if supply is None else dict(supply))
    for card, n in placed.items():
        excess = n + stock[card] - totals[card]
        if excess > 0 and supply is None:
            stock[card] -= min(excess, stock[card])
    left = totals - placed - stock
    assert not (placed + stock - totals), f"more cards than the edition has: {placed + stock - totals}"
    spare = sorted(left.elements(), key=CARDS.index, reverse=True)  # wood on top: harmless to draw
    for name, seat in (("draw", 0), ("draw", 1), ("discard", 1), ("discard", 0)):
        if seat not in ((draw if name == "draw" else discard) or {}):
            zones[(name, seat)] = spare + zones[(name, seat)]
            break
    else:
        assert not spare, "every pile is given: leave one out for the cards the test does not place"
    g["supply"] = {card: stock[card] for card in CARDS}
    g["players"] = [
        {
            "hand": dict(Counter(zones[("hand", seat)])),
            "draw": zones[("draw", seat)],
            "discard": zones[("discard", seat)],
            "laid_out": zones[("laid_out", seat)],
        }
        for seat in (0, 1)
    ]
    g.update(
        phase="main",
        current=current,
        attack=None,
        taken=None,
        discard_left=0,
        table={"cards": dict(table or {}), "traded": {}, "any": any_resources},
    )
    state.update(to_act=current, actions=[], over=False, winner=None)
    loaded = siedler.from_state(state)
    assert isinstance(loaded, DeckBuildingGame)
    return loaded


def hand(game: Game, seat: int) -> list[str]:
    """The seat's hand as sorted card names."""
    return sorted(CARDS[k] for k in range(len(CARDS)) for _ in range(game.hands[seat * len(CARDS) + k]))  # type: ignore[attr-defined]


def play(game: Game, *actions: str) -> Game:
    for text in actions:
        game.apply(text)
    return game


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def pile(game: Game, name: str, seat: int) -> list[str]:
    return [CARDS[k] for k in getattr(game, name)[seat]]
