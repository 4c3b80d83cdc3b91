"""The Catan position as text for a terminal (``game.render_text(seat, lang)``).

Everything is drawn from ``game.view(seat)`` and nothing else, so the text can never show more than that
seat may know: hidden hands stay hidden by construction, not by care in this module.

The board uses the topology's doubled integer grid (``node_xy``): six columns per half hex width and two
rows per grid unit, so every corner, path and hex centre falls on a character cell. Intersections show their
number (the notation's ``settle 12``), followed by ``s``/``C`` and the owner's seat number (counted from 1,
as in every text for people) for a settlement/city; paths show ``/ \\ |`` and, once built, the owner's seat
number; harbours sit outside their two corners.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from siedler.core.i18n import catalog, namespace, text
from siedler.core.seats import seat_number

from .labels import LabelMixin
from .rules import PIPS, RESOURCES
from .words import resource_names

XS = 6  # text columns per grid unit in x (half a hex width)
YS = 2  # text rows per grid unit in y (a quarter of a hex height)
MARGIN_X = 12  # room for the harbour labels left and right
MARGIN_Y = 3


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
    """A resource's name, or a terrain without one by its catalog word (``terrain.lake``), else as named."""
    if name in RESOURCES:
        return resource_names(lang)[RESOURCES.index(name)]
    return catalog(lang).get(f"terrain.{name}", name)


def _robber(view: dict[str, Any], lang: str) -> str:
    """The robber's name in the view (a variant may call it otherwise), else the usual one."""
    names = view.get("names", {}).get("robber", {})
    return str(names.get(lang) or names.get("en") or text("catan.board.robber", lang).lower())


def draw_board(view: dict[str, Any], terrain_resource: dict[str, str], lang: str = "en") -> str:
    """The island: hexes (label, number, resource, pips or robber), numbered intersections, paths, harbours."""
    words = namespace("catan.board", lang)
    robber_word = _robber(view, lang).upper()
    board = view["board"]
    xy: list[tuple[float, float]] = [(p[0], p[1]) for p in board["nodes"]]
    xmin, ymin = min(x for x, _ in xy), min(y for _, y in xy)
    xmax, ymax = max(x for x, _ in xy), max(y for _, y in xy)

    def col(x: float) -> int:
        return round(MARGIN_X + (x - xmin) * XS)

    def row(y: float) -> int:
        return round(MARGIN_Y + (y - ymin) * YS)

    canvas = Canvas(col(xmax) + MARGIN_X + 1, row(ymax) + MARGIN_Y + 1)
    owners: dict[str, tuple[str, int]] = {}
    robber = None
    for piece in view["pieces"]:
        if piece["kind"] == "robber":
            robber = piece["at"]
        elif piece["kind"] in ("settlement", "city", "road"):
            owners[str(piece["at"])] = (piece["kind"], piece["owner"])
    for hx in board["hexes"]:
        cx, cy = 2 * hx["q"] + hx["r"], 3 * hx["r"]
        c, r = col(cx), row(cy)
        number = hx.get("number")
        resource = terrain_resource.get(hx["terrain"], hx["terrain"])
        name = resource_word(resource, lang) if resource else words["desert"]
        top = f"{hx['id']}  {number}" if number else hx["id"]
        canvas.put(r - 1, c - len(top) // 2, top)
        canvas.put(r, c - len(name) // 2, name)
        bottom = f"*{robber_word}*" if hx["id"] == robber else "." * PIPS.get(number or 0, 0)
        canvas.put(r + 1, c - len(bottom) // 2, bottom)
    for a, b in board["edges"]:
        (xa, ya), (xb, yb) = xy[a], xy[b]
        owner = owners.get(f"{min(a, b)}-{max(a, b)}")
        mark = str(seat_number(owner[1])) if owner else None
        if xa == xb:
            for rr in range(row(min(ya, yb)) + 1, row(max(ya, yb))):
                canvas.put(rr, col(xa), mark or "|")
        else:
            slash = "\\" if (xb - xa) * (yb - ya) > 0 else "/"
            canvas.put((row(ya) + row(yb)) // 2, (col(xa) + col(xb)) // 2, mark or slash)
    for node, (x, y) in enumerate(xy):
        label = str(node)
        placed = owners.get(str(node))
        if placed:
            label += ("C" if placed[0] == "city" else "s") + str(seat_number(placed[1]))
        digits = len(str(node))
        canvas.put(row(y), col(x) - digits + 1, label)
    for hb in board["harbors"]:
        _draw_harbor(canvas, hb, xy, col, row, lang)
    return canvas.text()


def _draw_harbor(
    canvas: Canvas, hb: dict[str, Any], xy: list[tuple[float, float]], col: Any, row: Any, lang: str
) -> None:
    """The harbour's label just outside the middle of its side, pointing away from the hex centre."""
    (xa, ya), (xb, yb) = xy[hb["nodes"][0]], xy[hb["nodes"][1]]
    text = "3:1" if hb["type"] == "3:1" else f"2:1 {resource_word(hb['type'], lang)}"
    mx, my = (xa + xb) / 2, (ya + yb) / 2
    side = hb["side"]
    if side in ("E", "W"):
        c = col(mx) + (2 if side == "E" else -2 - len(text))
        canvas.put(row(my), c, text)
        return
    dy = -1 if side.startswith("N") else 1
    c = col(mx) + (3 if side.endswith("E") else -3) - len(text) // 2
    canvas.put(row(my) + dy * 2, c, text)


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
        f"  {w['seat']:<6}{w['name']:<16}{w['vp']:>4}{w['cards']:>7}{w['dev']:>6}{w['knights'] if army else '':>8}"
        f"{w['road']:>7}  {w['awards']:<9}{w['pieces']}"
    )
    for p in players:
        marker = ">" if p["seat"] == current and not view["over"] else " "
        name = p["name"] + (f" ({w['you']})" if p["seat"] == seat else "")
        vp = p.get("vp_total", p["vp"])
        awards = " ".join(w[k] for k, held in p.items() if held is True and k in w) or "-"  # catan.board.<flag>
        pieces, number = p["pieces"], seat_number(p["seat"])
        lines.append(
            f"{marker} {number:<6}{name[:15]:<16}{vp:>4}{p['cards']:>7}{p['dev_cards']:>6}{p.get('knights', ''):>8}"
            f"{p['road_length']:>7}  {awards:<9}{pieces['road']}/{pieces['settlement']}/{pieces['city']}"
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
