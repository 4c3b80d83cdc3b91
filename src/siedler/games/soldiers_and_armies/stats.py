"""Soldaten & Armeen's per-game statistics (the ``game_stats`` hook), added to the Catan family's: units
recruited by kind (the nuke too), walls, attacks made, settlements destroyed (a battle won against a
building: the attacker then conquers or razes it) and development cards traded, from the moves everyone saw.
"""

from __future__ import annotations

from collections.abc import Sequence

from siedler.core.actions import Action
from siedler.core.game import Game, Move
from siedler.core.registry import replay
from siedler.core.stats import count_by, count_kinds

from .actions import RECRUITS, SoldierAction

RECRUITED = tuple(f"recruited_{unit}" for unit in RECRUITS)

COUNTED = {
    "walls_built": ("wall",),
    "attacks": ("attack",),
    "settlements_destroyed": ("conquer", "raze"),
    "cards_traded": ("sellcard", "buycard"),
}


def _recruited(action: Action) -> str | None:
    if action[0] == "recruit" and isinstance(action, SoldierAction):
        return f"recruited_{RECRUITS[action.unit]}"
    return None


def soldier_stats(moves: Sequence[Move], players: int) -> dict[str, list[float]]:
    stats = count_by(moves, players, RECRUITED, _recruited)
    stats.update(count_kinds(moves, players, COUNTED))
    return stats


#: What the cost study (bench/soldiers_costs.py) compares: each unit and the nuke, and walls.
PURCHASED = (*RECRUITED, "walls_built")


def purchases(game: Game) -> list[dict[str, float]]:
    """For each seat of a finished game, how many of each of ``PURCHASED`` it bought: the moves are
    recovered by replaying the game's public actions from its start (the simulator's games keep no log)."""
    start = replay({**game.record(), "actions": [], "result": None}, log=False)
    moves: list[Move] = []
    for action in game.history:
        moves.append((-1, start.to_act if start.to_act is not None else -1, action))
        start.apply(action)
    stats = soldier_stats(moves, game.num_players)
    return [{kind: stats[kind][p] for kind in PURCHASED} for p in range(game.num_players)]
