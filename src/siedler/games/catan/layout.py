"""One layout of a hex board, computed from a view alone: every place the board's renderers draw at.

The text board (``games/catan/text.py``), the coloured terminal board (``cli/board.py``), the SVG picture
(``siedler.svg``) and the browser table (``web/js/board.js``, which gets this layout from the server with
the view) all draw from here, so a hex's number, a harbour, a piece or a town's name stands at the same
place in every picture, and where it stands is decided once. It reads the view's board and pieces by the
rendering contract (docs/protocol.md) and nothing else, so it can show nothing the seat may not see.

Coordinates: the unit is one hex size (a hex's centre to a corner); x grows to the right, y downwards. The
view's node grid point (x, y) lies at (x * sqrt(3)/2, y / 2), a hex (q, r) at the grid point (2q + r, 3r).
A picture multiplies by its hex size in pixels; a terminal maps to character cells.

Two parts, so that the table is sent the board once and what moves with every state:
``board_layout(view)`` holds what stays for the whole game (the frame, hexes, nodes, harbours, and the
rule sets' fixed marks such as a town's name), ``board_placed(view)`` what moves (where each piece stands,
and the rule sets' marks such as an army's badge). A rule set adds its marks by a ``BoardLayer`` that its
own package registers (``register_layer``); this module names none. A mark (``Mark``) is drawn by its
shape, like a legend piece, in every picture, except on the table where a rule set's own table layer
draws the marks it calls ``own`` at the mark's place.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from siedler.core.hexgrid import CORNERS
from siedler.core.registry import rulesets

Point = tuple[float, float]
#: A mark: ``{"layer", "kind", "at": [x, y]}``, the legend's drawing words (``shape``: one of the legend's
#: shapes, ``"box"`` (a rounded rectangle ``box: [w, h]``) or ``"none"`` (its text alone); ``size``,
#: ``color`` (``"owner"``: the ``owner``'s colour), ``stroke``, ``text``, ``text_size``, ``text_color``,
#: ``label``: its name in every language), ``reach: [x0, y0, x1, y1]`` where a fixed mark needs the frame
#: to hold more than its shape, ``own: true`` where the rule set's table layer draws it on the table, and
#: whatever else that layer reads (``node``...).
Mark = dict[str, Any]

HALF_WIDTH = math.sqrt(3) / 2  # a node grid unit in x, in hex sizes
#: Where a hex's things stand, from its centre: its label (the hex's id) above the number token.
LABEL_DY = -0.62
TOKEN_R = 0.3
#: A harbour's disc: this far out from the middle of its side, towards the sea, with this radius.
HARBOR_OUT = 0.62
HARBOR_R = 0.26
#: The robber beside the hex's centre, where its number token lies, never on it (0.3 wide, 0.48 high as the
#: table draws it).
ROBBER_AT = (-0.5, -0.01)
#: A rule set's piece on a land hex stands above the token (times its legend's ``offset``, default 1).
PIECE_RISE = 0.45
#: A road is drawn between these fractions of its side, clear of the buildings at either end.
ROAD_CUT = 0.2
#: Sea around the outermost hexes, harbours and pieces at sea.
MARGIN = 0.25


def _r(v: float) -> float:
    """Four decimals: well under a pixel at any size a board is drawn (0.006 at the table's), short JSON."""
    return round(v, 4) + 0.0  # + 0.0: never -0.0


def _pt(p: Point) -> list[float]:
    return [_r(p[0]), _r(p[1])]


def grid_point(x: float, y: float) -> Point:
    """The place of the view's node grid point (x, y)."""
    return x * HALF_WIDTH, y / 2


def hex_centre(q: int, r: int) -> Point:
    return grid_point(2 * q + r, 3 * r)


def at_kind(at: Any) -> str:
    """What a piece's ``at`` names: ``node``, ``edge`` ("a-b"), ``hex`` (an id), ``qr`` (a hex position,
    also at sea), ``xy`` (a node grid point), or ``other``."""
    if isinstance(at, bool):
        return "other"
    if isinstance(at, int):
        return "node"
    if isinstance(at, str):
        return "edge" if "-" in at else "hex"
    if isinstance(at, dict):
        return "qr" if "q" in at else "xy" if "x" in at else "other"
    return "other"


def _own_sides(nodes: list[Point], edges: Sequence[Sequence[int]]) -> list[int]:
    """Per node, +1 where the hex it is the top point of lies below it, -1 where the hex it is the bottom
    point of lies above: every corner of pointy-topped hexes has one vertical side (up: the top point of the
    hex below). Between such a corner and its own hex's token there is room no other corner's piece or
    token reaches: the place for what belongs to the corner (a town's name, an army). A coastal corner
    without its vertical side gets the side its other two sides point away from."""
    slopes: list[list[Point]] = [[] for _ in nodes]
    for a, b in edges:
        dx, dy = nodes[b][0] - nodes[a][0], nodes[b][1] - nodes[a][1]
        slopes[a].append((dx, dy))
        slopes[b].append((-dx, -dy))
    sides = []
    for own in slopes:
        vertical = [dy for dx, dy in own if abs(dx) < 1e-6]
        if vertical:
            sides.append(1 if vertical[0] < 0 else -1)
        else:
            sides.append(1 if sum(dy for _, dy in own) > 0 else -1)
    return sides


class Geometry:
    """The board's places, from which the layout and every rule set's layer compute theirs."""

    def __init__(self, view: dict[str, Any]) -> None:
        board = view["board"]
        self.node_at: dict[tuple[int, int], int] = {(x, y): i for i, (x, y) in enumerate(board["nodes"])}
        self.nodes: list[Point] = [grid_point(x, y) for x, y in board["nodes"]]
        self.sides = _own_sides(self.nodes, board["edges"])
        self.hexes: dict[str, Point] = {h["id"]: hex_centre(h["q"], h["r"]) for h in board["hexes"]}
        self.land = {(h["q"], h["r"]) for h in board["hexes"]}
        self.legend: dict[str, Any] = (view.get("legend") or {}).get("pieces") or {}

    def corners(self, q: int, r: int) -> list[int | Point]:
        """A hex's six corners, clockwise from the top: the node there, or its place where there is none."""
        cx, cy = 2 * q + r, 3 * r
        found = [self.node_at.get((cx + dx, cy + dy)) for _, dx, dy in CORNERS]
        return [grid_point(cx + dx, cy + dy) if n is None else n for n, (_, dx, dy) in zip(found, CORNERS, strict=True)]

    def node(self, node: int) -> Point | None:
        return self.nodes[node] if 0 <= node < len(self.nodes) else None

    def beside(self, node: int, distance: float) -> Point:
        """A point on the node's vertical side, towards its own hex (``distance`` < 0: away from it)."""
        x, y = self.nodes[node]
        return x, y + self.sides[node] * distance

    def edge(self, at: str) -> tuple[Point, Point] | None:
        a, b = (int(n) for n in at.split("-"))
        if not (0 <= a < len(self.nodes) and 0 <= b < len(self.nodes)):
            return None
        return self.nodes[a], self.nodes[b]

    def place(self, at: Any) -> Point | None:
        """Where a thing at ``at`` stands: a node, the middle of a side, a hex's centre or a grid point."""
        kind = at_kind(at)
        if kind == "node":
            return self.node(at)
        if kind == "edge":
            ends = self.edge(at)
            return None if ends is None else ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
        if kind == "hex":
            return self.hexes.get(at)
        if kind == "qr":
            return hex_centre(at["q"], at["r"])
        if kind == "xy":
            return grid_point(at["x"], at["y"])
        return None

    def piece(self, piece: dict[str, Any]) -> dict[str, Any] | None:
        """Where a piece is drawn: ``{"ends": [a, b]}`` for a road, ``{"at": [x, y]}`` for the rest."""
        kind, at = piece["kind"], piece["at"]
        if kind == "road" and at_kind(at) == "edge":
            ends = self.edge(at)
            if ends is None:
                return None
            (ax, ay), (bx, by) = ends
            cut = ROAD_CUT
            return {
                "ends": [
                    _pt((ax + (bx - ax) * cut, ay + (by - ay) * cut)),
                    _pt((bx - (bx - ax) * cut, by - (by - ay) * cut)),
                ]
            }
        point = self.place(at)
        if point is None:
            return None
        x, y = point
        if kind == "robber":
            x, y = x + ROBBER_AT[0], y + ROBBER_AT[1]
        elif kind not in ("settlement", "city") and self._on_land(at):
            y -= PIECE_RISE * float(self.legend.get(kind, {}).get("offset", 1))
        return {"at": _pt((x, y))}

    def _on_land(self, at: Any) -> bool:
        kind = at_kind(at)
        return (kind == "hex" and at in self.hexes) or (kind == "qr" and (at["q"], at["r"]) in self.land)

    def harbor(self, hb: dict[str, Any]) -> dict[str, Any] | None:
        """A harbour's disc, off the coast on the line from its hex's centre through the middle of its side,
        its two piers, and which way its words run from the disc (away from the island)."""
        a, b = (self.node(n) for n in hb["nodes"])
        centre = self.hexes.get(hb["hex"])
        if a is None or b is None or centre is None:
            return None
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = mx - centre[0], my - centre[1]
        length = math.hypot(dx, dy) or 1.0
        at = (mx + dx / length * HARBOR_OUT, my + dy / length * HARBOR_OUT)
        return {"at": _pt(at), "piers": [_pt(a), _pt(b)], "align": "start" if dx > 0 else "end"}


@dataclass(frozen=True)
class BoardLayer:
    """A rule set's part of the board: marks computed from the view and the board's geometry.

    ``fixed`` returns the marks that stay for the whole game (a town's name), ``moving`` those that follow
    the state (an army's badge); each returns nothing for a view without the rule set's data, so every
    layer is asked for every board. A rule set's package registers its layer (``register_layer``)."""

    name: str
    fixed: Callable[[dict[str, Any], Geometry], list[Mark]] | None = None
    moving: Callable[[dict[str, Any], Geometry], list[Mark]] | None = None


_LAYERS: dict[str, BoardLayer] = {}


def register_layer(layer: BoardLayer) -> BoardLayer:
    _LAYERS[layer.name] = layer
    return layer


def layers() -> list[BoardLayer]:
    """Every registered layer, after the rule sets' packages have been found (they register theirs)."""
    rulesets()
    return [_LAYERS[name] for name in sorted(_LAYERS)]


def _marks(view: dict[str, Any], geo: Geometry, moving: bool) -> list[Mark]:
    marks: list[Mark] = []
    for layer in layers():
        compute = layer.moving if moving else layer.fixed
        for mark in compute(view, geo) if compute is not None else ():
            rounded: dict[str, list[float]] = {k: [_r(v) for v in mark[k]] for k in ("at", "reach", "box") if k in mark}
            marks.append({"layer": layer.name, **mark, **rounded})
    return marks


def _frame(view: dict[str, Any], geo: Geometry, harbors: list[dict[str, Any]], marks: list[Mark]) -> list[float]:
    """The rectangle holding every hex, harbour, piece at sea and fixed mark, with the sea's margin."""
    reach = [(x - 1, y - 1, x + 1, y + 1) for x, y in geo.hexes.values()]
    reach += [
        (h["at"][0] - HARBOR_R, h["at"][1] - HARBOR_R, h["at"][0] + HARBOR_R, h["at"][1] + HARBOR_R) for h in harbors
    ]
    for piece in view.get("pieces", []):
        if at_kind(piece["at"]) == "qr":
            x, y = hex_centre(piece["at"]["q"], piece["at"]["r"])
            reach.append((x - 1, y - 1, x + 1, y + 1))
    reach += [tuple(m["reach"]) for m in marks if "reach" in m]
    x0 = min(r[0] for r in reach) - MARGIN
    y0 = min(r[1] for r in reach) - MARGIN
    x1 = max(r[2] for r in reach) + MARGIN
    y1 = max(r[3] for r in reach) + MARGIN
    return [_r(x0), _r(y0), _r(x1 - x0), _r(y1 - y0)]


def board_layout(view: dict[str, Any], geo: Geometry | None = None) -> dict[str, Any]:
    """What stays for the game: ``frame`` ``[x, y, width, height]``; ``nodes`` and their ``sides`` (which way
    each node's own hex lies, +1 below); per hex of ``view.board.hexes`` (in its order) its centre ``at``,
    ``corners``, ``label`` and ``token``; per harbour of ``view.board.harbors`` its disc ``at``, ``piers`` and
    ``align`` (its words run from the disc: ``start`` to the right, ``end`` to the left); the fixed
    ``marks`` of the rule sets' layers. ``geo``: the view's, where the caller has it already."""
    geo = geo or Geometry(view)
    board = view["board"]
    nodes = [_pt(p) for p in geo.nodes]
    hexes = []
    for hx in board["hexes"]:
        at = _pt(geo.hexes[hx["id"]])
        corners = [list(nodes[c]) if isinstance(c, int) else _pt(c) for c in geo.corners(hx["q"], hx["r"])]
        hexes.append({"at": at, "corners": corners, "label": [at[0], _r(at[1] + LABEL_DY)], "token": list(at)})
    harbors = [geo.harbor(hb) for hb in board.get("harbors", [])]
    placed = [h for h in harbors if h is not None]
    marks = _marks(view, geo, moving=False)
    return {
        "frame": _frame(view, geo, placed, marks),
        "nodes": nodes,
        "sides": geo.sides,
        "hexes": hexes,
        "harbors": harbors,
        "marks": marks,
    }


def board_placed(view: dict[str, Any], geo: Geometry | None = None) -> dict[str, Any]:
    """What moves with the state: per piece of ``view.pieces`` (in its order) where it is drawn (``at``, or
    a road's ``ends``; ``None``: nowhere on this board), and the moving ``marks`` of the rule sets' layers."""
    geo = geo or Geometry(view)
    return {"pieces": [geo.piece(p) for p in view.get("pieces", [])], "marks": _marks(view, geo, moving=True)}


def has_board(view: dict[str, Any]) -> bool:
    board = view.get("board")
    return isinstance(board, dict) and bool(board.get("hexes"))


def with_layout(view: dict[str, Any]) -> dict[str, Any]:
    """The view with its board's ``layout`` and ``placed`` beside it (as the table gets it); a view without
    a hex board unchanged."""
    if not has_board(view):
        return view
    geo = Geometry(view)
    return {**view, "layout": board_layout(view, geo), "placed": board_placed(view, geo)}


class Cells:
    """The layout on a terminal's grid of character cells: ``xs`` columns per node grid unit in x (half a
    hex width) and ``ys`` rows per node grid unit in y (a quarter of a hex height), counted from the node
    grid point at the frame's corner, so that every node and hex centre falls exactly on a cell; ``margin``
    columns and rows of room around the frame for words that reach beyond it (a harbour's)."""

    def __init__(self, layout: dict[str, Any], xs: int, ys: int, margin: tuple[int, int]) -> None:
        frame: list[float] = layout["frame"]
        x, y, width, height = frame
        self.x0, self.y0 = math.floor(x / HALF_WIDTH) * HALF_WIDTH, math.floor(y * 2) / 2
        self.xs, self.ys = xs, ys
        self.margin = margin
        self.width = self.col(x + width) + margin[0] + 1
        self.height = self.row(y + height) + margin[1] + 1

    def col(self, x: float) -> int:
        return round(self.margin[0] + (x - self.x0) / HALF_WIDTH * self.xs)

    def row(self, y: float) -> int:
        return round(self.margin[1] + (y - self.y0) * 2 * self.ys)

    def cell(self, point: Sequence[float]) -> tuple[int, int]:
        """The (row, column) of a layout point."""
        return self.row(point[1]), self.col(point[0])

    def harbor(self, harbor: dict[str, Any], words: str) -> tuple[int, int]:
        """Where a harbour's words begin (row, column): from its disc's centre, away from the island."""
        row, col = self.cell(harbor["at"])
        return (row, col) if harbor["align"] == "start" else (row, col - len(words) + 1)
