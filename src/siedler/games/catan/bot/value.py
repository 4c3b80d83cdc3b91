"""The value of a Catan board position to one seat: points, production by number and resource, harbours,
cards toward the next build, free intersections the roads reach, development cards, the longest road,
and the strongest opponent's points. Weights in ``data/value.toml`` (tables ``catan`` and ``trade``), to
tune without touching code; a rule set or an extension adds its own terms (its package's ``bot``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from siedler.bots.knowledge import weighted
from siedler.core.data import load_data
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.board import Board
from siedler.games.catan.rules import NUM_RESOURCES, PIPS, VICTORY_POINT
from siedler.games.catan.state import CITIES, NUM_DEV_CARDS, PIECE_KINDS, SETTLEMENTS

Weights = Mapping[str, Any]
#: The tables of ``data/value.toml`` (shared: read, never change).
WEIGHTS: Weights = load_data("siedler.games.catan", "data/value.toml")

Yields = tuple[tuple[tuple[int, int, int], ...], ...]
#: Per board: for each intersection, its (hex, resource, pips) of the producing hexes around it, and its
#: pips in all.
_NODE_YIELDS: dict[int, tuple[Board, Yields, tuple[int, ...]]] = {}


def _tables(board: Board) -> tuple[Board, Yields, tuple[int, ...]]:
    """What each intersection produces: computed once per board (copies share their board)."""
    cached = _NODE_YIELDS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached
    topo = board.topology
    table = tuple(
        tuple(
            (h, board.resource[h], PIPS.get(board.numbers[h], 0))
            for h in topo.node_hexes[n]
            if board.resource[h] >= 0 and PIPS.get(board.numbers[h], 0)
        )
        for n in range(topo.num_nodes)
    )
    found = _NODE_YIELDS[id(board)] = (board, table, tuple(sum(p for _, _, p in row) for row in table))
    return found


def node_yields(board: Board) -> Yields:
    return _tables(board)[1]


def node_pips(board: Board) -> tuple[int, ...]:
    """Each intersection's pips in all."""
    return _tables(board)[2]


def production(game: CatanGame, seat: int) -> list[int]:
    """Pips per resource the seat's buildings collect, the robber's hex left out."""
    yields, level, robber = node_yields(game.board), game.node_level, game.robber
    prod = [0] * NUM_RESOURCES
    for n in game.buildings[seat]:
        for h, r, pips in yields[n]:
            if h != robber:
                prod[r] += pips * level[n]
    return prod


def _reach(game: CatanGame, seat: int) -> tuple[int, int, int]:
    """Free intersections the seat's roads reach (count, pips of the best two), and the best one road
    further."""
    topo, blocked, pips = game.board.topology, game.blocked, node_pips(game.board)
    spots = game._settlement_spots(seat) if game.pieces[seat * PIECE_KINDS + SETTLEMENTS] else []
    best = sum(sorted((pips[n] for n in spots), reverse=True)[:2])
    further = 0
    edge_nodes, node_nodes = topo.edge_nodes, topo.node_nodes
    ends = {n for e in game.roads[seat] for n in edge_nodes[e]}
    for n in ends:
        for m in node_nodes[n]:
            if not blocked[m] and pips[m] > further:
                further = pips[m]
    return len(spots), best, further


def wanted_build(game: CatanGame, seat: int) -> tuple[int, ...]:
    """The cost of the seat's next build: a city where it has a settlement and a city piece, else one."""
    rules, pieces = game.rules, game.pieces
    if pieces[seat * PIECE_KINDS + CITIES] and any(game.node_level[n] == 1 for n in game.buildings[seat]):
        return rules.city_cost
    return rules.settlement_cost


def development(game: CatanGame, seat: int, others: list[int]) -> tuple[float, float]:
    """The seat's victory-point cards and its other unplayed development cards, with the cards it bought
    this turn counted at their expectation: the share of victory-point cards among those it could have
    drawn (the deck, the others' unplayed cards and its own new ones).

    A look-ahead plays a purchase on one dealt guess of the deck; counting the card drawn there would make
    buying worth a point one time in five and next to nothing otherwise, so the bot bought too rarely and
    by luck. The expectation is the same for every guess."""
    d = NUM_DEV_CARDS
    dev = game.dev_hand[seat * d : seat * d + d]
    new = game.dev_new if seat == game.current else [0] * d
    points, cards = dev[VICTORY_POINT] - new[VICTORY_POINT], sum(dev) - dev[VICTORY_POINT]
    bought = sum(new)
    if not bought:
        return float(points), float(cards)
    pool = [game.dev_deck[c] + new[c] + sum(game.dev_hand[p * d + c] for p in others) for c in range(d)]
    share = pool[VICTORY_POINT] / sum(pool)
    cards -= bought - new[VICTORY_POINT]
    return points + bought * share, cards + bought * (1 - share)


#: A position's features as the value weighs them: name -> number, the names those of the weights.
Features = dict[str, float]


def catan_features(game: Game, seat: int) -> Features:
    """The features of a running game as ``seat`` sees it, named by the ``catan`` table's weights; those
    that count against the seat (cards above the limit, the strongest opponent) are negative."""
    g = cast(CatanGame, game)
    public = g.public_points()
    prod = production(g, seat)
    base = seat * NUM_RESOURCES
    hand = g.hands[base : base + NUM_RESOURCES]
    held, limit = sum(hand), g._hand_limit(seat)
    cost = wanted_build(g, seat)
    paid = sum(min(h, c) for h, c in zip(hand, cost, strict=True))
    count, best, further = _reach(g, seat)
    others = [p for p in range(g.num_players) if p != seat]
    cards, unplayed = development(g, seat, others)
    city = g.rules.city_cost
    return {
        "victory_point": public[seat] + cards,
        "production": float(sum(prod)),
        "city_production": float(sum(prod[r] for r in range(NUM_RESOURCES) if city[r])),
        "new_resource": float(sum(1 for p in prod if p)),
        "harbor": float(sum((4 - g.rates[base + r]) * prod[r] for r in range(NUM_RESOURCES))),
        "card": float(min(held, limit)),
        "overflow": -float(max(0, held - limit)),
        "ready": paid / sum(cost),
        "affordable": 1.0 if paid == sum(cost) else 0.0,
        "spot": float(best),
        "spots": float(min(count, 2)),
        "frontier": float(further),
        "development": unplayed,
        "knight": float(g.knights[seat]),
        "free_road": float(g.free_roads) if g.current == seat else 0.0,
        "road_length": float(g.road_len[seat]),
        "threat": -float(max(public[p] for p in others)),
        "enemy_production": -float(max(sum(production(g, p)) for p in others)),
    }


def catan_value(game: Game, seat: int, weights: Weights) -> float:
    w = weights["catan"]
    if game.is_over:
        return float(w["win"] if game.winner == seat else -w["win"])
    return weighted(catan_features(game, seat), w)


def catan_position(game: Game, seat: int) -> float:
    """``catan_value`` with this package's weights: the value every rule set of the family starts from."""
    return catan_value(game, seat, WEIGHTS)
