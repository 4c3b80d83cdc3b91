"""The hex board for ``siedler play``, in colour and in 80 columns, drawn from ``game.view(seat)`` alone.

A grid of character cells with a style per cell, on which the board stands where the board's layout
(``siedler.games.catan.layout``) puts it: five columns per half hex width and two rows per quarter hex
height, so every hex has three rows of nine cells inside for its label and number, its terrain and its
pips (or the robber). Hexes are filled with their terrain's colour; 6 and 8 are red; buildings and roads
show their owner's seat number (from 1) in the seat's colour; a harbour's words stand in its disc's
place; pieces a rule set adds are drawn by their legend entry. Without colour (``NO_COLOR``, or not a
terminal) the same characters say it all: rich drops the colours, the words and digits stay.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from siedler.core.i18n import catalog
from siedler.core.seats import seat_number
from siedler.games.catan.layout import Cells, board_layout, board_placed
from siedler.games.catan.rules import PIPS
from siedler.svg import RESOURCE_TERRAIN, TERRAIN_COLORS

XS = 5  # columns per grid unit in x: a hex is ten columns wide
YS = 2  # rows per grid unit in y
MARGIN = (9, 1)  # columns and rows around the layout's frame: room for a harbour's words ("2:1 Getreide")
RED_NUMBERS = (6, 8)
TOKEN = "#f7efd8"  # a number token's cream, so that red and black numbers read on every terrain
#: Terrains on which black ink is legible (the picture's colours, ``siedler.svg``); white on the others.
LIGHT_TERRAINS = ("pasture", "fields", "mountains", "desert", "sea")
#: Seats' colours, lighter than the picture's: they are letters on a dark terminal, not filled shapes.
SEATS = ("#ff4d5e", "#4d9fff", "#ffa31a", "#3ccf5a", "#b36bd6", "#a1887f")


def seat_style(seat: Any) -> Style:
    colour = SEATS[seat % len(SEATS)] if isinstance(seat, int) and seat >= 0 else "grey50"
    return Style(color=colour, bold=True)


class _Grid:
    """Characters and their styles, written at (row, column); what falls outside is dropped."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def put(self, row: int, col: int, words: str, style: Style | None = None) -> None:
        if not 0 <= row < len(self.chars):
            return
        for i, ch in enumerate(words):
            if 0 <= col + i < len(self.chars[row]):
                self.chars[row][col + i] = ch
                if style is not None:
                    under = self.styles[row][col + i]
                    self.styles[row][col + i] = under + style if under is not None else style

    def paint(self, row: int, col: int, length: int, style: Style) -> None:
        """A background over cells, keeping their characters."""
        if 0 <= row < len(self.chars):
            for c in range(max(col, 0), min(col + length, len(self.chars[row]))):
                self.styles[row][c] = style

    def text(self) -> Text:
        """The rows from the first to the last with anything on them, trailing blanks cut; runs of one style
        make one span."""
        out = Text()
        rows = [r for r in range(len(self.chars)) if "".join(self.chars[r]).strip()]
        for r in range(rows[0], rows[-1] + 1) if rows else ():
            if r > rows[0]:
                out.append("\n")
            end = len("".join(self.chars[r]).rstrip())
            start = 0
            for c in range(1, end + 1):
                if c == end or self.styles[r][c] != self.styles[r][start]:
                    out.append("".join(self.chars[r][start:c]), self.styles[r][start])
                    start = c
        return out


