"""A third-party rule set (Pig, in ``tests/plugin_ruleset``) installed as a package is found through the
documented entry point and works with every tool: random play, replay, copies, states and pickling.

The package is the walkthrough of ``docs/api.md`` ("Write your own rule set"): each file the walkthrough
shows must be exactly the package's file, so the docs cannot drift from code that works.
"""

from __future__ import annotations

import pickle
import random
import re
from importlib.metadata import entry_points
from pathlib import Path

import siedler
from siedler.core.errors import IllegalAction

ROOT = Path(__file__).parents[2]


def test_pig_is_declared_in_the_documented_group_and_discovered() -> None:
    assert "pig" in {ep.name for ep in entry_points(group="siedler.rulesets")}
    rs = siedler.get_ruleset("pig")
    assert rs.game_class.__module__ == "siedler_pig.game"
    assert "pig" in {r.name for r in siedler.rulesets()}


def test_a_random_game_of_pig_replays_copies_and_pickles() -> None:
    rng = random.Random(1)
    game = siedler.new_game("pig", players=3, seed=1, options={"target": 30})
    copies = []
    while not game.is_over:
        if game.num_actions % 5 == 0:
            copies.append((game.copy(), game.state()))
        game.apply(rng.choice(game.legal_actions()))
    assert game.winner is not None and max(game.scores()) == game.scores()[game.winner] >= 30
    assert siedler.replay(game.record()).state() == game.state()
    for twin, state in copies:
        assert twin.state() == state  # playing the original on left its copies alone
    again = pickle.loads(pickle.dumps(game))
    assert again.state() == game.state() and again.events() == game.events()
    assert game.events(lang="en")[-1]["text"].endswith(f"wins with {max(game.scores())} points")


def test_pig_refuses_with_reasons() -> None:
    game = siedler.new_game("pig", players=2, seed=2)
    assert game.why_illegal("hold") == "hold is not legal now: roll at least once first"
    assert game.why_illegal("jump") == "unknown action 'jump' in 'jump'"
    assert game.why_illegal("") == "empty action text"
    try:
        game.apply("hold")
    except IllegalAction as exc:
        assert "roll at least once" in str(exc)
    else:
        raise AssertionError("hold before any roll was accepted")


def test_the_walkthrough_shows_the_package_literally() -> None:
    docs = (ROOT / "docs" / "api.md").read_text()
    section = docs.split("\n## Write your own rule set\n", 1)[1].split("\n## ", 1)[0]
    shown = re.findall(r"^`(tests/plugin_ruleset/[^`]+)`:\n\n```[a-z]*\n(.*?)^```$", section, re.M | re.S)
    assert {path for path, _ in shown} == {
        "tests/plugin_ruleset/pyproject.toml",
        "tests/plugin_ruleset/src/siedler_pig/__init__.py",
        "tests/plugin_ruleset/src/siedler_pig/game.py",
    }
    for path, text in shown:
        assert text == (ROOT / path).read_text(), f"docs/api.md shows {path} differently"
