"""Pig's observation for siedler's environments, registered with the rule set (``Ruleset.encoding``): the
points banked by relative seat (row 0: the observing seat), then whose turn it is (relative), the turn's
total and the last roll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from siedler.core import Game
from siedler.envs.encoding import Encoder, Layout, Vector, relative


class PigEncoder(Encoder):
    def __init__(self, players: int) -> None:
        self.players = players
        self.layout = Layout()
        self.layout.add("banked", players)
        self.layout.add("turn", 3)

    def encode(self, view: dict[str, Any], seat: int) -> Vector:
        n, banked = self.players, view["banked"]
        turn = [relative(view["current"], seat, n), view["turn_total"], view["last_roll"]]
        return np.asarray([*(banked[(seat + i) % n] for i in range(n)), *turn], dtype=np.float32)


def encoder(game: Game, reference: dict[str, Any], parts: Sequence[object]) -> Encoder:
    return PigEncoder(game.num_players)
