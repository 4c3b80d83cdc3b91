"""The Fishermen's map: the lake in the desert's place, off the coast, and six fishing grounds on the frame.

A fishing ground lies on a sea hex of the frame; it touches the island's intersections that are corners of
that sea hex (three for a sea hex between two land hexes: the tip between them and its two coastal
neighbours). Only which sea hexes hold one is data; the intersections follow from the topology.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from siedler.core.errors import RecordError
from siedler.core.hexgrid import CORNERS, Axial, Topology, hex_center
from siedler.games.catan.board import Board

LAKE = "lake"


@dataclass(frozen=True)
class FishingGround:
    sea: Axial
    number: int
    nodes: tuple[int, ...]


@cache
def _node_at(topo: Topology) -> dict[tuple[int, int], int]:
    return {xy: n for n, xy in enumerate(topo.node_xy)}


@cache
def sea_nodes(topo: Topology, sea: Axial) -> tuple[int, ...]:
    """The island's intersections at the corners of the sea hex ``sea``."""
    at = _node_at(topo)
    cx, cy = hex_center(sea)
    return tuple(sorted(at[p] for _, dx, dy in CORNERS if (p := (cx + dx, cy + dy)) in at))


def fishing_grounds(
    topo: Topology, places: tuple[Axial, ...] | list[Axial], numbers: tuple[int, ...] | list[int]
) -> tuple[FishingGround, ...]:
    grounds = []
    for sea, number in zip(places, numbers, strict=True):
        nodes = sea_nodes(topo, sea)
        if sea in topo.hex_index or not nodes:
            raise RecordError(f"a fishing ground must lie on a sea hex beside the island, not at {list(sea)}")
        if not 2 <= number <= 12 or number == 7:
            raise RecordError(f"a fishing ground cannot carry the number {number}")
        grounds.append(FishingGround(sea, number, nodes))
    return tuple(grounds)


def inland(topo: Topology, h: int) -> bool:
    """Not on the island's edge: all six neighbours are land."""
    return len(topo.hex_neighbors[h]) == 6


def with_lake(board: Board, h: int) -> Board:
    """The same board with hex ``h`` turned into the lake (which yields no resource, only fish)."""
    terrain = list(board.terrain)
    terrain[h] = LAKE
    return Board(board.topology, tuple(terrain), board.numbers, board.harbors, {**board.terrain_resource, LAKE: ""})