class _Board:
    def __init__(self, view: dict[str, Any], lang: str) -> None:
        self.view = view
        self.words = catalog(lang)
        self.lang = lang
        self.layout = board_layout(view)
        self.placed = board_placed(view)
        self.cells = Cells(self.layout, XS, YS, MARGIN)
        self.nodes = [self.cells.cell(p) for p in self.layout["nodes"]]
        self.grid = _Grid(self.cells.width, self.cells.height)
        self.legend: dict[str, Any] = view.get("legend") or {}

    def word(self, key: str, fallback: str) -> str:
        return self.words.get(key, fallback)

    # ------------------------------------------------------------------ drawing
    def draw(self) -> Text:
        pieces = self.view.get("pieces", [])
        robber = next((p["at"] for p in pieces if p["kind"] == "robber"), None)
        for hx, spot in zip(self.view["board"]["hexes"], self.layout["hexes"], strict=True):
            self.hex(hx, spot, hx["id"] == robber)
        owners = {str(p["at"]): p for p in pieces if p["kind"] in ("settlement", "city", "road")}
        self.edges(owners)
        self.nodes_(owners)
        for hb, spot in zip(self.view["board"].get("harbors", []), self.layout["harbors"], strict=True):
            if spot is not None:
                self.harbor(hb, spot)
        for piece, place in zip(pieces, self.placed["pieces"], strict=True):
            if piece["kind"] not in ("settlement", "city", "road", "robber") and place and "at" in place:
                self.other(piece, place["at"])
        return self.grid.text()

    def terrain_style(self, terrain: str) -> Style:
        own = self.legend.get("terrains", {}).get(terrain, {}).get("color")
        ink = "black" if own or terrain in LIGHT_TERRAINS else "white"
        return Style(bgcolor=own or TERRAIN_COLORS.get(terrain, "grey50"), color=ink)

    def terrain_word(self, terrain: str) -> str:
        """The resource a terrain yields, else the terrain's own name (a desert, a rule set's own), from the
        catalogs."""
        resource = {v: k for k, v in RESOURCE_TERRAIN.items()}.get(terrain)
        if resource:
            return self.word(f"catan.resource.{resource}", resource)
        label = self.legend.get("terrains", {}).get(terrain, {}).get("label", {})
        return str(label.get(self.lang) or self.word(f"page.terrain.{terrain}", terrain))

    def hex(self, hx: dict[str, Any], spot: dict[str, Any], robbed: bool) -> None:
        r, c = self.cells.cell(spot["at"])
        fill = self.terrain_style(hx["terrain"])
        for dr, half in ((-3, XS // 2 - 1), (-2, XS - 2), (-1, XS - 1), (0, XS - 1), (1, XS - 1), (2, XS - 2)):
            self.grid.paint(r + dr, c - half, 2 * half + 1, fill)
        self.grid.paint(r + 3, c - (XS // 2 - 1), 2 * (XS // 2 - 1) + 1, fill)
        number = hx.get("number")
        top = f"{hx['id']} {number}" if number else str(hx["id"])
        self.grid.put(r - 1, c - len(top) // 2, str(hx["id"]), Style(bold=True))
        if number:
            red = number in RED_NUMBERS
            self.grid.put(
                r - 1,
                c - len(top) // 2 + len(str(hx["id"])) + 1,
                str(number),
                Style(bold=True, color="red3" if red else "black", bgcolor=TOKEN),
            )
        name = self.terrain_word(hx["terrain"])[: 2 * XS - 1]
        self.grid.put(r, c - len(name) // 2, name)
        if robbed:
            robber = f"*{self.robber_word()}*"[: 2 * XS - 1]
            self.grid.put(r + 1, c - len(robber) // 2, robber, Style(bold=True, reverse=True))
        else:
            pips = "." * PIPS.get(number or 0, 0)
            self.grid.put(r + 1, c - len(pips) // 2, pips, Style(bold=True))

    def robber_word(self) -> str:
        names = self.view.get("names", {}).get("robber", {})
        return str(names.get(self.lang) or names.get("en") or self.word("catan.board.robber", "robber")).upper()

    def edges(self, owners: dict[str, dict[str, Any]]) -> None:
        for a, b in self.view["board"]["edges"]:
            (ra, ca), (rb, cb) = self.nodes[a], self.nodes[b]
            road = owners.get(f"{min(a, b)}-{max(a, b)}")
            mark, style = ("", None)
            if road:
                mark, style = str(seat_number(road["owner"])), seat_style(road["owner"]) + Style(reverse=True)
            if ca == cb:
                for rr in range(min(ra, rb) + 1, max(ra, rb)):
                    self.grid.put(rr, ca, mark or "|", style)
            else:
                slash = "\\" if (cb - ca) * (rb - ra) > 0 else "/"
                self.grid.put((ra + rb) // 2, (ca + cb) // 2, mark or slash, style)

    def nodes_(self, owners: dict[str, dict[str, Any]]) -> None:
        for node, (r, c) in enumerate(self.nodes):
            label, style = str(node), Style(dim=True)
            built = owners.get(str(node))
            if built:
                label += ("C" if built["kind"] == "city" else "s") + str(seat_number(built["owner"]))
                style = seat_style(built["owner"]) + Style(reverse=built["kind"] == "city")
            self.grid.put(r, c - len(str(node)) + 1, label, style)

    def harbor(self, hb: dict[str, Any], spot: dict[str, Any]) -> None:
        """``3:1`` or ``2:1 <resource>`` in the place of the harbour's disc, reaching away from the island."""
        generic = hb["type"] == "3:1"
        kind = str(hb["type"])
        label = "3:1" if generic else f"2:1 {self.word(f'catan.resource.{kind}', kind)}"
        style = (
            Style(bold=True) if generic else self.terrain_style(RESOURCE_TERRAIN.get(hb["type"], "")) + Style(bold=True)
        )
        self.grid.put(*self.cells.harbor(spot, label), label, style)

    def other(self, piece: dict[str, Any], at: list[float]) -> None:
        """A rule set's own piece (a fishing ground): its number or text, in its legend colour."""
        style = self.legend.get("pieces", {}).get(piece["kind"], {})
        colour = style.get("color")
        words = str(piece.get("text", piece.get("number", style.get("text", piece["kind"][:2]))))
        mark = f"~{words}~"
        r, c = self.cells.cell(at)
        look = Style(bold=True, bgcolor=colour if isinstance(colour, str) and colour.startswith("#") else None)
        self.grid.put(r, c - len(mark) // 2, mark, look)


def board(view: dict[str, Any], lang: str = "en") -> Text:
    """The board of ``view`` as rich text: colours for a terminal, the same characters without."""
    return _Board(view, lang).draw()


def status_line(view: dict[str, Any], lang: str = "en") -> Text:
    """Two short lines: the turn, the phase, the dice and the points to win; then every player's public
    points in the seat's colour, the player to act marked."""
    words = catalog(lang)
    robber = view.get("names", {}).get("robber", {})
    phase = words.get(f"catan.phase.{view['phase']}", view["phase"])
    phase = phase.format(robber=robber.get(lang) or robber.get("en") or words.get("catan.board.robber", "").lower())
    line = Text(f"{words['catan.board.turn']} {view['turn'] + 1} · {phase}", style=Style(bold=True))
    if view.get("dice"):
        d1, d2 = view["dice"]
        line.append(f" · {words['catan.board.dice']} {d1}+{d2}={d1 + d2}")
    if "victory_points" in view:
        line.append(" · " + words["cli.board.target"].format(points=view["victory_points"]))
    line.append("\n")
    for p in view["players"]:
        acting = p["seat"] == view.get("to_act")
        line.append(" · " if p["seat"] else "")
        line.append(
            ("▶ " if acting else "") + f"{p['name']}: {p.get('vp_total', p.get('vp', 0))}", seat_style(p["seat"])
        )
    return line
