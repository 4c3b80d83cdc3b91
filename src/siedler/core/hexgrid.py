"""Board topology for hex maps: hexes, their corners (nodes) and sides (edges).

Hexes are pointy-topped, in axial coordinates (q, r) with r growing downwards. Corner positions are exact
integers in a doubled grid (x in units of half a hex width, y in quarters of a hex height), so corners shared
by neighbouring hexes coincide without rounding. Nodes are numbered in reading order (zig-zag rows, top to
bottom, left to right), which is how the text board and the notation label them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Axial = tuple[int, int]

#: Neighbour offsets, clockwise from east, in screen terms (y down).
DIRECTIONS: dict[str, Axial] = {
    "E": (1, 0),
    "SE": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (0, -1),
    "NE": (1, -1),
}
#: Corners clockwise from the top; offsets from the hex centre (2q + r, 3r) in the doubled grid.
CORNERS: tuple[tuple[str, int, int], ...] = (
    ("N", 0, -2),
    ("NE", 1, -1),
    ("SE", 1, 1),
    ("S", 0, 2),
    ("SW", -1, 1),
    ("NW", -1, -1),
)
#: The side facing each direction, as the pair of corner indices bounding it.
SIDES: dict[str, tuple[int, int]] = {
    "NE": (0, 1),
    "E": (1, 2),
    "SE": (2, 3),
    "SW": (3, 4),
    "W": (4, 5),
    "NW": (5, 0),
}


def hex_center(h: Axial) -> tuple[int, int]:
    q, r = h
    return (2 * q + r, 3 * r)


def ring(radius: int, start: int = 0) -> list[Axial]:
    """The hexes at ``radius`` from the centre, counter-clockwise on screen, from corner hex ``start`` (0-5).

    Corner 0 is the top-left corner hex of the ring; corners are numbered counter-clockwise.
    """
    if radius == 0:
        return [(0, 0)]
    corner_dirs = [(0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1)]  # NW, W, SW, SE, E, NE corners
    walk_dirs = [(-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)]  # SW, SE, E, NE, NW, W
    cells: list[Axial] = []
    for side in range(6):
        c = (start + side) % 6
        cq, cr = corner_dirs[c]
        q, r = cq * radius, cr * radius
        dq, dr = walk_dirs[c]
        for _ in range(radius):
            cells.append((q, r))
            q, r = q + dq, r + dr
    return cells


def spiral(radius: int, start: int = 0) -> list[Axial]:
    """Outer ring first, counter-clockwise from corner ``start``, then inwards, ending at the centre."""
    cells: list[Axial] = []
    for k in range(radius, -1, -1):
        cells.extend(ring(k, start))
    return cells


def hexes_within(radius: int) -> list[Axial]:
    return [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1) if abs(q + r) <= radius]


@dataclass(eq=False)
class Topology:
    """Adjacency tables of a set of land hexes, as tuples indexed by id for fast lookups in the engine."""

    hexes: tuple[Axial, ...]
    hex_nodes: tuple[tuple[int, ...], ...] = field(init=False)
    hex_neighbors: tuple[tuple[int, ...], ...] = field(init=False)
    node_xy: tuple[tuple[int, int], ...] = field(init=False)
    node_hexes: tuple[tuple[int, ...], ...] = field(init=False)
    node_nodes: tuple[tuple[int, ...], ...] = field(init=False)
    node_edges: tuple[tuple[int, ...], ...] = field(init=False)
    edge_nodes: tuple[tuple[int, int], ...] = field(init=False)
    edge_index: dict[tuple[int, int], int] = field(init=False)
    hex_index: dict[Axial, int] = field(init=False)
    hex_labels: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        # Reading order for hexes too: top row first.
        self.hexes = tuple(sorted(self.hexes, key=lambda h: (h[1], h[0])))
        self.hex_index = {h: i for i, h in enumerate(self.hexes)}
        corner_points: dict[tuple[int, int], None] = {}
        for h in self.hexes:
            cx, cy = hex_center(h)
            for _, dx, dy in CORNERS:
                corner_points[(cx + dx, cy + dy)] = None
        # Zig-zag rows: y = 3k+1 and 3k+2 form row k.
        ordered = sorted(corner_points, key=lambda p: ((p[1] - 1) // 3, p[0]))
        node_id = {p: i for i, p in enumerate(ordered)}
        self.node_xy = tuple(ordered)
        hex_nodes = []
        for h in self.hexes:
            cx, cy = hex_center(h)
            hex_nodes.append(tuple(node_id[(cx + dx, cy + dy)] for _, dx, dy in CORNERS))
        self.hex_nodes = tuple(hex_nodes)
        edge_set: set[tuple[int, int]] = set()
        for nodes in self.hex_nodes:
            for i in range(6):
                a, b = nodes[i], nodes[(i + 1) % 6]
                edge_set.add((min(a, b), max(a, b)))

        def edge_key(e: tuple[int, int]) -> tuple[int, int]:
            (ax, ay), (bx, by) = self.node_xy[e[0]], self.node_xy[e[1]]
            return (ay + by, ax + bx)

        self.edge_nodes = tuple(sorted(edge_set, key=edge_key))
        self.edge_index = {e: i for i, e in enumerate(self.edge_nodes)}
        n_nodes = len(self.node_xy)
        node_hexes: list[list[int]] = [[] for _ in range(n_nodes)]
        for hex_id, corners in enumerate(self.hex_nodes):
            for n in corners:
                node_hexes[n].append(hex_id)
        node_nodes: list[list[int]] = [[] for _ in range(n_nodes)]
        node_edges: list[list[int]] = [[] for _ in range(n_nodes)]
        for e, (a, b) in enumerate(self.edge_nodes):
            node_nodes[a].append(b)
            node_nodes[b].append(a)
            node_edges[a].append(e)
            node_edges[b].append(e)
        self.node_hexes = tuple(tuple(x) for x in node_hexes)
        self.node_nodes = tuple(tuple(sorted(x)) for x in node_nodes)
        self.node_edges = tuple(tuple(sorted(x)) for x in node_edges)
        self.hex_neighbors = tuple(
            tuple(
                self.hex_index[(q + dq, r + dr)] for dq, dr in DIRECTIONS.values() if (q + dq, r + dr) in self.hex_index
            )
            for q, r in self.hexes
        )
        self.hex_labels = tuple(_label(i) for i in range(len(self.hexes)))

    @property
    def num_nodes(self) -> int:
        return len(self.node_xy)

    @property
    def num_edges(self) -> int:
        return len(self.edge_nodes)

    def side_nodes(self, h: Axial, direction: str) -> tuple[int, int]:
        """The two corners of hex ``h`` on its side facing ``direction``."""
        i, j = SIDES[direction]
        nodes = self.hex_nodes[self.hex_index[h]]
        a, b = nodes[i], nodes[j]
        return (min(a, b), max(a, b))

    def edge_label(self, e: int) -> str:
        a, b = self.edge_nodes[e]
        return f"{a}-{b}"


def _label(i: int) -> str:
    """Hex labels A..Z, then AA, AB... for larger maps."""
    letters = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        letters = chr(65 + rem) + letters
    return letters
