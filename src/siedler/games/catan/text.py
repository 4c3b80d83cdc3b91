"""The Catan position as text for a terminal (``game.render_text(seat, lang)``).

Everything is drawn from ``game.view(seat)`` and nothing else, so the text can never show more than that
seat may know: hidden hands stay hidden by construction, not by care in this module.

The board stands where the board's layout (``layout.py``) puts it, on six columns per half hex width and
two rows per quarter hex height, so every corner, path and hex centre falls on a character cell.
Intersections show their number (the notation's ``settle 12``), followed by ``s``/``C`` and the owner's
seat number (counted from 1, as in every text for people) for a settlement/city; paths show ``/ \\ |``
and, once built, the owner's seat number; a harbour's words stand in the place of its disc.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from siedler.core.i18n import catalog, namespace, text
from siedler.core.seats import seat_number

from .labels import LabelMixin
from .layout import Cells, board_layout, board_placed
from .rules import PIPS, RESOURCES
from .words import resource_names

XS = 6  # text columns per grid unit in x (half a hex width)
YS = 2  # text rows per grid unit in y (a quarter of a hex height)
MARGIN = (8, 1)  # columns and rows around the layout's frame: room for the harbours' words


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.rows = [[" "] * width for _ in range(height)]

    def put(self, row: int, col: int, text: str) -> None:
        line = self.rows[row]
        for i, ch in enumerate(text):
            if 0 <= col + i < len(line):
                line[col + i] = ch

    def text(self) -> str:
        return "\n".join("".join(r).rstrip() for r in self.rows).strip("\n")


def resource_word(name: str, lang: str) -> str:
    """A resource's name, or a terrain without one by its catalog word (``terrain.<name>``), else as named."""
    if name in RESOURCES:
        return resource_names(lang)[RESOURCES.index(name)]
    return catalog(lang).get(f"terrain.{name}", name)


def _robber(view: dict[str, Any], lang: str) -> str:
    """The robber's name in the view (a variant may call it otherwise), else the usual one."""
    names = view.get("names", {}).get("robber", {})
    return str(names.get(lang) or names.get("en") or text("catan.board.robber", lang).lower())


