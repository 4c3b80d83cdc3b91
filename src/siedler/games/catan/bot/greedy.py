"""Greedy play for the Catan board games (the rule sets of the family use it, or build on it): city >
settlement > development card > road, trading toward the first of these it can aim for, placing on the
richest intersections, robbing the leader.

It reads only what its seat may know: its own hand, the board, the bank, public points (never ``scores()``,
which counts hidden victory-point cards) and the resources the others hold together (what the bank lacks
beyond its own hand), never another seat's hand. The bot runs on a determinized copy anyway (``FairBot``);
reading only the public part makes its decisions not even depend on the resampled guess.
"""

from __future__ import annotations

import random as _random
from typing import cast

from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.rules import NUM_RESOURCES, PIPS
from siedler.games.catan.state import (
    CITIES,
    DISCARD,
    MAIN,
    OFFER_CONFIRM,
    OFFER_REPLY,
    PIECE_KINDS,
    ROAD_BUILDING,
    ROADS,
    ROBBER,
    ROLL,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)

from .value import node_pips


def node_value(game: CatanGame, node: int) -> int:
    """The pips of the producing hexes around ``node`` (from the value's table, made once per board: the
    search's rollouts ask it on every founding and building step)."""
    return node_pips(game.board)[node]


def _best(actions: list[Action], key: object) -> Action | None:
    return max(actions, key=key) if actions else None  # type: ignore[call-overload]


def _road_value(game: CatanGame, action: Action) -> int:
    """A road is worth the best free intersection it reaches."""
    topo, pips, blocked = game.board.topology, node_pips(game.board), game.blocked
    best = 0
    for n in topo.edge_nodes[action[1]]:
        if not blocked[n]:
            best = max(best, pips[n])
        for m in topo.node_nodes[n]:
            if not blocked[m]:
                best = max(best, pips[m] - 1)
    return best


def _missing(game: CatanGame, seat: int, cost: tuple[int, ...]) -> list[int]:
    hand = game.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
    return [max(0, c - h) for c, h in zip(cost, hand)]


def _robbed(game: CatanGame, seat: int) -> bool:
    """Whether the robber stands on a hex where ``seat`` has a building (never while it is off the board)."""
    if game.robber < 0:
        return False
    return any(game.node_owner[n] == seat for n in game.board.topology.hex_nodes[game.robber])


def _target(game: CatanGame, seat: int) -> tuple[int, ...] | None:
    rules = game.rules
    if game.pieces[seat * PIECE_KINDS + CITIES] and any(game.node_level[n] == 1 for n in game.buildings[seat]):
        return rules.city_cost
    if game.pieces[seat * PIECE_KINDS + SETTLEMENTS] and game._settlement_spots(seat):
        return rules.settlement_cost
    if any(game.dev_deck):
        return rules.development_cost
    if game.pieces[seat * PIECE_KINDS + ROADS] and game._road_spots(seat):
        return rules.road_cost
    return None


def bank_trade_toward(game: CatanGame, seat: int, legal: list[Action], cost: tuple[int, ...] | None) -> Action | None:
    """A legal bank trade that brings ``cost`` (what the bot saves for, if anything) nearer without giving
    up a card the cost itself needs: shared by every Catan-family greedy strategy."""
    if cost is None:
        return None
    missing = _missing(game, seat, cost)
    if not any(missing):
        return None
    hand = game.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
    for a in legal:
        if a[0] == "bank":
            give, get = a[1], a[2]
            rate = game.rates[seat * NUM_RESOURCES + give]
            if missing[get] and hand[give] - cost[give] >= rate:
                return a
    return None


def _main(game: CatanGame, seat: int, legal: list[Action], rng: _random.Random) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        kind = a[0]
        if kind != "offer":  # greedy never offers; a main phase lists hundreds of offers
            by_kind.setdefault(kind, []).append(a)
    if "city" in by_kind:
        return cast(Action, _best(by_kind["city"], lambda a: node_value(game, a[1])))
    if "settle" in by_kind:
        return cast(Action, _best(by_kind["settle"], lambda a: node_value(game, a[1])))
    if "buy" in by_kind:
        return by_kind["buy"][0]
    if "knight" in by_kind and _robbed(game, seat):
        return by_kind["knight"][0]
    if "roadbuilding" in by_kind:
        return by_kind["roadbuilding"][0]
    if "road" in by_kind and not game._settlement_spots(seat):
        return cast(Action, _best(by_kind["road"], lambda a: _road_value(game, a)))
    trade = bank_trade_toward(game, seat, legal, _target(game, seat))
    if trade is not None:
        return trade
    if "plenty" in by_kind:
        cost = _target(game, seat) or game.rules.city_cost
        missing = _missing(game, seat, cost)
        return cast(Action, _best(by_kind["plenty"], lambda a: sum(min(1, missing[r]) for r in a[1:])))
    if "monopoly" in by_kind:
        counts = others_hold(game, seat)
        return cast(Action, _best(by_kind["monopoly"], lambda a: counts[a[1]]))
    return by_kind["end"][0] if "end" in by_kind else rng.choice(legal)


def others_hold(game: CatanGame, seat: int) -> list[int]:
    """Each resource the other seats hold together: every card not in the bank or in ``seat``'s hand."""
    total, base = game.rules.bank_per_resource, seat * NUM_RESOURCES
    return [total - game.bank[r] - game.hands[base + r] for r in range(NUM_RESOURCES)]


def _robber(game: CatanGame, seat: int, legal: list[Action]) -> Action:
    topo = game.board.topology
    scores = game.public_points()

    def value(a: Action) -> tuple[int, int]:
        h, victim = a[1], a[3]
        harm = 0
        for n in topo.hex_nodes[h]:
            o = game.node_owner[n]
            if o >= 0:
                weight = game.node_level[n] * PIPS.get(game.board.numbers[h], 0)
                harm += -3 * weight if o == seat else weight
        return (harm, scores[victim] if victim >= 0 else -1)

    return max(legal, key=value)


def catan_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(CatanGame, game)
    legal = list(g.legal_actions())
    phase = g.phase
    if phase == MAIN:
        return _main(g, seat, legal, rng)
    if phase == SETUP_SETTLEMENT:
        return _best(legal, lambda a: node_value(g, a[1]))
    if phase in (SETUP_ROAD, ROAD_BUILDING):
        return _best(legal, lambda a: _road_value(g, a))
    if phase == ROLL:
        for a in legal:
            if a[0] == "knight" and _robbed(g, seat):
                return a
        return legal[0]
    if phase == DISCARD:
        cost = _target(g, seat) or g.rules.city_cost
        hand = g.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        return _best(legal, lambda a: hand[a[1]] - cost[a[1]])
    if phase == ROBBER:
        return _robber(g, seat, legal)
    if phase == OFFER_REPLY:
        assert g.offer is not None
        cost = _target(g, seat) or g.rules.city_cost
        missing = _missing(g, seat, cost)
        helps = any(missing[r] and g.offer[1][r] for r in range(NUM_RESOURCES))
        hand = g.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        spare = all(hand[r] - g.offer[2][r] >= cost[r] for r in range(NUM_RESOURCES) if g.offer[2][r])
        accept = [a for a in legal if a[0] == "accept"]
        return accept[0] if helps and spare and accept else next(a for a in legal if a[0] == "decline")
    if phase == OFFER_CONFIRM:
        return legal[0]
    return None
