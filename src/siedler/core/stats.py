"""Helpers for rule sets' ``game_stats`` hook: per-seat counts and first turns from the moves of a game.

Each rule set states what it counts; counting itself is the same everywhere, so it lives here once. The
loops run over every move of every game of an experiment, so they read an action's kind as its first item
(``action[0]``, what ``action.kind`` returns) without the property call.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

from .actions import Action
from .game import Move


def count_kinds(moves: Iterable[Move], players: int, kinds: Mapping[str, Iterable[str]]) -> dict[str, list[float]]:
    """stat -> per-seat count of the moves whose kind is among that stat's kinds."""
    stat_of = {kind: name for name, names in kinds.items() for kind in names}
    counts = {name: [0.0] * players for name in kinds}
    for _turn, seat, action in moves:
        name = stat_of.get(action[0])
        if name is not None:
            counts[name][seat] += 1
    return counts


def first_kinds(moves: Iterable[Move], players: int, kinds: Mapping[str, Iterable[str]]) -> dict[str, list[float]]:
    """stat -> per-seat turn of the first move whose kind is among that stat's kinds (``nan``: never)."""
    stat_of = {kind: name for name, names in kinds.items() for kind in names}
    firsts = {name: [math.nan] * players for name in kinds}
    for turn, seat, action in moves:
        name = stat_of.get(action[0])
        if name is not None and math.isnan(firsts[name][seat]):
            firsts[name][seat] = float(turn)
    return firsts


def count_by(
    moves: Iterable[Move], players: int, names: Iterable[str], key: Callable[[Action], str | None]
) -> dict[str, list[float]]:
    """stat -> per-seat count, for each of ``names`` (every game reports all of them, so that the results
    of a run have one schema), where ``key`` names the stat a move adds to (``None``: none)."""
    counts = {name: [0.0] * players for name in names}
    for _turn, seat, action in moves:
        name = key(action)
        if name is not None:
            counts[name][seat] += 1
    return counts


def first_turns(
    moves: Iterable[Move], players: int, names: Iterable[str], key: Callable[[Action], str | None]
) -> dict[str, list[float]]:
    """stat -> per-seat turn of the first move ``key`` names that stat for (``nan``: never), for each of
    ``names``."""
    firsts = {name: [math.nan] * players for name in names}
    for turn, seat, action in moves:
        name = key(action)
        if name is not None and math.isnan(firsts[name][seat]):
            firsts[name][seat] = float(turn)
    return firsts
