"""The Catan map: terrain and number per hex, harbours on the frame, and the tables production needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from siedler.core.errors import RecordError
from siedler.core.hexgrid import Topology, hexes_within, spiral
from siedler.core.rng import Rng

from .rules import RESOURCE_INDEX, RESOURCES, CatanRules

GENERIC: Final = 5  # a 3:1 harbour; 0-4 are the 2:1 harbours of each resource
RED_NUMBERS = (6, 8)


@cache
def standard_topology(radius: int) -> Topology:
    return Topology(tuple(hexes_within(radius)))


def harbor_kind(name: str) -> int:
    if name == "3:1":
        return GENERIC
    if name not in RESOURCE_INDEX:
        raise ValueError(f"unknown harbour type {name!r}")
    return RESOURCE_INDEX[name]


def harbor_name(kind: int) -> str:
    return "3:1" if kind == GENERIC else RESOURCES[kind]


@dataclass(frozen=True)
class Harbor:
    kind: int
    nodes: tuple[int, int]
    hex: int
    side: str


@dataclass
class Board:
    topology: Topology
    terrain: tuple[str, ...]
    numbers: tuple[int, ...]
    harbors: tuple[Harbor, ...]
    terrain_resource: dict[str, str]
    resource: tuple[int, ...] = field(init=False)
    number_hexes: dict[int, tuple[tuple[int, int], ...]] = field(init=False)
    node_harbor: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        res = []
        for t in self.terrain:
            name = self.terrain_resource.get(t, "")
            res.append(RESOURCE_INDEX[name] if name else -1)
        self.resource = tuple(res)
        by_number: dict[int, list[tuple[int, int]]] = {}
        for h, n in enumerate(self.numbers):
            if n and self.resource[h] >= 0:
                by_number.setdefault(n, []).append((h, self.resource[h]))
        self.number_hexes = {n: tuple(v) for n, v in by_number.items()}
        node_harbor = [-1] * self.topology.num_nodes
        for hb in self.harbors:
            for n in hb.nodes:
                node_harbor[n] = hb.kind
        self.node_harbor = tuple(node_harbor)

    def hexes_of(self, terrain: str) -> list[int]:
        return [h for h, t in enumerate(self.terrain) if t == terrain]

    def to_json(self) -> dict[str, Any]:
        topo = self.topology
        return {
            "hexes": [
                {
                    "id": topo.hex_labels[h],
                    "q": q,
                    "r": r,
                    "terrain": self.terrain[h],
                    "number": self.numbers[h] or None,
                }
                for h, (q, r) in enumerate(topo.hexes)
            ],
            "harbors": [
                {"type": harbor_name(hb.kind), "hex": topo.hex_labels[hb.hex], "side": hb.side, "nodes": list(hb.nodes)}
                for hb in self.harbors
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], terrain_resource: dict[str, str]) -> Board:
        try:
            coords = [(int(h["q"]), int(h["r"])) for h in data["hexes"]]
            topo = Topology(tuple(coords))
            if topo.hexes == standard_topology(2).hexes:
                topo = standard_topology(2)
            by_coord = {(int(h["q"]), int(h["r"])): h for h in data["hexes"]}
            terrain = tuple(str(by_coord[c]["terrain"]) for c in topo.hexes)
            numbers = tuple(int(by_coord[c]["number"] or 0) for c in topo.hexes)
            label_to_hex = {label: i for i, label in enumerate(topo.hex_labels)}
            harbors = tuple(
                Harbor(
                    harbor_kind(hb["type"]),
                    (int(hb["nodes"][0]), int(hb["nodes"][1])),
                    label_to_hex[hb["hex"]],
                    str(hb["side"]),
                )
                for hb in data["harbors"]
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"board is malformed: {exc}") from exc
        unknown = {t for t in terrain if t not in terrain_resource}
        if unknown:
            raise RecordError(f"board has unknown terrain {sorted(unknown)}")
        return cls(topo, terrain, numbers, harbors, terrain_resource)


def _harbors(topo: Topology, slots: list[dict[str, Any]], kinds: list[int]) -> tuple[Harbor, ...]:
    out = []
    for slot, kind in zip(slots, kinds, strict=True):
        q, r = slot["hex"]
        out.append(Harbor(kind, topo.side_nodes((q, r), slot["side"]), topo.hex_index[(q, r)], slot["side"]))
    return tuple(out)


def beginner_board(rules: CatanRules) -> Board:
    m = rules.map
    topo = standard_topology(m["radius"])
    rows = m["beginner"]["rows"]
    terrain: list[str] = []
    numbers: list[int] = []
    for row in rows:
        for cell in row:
            parts = cell.split()
            terrain.append(parts[0])
            numbers.append(int(parts[1]) if len(parts) > 1 else 0)
    if len(terrain) != len(topo.hexes):
        raise ValueError("beginner map rows do not cover the island")
    kinds = [harbor_kind(k) for k in m["beginner"]["harbors"]]
    return Board(topo, tuple(terrain), tuple(numbers), _harbors(topo, m["harbor_slots"], kinds), m["terrain_resource"])


def random_board(
    rules: CatanRules,
    rng: Rng,
    terrain_counts: dict[str, int] | None = None,
    no_number: tuple[str, ...] = ("desert",),
    inland: tuple[str, ...] = (),
) -> Board:
    """Terrain shuffled; tokens A-R in a counter-clockwise spiral from a random corner, skipping the desert.

    Terrain in ``inland`` may not lie on the island's edge (an extension's terrain may take its place
    later): the tiles are shuffled again until none does, which keeps every allowed layout equally likely.
    """
    m = rules.map
    topo = standard_topology(m["radius"])
    counts = terrain_counts or m["terrain_counts"]
    tiles = [t for t, n in sorted(counts.items()) for _ in range(n)]
    if len(tiles) != len(topo.hexes):
        raise ValueError(f"{len(tiles)} terrain tiles for {len(topo.hexes)} hexes")
    rng.shuffle(tiles)
    edge = 6 * m["radius"]  # the spiral below lays the outer ring first, whatever corner it starts from
    while inland and any(t in inland for t in tiles[:edge]):
        rng.shuffle(tiles)
    order = spiral(m["radius"], rng.below(6))
    terrain_at = dict(zip(order, tiles, strict=True))
    tokens = iter(m["number_tokens"])
    number_at = {c: (0 if terrain_at[c] in no_number else next(tokens)) for c in order}
    kinds = [harbor_kind(k) for k in m["harbor_types"]]
    rng.shuffle(kinds)
    return Board(
        topo,
        tuple(terrain_at[c] for c in topo.hexes),
        tuple(number_at[c] for c in topo.hexes),
        _harbors(topo, m["harbor_slots"], kinds),
        m["terrain_resource"],
    )


def red_numbers_adjacent(board: Board) -> bool:
    topo = board.topology
    for h, n in enumerate(board.numbers):
        if n in RED_NUMBERS:
            for nb in topo.hex_neighbors[h]:
                if board.numbers[nb] in RED_NUMBERS:
                    return True
    return False


def balanced_board(
    rules: CatanRules,
    rng: Rng,
    terrain_counts: dict[str, int] | None = None,
    no_number: tuple[str, ...] = ("desert",),
    inland: tuple[str, ...] = (),
) -> Board:
    """The 5th edition's fully random set-up: terrain shuffled and number tokens placed at random (not
    along the spiral), drawn again until no 6 or 8 touches another 6 or 8.

    The spiral of ``random`` boards never puts red numbers side by side by design, so only free placement
    needs the check; it makes boards the spiral cannot produce while keeping the red numbers apart.
    """
    base = random_board(rules, rng, terrain_counts, no_number, inland)
    producing = [h for h, t in enumerate(base.terrain) if t not in no_number]
    tokens = [n for n in base.numbers if n]
    for _ in range(10_000):
        rng.shuffle(tokens)
        numbers = [0] * len(base.terrain)
        for h, n in zip(producing, tokens, strict=True):
            numbers[h] = n
        board = Board(base.topology, base.terrain, tuple(numbers), base.harbors, base.terrain_resource)
        if not red_numbers_adjacent(board):
            return board
    raise RuntimeError("no balanced board found")  # pragma: no cover - happens with probability ~0
