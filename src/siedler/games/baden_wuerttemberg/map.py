"""The Baden-Württemberg map, read once from its data file: hexes, city fields, landmark fields with their
landmarks and rewards, the inventor's start and the four build-cost cards.

The map is fixed (the game has no random board), so it is not part of a game's state: a game names it by
its rule set, and ``from_state`` reads the board's hexes back and finds the same fields on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from siedler.core.data import DataError, load_data, number, table
from siedler.core.hexgrid import CORNERS, Topology
from siedler.games.catan.board import Board
from siedler.games.catan.rules import RESOURCES, Cost

DATA_PACKAGE = "siedler.games.baden_wuerttemberg"
DATA_FILE = "baden-wuerttemberg.toml"
SOURCE = f"{DATA_PACKAGE}/data/{DATA_FILE}"
#: What stands on an intersection of the map (``BWMap.field_kind``).
FREE: Final = 0
CITY_FIELD: Final = 1
LANDMARK_FIELD: Final = 2
#: A landmark's reward: a free road, resource cards, the top development card.
REWARD_ROAD = "road"
REWARD_DEVELOPMENT = "development"
REWARD_RESOURCES = "resources"
_CORNER_INDEX = {name: i for i, (name, _, _) in enumerate(CORNERS)}


@dataclass(frozen=True)
class Landmark:
    node: int
    town: str
    key: str  # the catalog key under baden_wuerttemberg.landmark
    reward: str  # REWARD_ROAD, REWARD_DEVELOPMENT or REWARD_RESOURCES
    resources: Cost  # the cards of a REWARD_RESOURCES reward, else all zero


@dataclass(frozen=True)
class CostCard:
    """A build-cost card's back: the three start city fields (nodes) and the start resources."""

    nodes: tuple[int, int, int]
    resources: Cost


@dataclass(frozen=True)
class BWMap:
    board: Board
    field_kind: tuple[int, ...]  # by node: FREE, CITY_FIELD or LANDMARK_FIELD
    town: tuple[str, ...]  # by node: the town's name on a field, '' elsewhere
    landmarks: tuple[Landmark, ...]
    landmark_at: tuple[int, ...]  # by node: the landmark's index, -1 elsewhere
    city_fields: tuple[int, ...]
    cards: tuple[CostCard, ...]
    inventor: int  # the hex the inventor starts on
    three_players: int  # victory points with three players
    four_players: int
    rate: int  # the bank rate
    trade_card_rate: int  # the bank rate for the rest of a turn after "Handel"
    landmark_cost: Cost


def _bundle(spec: Any, what: str) -> Cost:
    if not isinstance(spec, dict) or set(spec) - set(RESOURCES):
        raise DataError(f"{SOURCE}: {what} must be a table of resources")
    w, b, s, g, o = (number(spec, r, f"{SOURCE}: {what}", 0) for r in RESOURCES)
    return (w, b, s, g, o)


def _node(topo: Topology, entry: dict[str, Any], what: str) -> int:
    try:
        q, r = entry["hex"]
        return topo.hex_nodes[topo.hex_index[(int(q), int(r))]][_CORNER_INDEX[entry["corner"]]]
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"{SOURCE}: {what} names no corner of a hex of the map ({exc})") from exc


def _board(data: dict[str, Any], terrain_resource: dict[str, str]) -> Board:
    hexes = table(data, "bw", SOURCE)["map"]["hexes"]
    coords = [(int(h["at"][0]), int(h["at"][1])) for h in hexes]
    topo = Topology(tuple(coords))
    by_coord = {c: h for c, h in zip(coords, hexes, strict=True)}
    terrain = tuple(str(by_coord[c]["terrain"]) for c in topo.hexes)
    unknown = set(terrain) - set(terrain_resource)
    if unknown:
        raise DataError(f"{SOURCE}: unknown terrain {sorted(unknown)}")
    numbers = tuple(int(by_coord[c]["number"]) for c in topo.hexes)
    return Board(topo, terrain, numbers, (), terrain_resource)


@cache
def bw_map(terrain_resource: tuple[tuple[str, str], ...]) -> BWMap:
    """The map from the data file, checked: fields on distinct, non-neighbouring intersections, cards naming
    city fields, the inventor on a land hex."""
    data = load_data(DATA_PACKAGE, f"data/{DATA_FILE}")
    bw = table(data, "bw", SOURCE)
    board = _board(data, dict(terrain_resource))
    topo = board.topology
    kind = [FREE] * topo.num_nodes
    town = [""] * topo.num_nodes
    landmark_at = [-1] * topo.num_nodes
    towns = table(bw, "towns", SOURCE)
    by_name: dict[str, int] = {}
    for entry in towns["city_fields"]:
        node = _node(topo, entry, f"city field {entry.get('town')}")
        if kind[node] != FREE:
            raise DataError(f"{SOURCE}: two fields on intersection {node}")
        kind[node], town[node] = CITY_FIELD, str(entry["town"])
        by_name[town[node]] = node
    landmarks = []
    for i, entry in enumerate(towns["landmarks"]):
        node = _node(topo, entry, f"landmark {entry.get('landmark')}")
        if kind[node] != FREE:
            raise DataError(f"{SOURCE}: two fields on intersection {node}")
        kind[node], town[node], landmark_at[node] = LANDMARK_FIELD, str(entry["town"]), i
        reward = entry["reward"]
        if isinstance(reward, dict):
            landmarks.append(
                Landmark(node, town[node], str(entry["landmark"]), REWARD_RESOURCES, _bundle(reward, "reward"))
            )
        elif reward in (REWARD_ROAD, REWARD_DEVELOPMENT):
            landmarks.append(Landmark(node, town[node], str(entry["landmark"]), reward, (0, 0, 0, 0, 0)))
        else:
            raise DataError(f"{SOURCE}: reward {reward!r} is not road, development or a table of resources")
    for node in range(topo.num_nodes):
        if kind[node] != FREE and any(kind[m] != FREE for m in topo.node_nodes[node]):
            raise DataError(f"{SOURCE}: the field of {town[node]} has a field as its neighbour")
    cards = []
    for entry in towns["cards"]:
        missing = [t for t in entry["towns"] if t not in by_name]
        if missing or len(entry["towns"]) != 3:
            raise DataError(f"{SOURCE}: a build-cost card names three city fields; {missing} are none")
        a, b, c = (by_name[t] for t in entry["towns"])
        cards.append(CostCard((a, b, c), _bundle(entry["resources"], "start resources")))
    q, r = table(bw, "map", SOURCE)["inventor"]
    if (q, r) not in topo.hex_index:
        raise DataError(f"{SOURCE}: the inventor starts off the map")
    costs = table(bw, "costs", SOURCE)
    return BWMap(
        board=board,
        field_kind=tuple(kind),
        town=tuple(town),
        landmarks=tuple(landmarks),
        landmark_at=tuple(landmark_at),
        city_fields=tuple(n for n in range(topo.num_nodes) if kind[n] == CITY_FIELD),
        cards=tuple(cards),
        inventor=topo.hex_index[(q, r)],
        three_players=number(bw, "victory.three_players", SOURCE),
        four_players=number(bw, "victory.four_players", SOURCE),
        rate=number(bw, "bank.rate", SOURCE),
        trade_card_rate=number(bw, "bank.trade_card_rate", SOURCE),
        landmark_cost=_bundle(costs["landmark"], "bw.costs.landmark"),
    )
