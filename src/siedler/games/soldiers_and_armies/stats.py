"""Soldaten & Armeen's per-game statistics (the ``game_stats`` hook), added to the Catan family's: units
recruited by kind (the nuke too), walls, attacks made, settlements destroyed (a battle won against a
building: the attacker then conquers or razes it) and the trades of goods made, from the moves everyone saw:
development cards, places (a settlement or city), with the Fishermen fish tokens, and the resources and roads
traded with them. A trade counts for both seats once the one asked agrees; an offer refused counts for
neither.
"""

from __future__ import annotations

from collections.abc import Sequence

from siedler.core.actions import Action
from siedler.core.game import Game, Move
from siedler.core.registry import replay
from siedler.core.stats import count_by, count_kinds

from .actions import GOODS, RECRUITS, TRADE_KINDS, SoldierAction, trade_good

RECRUITED = tuple(f"recruited_{unit}" for unit in RECRUITS)

COUNTED = {
    "walls_built": ("wall",),
    "attacks": ("attack",),
    "settlements_destroyed": ("conquer", "raze"),
}
#: The trades of goods made, by what was traded (``trade_good``, and the goods of a composed trade).
TRADED = {"card": "cards_traded", "place": "places_traded", "fish": "fish_traded"}
#: A composed trade's goods by their kind's name (``actions.GOODS``), the resources and roads too.
TRADED_GOODS = {**TRADED, "resource": "resources_traded", "road": "roads_traded"}


def _recruited(action: Action) -> str | None:
    if action[0] == "recruit" and isinstance(action, SoldierAction):
        return f"recruited_{RECRUITS[action.unit]}"
    return None


def _trades(moves: Sequence[Move], players: int) -> dict[str, list[float]]:
    """Per seat, the goods it traded, offering or agreeing, by kind: a trade of one good (``sellcard``...)
    counts that good once and the resources paid for it; a composed trade (``address``, ``give``, ``ask``,
    ``send``, answered, perhaps after ``counter``) each of its goods. Both seats count a trade once the one
    asked agrees; an offer refused or dropped counts for neither."""
    counts = {name: [0.0] * players for name in TRADED_GOODS.values()}
    offer: tuple[int, str, int] | None = None
    seats: tuple[int, int] = (-1, -1)
    goods: list[str] = []
    for _turn, seat, action in moves:
        kind = action[0]
        if kind == "agree":
            if offer is not None:
                for who in (offer[0], seat):
                    counts[offer[1]][who] += 1
                    counts["resources_traded"][who] += offer[2]
            for name in goods:
                for who in seats:
                    counts[TRADED_GOODS[name]][who] += 1
            goods = []
        elif kind == "address":
            seats, goods = (seat, action[1]), []
        elif kind == "counter":
            seats, goods = (seat, seats[0]), []
        elif kind in ("give", "ask"):
            goods.append(GOODS[action[1]])
        elif kind != "send":  # refused, dropped, or anything else: no composed trade waits
            goods = []
        offer = (seat, TRADED[trade_good(kind)], sum(action[2])) if kind in TRADE_KINDS else None
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
