"""What the bots know of Catan: Deck Building (``siedler.bots.knowledge``): the value of a position (weights
in ``data/value.toml``) and this greedy play: draw first, then buy the most expensive card it can afford,
aiming for Stadt cards (which it never plays away), and keep the hand lean before ending the turn."""

from __future__ import annotations

import random as _random
from typing import cast

from siedler.bots.knowledge import Knowledge
from siedler.core.actions import Action
from siedler.core.data import load_data
from siedler.core.game import Game

from .cards import (
    BANDIT,
    CITY,
    DESERT,
    HARBOR,
    KNIGHT,
    NUM_CARDS,
    ROAD,
    SEA,
    SETTLEMENT,
)
from .game import DeckBuildingGame
from .state import DISCARD, MAIN, REACT, STEAL

WEIGHTS = load_data("siedler.games.deck_building", "data/value.toml")

#: Cards worth keeping, least first: what a player gives up to a Ritter (Offensiv) and what the Bandit
#: returns rather than keeps.
KEEP_ORDER = (SEA, DESERT, ROAD, 0, 1, 2, HARBOR, BANDIT, 3, KNIGHT, 9, 4, SETTLEMENT, CITY)
JUNK = (SEA, DESERT)


def _value(game: DeckBuildingGame, action: Action) -> tuple[int, int]:
    """A purchase's worth: the city first, then by price, then by how late the card comes in KEEP_ORDER."""
    card = action[1]
    cost = game.rules.costs[card]
    units = cost.units + sum(cost.give_back) if cost is not None else 0
    return (1 if card == CITY else 0, units * 10 + KEEP_ORDER.index(card))


def _best_buy(game: DeckBuildingGame) -> tuple[Action | None, tuple[int, int]]:
    buys = [a for a in game.legal_actions() if a[0] == "buy"]
    if not buys:
        return None, (-1, -1)
    best = max(buys, key=lambda a: _value(game, a))
    return best, _value(game, best)


def _find(legal: tuple[Action, ...], kind: str, card: int) -> Action | None:
    for a in legal:
        if a[0] == kind and a[1] == card:
            return a
    return None


def _main(game: DeckBuildingGame, seat: int, legal: tuple[Action, ...]) -> Action:
    hand = game.hand(seat)
    city = _find(legal, "buy", CITY)
    if city is not None:
        return city
    for card in (HARBOR, KNIGHT, BANDIT):  # more cards first: they may pay for more
        play = _find(legal, "play", card)
        if play is not None:
            return play
    # Resources from roads and spare settlements, when they buy something better.
    _, now = _best_buy(game)
    options: list[Action] = []
    if hand[ROAD]:
        options.append(game.action_set.ROAD[hand[ROAD]])
    if hand[SETTLEMENT] > 1 or (hand[SETTLEMENT] and not game.supply[CITY]):
        options.append(game.action_set.HAND[SETTLEMENT][0])
    for option in options:
        trial = game.copy()
        trial.apply(option)
        if _best_buy(trial)[1] > now:
            return option
    best, _ = _best_buy(game)
    if best is not None:
        return best
    for card in JUNK:  # thin the hand: fewer than four cards held means drawing up to seven
        lay = _find(legal, "lay", card)
        if lay is not None:
            return lay
    return game.action_set.END


def deck_building_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(DeckBuildingGame, game)
    legal = g.legal_actions()
    if g.phase == MAIN:
        return _main(g, seat, legal)
    if g.phase == REACT:
        return legal[0]  # reflect when possible (it is listed first), else allow
    if g.phase == STEAL:
        return g.action_set.RETURN if g.taken in JUNK else g.action_set.KEEP
    if g.phase == DISCARD:
        return min(legal, key=lambda a: KEEP_ORDER.index(a[1]))
    return None


def deck_value(game: Game, seat: int) -> float:
    """Stadt cards owned and in hand, what the cards it owns cost beyond a dilution (a dear card strengthens
    the deck, a cheap one thins it), sea and desert cards clogging its hands, the purchasing power laid out
    this turn, and the opponent's Stadt cards."""
    g, w = cast(DeckBuildingGame, game), WEIGHTS["deck_building"]
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


#: The lobby's levels (docs/bots.md, "Levels"): a search iteration of two hands of cards costs a third of a
#: Catan board's, so Hard searches 1500 (a second on one core at the 99th percentile, with room to spare).
LEVELS = {"easy": "greedy", "medium": "value", "hard": "mcts:iterations=1500,guard_ms=10000"}
KNOWLEDGE = Knowledge(strategy=deck_building_strategy, value=deck_value, levels=LEVELS)
