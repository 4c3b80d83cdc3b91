"""The Fishermen's frequent events, recorded as fields alone (``Game._note``), and how each becomes the data
that ``events()`` gives, as it did when the component made it at once: a catch (whose tokens only the
catching seat sees) and tokens handed in. Rare events keep ``_emit``'s dict."""

from __future__ import annotations

from typing import Any

from siedler.core.game import EventData, named


def _fish(fields: tuple[Any, ...], secret: tuple[Any, ...] | None) -> dict[str, Any]:
    """``(seat, use, tokens)``, and the victim of a steal or the resource taken."""
    data: dict[str, Any] = {"seat": fields[0], "use": fields[1], "tokens": list(fields[2])}
    if fields[1] == "steal":
        data["victim"] = fields[3]
    elif fields[1] == "take":
        data["resource"] = fields[3]
    return data


FISHERMEN_EVENTS: dict[str, EventData] = {
    "fish_catch": named("seat", "count", secret=("tokens",)),
    "fish": _fish,
}
