"""siedler.envs sits beside sim and server: it uses core, the rule sets and the bots, and nothing below it
imports it (so ``import siedler`` never needs gymnasium or pettingzoo)."""

from __future__ import annotations

import ast
from pathlib import Path

import siedler

SRC = Path(siedler.__file__).parent
BELOW = ("core", "games", "bots")
ALLOWED = ("siedler.core", "siedler.games", "siedler.bots", "siedler.envs", "siedler.build")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_nothing_below_imports_the_environments() -> None:
    for layer in BELOW:
        for path in (SRC / layer).rglob("*.py"):
            assert not any(m.startswith("siedler.envs") for m in _imports(path)), path


def test_the_environments_use_only_the_layers_below() -> None:
    for path in (SRC / "envs").rglob("*.py"):
        ours = {m for m in _imports(path) if m.startswith("siedler.")}
        assert all(m.startswith(ALLOWED) for m in ours), (path, ours)
