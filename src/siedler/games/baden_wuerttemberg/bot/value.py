"""The value of a Baden-Württemberg position to one seat: the Catan family's, with this rule set's weights
(``data/value.toml`` extends the family's table: a free intersection takes no town hall here, so the free
spots one road further count for nothing), and its own terms: the landmark fields the roads touch and the
cards in hand toward a landmark, and the open city and landmark fields a few roads away (each road nearer
worth more, so that a road toward a field gains value before it touches it, as the greedy play's does).
"""

from __future__ import annotations

from typing import cast

from siedler.bots.knowledge import weighted
from siedler.core.data import load_data
from siedler.core.game import Game
from siedler.games.catan.bot.value import Features, Weights, catan_features, catan_value, node_pips
from siedler.games.catan.rules import NUM_RESOURCES
from siedler.games.catan.state import PIECE_KINDS, ROADS, SETTLEMENTS

from ..game import BWRulesGame
from ..map import CITY_FIELD, LANDMARK_FIELD

WEIGHTS: Weights = load_data("siedler.games.baden_wuerttemberg", "data/value.toml")


def open_field(game: BWRulesGame, node: int) -> bool:
    """A city field without a town hall, or a landmark field without its landmark."""
    kind = game.bw.field_kind[node]
    if kind == CITY_FIELD:
        return game.node_owner[node] < 0
    return kind == LANDMARK_FIELD and game.landmark_owner[game.bw.landmark_at[node]] < 0


def _field_worth(game: BWRulesGame, node: int, w: Weights) -> float:
    bonus = w["landmark_bonus"] if game.bw.field_kind[node] == LANDMARK_FIELD else w["town_hall_bonus"]
    return float(bonus + node_pips(game.board)[node])


def approach(game: BWRulesGame, seat: int, w: Weights) -> float:
    """The two best open fields that ``d`` more roads would touch (``1 <= d <= approach_depth``), each worth
    its pips and bonus times ``approach_decay ** (d - 1)``: a breadth-first search over free paths from the
    seat's town halls and road ends, through the intersections its roads may pass."""
    if not game.pieces[seat * PIECE_KINDS + ROADS] or not game.pieces[seat * PIECE_KINDS + SETTLEMENTS]:
        return 0.0
    topo, owner = game.board.topology, game.edge_owner
    touched = {n for e in game.roads[seat] for n in topo.edge_nodes[e]}
    frontier = [n for n in touched if game._passable(seat, n)] + list(game.buildings[seat])
    seen = set(frontier) | touched
    found: list[float] = []
    decay = 1.0
    for _ in range(int(w["approach_depth"])):
        reached: list[int] = []
        for n in frontier:
            for e in topo.node_edges[n]:
                if owner[e] >= 0:
                    continue
                for m in topo.edge_nodes[e]:
                    if m not in seen:
                        seen.add(m)
                        reached.append(m)
        found.extend(decay * _field_worth(game, m, w) for m in reached if open_field(game, m))
        frontier = [m for m in reached if game._passable(seat, m)]
        decay *= w["approach_decay"]
    return float(sum(sorted(found, reverse=True)[:2]))


def bw_own_features(game: BWRulesGame, seat: int, w: Weights) -> Features:
    """This rule set's own features (``w``, the ``baden_wuerttemberg`` table, shapes the approach)."""
    found = {
        "approach": approach(game, seat, w),
        "landmark_spot": 0.0,
        "landmark_ready": 0.0,
        "landmark_affordable": 0.0,
    }
    spots = len(game._landmark_spots(seat)) if game.pieces[seat * PIECE_KINDS + SETTLEMENTS] else 0
    if spots:
        cost = game.bw.landmark_cost
        hand = game.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        paid = sum(min(h, c) for h, c in zip(hand, cost, strict=True))
        found["landmark_spot"] = float(min(spots, 2))
        found["landmark_ready"] = paid / sum(cost)
        found["landmark_affordable"] = 1.0 if paid == sum(cost) else 0.0
    return found


def bw_terms(game: BWRulesGame, seat: int, w: Weights) -> float:
    """This rule set's own terms of the value (weights ``w``: the ``baden_wuerttemberg`` table)."""
    return weighted(bw_own_features(game, seat, w), w)


def bw_features(game: Game, seat: int) -> Features:
    """The family's features of a running game with this rule set's own."""
    found = catan_features(game, seat)
    found.update(bw_own_features(cast(BWRulesGame, game), seat, WEIGHTS["baden_wuerttemberg"]))
    return found


def bw_position(game: Game, seat: int) -> float:
    """The value of a Baden-Württemberg position to ``seat`` (the game over: the family's win or loss)."""
    value = catan_value(game, seat, WEIGHTS)
    if game.is_over:
        return value
    return value + bw_terms(cast(BWRulesGame, game), seat, WEIGHTS["baden_wuerttemberg"])
