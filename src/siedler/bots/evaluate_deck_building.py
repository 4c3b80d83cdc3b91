"""The value of a Deck Building position to one seat: Stadt cards owned and in hand, what the cards it
owns cost beyond a dilution (a dear card strengthens the deck, a cheap one thins it), sea and desert
cards clogging its hands, the purchasing power laid out this turn, and the opponent's Stadt cards."""

from __future__ import annotations

from typing import cast

from siedler.core.game import Game
from siedler.games.deck_building import DeckBuildingGame
from siedler.games.deck_building.cards import CITY, DESERT, NUM_CARDS, SEA

from .evaluate import Weights, register_evaluator


def deck_value(game: Game, seat: int, weights: Weights) -> float:
    g, w = cast(DeckBuildingGame, game), weights["deck_building"]
    if g.is_over:
        return float(w["win"] if g.winner == seat else -w["win"])
    owned = g.hand(seat)
    for pile in (g.draw[seat], g.discard[seat], g.laid[seat]):
        for card in pile:
            owned[card] += 1
    strength = 0.0
    for kind, n in enumerate(owned):
        cost = g.rules.costs[kind]
        if cost is not None and kind != CITY:
            strength += n * (cost.units - w["dilution"])
    value = w["city"] * g.cities_owned(seat) + w["in_hand"] * g.hands[seat * NUM_CARDS + CITY]
    value += w["card_value"] * strength - w["junk"] * (owned[SEA] + owned[DESERT])
    if g.current == seat:
        value += w["pool"] * (sum(g.pool) + g.wild)
    others = [g.cities_owned(p) for p in range(g.num_players) if p != seat]
    return float(value - w["threat"] * max(others, default=0))


register_evaluator(DeckBuildingGame, deck_value)
