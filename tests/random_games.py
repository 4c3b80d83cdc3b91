"""Games played on by seeded random legal moves: the positions many tests start from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import siedler
from siedler.core.game import Game
from siedler.core.registry import get_ruleset
from siedler.howto import play_on


def played(
    ruleset: str, seed: int, moves: int, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Game:
    """``ruleset``'s game of ``seed`` (``players``: the rule set's fewest unless given) after ``moves``
    legal moves drawn by ``random.Random(seed)``, or fewer where it ends first."""
    count = players if players is not None else get_ruleset(ruleset).min_players
    return play_on(siedler.new_game(ruleset, players=count, seed=seed, options=dict(options or {})), moves, seed)
