"""What the bots know of the Fishermen (``siedler.bots.knowledge``): spend tokens where they clearly help
and pass the old boot to the leader, else leave the decision to the rule set's strategy; each fish a seat
holds adds to its value (``data/value.toml``)."""

from __future__ import annotations

import random as _random
from typing import cast

from siedler.bots.knowledge import Knowledge
from siedler.core.actions import Action
from siedler.core.data import load_data
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.bot.greedy import _missing, _robbed, _target
from siedler.games.catan.state import MAIN

from .component import Fishermen
from .tokens import fish_in

WEIGHTS = load_data("siedler.games.fishermen", "data/value.toml")


def _cheapest(options: list[Action]) -> Action:
    """Among ways to pay for the same thing, the one handing in the fewest fish."""
    return min(options, key=lambda a: (a[3][0] + 2 * a[3][1] + 3 * a[3][2], str(a)))


def fishermen_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(CatanGame, game)
    if g.phase != MAIN:
        return None
    legal = g.legal_actions()
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
    return None


def fish_features(game: Game, seat: int) -> dict[str, float]:
    """The fish on the seat's tokens, the feature the Fishermen add."""
    fishermen = next(c for c in game.components if isinstance(c, Fishermen))
    return {"fish": float(fish_in(fishermen.held_tokens(seat)))}


def fish_value(game: Game, seat: int) -> float:
    """What the fish on the seat's tokens add to the rule set's value."""
    return float(WEIGHTS["fishermen"]["fish"] * fish_features(game, seat)["fish"])


KNOWLEDGE = Knowledge(strategy=fishermen_strategy, value=fish_value, features=fish_features)