def draw_board(view: dict[str, Any], terrain_resource: dict[str, str], lang: str = "en") -> str:
    """The island: hexes (label, number, resource, pips or robber), numbered intersections, paths, harbours,
    a rule set's pieces at sea (``~number~``); each where the board's layout puts it."""
    words = namespace("catan.board", lang)
    robber_word = _robber(view, lang).upper()
    board = view["board"]
    layout, placed = board_layout(view), board_placed(view)
    cells = Cells(layout, XS, YS, MARGIN)
    canvas = Canvas(cells.width, cells.height)
    nodes = [cells.cell(p) for p in layout["nodes"]]
    owners: dict[str, tuple[str, int]] = {}
    robber = None
    for piece, place in zip(view["pieces"], placed["pieces"], strict=True):
        if piece["kind"] == "robber":
            robber = piece["at"]
        elif piece["kind"] in ("settlement", "city", "road"):
            owners[str(piece["at"])] = (piece["kind"], piece["owner"])
        elif place is not None and "at" in place:
            mark = f"~{piece.get('text', piece.get('number', piece['kind'][:2]))}~"
            r, c = cells.cell(place["at"])
            canvas.put(r, c - len(mark) // 2, mark)
    for hx, spot in zip(board["hexes"], layout["hexes"], strict=True):
        r, c = cells.cell(spot["at"])
        number = hx.get("number")
        resource = terrain_resource.get(hx["terrain"], hx["terrain"])
        name = resource_word(resource, lang) if resource else words["desert"]
        top = f"{hx['id']}  {number}" if number else hx["id"]
        canvas.put(r - 1, c - len(top) // 2, top)
        canvas.put(r, c - len(name) // 2, name)
        bottom = f"*{robber_word}*" if hx["id"] == robber else "." * PIPS.get(number or 0, 0)
        canvas.put(r + 1, c - len(bottom) // 2, bottom)
    for a, b in board["edges"]:
        (ra, ca), (rb, cb) = nodes[a], nodes[b]
        owner = owners.get(f"{min(a, b)}-{max(a, b)}")
        road = str(seat_number(owner[1])) if owner else None
        if ca == cb:
            for rr in range(min(ra, rb) + 1, max(ra, rb)):
                canvas.put(rr, ca, road or "|")
        else:
            slash = "\\" if (cb - ca) * (rb - ra) > 0 else "/"
            canvas.put((ra + rb) // 2, (ca + cb) // 2, road or slash)
    for node, (r, c) in enumerate(nodes):
        label = str(node)
        built = owners.get(str(node))
        if built:
            label += ("C" if built[0] == "city" else "s") + str(seat_number(built[1]))
        canvas.put(r, c - len(str(node)) + 1, label)
    for hb, spot in zip(board["harbors"], layout["harbors"], strict=True):
        if spot is not None:
            label = "3:1" if hb["type"] == "3:1" else f"2:1 {resource_word(hb['type'], lang)}"
            r, c = cells.harbor(spot, label)
            canvas.put(r, c, label)
    return canvas.text()


def _bundle(counts: dict[str, int], lang: str) -> str:
    return ", ".join(f"{n} {resource_word(r, lang)}" for r, n in counts.items() if n) or "-"


def _cards(counts: dict[str, int], lang: str) -> str:
    """Development cards by the view's names, in words (``catan.card.<name>``, a rule set's own cards too)."""
    names = namespace("catan.card", lang)
    return ", ".join(f"{n} {names.get(c, c)}" for c, n in counts.items() if n) or "-"


def _rates(rates: dict[str, int], lang: str) -> str:
    """Harbour rates, shortest first: "3:1 any" for a generic harbour, then each 2:1."""
    generic = max(rates.values()) if max(rates.values()) < 4 else None
    parts = [f"{generic}:1 {text('catan.board.any', lang)}"] if generic else []
    parts += [f"{n}:1 {resource_word(r, lang)}" for r, n in rates.items() if n < 4 and n != generic]
    return ", ".join(parts)


def draw_status(view: dict[str, Any], lang: str = "en") -> str:
    """Turn, phase, dice, the players' public standing, and the hand of the viewing seat only."""
    w = namespace("catan.board", lang)
    players = view["players"]
    seat = view["seat"]
    lines = []
    current, to_act = view["current"], view["to_act"]
    phase = namespace("catan.phase", lang).get(view["phase"], view["phase"]).format(robber=_robber(view, lang))
    head = f"{w['turn']} {view['turn'] + 1} · {w['phase']}: {phase}"
    if not view["over"]:
        head += f" · {players[current]['name']} {w['to_play']}"
        if to_act is not None and to_act != current:
            head += f" · {players[to_act]['name']} {w['to_act']}"
    if view.get("dice"):
        d1, d2 = view["dice"]
        head += f" · {w['dice']}: {d1}+{d2}={d1 + d2}"
    lines.append(head + f" · {view['victory_points']} {w['target']}")
    army = "knights" in players[0]  # a rule set without knights (an award of its own) has no column
    lines.append(
        f"  {w['seat']:<6}{w['name']:<15}{w['vp']:>4}{w['cards']:>7}{w['dev']:>6}{w['knights'] if army else '':>7}"
        f"{w['road']:>7}  {w['awards']:<9}{w['pieces']}"
    )
    for p in players:
        marker = ">" if p["seat"] == current and not view["over"] else " "
        name = p["name"] + (f" ({w['you']})" if p["seat"] == seat else "")
        vp = p.get("vp_total", p["vp"])
        awards = " ".join(w[k] for k, held in p.items() if held is True and k in w) or "-"  # catan.board.<flag>
        pieces, number = p["pieces"], seat_number(p["seat"])
        lines.append(
            f"{marker} {number:<6}{name[:14]:<15}{vp:>4}{p['cards']:>7}{p['dev_cards']:>6}{p.get('knights', ''):>7}"
            f"{p['road_length']:>7}  {awards:<9}{'/'.join(str(n) for n in pieces.values())}"
        )
    you = view.get("you")
    if you:
        lines.append(f"{w['hand']}: {_bundle(you['hand'], lang)}")
        dev = _cards(you["dev_cards"], lang)
        new = _cards(you.get("dev_cards_new") or {}, lang)
        lines.append(f"{w['dev_cards']}: {dev}" + (f" ({w['new']}: {new})" if new != "-" else ""))
        rates = _rates(you["rates"], lang)
        if rates:
            lines.append(f"{w['rates']}: {rates}")
    lines.append(f"{w['bank']}: {_bundle(view['bank'], lang)} · {view['dev_deck']} {w['deck']}")
    if view.get("free_roads"):
        lines.append(f"{w['free_roads']}: {view['free_roads']}")
    if view.get("discarding"):
        lines.append(
            f"{w['discarding']}: " + ", ".join(f"{players[int(p)]['name']} {n}" for p, n in view["discarding"].items())
        )
    offer = view.get("offer")
    if offer:
        to = w["to_everyone"] if offer["to"] is None else players[offer["to"]]["name"]
        lines.append(
            f"{w['offer']} ({players[offer['from']]['name']} -> {to}): {_bundle(offer['give'], lang)} -> "
            f"{_bundle(offer['want'], lang)}; {w['waiting']}: "
            + (", ".join(players[p]["name"] for p in offer["waiting"]) or "-")
            + f"; {w['accepted']}: "
            + (", ".join(players[p]["name"] for p in offer["accepted"]) or "-")
        )
    if view["over"]:
        winner = view.get("winner")
        lines.append(f"{w['winner']}: {players[winner]['name']}" if winner is not None else w["no_winner"])
        if view.get("final"):
            lines.append(f"{w['final']}: " + ", ".join(f"{f['name']} {f['vp']}" for f in view["final"]))
    return "\n".join(lines)


def render_view(view: dict[str, Any], terrain_resource: dict[str, str], lang: str = "en") -> str:
    return "\n".join(
        [draw_board(view, terrain_resource, lang), text("catan.board.legend", lang), "", draw_status(view, lang)]
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class TextMixin(LabelMixin):
    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        """The board and the standing as ``seat`` may see them (``None``: a spectator), in ``lang``."""
        return render_view(self.view(seat), self.rules.map["terrain_resource"], lang)
