"""Every target a rule set names for a legal action is something its view draws (docs/protocol.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from siedler.core.registry import new_game, rulesets


def drawn_targets(view: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    board = view.get("board")
    if board:
        names |= {f"node:{i}" for i in range(len(board["nodes"]))}
        names |= {f"edge:{a}-{b}" for a, b in board["edges"]}
        names |= {f"hex:{h['id']}" for h in board["hexes"]}
    you = view.get("you") or {}
    if isinstance(you.get("hand"), list):
        names |= {f"card:{card}" for card in you["hand"]}
    if isinstance(view.get("supply"), dict):
        names |= {f"pile:{card}" for card in view["supply"]}
    names |= {p["target"] for p in view.get("pieces", []) if isinstance(p, dict) and p.get("target")}
    soldiers = view.get("soldiers")
    if soldiers is not None:  # the phase strip's buttons; the combat panel's, while a battle is on
        names |= {"phase:movement", "phase:combat", "phase:end"}
        if soldiers.get("battle"):
            names |= {f"battle:{name}" for name in ("continue", "stop", "resist", "capitulate", "conquer", "raze")}
            names |= {f"battle:ally:{seat}" for seat in range(len(view.get("players", [])))} | {"battle:neutral"}
    return names


# Third-party rule sets (the walkthrough's Pig) may offer every action in a menu and name no target.
@pytest.mark.parametrize(
    "ruleset", [r.name for r in rulesets() if r.game_class.__module__.startswith("siedler.games.")]
)
def test_targets_of_legal_actions_are_drawn_by_the_view(ruleset: str) -> None:
    spec = next(r for r in rulesets() if r.name == ruleset)
    rng = random.Random(3)
    game = new_game(ruleset, players=spec.min_players, seed=3)
    pointed = 0
    for _ in range(400):
        if game.is_over:
            break
        seat = game.to_act
        drawn = drawn_targets(game.view(seat))
        for action in game.legal_actions():
            target = game.action_target(action)
            assert target == game.action_target(action)  # a function of the action alone
            if target is not None:
                assert target in drawn, (ruleset, str(action), target)
                pointed += 1
        game.apply(rng.choice(game.legal_actions()))
    assert pointed > 0
