"""The greedy strategy plays legal moves and beats uniformly random play."""

from __future__ import annotations

import siedler
from siedler.bots import make_bot


def play_match(seed: int, seats: tuple[str, str]) -> int | None:
    game = siedler.new_game("deck-building", players=2, seed=seed)
    bots = [make_bot(seats[0], seed), make_bot(seats[1], seed + 1)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].decide(game, seat)
        assert action in game.legal_actions()
        game.apply(action)
    return game.winner


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(10):
        seats = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        winner = play_match(seed, seats)
        wins += winner is not None and seats[winner] == "greedy"
    assert wins >= 9


def test_greedy_against_itself_finishes() -> None:
    assert play_match(3, ("greedy", "greedy")) is not None
