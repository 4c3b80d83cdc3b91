"""The odds calculator agrees with the engine: battles with alliances played through the public API.

Each match-up is a hand-built position around V's intersection 20 (seat 1), played many times from fresh
seeds with ``new_game``-style states (``from_state``), always attacking on until one side is gone, as the
odds assume. The share of battles in which the target is destroyed and the mean number of rounds must lie
within 4.5 standard errors of the exact values. The engine's former ruling (every allied army rolling its
own die, the best counting) destroyed the second target in 0.46 of the battles against the exact 0.58, and
fought the first in 5.1 rounds on average against 5.8: both outside the bounds.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import siedler
from siedler.core.game import Game
from siedler.games.soldiers_and_armies.odds import odds, parse

from .positions import army, events, phase, position

BATTLES = 500

#: (odds text, position keywords, the attack, the owners' answers bringing armies in): V's city at 20 or his
#: army there.
MATCHUPS: list[tuple[str, dict[str, Any], str, tuple[str, ...]]] = [
    (
        # Seat 0's cavalry at 21 and two infantry at 19 against V's city, covered by his infantry at 31.
        "1 cavalry & 2 infantry vs city covered by 1 infantry",
        {"cities": {0: [13], 1: [20]}, "armies": {21: (0, (0, 1, 0)), 19: (0, (2, 0, 0)), 31: (1, (1, 0, 0))}},
        "attack 21>20",
        ("ally 19 @0", "ally 31 @1"),
    ),
    (
        # Seat 0's artillery at 21 against V's cavalry at 20, which seat 2's infantry at 19 joins.
        "1 artillery vs 1 cavalry & 1 infantry",
        {"cities": {0: [13], 2: [0]}, "armies": {21: (0, (0, 0, 1)), 20: (1, (0, 1, 0)), 19: (2, (1, 0, 0))}},
        "attack 21>20",
        ("ally 19 @1",),
    ),
]


def battle(start: dict[str, Any], seed: int, attack: str, answers: tuple[str, ...]) -> tuple[bool, int]:
    """One battle from ``start`` with the generator of ``seed``: whether the target was destroyed, and the
    rounds fought."""
    state = {**start, "seed": str(seed), "rng": 0}
    game: Game = siedler.from_state(state)
    game.apply(attack)
    game.apply("resist")
    for answer in answers:
        game.apply(answer)
    while phase(game) == "battle":
        game.apply("continue")
    rounds = len(events(game, "combat"))
    if phase(game) == "conquest":
        return True, rounds
    return army(game, 21) is not None, rounds


@pytest.mark.parametrize(("text", "pieces", "attack", "answers"), MATCHUPS, ids=[m[0] for m in MATCHUPS])
def test_battles_in_the_engine_follow_the_exact_odds(
    text: str, pieces: dict[str, Any], attack: str, answers: tuple[str, ...]
) -> None:
    matchup = parse(text)
    exact = odds(matchup.attackers, matchup.target)
    start = position(settlements={1: [42]}, phase="combat", **pieces).state()
    results = [battle(start, seed, attack, answers) for seed in range(1, BATTLES + 1)]
    share = sum(won for won, _ in results) / BATTLES
    p = float(exact.destroy)
    assert abs(share - p) <= 4.5 * math.sqrt(p * (1 - p) / BATTLES), (share, p)
    rounds = [r for _, r in results]
    mean = sum(rounds) / BATTLES
    spread = math.sqrt(sum((r - mean) ** 2 for r in rounds) / (BATTLES - 1) / BATTLES)
    assert abs(mean - float(exact.expected_rounds)) <= 4.5 * spread + 1e-9, (mean, float(exact.expected_rounds))
