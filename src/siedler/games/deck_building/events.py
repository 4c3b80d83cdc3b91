"""Deck Building's frequent events, recorded as fields alone (``Game._note``), and how each becomes the data
that ``events()`` gives, as it did when the game made it at once: cards laid out and played, roads, trades,
buys, a turn's end and its draw (whose cards only the drawing seat sees). Rare events keep ``_emit``'s dict."""

from __future__ import annotations

from siedler.core.game import EventData, named

DECK_EVENTS: dict[str, EventData] = {
    "draw": named("seat", "count", secret=("cards",)),
    "reshuffle": named("seat", "count"),
    "lay": named("seat", "card"),
    "play": named("seat", "card", "draw", secret=("cards",)),
    "road": named("seat", "count", "any"),
    "trade": named("seat", "give", "get"),
    "buy": named("seat", "card", "any", "trades", "table", "cards", "returned"),
    "end": named("seat", "draw", secret=("cards",)),
    "reflect": named("seat", "card", "times", "draw", secret=("cards",)),
}
