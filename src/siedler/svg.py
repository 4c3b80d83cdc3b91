"""A hex board as SVG, drawn from a view (``game.view(seat)``) and nothing else.

Like python-chess's ``chess.svg``, this is presentation apart from the rules: it reads the view's board
and pieces by the rendering contract of docs/protocol.md ("Rendering contract"), never the game, so it
draws any rule set with a board and can never show what the viewing seat may not know. Everything stands
where the board's layout (``siedler.games.catan.layout``) puts it, as on the table and the terminal
boards; terrains and pieces a rule set adds come with their colour and shape in ``view["legend"]``, its
marks (a town's name, an army) with theirs in the layout; the words in the tooltips come from the message
catalogs.

    from siedler.svg import board_svg
    Path("board.svg").write_text(board_svg(game.view(None), lang="de"))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from siedler.core.i18n import catalog
from siedler.games.catan.layout import HARBOR_R, TOKEN_R, Mark, board_layout, board_placed, has_board
from siedler.games.catan.rules import PIPS

#: Pixels from a hex's centre to a corner (the layout's unit).
SIZE = 40.0
PLAYER_COLORS = ("#d7263d", "#1b6ec2", "#f08c00", "#2a9d3f", "#8e44ad", "#6d4c41")
TERRAIN_COLORS = {
    "forest": "#2f7d32",
    "hills": "#c0622d",
    "pasture": "#9ccc65",
    "fields": "#f2c94c",
    "mountains": "#8d99ae",
    "desert": "#e8d6a5",
    "sea": "#4aa3df",
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

Point = tuple[float, float]


def player_color(seat: Any) -> str:
    return PLAYER_COLORS[int(seat) % len(PLAYER_COLORS)] if isinstance(seat, int) and seat >= 0 else "#777777"


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
    """One SVG document being written: elements are appended as strings, in painting order, each where the
    board's layout puts it (a layout unit is ``SIZE`` pixels, the frame's corner the picture's)."""

    def __init__(self, view: dict[str, Any], lang: str) -> None:
        self.view = view
        self.words = catalog(lang)
        self.lang = lang
        self.legend: dict[str, Any] = view.get("legend") or {}
        self.layout = board_layout(view)
        self.placed = board_placed(view)
        self.x0, self.y0, width, height = self.layout["frame"]
        self.width, self.height = width * SIZE, height * SIZE
        self.parts: list[str] = []

    def xy(self, p: Sequence[float]) -> Point:
        """The pixel of a layout point."""
        return (p[0] - self.x0) * SIZE, (p[1] - self.y0) * SIZE

    def at(self, p: Sequence[float]) -> str:
        """The transform that stands a thing drawn around (0, 0) at a layout point."""
        x, y = self.xy(p)
        return f"translate({_fmt(x)} {_fmt(y)})"

    def word(self, key: str, fallback: str) -> str:
        return self.words.get(key, fallback)

    def said(self, words: Any) -> str | None:
        """Words given in every language (``{"en": .., "de": ..}``) in the picture's, or as they are."""
        if isinstance(words, dict):
            return str(words.get(self.lang) or words.get("en") or "") or None
        return None if words is None else str(words)

    def add(self, element: str) -> None:
        self.parts.append(element)

    # ------------------------------------------------------------------ the board
    def terrain_name(self, terrain: str) -> str:
        style = self.legend.get("terrains", {}).get(terrain, {})
        return self.said(style.get("label")) or self.word(f"page.terrain.{terrain}", terrain)

    def hexes(self) -> None:
        terrains = self.legend.get("terrains", {})
        for hx, place in zip(self.view["board"]["hexes"], self.layout["hexes"], strict=True):
            terrain, number = hx["terrain"], hx.get("number")
            colour = terrains.get(terrain, {}).get("color") or TERRAIN_COLORS.get(terrain, UNKNOWN)
            name = f"{hx['id']}: {self.terrain_name(terrain)}" + (f" {number}" if number else "")
            corners = _points(self.xy(c) for c in place["corners"])
            self.add(
                _el(
                    "polygon", _title(name), class_="hex", data_hex=hx["id"], data_terrain=terrain,
                    points=corners, fill=colour, stroke=EDGE, stroke_width=2,
                )
            )  # fmt: skip
            x, y = self.xy(place["label"])
            self.add(_el("text", escape(str(hx["id"])), x=x, y=y, class_="label"))
            if number:
                self.token(self.xy(place["token"]), int(number), hx["id"])

    def token(self, c: Point, number: int, hex_id: str) -> None:
        x, y = c
        colour = "#c0392b" if number in HOT_NUMBERS else INK
        self.add(
            _el("circle", class_="token", data_hex=hex_id, cx=x, cy=y, r=SIZE * TOKEN_R, fill="#f7efd8", stroke=EDGE)
        )
        self.add(_el("text", str(number), x=x, y=y + SIZE * 0.05, class_="number", fill=colour))
        dots = PIPS.get(number, 0)
        for k in range(dots):
            px = x + (k - (dots - 1) / 2) * SIZE * 0.08
            self.add(_el("circle", cx=px, cy=y + SIZE * 0.18, r=SIZE * 0.025, fill=colour))

    def harbors(self) -> None:
        for hb, place in zip(self.view["board"].get("harbors", []), self.layout["harbors"], strict=True):
            if place is None:
                continue
            x, y = self.xy(place["at"])
            generic = hb["type"] == "3:1"
            colour = "#ffffff" if generic else RESOURCE_COLORS.get(hb["type"], UNKNOWN)
            rate = "3:1" if generic else "2:1"
            name = self.words["svg.any"] if generic else self.word(f"catan.resource.{hb['type']}", hb["type"])
            title = _title(self.words["svg.harbor"].format(rate=rate, resource=name))
            for px, py in (self.xy(p) for p in place["piers"]):
                self.add(_el("line", x1=px, y1=py, x2=x, y2=y, stroke="#7a5c3a", stroke_width=3))
            disc = _el("circle", title, cx=x, cy=y, r=SIZE * HARBOR_R, fill=colour, stroke=EDGE)
            words = _el("text", rate, x=x, y=y + SIZE * 0.07, class_="small")
            self.add(_el("g", disc + words, class_="harbor", data_harbor=hb["type"]))

    def marks(self, marks: list[Mark]) -> None:
        """A rule set's marks (docs/protocol.md, "Board layout"), each by its shape, text and name."""
        for mark in marks:
            title = self.said(mark.get("label"))
            body = self.shape(mark, mark.get("owner"), mark.get("text"))
            attrs = {"data_node": mark["node"]} if "node" in mark else {}
            self.add(
                _el("g", (_title(title) if title else "") + body, class_="mark", data_layer=mark["layer"],
                    data_kind=mark["kind"], transform=self.at(mark["at"]), **attrs)
            )  # fmt: skip

    # ------------------------------------------------------------------ pieces
    def pieces(self) -> None:
        order = {"road": 0, "robber": 2}
        pieces = sorted(enumerate(zip(self.view.get("pieces", []), self.placed["pieces"], strict=True)),
                        key=lambda item: order.get(item[1][0]["kind"], 1))  # fmt: skip
        for index, (piece, place) in pieces:
            if place is not None:
                self.piece(piece, place, index)

    def piece(self, piece: dict[str, Any], place: dict[str, Any], index: int) -> None:
        """A piece where the layout places it; ``data-piece`` is its index in ``view.pieces``."""
        kind, at = piece["kind"], piece["at"]
        owner = piece.get("owner")
        colour = player_color(owner)
        name = self.piece_name(kind) + (f" ({self.view['players'][owner]['name']})" if isinstance(owner, int) else "")
        if "ends" in place:
            (ax, ay), (bx, by) = (self.xy(p) for p in place["ends"])
            ends = {"x1": ax, "y1": ay, "x2": bx, "y2": by}
            body = _el("line", stroke=INK, stroke_width=9, stroke_linecap="round", **ends)
            body += _el("line", stroke=colour, stroke_width=6, stroke_linecap="round", **ends)
            self.add(_el("g", _title(name) + body, class_="piece", data_kind=kind, data_at=at, data_piece=index))
            return
        if kind in ("settlement", "city"):
            body = self.building(kind, colour)
        elif kind == "robber":
            body = _el("ellipse", cx=0.0, cy=SIZE * 0.12, rx=SIZE * 0.14, ry=SIZE * 0.2, fill="#333333")
            body += _el("circle", cx=0.0, cy=-SIZE * 0.14, r=SIZE * 0.1, fill="#333333")
        else:
            style = self.legend.get("pieces", {}).get(kind, {})
            words = piece.get("text", piece.get("number", style.get("text")))
            if words is None and not style:
                words = kind[:2]  # a kind without a legend entry: its first letters
            body = self.shape(style, owner, words)
        self.add(
            _el(
                "g",
                _title(name) + body,
                class_="piece",
                data_kind=kind,
                data_at=at,
                data_piece=index,
                transform=self.at(place["at"]),
            )
        )

    def piece_name(self, kind: str) -> str:
        """The legend's name, or the view's own name for the robber (the Guardian), or the catalog's."""
        label = self.legend.get("pieces", {}).get(kind, {}).get("label", {}) or self.view.get("names", {}).get(kind, {})
        name = self.said(label) or self.word(f"page.pieces.{kind}", kind.replace("_", " "))
        return name[:1].upper() + name[1:]  # a tooltip's first word, whatever the source's case

    @staticmethod
    def building(kind: str, colour: str) -> str:
        """A settlement or a city around (0, 0), its corner."""
        x, y = 0.0, 0.0
        s = SIZE * (0.2 if kind == "settlement" else 0.24)
        if kind == "settlement":
            outline = [(x - s, y + s), (x - s, y - s * 0.3), (x, y - s * 1.2), (x + s, y - s * 0.3), (x + s, y + s)]
        else:
            outline = [
                (x - s * 1.4, y + s), (x - s * 1.4, y - s * 0.2), (x - s * 0.5, y - s * 0.2), (x - s * 0.5, y - s),
                (x + s * 0.2, y - s * 1.6), (x + s * 0.9, y - s), (x + s * 0.9, y + s),
            ]  # fmt: skip
        return _el("polygon", points=_points(outline), fill=colour, stroke=INK, stroke_width=2)

    def shape(self, style: dict[str, Any], owner: Any, words: Any) -> str:
        """A thing drawn by the legend's words (a rule set's piece, or a mark) around (0, 0): its shape,
        colour (or the owner's), size and a short text."""
        c = (0.0, 0.0)
        colour = style.get("color", "#999999")
        if colour == "owner":
            colour = player_color(owner)
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
        elif shape == "box":
            w, h = (v * SIZE for v in style["box"])
            body = _el("rect", x=c[0] - w / 2, y=c[1] - h / 2, width=w, height=h, rx=h * 0.15, fill=colour,
                       stroke=stroke)  # fmt: skip
        elif shape == "none":
            body = ""
        else:
            fill = "none" if shape == "ring" else colour
            body = _el("circle", cx=c[0], cy=c[1], r=radius, fill=fill, stroke=stroke, stroke_width=2)
        said = self.said(words)
        if said is not None:
            size = float(style.get("text_size", 0.2)) * SIZE
            ink = style.get("text_color", INK)
            look = {"class_": "halo"} if shape == "none" else {}
            body += _el("text", escape(said), x=c[0], y=c[1] + size * 0.35, font_size=size, font_weight="bold",
                        fill=ink, **look)  # fmt: skip
        return body

    # ------------------------------------------------------------------ the document
    def document(self) -> str:
        self.hexes()
        self.harbors()
        self.marks(self.layout["marks"])
        self.pieces()
        self.marks(self.placed["marks"])
        w, h = _fmt(self.width), _fmt(self.height)
        style = (
            "<style>text{font-family:sans-serif;text-anchor:middle;dominant-baseline:middle}"
            f".number{{font-size:{_fmt(SIZE * 0.3)}px;font-weight:bold}}"
            f".label{{font-size:{_fmt(SIZE * 0.22)}px;fill:#3b2f1e}}"
            f".small{{font-size:{_fmt(SIZE * 0.2)}px;font-weight:bold}}"
            ".halo{paint-order:stroke;stroke:#ffffff;stroke-width:3px}</style>"
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
            f'role="img" aria-label={quoteattr(self.words["svg.board"])}>{style}'
            f'<rect width="100%" height="100%" fill="{SEA}"/>' + "".join(self.parts) + "</svg>\n"
        )


def board_svg(view: dict[str, Any], lang: str = "en") -> str:
    """The board of ``view`` (``game.view(seat)``) as an SVG document; tooltips in ``lang``.

    Raises ``ValueError`` for a view without a board (a card game)."""
    if not has_board(view):
        raise ValueError(f"the {view.get('ruleset', 'game')!r} view has no hex board to draw")
    return _Drawing(view, lang).document()
