"""Baden-Württemberg's part of the board's layout (``siedler.games.catan.layout``): its towns and landmarks.

Every field of ``view.board.fields`` is marked on its corner (a city field by a ring, a landmark field by a
diamond, filled once the landmark stands), and its town's name stands beside the corner, towards the
corner's own hex: there no number token and no other corner's piece reaches. Town names stay German;
landmark names come with the view in every language. The table's own layer (``web/js/bw.js``) draws these
marks at the places given here; the other pictures draw them by their shape.
"""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import languages, text
from siedler.games.catan.layout import BoardLayer, Geometry, Mark, register_layer

#: A town's name: this far from its corner towards the corner's own hex, in this size (hex sizes), and
#: the width of one of its characters in ems (generous: the frame must hold every name).
NAME_AT = 0.44
NAME_SIZE = 0.22
EM = 0.62
FIELD_R = 0.2
INK = "#6b4f1d"


def _fields(view: dict[str, Any]) -> list[dict[str, Any]]:
    fields: list[dict[str, Any]] = view["board"].get("fields") or []
    return fields


def _town_marks(view: dict[str, Any], geo: Geometry) -> list[Mark]:
    """The city fields' rings and every town's name (fixed for the game)."""
    marks: list[Mark] = []
    for field in _fields(view):
        node, town = field["node"], str(field.get("town", field["node"]))
        if geo.node(node) is None:
            continue
        if "name" not in field:
            marks.append(
                {"kind": "field", "at": list(geo.nodes[node]), "node": node, "shape": "ring", "size": FIELD_R,
                 "stroke": INK, "label": {lang: town for lang in languages()}, "own": True}
            )  # fmt: skip
        x, y = geo.beside(node, NAME_AT)
        half = len(town) * NAME_SIZE * EM / 2
        marks.append(
            {"kind": "town", "at": [x, y], "node": node, "shape": "none", "text": town, "text_size": NAME_SIZE,
             "reach": [x - half, y - NAME_SIZE / 2, x + half, y + NAME_SIZE / 2], "own": True}
        )  # fmt: skip
    return marks


def _landmark_marks(view: dict[str, Any], geo: Geometry) -> list[Mark]:
    """The landmark fields: a diamond, filled once the landmark stands (which may change in every turn)."""
    marks: list[Mark] = []
    for field in _fields(view):
        feature, node = field.get("name"), field["node"]
        if not isinstance(feature, dict) or geo.node(node) is None:
            continue
        town = str(field.get("town", node))
        label = {}
        for lang in languages():
            label[lang] = f"{town}: {feature.get(lang) or feature.get('en', '')}"
            if field.get("built"):
                label[lang] += f" ({text('svg.built', lang)})"
        marks.append(
            {"kind": "landmark", "at": list(geo.nodes[node]), "node": node, "shape": "diamond",
             "size": FIELD_R * 1.2, "color": "#ffffff" if field.get("built") else "none", "stroke": INK,
             "label": label, "own": True}
        )  # fmt: skip
    return marks


LAYER = register_layer(BoardLayer("fields", fixed=_town_marks, moving=_landmark_marks))
