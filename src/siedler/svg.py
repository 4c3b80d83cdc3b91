"""A hex board as SVG, drawn from a view (``game.view(seat)``) and nothing else.

Like python-chess's ``chess.svg``, this is presentation apart from the rules: it reads the view's board
and pieces by the rendering contract of docs/protocol.md ("Rendering contract"), never the game, so it
draws any rule set with a board and can never show what the viewing seat may not know. Terrains and
pieces a rule set adds come with their colour and shape in ``view["legend"]``; the words in the
tooltips come from the message catalogs.

    from siedler.svg import board_svg
    Path("board.svg").write_text(board_svg(game.view(None), lang="de"))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from siedler.core.i18n import catalog
from siedler.games.catan.rules import PIPS

#: Pixels from a hex's centre to a corner.
SIZE = 40.0
MARGIN = 1.3 * SIZE  # room for harbours and pieces at sea around the outermost hexes
PLAYER_COLORS = ("#d7263d", "#1b6ec2", "#f08c00", "#2a9d3f", "#8e44ad", "#6d4c41")
TERRAIN_COLORS = {
    "forest": "#2f7d32",
    "hills": "#c0622d",
    "pasture": "#9ccc65",
    "fields": "#f2c94c",
    "mountains": "#8d99ae",
    "desert": "#e8d6a5",
    "sea": "#4aa3df",
    "lake": "#4aa3df",
    "gold": "#d4af37",
}
UNKNOWN = "#bbbbbb"
EDGE = "#5b4a2f"  # the hexes' outline
INK = "#222222"
#: Legend shapes drawn as regular polygons: corners and the first corner's angle.
CORNERS = {"hexagon": (6, math.pi / 6), "square": (4, math.pi / 4), "diamond": (4, 0.0), "triangle": (3, -math.pi / 2)}
SEA = "#a9d3f0"
#: The Catan family's terrain for each resource (the view names harbours by resource, hexes by terrain).
RESOURCE_TERRAIN = {"wood": "forest", "brick": "hills", "wool": "pasture", "grain": "fields", "ore": "mountains"}
#: A resource's colour on a 2:1 harbour: that of the terrain producing it.
RESOURCE_COLORS = {resource: TERRAIN_COLORS[terrain] for resource, terrain in RESOURCE_TERRAIN.items()}
HOT_NUMBERS = (6, 8)  # printed in red: the likeliest rolls, as on the printed tokens
SQRT3 = math.sqrt(3)

Point = tuple[float, float]


def player_color(seat: Any) -> str:
    return PLAYER_COLORS[int(seat) % len(PLAYER_COLORS)] if isinstance(seat, int) and seat >= 0 else "#777777"


class _Geometry:
    """Pixels of the view's doubled node grid (x * sqrt(3)/2 * SIZE, y * SIZE/2), shifted into the frame."""

    def __init__(self, board: dict[str, Any], pieces: list[dict[str, Any]]) -> None:
        self.nodes: list[Point] = [self.grid(x, y) for x, y in board["nodes"]]
        points = [self.hex_centre(h["q"], h["r"]) for h in board["hexes"]]
        points += [self.hex_centre(p["at"]["q"], p["at"]["r"]) for p in pieces if _at_kind(p["at"]) == "qr"]
        xs = [x for x, _ in points] + [x for x, _ in self.nodes]
        ys = [y for _, y in points] + [y for _, y in self.nodes]
        self.dx, self.dy = MARGIN + SIZE - min(xs), MARGIN + SIZE - min(ys)
        self.width = max(xs) - min(xs) + 2 * (MARGIN + SIZE)
        self.height = max(ys) - min(ys) + 2 * (MARGIN + SIZE)
        self.hexes = {h["id"]: self.hex_centre(h["q"], h["r"]) for h in board["hexes"]}

    @staticmethod
    def grid(x: float, y: float) -> Point:
        return x * SQRT3 / 2 * SIZE, y * SIZE / 2

    def hex_centre(self, q: int, r: int) -> Point:
        return self.grid(2 * q + r, 3 * r)

    def shift(self, p: Point) -> Point:
        return p[0] + self.dx, p[1] + self.dy

    def place(self, at: Any) -> Point | None:
        """Where a piece stands: a node, the middle of an edge, a hex (by id or position) or a grid point."""
        kind = _at_kind(at)
        if kind == "node" and 0 <= at < len(self.nodes):
            return self.shift(self.nodes[at])
        if kind == "edge":
            a, b = self.edge(at)
            return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        if kind == "hex" and at in self.hexes:
            return self.shift(self.hexes[at])
        if kind == "qr":
            return self.shift(self.hex_centre(at["q"], at["r"]))
        if kind == "xy":
            return self.shift(self.grid(at["x"], at["y"]))
        return None

    def edge(self, at: str) -> tuple[Point, Point]:
        a, b = (int(n) for n in at.split("-"))
        return self.shift(self.nodes[a]), self.shift(self.nodes[b])


