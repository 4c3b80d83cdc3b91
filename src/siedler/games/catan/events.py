"""The Catan family's frequent events, recorded as fields alone (``Game._note``), and how each becomes the
data that ``events()`` gives, as it did when the game made it at once: a roll, production, a build, a
turn's end, a steal (whose card only the two seats see). Rare events keep ``_emit``'s dict."""

from __future__ import annotations

from typing import Any

from siedler.core.game import EventData, named

from .rules import NUM_RESOURCES


def _produce(fields: tuple[Any, ...], secret: tuple[Any, ...] | None) -> dict[str, Any]:
    """``(payments, short)`` after a roll, ``(payments,)`` for the second founding settlement: payments
    flat, ``(seat, resource, amount) ...`` in the order they were made; gains per seat (a string, as in
    JSON) in the order of each seat's first payment."""
    payments = fields[0]
    gains: dict[str, list[int]] = {}
    for i in range(0, len(payments), 3):
        key = str(payments[i])
        gain = gains.get(key)
        if gain is None:
            gain = gains[key] = [0] * NUM_RESOURCES
        gain[payments[i + 1]] += payments[i + 2]
    if len(fields) == 1:
        return {"gains": gains}
    return {"gains": gains, "short": list(fields[1])}


def _start_roll(fields: tuple[Any, ...], secret: tuple[Any, ...] | None) -> dict[str, Any]:
    """``(seat, roll, seat, roll ...)``: the founding's roll for the start, each contender's sum."""
    return {"rolls": {str(fields[i]): fields[i + 1] for i in range(0, len(fields), 2)}}


def _monopoly(fields: tuple[Any, ...], secret: tuple[Any, ...] | None) -> dict[str, Any]:
    """``(seat, resource, (victim, count, victim, count ...))``: what the monopoly took from whom."""
    seat, resource, taken = fields
    return {"seat": seat, "resource": resource, "taken": {str(taken[i]): taken[i + 1] for i in range(0, len(taken), 2)}}


CATAN_EVENTS: dict[str, EventData] = {
    "start_roll": _start_roll,
    "roll": named("seat", "dice"),
    "produce": _produce,
    "build": named("seat", "piece", "at"),
    "award": named("award", "seat", "from"),
    "steal": named("seat", "victim", secret=("resource",)),
    "buy": named("seat", secret=("card",)),
    "robber": named("seat", "hex"),
    "end": named("seat"),
    "bank": named("seat", "give", "count", "get"),
    "offer": named("seat", "give", "want", "to"),
    "reply": named("seat", "accepted"),
    "trade": named("seat", "with", "give", "want"),
    "withdraw": named("seat"),
    "play": named("seat", "card"),
    "plenty": named("seat", "take"),
    "monopoly": _monopoly,
}
