"""Greedy play with fish: spend tokens where they clearly help, otherwise play the Catan greedy way.

Registered for the Fishermen mixin, which comes before the Catan game class in every composed game's
class order, so the greedy bot finds this strategy first in any game with fishermen switched on.
"""

from __future__ import annotations

import random as _random
from typing import cast

from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.state import MAIN
from siedler.games.fishermen.component import Fishermen

from .greedy import register_strategy
from .greedy_catan import _missing, _robbed, _target, catan_strategy


def _cheapest(options: list[Action]) -> Action:
    """Among ways to pay for the same thing, the one handing in the fewest fish."""
    return min(options, key=lambda a: (a[3][0] + 2 * a[3][1] + 3 * a[3][2], str(a)))


def fishermen_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(CatanGame, game)
    legal = g.legal_actions()
    if g.phase == MAIN:
        uses: dict[str, list[Action]] = {}
        for a in legal:
            if a[0] == "fish":
                uses.setdefault(a[1], []).append(a)
        if "card" in uses:
            return _cheapest(uses["card"])
        if "robber" in uses and _robbed(g, seat):
            return _cheapest(uses["robber"])
        if "take" in uses:
            cost = _target(g, seat)
            if cost is not None:
                missing = _missing(g, seat, cost)
                wanted = [a for a in uses["take"] if missing[a[2]]]
                if wanted and sum(missing) == 1:  # a token that completes a build is worth spending
                    return _cheapest(wanted)
        passes = [a for a in legal if a[0] == "boot"]
        if passes:
            scores = g.public_points()
            return max(passes, key=lambda a: scores[a[1]])
    return catan_strategy(game, seat, rng)


register_strategy(Fishermen, fishermen_strategy)