def _at_kind(at: Any) -> str:
    if isinstance(at, bool):
        return "other"
    if isinstance(at, int):
        return "node"
    if isinstance(at, str):
        return "edge" if "-" in at else "hex"
    if isinstance(at, dict):
        return "qr" if "q" in at else "xy" if "x" in at else "other"
    return "other"


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _points(points: Iterable[Point]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


def _polygon_around(c: Point, radius: float, corners: int, turn: float) -> list[Point]:
    return [
        (
            c[0] + radius * math.cos(turn + 2 * math.pi * k / corners),
            c[1] + radius * math.sin(turn + 2 * math.pi * k / corners),
        )
        for k in range(corners)
    ]


def _title(words: str) -> str:
    return f"<title>{escape(words)}</title>"


def _el(tag: str, content: str = "", /, **attrs: object) -> str:
    """An element: ``class_`` is written ``class``, ``stroke_width`` ``stroke-width``, numbers rounded."""
    written = " ".join(
        f"{k.rstrip('_').replace('_', '-')}={quoteattr(_fmt(v) if isinstance(v, float) else str(v))}"
        for k, v in attrs.items()
    )
    return f"<{tag} {written}>{content}</{tag}>" if content else f"<{tag} {written}/>"


class _Drawing:
    """One SVG document being written: elements are appended as strings, in painting order."""

    def __init__(self, view: dict[str, Any], lang: str) -> None:
        self.view = view
        self.words = catalog(lang)
        self.lang = lang
        self.legend: dict[str, Any] = view.get("legend") or {}
        self.geo = _Geometry(view["board"], view.get("pieces", []))
        self.parts: list[str] = []

    def word(self, key: str, fallback: str) -> str:
        return self.words.get(key, fallback)

    def add(self, element: str) -> None:
        self.parts.append(element)

    # ------------------------------------------------------------------ the board
    def terrain_name(self, terrain: str) -> str:
        style = self.legend.get("terrains", {}).get(terrain, {})
        label = style.get("label", {})
        return str(label.get(self.lang) or label.get("en") or self.word(f"page.terrain.{terrain}", terrain))

    def hexes(self) -> None:
        terrains = self.legend.get("terrains", {})
        for hx in self.view["board"]["hexes"]:
            terrain, number = hx["terrain"], hx.get("number")
            colour = terrains.get(terrain, {}).get("color") or TERRAIN_COLORS.get(terrain, UNKNOWN)
            centre = self.geo.shift(self.geo.hexes[hx["id"]])
            name = f"{hx['id']}: {self.terrain_name(terrain)}" + (f" {number}" if number else "")
            corners = _points(_polygon_around(centre, SIZE, 6, math.pi / 6))
            self.add(
                _el(
                    "polygon", _title(name), class_="hex", data_hex=hx["id"], data_terrain=terrain,
                    points=corners, fill=colour, stroke=EDGE, stroke_width=2,
                )
            )  # fmt: skip
            self.add(_el("text", escape(str(hx["id"])), x=centre[0], y=centre[1] - SIZE * 0.55, class_="label"))
            if number:
                self.token(centre, int(number))

    def token(self, c: Point, number: int) -> None:
        x, y = c
        colour = "#c0392b" if number in HOT_NUMBERS else INK
        self.add(_el("circle", class_="token", cx=x, cy=y, r=SIZE * 0.3, fill="#f7efd8", stroke=EDGE))
        self.add(_el("text", str(number), x=x, y=y + SIZE * 0.05, class_="number", fill=colour))
        dots = PIPS.get(number, 0)
        for k in range(dots):
            px = x + (k - (dots - 1) / 2) * SIZE * 0.08
            self.add(_el("circle", cx=px, cy=y + SIZE * 0.18, r=SIZE * 0.025, fill=colour))

    def harbors(self) -> None:
        for hb in self.view["board"].get("harbors", []):
            (ax, ay), (bx, by) = (self.geo.shift(self.geo.nodes[n]) for n in hb["nodes"])
            hx, hy = self.geo.shift(self.geo.hexes[hb["hex"]])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            # out from the hex's centre through the middle of its side, to the sea
            x, y = mx + (mx - hx) * 0.55, my + (my - hy) * 0.55
            generic = hb["type"] == "3:1"
            colour = "#ffffff" if generic else RESOURCE_COLORS.get(hb["type"], UNKNOWN)
            rate = "3:1" if generic else "2:1"
            name = self.words["svg.any"] if generic else self.word(f"catan.resource.{hb['type']}", hb["type"])
            title = _title(self.words["svg.harbor"].format(rate=rate, resource=name))
            for px, py in ((ax, ay), (bx, by)):
                self.add(_el("line", x1=px, y1=py, x2=x, y2=y, stroke="#7a5c3a", stroke_width=3))
            disc = _el("circle", title, cx=x, cy=y, r=SIZE * 0.27, fill=colour, stroke=EDGE)
            words = _el("text", rate, x=x, y=y + SIZE * 0.07, class_="small")
            self.add(_el("g", disc + words, class_="harbor", data_harbor=hb["type"]))

    def fields(self) -> None:
        """The optional ``board.fields``: named places on corners (Baden-Württemberg's towns and landmark
        fields), each a ring with its name beside it; a field with a feature of its own (``name``) is a
        diamond, filled once the feature stands (``built``). Drawn under the pieces that may stand on them."""
        for field in self.view["board"].get("fields", []):
            x, y = self.geo.shift(self.geo.nodes[field["node"]])
            town, feature = str(field.get("town", field["node"])), field.get("name")
            title = town
            if isinstance(feature, dict):
                title += f": {feature.get(self.lang) or feature.get('en', '')}"
            if field.get("built"):
                title += f" ({self.words['svg.built']})"
            r = SIZE * 0.3
            fill = "#ffffff" if field.get("built") else "none"
            if feature is None:
                marker = _el("circle", cx=x, cy=y, r=r, fill=fill, stroke=INK, stroke_width=2)
            else:
                marker = _el("polygon", points=_points(_polygon_around((x, y), r * 1.2, 4, 0.0)), fill=fill,
                             stroke=INK, stroke_width=2)  # fmt: skip
            label = _el("text", escape(town), x=x, y=y + SIZE * 0.45)
            self.add(_el("g", _title(title) + marker + label, class_="field", data_kind=field.get("kind", "")))

    def field_style(self) -> str:
        """The fields' names, haloed to stay legible over hexes and roads (only in pictures with fields)."""
        if not self.view["board"].get("fields"):
            return ""
        return f".field text{{font-size:{_fmt(SIZE * 0.22)}px;paint-order:stroke;stroke:#ffffff;stroke-width:3px}}"

    # ------------------------------------------------------------------ pieces
    def pieces(self) -> None:
        ordered = sorted(self.view.get("pieces", []), key=lambda p: {"road": 0, "robber": 2}.get(p["kind"], 1))
        for piece in ordered:
            self.piece(piece)

    def piece(self, piece: dict[str, Any]) -> None:
        kind, at = piece["kind"], piece["at"]
        where = self.geo.place(at)
        if where is None:
            return
        owner = piece.get("owner")
        colour = player_color(owner)
        name = self.piece_name(kind) + (f" ({self.view['players'][owner]['name']})" if isinstance(owner, int) else "")
        if kind == "road" and _at_kind(at) == "edge":
            (ax, ay), (bx, by) = self.geo.edge(at)
            # shortened, so that the buildings at either end stay clear
            ends = {"x1": ax + (bx - ax) * 0.18, "y1": ay + (by - ay) * 0.18}
            ends |= {"x2": bx + (ax - bx) * 0.18, "y2": by + (ay - by) * 0.18}
            body = _el("line", stroke=INK, stroke_width=9, stroke_linecap="round", **ends)
            body += _el("line", stroke=colour, stroke_width=6, stroke_linecap="round", **ends)
        elif kind in ("settlement", "city"):
            body = self.building(where, kind, colour)
        elif kind == "robber":
            # beside the number token, not over it
            x, y = where[0] - SIZE * 0.5, where[1] + SIZE * 0.05
            body = _el("ellipse", cx=x, cy=y + SIZE * 0.12, rx=SIZE * 0.14, ry=SIZE * 0.2, fill="#333333")
            body += _el("circle", cx=x, cy=y - SIZE * 0.14, r=SIZE * 0.1, fill="#333333")
        else:
            body = self.legend_piece(piece, where)
        self.add(_el("g", _title(name) + body, class_="piece", data_kind=kind, data_at=at))

    def piece_name(self, kind: str) -> str:
        """The legend's name, or the view's own name for the robber (the Guardian), or the catalog's."""
        label = self.legend.get("pieces", {}).get(kind, {}).get("label", {}) or self.view.get("names", {}).get(kind, {})
        name = str(label.get(self.lang) or label.get("en") or self.word(f"page.pieces.{kind}", kind.replace("_", " ")))
        return name[:1].upper() + name[1:]  # a tooltip's first word, whatever the source's case

    @staticmethod
    def building(c: Point, kind: str, colour: str) -> str:
        x, y = c
        s = SIZE * (0.2 if kind == "settlement" else 0.24)
        if kind == "settlement":
            outline = [(x - s, y + s), (x - s, y - s * 0.3), (x, y - s * 1.2), (x + s, y - s * 0.3), (x + s, y + s)]
        else:
            outline = [
                (x - s * 1.4, y + s), (x - s * 1.4, y - s * 0.2), (x - s * 0.5, y - s * 0.2), (x - s * 0.5, y - s),
                (x + s * 0.2, y - s * 1.6), (x + s * 0.9, y - s), (x + s * 0.9, y + s),
            ]  # fmt: skip
        return _el("polygon", points=_points(outline), fill=colour, stroke=INK, stroke_width=2)

    def legend_piece(self, piece: dict[str, Any], c: Point) -> str:
        """Any other kind, by its legend entry: shape, colour (or the owner's), size and a short text."""
        style = self.legend.get("pieces", {}).get(piece["kind"], {})
        colour = style.get("color", "#999999")
        if colour == "owner":
            colour = player_color(piece.get("owner"))
        radius = float(style.get("size", 0.3)) * SIZE
        shape = style.get("shape", "circle")
        stroke = style.get("stroke", "#333333")
        if shape in CORNERS:
            n, turn = CORNERS[shape]
            body = _el("polygon", points=_points(_polygon_around(c, radius, n, turn)), fill=colour, stroke=stroke)
        elif shape == "star":
            outer = _polygon_around(c, radius, 5, -math.pi / 2)
            inner = _polygon_around(c, radius * 0.45, 5, -math.pi / 2 + math.pi / 5)
            star = [p for pair in zip(outer, inner) for p in pair]
            body = _el("polygon", points=_points(star), fill=colour, stroke=stroke)
        else:
            fill = "none" if shape == "ring" else colour
            body = _el("circle", cx=c[0], cy=c[1], r=radius, fill=fill, stroke=stroke, stroke_width=2)
        words = piece.get("text", piece.get("number", style.get("text")))
        if words is None and not style:
            words = piece["kind"][:2]  # a kind without a legend entry: its first letters
        if words is not None:
            ink = style.get("text_color", INK)
            body += _el("text", escape(str(words)), x=c[0], y=c[1] + SIZE * 0.07, class_="small", fill=ink)
        return body

    # ------------------------------------------------------------------ the document
    def document(self) -> str:
        self.hexes()
        self.harbors()
        self.fields()
        self.pieces()
        w, h = _fmt(self.geo.width), _fmt(self.geo.height)
        style = (
            "<style>text{font-family:sans-serif;text-anchor:middle;dominant-baseline:middle}"
            f".number{{font-size:{_fmt(SIZE * 0.3)}px;font-weight:bold}}"
            f".label{{font-size:{_fmt(SIZE * 0.22)}px;fill:#3b2f1e}}"
            f".small{{font-size:{_fmt(SIZE * 0.2)}px;font-weight:bold}}{self.field_style()}</style>"
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
            f'role="img" aria-label={quoteattr(self.words["svg.board"])}>{style}'
            f'<rect width="100%" height="100%" fill="{SEA}"/>' + "".join(self.parts) + "</svg>\n"
        )


def board_svg(view: dict[str, Any], lang: str = "en") -> str:
    """The board of ``view`` (``game.view(seat)``) as an SVG document; tooltips in ``lang``.

    Raises ``ValueError`` for a view without a board (a card game such as Deck Building)."""
    board = view.get("board")
    if not isinstance(board, dict) or not board.get("hexes"):
        raise ValueError(f"the {view.get('ruleset', 'game')!r} view has no hex board to draw")
    return _Drawing(view, lang).document()
