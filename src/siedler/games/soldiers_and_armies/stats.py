"""Soldaten & Armeen's per-game statistics (the ``game_stats`` hook), added to the Catan family's: units
recruited by kind (the nuke too), walls, attacks made, settlements destroyed (a battle won against a
building: the attacker then conquers or razes it) and the trades of goods made, from the moves everyone saw:
development cards, places (a settlement or city) and, with the Fishermen, fish tokens. A trade counts for
both seats once the one asked agrees; an offer refused counts for neither.
"""

from __future__ import annotations

from collections.abc import Sequence

from siedler.core.actions import Action
from siedler.core.game import Game, Move
from siedler.core.registry import replay
from siedler.core.stats import count_by, count_kinds

from .actions import RECRUITS, TRADE_KINDS, SoldierAction, trade_good

RECRUITED = tuple(f"recruited_{unit}" for unit in RECRUITS)

COUNTED = {
    "walls_built": ("wall",),
    "attacks": ("attack",),
    "settlements_destroyed": ("conquer", "raze"),
}
#: The trades of goods made, by what was traded (``trade_good``).
TRADED = {"card": "cards_traded", "place": "places_traded", "fish": "fish_traded"}


def _recruited(action: Action) -> str | None:
    if action[0] == "recruit" and isinstance(action, SoldierAction):
        return f"recruited_{RECRUITS[action.unit]}"
    return None


def _trades(moves: Sequence[Move], players: int) -> dict[str, list[float]]:
    """Per seat, the trades of goods it made, offering or agreeing: an offer waits for its answer
    (``card_reply``), which is the next move."""
    counts = {name: [0.0] * players for name in TRADED.values()}
    offer: tuple[int, str] | None = None
    for _turn, seat, action in moves:
        kind = action[0]
        if kind == "agree" and offer is not None:
            counts[offer[1]][offer[0]] += 1
            counts[offer[1]][seat] += 1
        offer = (seat, TRADED[trade_good(kind)]) if kind in TRADE_KINDS else None
    return counts


def soldier_stats(moves: Sequence[Move], players: int) -> dict[str, list[float]]:
    stats = count_by(moves, players, RECRUITED, _recruited)
    stats.update(count_kinds(moves, players, COUNTED))
    stats.update(_trades(moves, players))
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
