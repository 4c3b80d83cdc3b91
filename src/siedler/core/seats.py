"""One seat numbering: indices from 0 in code, numbers from 1 in every text a person reads.

Code, views, records, the API and the action notation (``@0``) name a seat by its index, counted from 0;
people count seats from 1, as the browser table and the default names ("Player 1") do. Every text that
names a seat by number converts here, so no text can slip back to a 0-based "seat 0".
"""

from __future__ import annotations


def seat_number(seat: int) -> int:
    """The number people read for seat index ``seat`` (index 0 is seat 1)."""
    return seat + 1


def seat_words(seat: int, name: str | None = None) -> str:
    """An engine or tool message's English words for a seat: "seat 2", or "seat 2 (Anna)" with a name."""
    words = f"seat {seat_number(seat)}"
    return f"{words} ({name})" if name is not None else words
