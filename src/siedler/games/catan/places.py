"""Places on a Catan board in words, as a player sees them: never the index the notation uses.

A player finds a place by the hexes around it (their terrain and number, as the board shows them), so a hex
is "grain 8 (A)" (its letter is on the board too), an intersection the hexes it touches, "wood 6 / brick 8 /
grain 9", and a side the two hexes it divides, "wood 6 – brick 8". A place at the coast touches fewer
hexes: an intersection of two says so ("wood 6 / brick 8, coast"), one of a single hex names its corner
("wood 6, north corner"), and a coastal side its direction ("wood 6, north-east coast"). A harbour at an
intersection is named with it. Where two places would read alike (two hexes of one terrain and number), the
hexes' letters tell them apart.

Built once per board and language from the board's topology and the catalog (``catan.place.*``; a rule
set's own terrains by ``page.terrain.<name>``), and kept: every log line and menu label asks for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from siedler.core.hexgrid import CORNERS, SIDES, Topology
from siedler.core.i18n import text, text_or

from .board import GENERIC, Board, Harbor
from .rules import RESOURCES


@dataclass(frozen=True)
class Places:
    """Every place of one board in one language, by index."""

    hexes: tuple[str, ...]
    nodes: tuple[str, ...]
    edges: tuple[str, ...]
    #: The hexes' letters on the board, by index (a robber's or a nuke's hex is named by its letter).
    labels: tuple[str, ...]
    #: The sides by their notation's path (``"12-13"``, ``Topology.edge_label``), as goods and events hold them.
    paths: dict[str, str]

    def hex(self, label: str) -> str:
        """The hex the board labels ``label`` ("F") in words, "desert (F)"."""
        return self.hexes[self.labels.index(label)]

    def side(self, path: str) -> str:
        """The side a road's path (``"12-13"``) names, in words."""
        return self.paths[path]


def places(board: Board, lang: str) -> Places:
    """The names of ``board``'s places in ``lang`` (built once per board and language)."""
    return _places(board.topology, board.terrain, board.resource, board.numbers, board.harbors, lang)


def edge_words(board: Board, a: int, b: int, lang: str) -> str:
    """The side between intersections ``a`` and ``b`` in words."""
    return places(board, lang).edges[board.topology.edge_index[(min(a, b), max(a, b))]]


def hex_words(board: Board, label: str, lang: str) -> str:
    """The hex the board labels ``label`` ("F") in words, "desert (F)"."""
    return places(board, lang).hex(label)


@lru_cache(maxsize=64)
def _places(
    topo: Topology,
    terrain: tuple[str, ...],
    resource: tuple[int, ...],
    numbers: tuple[int, ...],
    harbors: tuple[Harbor, ...],
    lang: str,
) -> Places:
    names = [text(f"catan.resource.{r}", lang) for r in RESOURCES]

    def ground(h: int) -> str:
        """A hex as the board shows it: the resource it yields (else its terrain) and its number."""
        kind = terrain[h]
        word = names[resource[h]] if resource[h] >= 0 else text_or(f"page.terrain.{kind}", lang, kind)
        return text("catan.place.hex_short", lang, terrain=word, number=numbers[h]) if numbers[h] else word

    short = [ground(h) for h in range(len(topo.hexes))]
    hexes = tuple(
        text("catan.place.hex", lang, ground=short[h], label=topo.hex_labels[h]) for h in range(len(topo.hexes))
    )
    nodes = _distinct([_node(topo, n, short, lang) for n in range(topo.num_nodes)], topo.node_hexes, topo)
    harbor_at = {n: hb for hb in harbors for n in hb.nodes}
    nodes = [
        text("catan.place.harbor", lang, place=name, harbor=_harbor(harbor_at[n], lang)) if n in harbor_at else name
        for n, name in enumerate(nodes)
    ]
    sides = [tuple(h for h in topo.node_hexes[a] if h in topo.node_hexes[b]) for a, b in topo.edge_nodes]
    edges = _distinct([_edge(topo, e, sides[e], short, lang) for e in range(len(topo.edge_nodes))], sides, topo)
    paths = {topo.edge_label(e): edges[e] for e in range(len(topo.edge_nodes))}
    return Places(hexes, tuple(nodes), tuple(edges), topo.hex_labels, paths)


def _node(topo: Topology, n: int, short: list[str], lang: str) -> str:
    around = sorted(topo.node_hexes[n])
    words = " / ".join(short[h] for h in around)
    if len(around) >= 3:
        return words
    if len(around) == 2:
        return text("catan.place.coast", lang, place=words)
    h = around[0]
    corner = CORNERS[topo.hex_nodes[h].index(n)][0]
    return text("catan.place.corner", lang, place=words, direction=text(f"catan.direction.{corner}", lang))


def _edge(topo: Topology, e: int, around: tuple[int, ...], short: list[str], lang: str) -> str:
    if len(around) >= 2:
        return " – ".join(short[h] for h in sorted(around))
    h = around[0]
    corners = tuple(sorted(topo.hex_nodes[h].index(n) for n in topo.edge_nodes[e]))
    side = next(name for name, pair in SIDES.items() if tuple(sorted(pair)) == corners)
    return text("catan.place.shore", lang, place=short[h], direction=text(f"catan.direction.{side}", lang))


def _distinct(names: list[str], hexes: Sequence[tuple[int, ...]], topo: Topology) -> list[str]:
    """``names`` with the hexes' letters added where two read alike (two hexes of one terrain and number)."""
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return [
        f"{name} ({'/'.join(topo.hex_labels[h] for h in sorted(hexes[i]))})" if seen[name] > 1 else name
        for i, name in enumerate(names)
    ]


def _harbor(harbor: Harbor, lang: str) -> str:
    if harbor.kind == GENERIC:
        return text("catan.place.harbor_any", lang)
    return text("catan.place.harbor_of", lang, resource=text(f"catan.resource.{RESOURCES[harbor.kind]}", lang))


def place_words(board: Board, at: int | str, lang: str) -> str:
    """An intersection (its index) or a side (``"a-b"``, as a road's event holds it) in words."""
    if isinstance(at, str) and "-" in at:
        a, _, b = at.partition("-")
        return edge_words(board, int(a), int(b), lang)
    return places(board, lang).nodes[int(at)]
