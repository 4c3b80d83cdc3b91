"""Per-seat statistics of a finished Soldiers & Armies game, from its history alone.

Every purchase is a public action, so the counts are computed from the game's actions (no log needed: the
simulator's games keep none), by replaying them from the start and noting who played each. The cost study
(``bench/soldiers_costs.py``, docs/rules/soldiers-and-armies.md) reads them; any per-game statistics of the
simulator can call :func:`purchases` on a finished game the same way.
"""

from __future__ import annotations

from siedler.core.game import Game
from siedler.core.registry import replay

from .actions import RECRUITS, SoldierAction

#: What :func:`purchases` counts: the units and the nuke (``recruit``), walls, and the Variante's upgrades.
COUNTED = (*RECRUITS, "wall", "upgrade")


def purchases(game: Game) -> list[dict[str, int]]:
    """For each seat, how many of each purchase in ``COUNTED`` it made in ``game``."""
    counts = [dict.fromkeys(COUNTED, 0) for _ in range(game.num_players)]
    start = replay({**game.record(), "actions": [], "result": None}, log=False)
    for action in game.history:
        seat = start.to_act
        kind = action[0]
        if seat is not None and isinstance(action, SoldierAction) and kind in ("recruit", "wall", "upgrade"):
            counts[seat][RECRUITS[action.unit] if kind == "recruit" else kind] += 1
        start.apply(action)
    return counts
