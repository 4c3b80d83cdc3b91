"""Deck Building's per-game statistics for designers' reports (the ``game_stats`` hook): which action cards
each seat bought, how many, and in which turn the first of each, from the ``buy`` moves everyone saw."""

from __future__ import annotations

from collections.abc import Sequence

from siedler.core.actions import Action
from siedler.core.game import Move
from siedler.core.stats import count_by, count_kinds, first_turns

from .actions import DeckAction
from .cards import ACTION_CARDS, CARDS

BOUGHT = tuple(f"bought_{card}" for card in ACTION_CARDS)
FIRST = tuple(f"first_{card}_turn" for card in ACTION_CARDS)


def _bought(action: Action) -> str | None:
    return f"bought_{CARDS[action.card]}" if action[0] == "buy" and isinstance(action, DeckAction) else None


def _first(action: Action) -> str | None:
    return f"first_{CARDS[action.card]}_turn" if action[0] == "buy" and isinstance(action, DeckAction) else None


def deck_stats(moves: Sequence[Move], players: int) -> dict[str, list[float]]:
    stats = count_by(moves, players, BOUGHT, _bought)
    stats.update(first_turns(moves, players, FIRST, _first))
    stats.update(count_kinds(moves, players, {"trades": ("trade",), "cards_played": ("play", "road")}))
    return stats
