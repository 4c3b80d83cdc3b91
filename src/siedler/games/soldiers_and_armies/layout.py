"""Soldiers & Armies' part of the board's layout (``siedler.games.catan.layout``): armies, walls, nukes,
the battle and what each move costs, from ``view.soldiers`` alone.

An army's badge stands in its corner's own hex, between the corner's building and that hex's number token
(a city reaches 0.22 below its corner and 0.26 above; the token begins 0.7 away), scaled down to at most
one hex size wide: wider, it would reach the neighbouring corners' tokens and buildings. A nuke stands on
its corner's vertical side away from the own hex, where it clears the building and the tokens and robbers
of the hexes on either side; a city's wall count on the same side, left of a nuke; its bank of wall stones
at the city's foot. The table's own layer (``web/js/armies.js``) draws these marks at the places given
here; the other pictures draw them by their shape.
"""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import languages, text
from siedler.games.catan.layout import BoardLayer, Geometry, Mark, register_layer

UNITS = ("infantry", "cavalry", "artillery")
#: The unit types' signs on a badge drawn by its shape (the table draws icons of the same shapes).
SIGNS = {"infantry": "●", "cavalry": "◆", "artillery": "▬"}
BADGE_MAX = 1.0
BADGE_SCALE = 0.9
BADGE_GAP_BELOW = 0.24
BADGE_GAP_ABOVE = 0.28
NUKE_AT = 0.42
NUKE_R = 0.14
WALL_WIDTH = 0.5
MOVE_PRICE_DY = 0.3


def _name(view: dict[str, Any], seat: Any) -> str:
    players = view.get("players") or []
    return str(players[seat]["name"]) if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _words(key: str, *args: Any) -> dict[str, str]:
    return {lang: text(f"page.soldiers.{key}", lang, *args) for lang in languages()}


def _army(view: dict[str, Any], geo: Geometry, army: dict[str, Any]) -> Mark:
    """A badge beside its corner: one sign and count per unit type it holds."""
    x, y = geo.nodes[army["at"]]
    held = [u for u in UNITS if army["units"].get(u)]
    scale = min(BADGE_SCALE, BADGE_MAX / (len(held) * 0.54 + 0.06))
    width = len(held) * 0.54 * scale + 0.06 * scale
    height = 0.44 * scale
    side = geo.sides[army["at"]]
    top = y + BADGE_GAP_BELOW if side > 0 else y - BADGE_GAP_ABOVE - height
    label = {}
    for lang in languages():
        units = " + ".join(f"{army['units'][u]} {text(f'page.soldiers.{u}', lang)}" for u in held)
        label[lang] = text(
            "page.soldiers.army", lang, _name(view, army["owner"]), units, text("page.soldiers.die", lang, army["die"])
        )
    return {
        "kind": "army", "at": [x, top + height / 2], "node": army["at"], "shape": "box", "box": [width, height],
        "scale": scale, "color": "owner", "owner": army["owner"], "text_color": "#ffffff",
        "text": " ".join(f"{SIGNS[u]}{army['units'][u]}" for u in held), "text_size": 0.16 * scale * 1.7,
        "label": label, "own": True,
    }  # fmt: skip


def _walls(geo: Geometry, node: int, count: int) -> list[Mark]:
    """A city's bank of stones at its foot, and their count on the corner's vertical side."""
    x, y = geo.nodes[node]
    cx, cy = geo.beside(node, -NUKE_AT)
    label = _words("walls", count)
    return [
        {"kind": "walls", "at": [x, y + 0.17], "node": node, "shape": "box", "box": [WALL_WIDTH, 0.1],
         "color": "#9e9e9e", "stroke": "#3a3a3a", "count": count, "label": label, "own": True},
        {"kind": "wall_count", "at": [cx - 0.17, cy], "node": node, "shape": "none", "text": f"×{count}",
         "text_size": 0.16, "label": label, "own": True},
    ]  # fmt: skip


def _moves(view: dict[str, Any], geo: Geometry, moves: list[dict[str, Any]]) -> list[Mark]:
    """What reaching each target costs, the cheapest way there (several armies may reach one corner)."""
    cheapest: dict[int, dict[str, Any]] = {}
    for move in moves:
        known = cheapest.get(move["to"])
        if known is None or move["paid"] < known["paid"]:
            cheapest[move["to"]] = move
    marks: list[Mark] = []
    for node, move in cheapest.items():
        x, y = geo.nodes[node]
        cost = {r: n for r, n in move["cost"].items() if n}
        words = {}
        for lang in languages():
            paid = " + ".join(f"{n} {text(f'page.resources.{r}', lang)}" for r, n in cost.items())
            words[lang] = paid if move["paid"] else text("page.soldiers.free", lang)
        marks.append(
            {"kind": "move", "at": [x, y + MOVE_PRICE_DY], "node": node, "shape": "none", "text": words,
             "text_size": 0.15, "paid": bool(move["paid"]), "cost": cost, "own": True}
        )  # fmt: skip
    return marks


def _soldier_marks(view: dict[str, Any], geo: Geometry) -> list[Mark]:
    sa = view.get("soldiers")
    if not isinstance(sa, dict):
        return []
    marks: list[Mark] = []
    for node, count in (sa.get("walls") or {}).items():
        if geo.node(int(node)) is not None:
            marks += _walls(geo, int(node), count)
    for seat, node in (sa.get("nukes") or {}).items():
        if geo.node(node) is not None:
            marks.append(
                {"kind": "nuke", "at": list(geo.beside(node, -NUKE_AT)), "node": node, "shape": "circle",
                 "size": NUKE_R, "color": "owner", "owner": int(seat), "text": "☢", "text_size": 0.2,
                 "text_color": "#ffe066", "label": _words("nuke", _name(view, int(seat))), "own": True}
            )  # fmt: skip
    battle = sa.get("battle")
    if battle and geo.node(battle["at"]) is not None:
        marks.append(
            {"kind": "battle", "at": list(geo.nodes[battle["at"]]), "node": battle["at"], "shape": "ring",
             "size": 0.42, "stroke": "#c0392b", "label": _words("battle", battle["at"]), "own": True}
        )  # fmt: skip
    marks += [_army(view, geo, army) for army in sa.get("armies") or [] if geo.node(army["at"]) is not None]
    return marks + _moves(view, geo, [m for m in sa.get("moves") or [] if geo.node(m["to"]) is not None])


LAYER = register_layer(BoardLayer("soldiers", moving=_soldier_marks))
