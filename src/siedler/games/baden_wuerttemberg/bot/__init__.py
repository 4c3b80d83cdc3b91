"""What the bots know of Baden-Württemberg Catan (``siedler.bots.knowledge``): the Catan family's value with
this rule set's own terms (``value``: landmarks, the open fields the roads approach), the family's trades,
and this greedy play: landmark > town hall > development card > a road toward the nearest free city or
landmark field, trading toward the first of these it can aim for; everything else (the 7, the inventor,
offers, discarding) the Catan greedy way."""

from __future__ import annotations

import random as _random
from typing import cast

from siedler.bots.knowledge import Knowledge
from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan.bot import TRADER, chains
from siedler.games.catan.bot.greedy import _missing, bank_trade_toward, catan_strategy, node_value
from siedler.games.catan.rules import NUM_RESOURCES, Cost
from siedler.games.catan.state import MAIN, PIECE_KINDS, ROAD_BUILDING, ROADS, SETTLEMENTS

from ..game import BWRulesGame
from ..map import LANDMARK_FIELD
from .value import bw_features, bw_position, open_field

#: What a field reached by a road is worth beyond its pips: a landmark is a point for 3 cards and a reward.
LANDMARK_BONUS = 8
TOWN_HALL_BONUS = 4


def _field_value(game: BWRulesGame, node: int) -> int:
    bonus = LANDMARK_BONUS if game.bw.field_kind[node] == LANDMARK_FIELD else TOWN_HALL_BONUS
    return bonus + node_value(game, node)


def _road_value(game: BWRulesGame, action: Action) -> int:
    """A road is worth the best open field at its far end, or one step beyond it (a little less)."""
    topo = game.board.topology
    best = 0
    for n in topo.edge_nodes[action[1]]:
        if open_field(game, n):
            best = max(best, _field_value(game, n))
        elif game.bw.field_kind[n] == 0:
            for m in topo.node_nodes[n]:
                if open_field(game, m):
                    best = max(best, _field_value(game, m) - 3)
    return best


def _target(game: BWRulesGame, seat: int) -> Cost | None:
    halls = game.pieces[seat * PIECE_KINDS + SETTLEMENTS]
    if halls and game._landmark_spots(seat):
        return game.bw.landmark_cost
    if halls and game._settlement_spots(seat):
        return game.rules.settlement_cost
    if game.pieces[seat * PIECE_KINDS + ROADS] and game._road_spots(seat):
        return game.rules.road_cost
    if any(game.dev_deck):
        return game.rules.development_cost
    return None


def _main(game: BWRulesGame, seat: int, legal: list[Action], rng: _random.Random) -> Action | None:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a[0], []).append(a)
    for kind in ("landmark", "settle"):
        if kind in by_kind:
            return max(by_kind[kind], key=lambda a: _field_value(game, a[1]))
    roads = [a for a in by_kind.get("road", ()) if _road_value(game, a) > 0]
    if roads:
        return max(roads, key=lambda a: _road_value(game, a))
    if "roadbuilding" in by_kind:
        road = game.action_set.ROAD
        if any(_road_value(game, road[e]) > 0 for e in game._road_spots(seat)):
            return by_kind["roadbuilding"][0]
    if "trade" in by_kind and sum(game.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]) >= 4:
        return by_kind["trade"][0]
    trade = bank_trade_toward(game, seat, legal, _target(game, seat))
    if trade is not None:
        return trade
    if "buy" in by_kind:
        return by_kind["buy"][0]
    if "plenty" in by_kind:
        cost = _target(game, seat) or game.bw.landmark_cost
        missing = _missing(game, seat, cost)
        return max(by_kind["plenty"], key=lambda a: sum(min(1, missing[r]) for r in a[1:]))
    return None  # the Catan way: inventions against the inventor, then end the turn


def bw_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(BWRulesGame, game)
    if g.phase == MAIN:
        action = _main(g, seat, list(g.legal_actions()), rng)
        if action is not None:
            return action
    if g.phase == ROAD_BUILDING:  # a landmark's free road is always worth building (``noroad`` leaves it)
        roads = [a for a in g.legal_actions() if a[0] == "road"]
        return max(roads, key=lambda a: _road_value(g, a)) if roads else g.legal_actions()[0]
    return catan_strategy(game, seat, rng)


#: The lobby's levels (docs/bots.md, "Levels"): town halls and landmarks make a search iteration dearer
#: than on the plain board, so Hard searches 500 (under a second on one core at the 99th percentile).
LEVELS = {"easy": "greedy", "medium": "value", "hard": "mcts:iterations=500,guard_ms=10000"}
KNOWLEDGE = Knowledge(
    strategy=bw_strategy,
    value=bw_position,
    trader=TRADER,
    levels=LEVELS,
    features=bw_features,
    chains=chains(frozenset({"settle", "landmark", "buy", "road"}), frozenset({"settle", "landmark"})),
)
