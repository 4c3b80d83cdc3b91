"""Every action kind is declared once (``ActionKind``) and the declaration is what the engine does.

For every rule set and every combination of Catan extensions, random games check each legal action against
its kind's spec: notation read back to the same interned object, the click target, the fields by name, and
that a kind offered in no way by the current phase is refused with the phase's task. Every declared kind
must turn up in the games unless its spec says it is not reachable by random play.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

import siedler
from siedler.core.actions import Action, ActionKind
from siedler.core.errors import IllegalAction
from siedler.core.game import Game
from siedler.core.registry import extensions
from siedler.games.catan import CatanGame
from siedler.games.deck_building import explain as deck_explain

GAMES = 6
#: Games played at most while a declared reachable kind is still unseen (rare ones, such as a discard in a
#: rule set whose random games often end early by capitulation, need more than ``GAMES``).
MAX_GAMES = 40
MAX_ACTIONS = 1500
#: Positions checked in full: every fifth keeps the test short, all positions still count for reachability.
CHECK_EVERY = 5


def _configs() -> list[tuple[str, int, dict[str, Any]]]:
    """Every rule set at its most seats, a Catan one with every combination of extensions."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for ruleset in siedler.rulesets():
        names = [e.name for e in extensions(ruleset.family)] if ruleset.family else []
        for size in range(len(names) + 1):
            for chosen in combinations(names, size):
                out.append((ruleset.name, ruleset.max_players, dict.fromkeys(chosen, True)))
    return out


CONFIGS = _configs()


def _task(game: Game, phase: str) -> str:
    """The phase's task as the refusal words it."""
    if isinstance(game, CatanGame):
        return str(game.phase_tasks[phase]).format(robber=game.robber_name())
    return str(deck_explain.PHASE_TASKS[phase])


def _check_action(game: Game, action: Action) -> None:
    spec = type(action).KINDS.by_name.get(action[0])
    assert spec is not None, f"{action!r} has no spec"
    parsed = game.parse_action(str(action))
    assert parsed == action and type(parsed) is type(action)
    # Offers are interned once per offering seat (legal generation filters them by seat); parsing returns
    # one of the equal objects, which ``apply`` accepts by equality.
    assert parsed is action or action[0] == "offer"
    expected = spec.target(action) if spec.target else None
    assert game.action_target(action) == expected
    assert len(action) <= 1 + len(spec.fields), f"{action!r} has more fields than {spec.fields}"
    for i, name in enumerate(spec.fields[: len(action) - 1]):
        assert getattr(action, name) == action[i + 1], f"{spec.name}.{name}"


def _check_refusals(game: Game, examples: dict[str, Action]) -> None:
    """Every kind the phase does not offer at all is refused with the phase's task."""
    phase = game.state()["game"].get("phase") or game.view(None)["phase"]  # the engine's (a view may rename it)
    legal = {a[0] for a in game.legal_actions()}
    for kind, example in examples.items():
        if kind in legal or kind in type(example).KINDS.in_phase(phase):
            continue
        with pytest.raises(IllegalAction) as refused:
            game.copy().apply(example)
        assert _task(game, phase) in str(refused.value)


@pytest.mark.parametrize(
    ("ruleset", "players", "options"), CONFIGS, ids=[f"{r}-{'+'.join(o) or 'plain'}" for r, _, o in CONFIGS]
)
def test_every_legal_action_matches_its_spec(ruleset: str, players: int, options: dict[str, Any]) -> None:
    seen: dict[str, Action] = {}
    declared: dict[str, ActionKind] = {}
    for seed in range(MAX_GAMES):
        unseen = {name for name, spec in declared.items() if spec.reachable and name not in seen}
        if seed >= GAMES and not unseen:
            break
        game = siedler.new_game(ruleset, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over and game.num_actions < MAX_ACTIONS:
            legal = game.legal_actions()
            for action in legal:
                assert isinstance(action, Action)
                if action[0] not in seen:
                    seen[action[0]] = action
                    declared.update(type(action).KINDS.by_name)
            if game.num_actions % CHECK_EVERY == 0:
                for action in legal:
                    _check_action(game, action)
                _check_refusals(game, seen)
            game.apply(rng.choice(legal))
    missing = {name for name, spec in declared.items() if spec.reachable and name not in seen}
    assert not missing, f"declared kinds never reached by random games: {sorted(missing)}"
