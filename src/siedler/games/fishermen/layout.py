"""The Fishermen's part of the board's layout (``siedler.games.catan.layout``): the lake's numbers.

The lake has no number token of its own: it yields fish on several numbers (2, 3, 11 and 12), shown on a
plate below its centre, clear of the robber beside the centre and of the pieces on its corners. The fishing
grounds are pieces at sea, drawn by their legend entry where the shared layout places a piece on a sea hex.
"""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import languages, text
from siedler.games.catan.layout import BoardLayer, Geometry, Mark, register_layer

NUMBER_SIZE = 0.22
PLATE_DY = 0.42


def _lake_marks(view: dict[str, Any], geo: Geometry) -> list[Mark]:
    lake, fish = view["board"].get("lake"), view.get("fish")
    if lake not in geo.hexes or not isinstance(fish, dict) or not fish.get("lake_numbers"):
        return []
    numbers = [str(n) for n in fish["lake_numbers"]]
    words = " ".join(numbers)
    width = len(words) * NUMBER_SIZE * 0.62 + 0.12
    x, y = geo.hexes[lake]
    label = {lang: f"{text('fishermen.legend.lake', lang)}: {', '.join(numbers)}" for lang in languages()}
    return [
        {"kind": "lake", "at": [x, y + PLATE_DY], "shape": "box", "box": [width, NUMBER_SIZE + 0.12],
         "color": "#f7efd8", "stroke": "#5b4a2f", "text": words, "text_size": NUMBER_SIZE, "label": label}
    ]  # fmt: skip


LAYER = register_layer(BoardLayer("lake", fixed=_lake_marks))
