"""The Catan family's per-game statistics for designers' reports (the ``game_stats`` hook).

Everything is counted from the moves played, which every player saw: buildings built, development cards
bought and knights played, trades with the bank and between players, robber moves, and the turn of the
first city (how fast a seat grows).
"""

from __future__ import annotations

from collections.abc import Sequence

from siedler.core.game import Move
from siedler.core.stats import count_kinds, first_kinds

from .actions import CatanAction

#: stat -> the action kinds it counts.
COUNTED = {
    "settlements_built": ("settle",),
    "cities_built": ("city",),
    "roads_built": ("road",),
    "dev_cards_bought": ("buy",),
    "knights_played": ("knight",),
    "bank_trades": ("bank",),
    "offers_made": ("offer",),
    "robber_moves": ("robber",),
}


def catan_stats(moves: Sequence[Move], players: int) -> dict[str, list[float]]:
    stats = count_kinds(moves, players, COUNTED)
    trades = [0.0] * players
    for _turn, seat, action in moves:
        if action[0] == "confirm" and isinstance(action, CatanAction):  # the offerer and a partner: one each
            trades[seat] += 1
            trades[action.seat] += 1
    stats["player_trades"] = trades
    stats.update(first_kinds(moves, players, {"first_city_turn": ("city",)}))
    return stats
