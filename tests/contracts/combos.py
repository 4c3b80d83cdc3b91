"""Every registered rule set with every combination of its family's extensions, for the contract tests."""

from __future__ import annotations

import itertools
import random
from typing import Any

import siedler
from siedler.core.game import Game
from siedler.core.registry import extensions


def configurations() -> list[tuple[str, str, dict[str, Any]]]:
    """(id, rule set, options): each rule set alone and with each allowed set of extensions."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for rs in siedler.rulesets():
        names = [e.name for e in extensions(rs.family)] if rs.family else []
        excludes = {e.name: set(e.excludes) for e in extensions(rs.family)} if rs.family else {}
        for n in range(len(names) + 1):
            for combo in itertools.combinations(names, n):
                if any(excludes[a] & set(combo) for a in combo):
                    continue
                options: dict[str, Any] = {name: name in combo for name in names}
                out.append(("-".join((rs.name, *combo)), rs.name, options))
    return out


CONFIGURATIONS = configurations()
IDS = [c[0] for c in CONFIGURATIONS]


def start(ruleset: str, options: dict[str, Any], seed: int, log: bool = True) -> Game:
    """A game with the rule set's fewest players (the quickest to play through)."""
    players = siedler.get_ruleset(ruleset).min_players
    return siedler.new_game(ruleset, players=players, seed=seed, options=options, log=log)


def play(game: Game, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal actions."""
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
