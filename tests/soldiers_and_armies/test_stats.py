"""Per-seat purchase counts from a finished game's history (``soldiers_and_armies.stats``)."""

from __future__ import annotations

import siedler
from siedler.bots import make_bot
from siedler.core.game import Game, Move
from siedler.games.soldiers_and_armies.stats import PURCHASED, purchases, soldier_stats
from tests.catan.positions import cards

from .positions import position


def test_purchases_count_each_seats_units_walls_and_nuke() -> None:
    game = position(cities={0: [13], 1: [20]}, hands={0: cards(wood=3, brick=5, wool=4, grain=3, ore=8)})
    for action in ("recruit cavalry 13", "recruit infantry 13", "wall 13", "recruit nuke 13"):
        game.apply(action)
    counts = purchases(game)
    bought = {"recruited_cavalry": 1, "recruited_infantry": 1, "walls_built": 1, "recruited_nuke": 1}
    assert counts[0] == dict.fromkeys(PURCHASED, 0) | bought
    assert counts[1] == counts[2] == dict.fromkeys(PURCHASED, 0)


def test_purchases_of_a_played_game_are_those_each_seat_chose() -> None:
    """The replay attributes each purchase to the seat whose bot chose it while the game was played."""
    game = siedler.new_game("soldiers-and-armies", players=3, seed=5, options={"turn_limit": 60}, log=False)
    bots = [make_bot("greedy", p) for p in range(3)]
    chosen = [dict.fromkeys(PURCHASED, 0) for _ in range(3)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].decide(game, seat)
        if action[0] == "recruit":
            chosen[seat]["recruited_" + str(action).split()[1]] += 1
        elif action[0] == "wall":
            chosen[seat]["walls_built"] += 1
        game.apply(action)
    assert purchases(game) == chosen
    assert sum(sum(c.values()) for c in chosen) > 0


def played(game: Game, *actions: str) -> list[Move]:
    """Apply ``actions`` in turn, each as a move of the seat to act (as the log records them; the turn, which
    these statistics do not read, as 0)."""
    moves: list[Move] = []
    for text in actions:
        seat = game.to_act
        assert seat is not None
        moves.append((0, seat, game.parse_action(text)))
        game.apply(text)
    return moves


def test_a_trade_of_goods_counts_for_both_seats_once_agreed() -> None:
    """ "Es kann grundsätzlich alles mit den Mitspielern gehandelt werden, inklusive Entwicklungskarten": seat 0
    sells a knight to seat 1, who agrees, then offers seat 1 its settlement at 42, which seat 1 refuses. The
    card trade counts for both, the refused offer for neither; no place or fish was traded."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={0: [42]},
        dev_cards={0: {"knight": 1}},
        hands={1: cards(ore=4)},
        options={"max_offers": 3},
    )
    moves = played(game, "sellcard knight 2ore @1", "agree", "sellplace 42 2ore @1", "refuse")
    stats = soldier_stats(moves, 3)
    assert stats["cards_traded"] == [1, 1, 0]
    assert stats["places_traded"] == stats["fish_traded"] == [0, 0, 0]
    moves = played(game, "sellplace 42 2ore @1", "agree")
    assert soldier_stats(moves, 3)["places_traded"] == [1, 1, 0]
