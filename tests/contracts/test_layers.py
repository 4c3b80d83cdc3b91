"""Layers depend only downwards: core -> rule sets -> bots -> sim / server / envs -> command line and web.

A rule set's package holds what the upper layers know of it too, in modules of their own that only those
layers load, by the import path the rule set registers (``Ruleset.bot``, ``Ruleset.encoding``): its bot
knowledge (``bot.py``, or a ``bot/`` package, which may import ``siedler.bots``) and its observation
(``encoding.py``, which may import ``siedler.envs``). Nothing else in a rule set imports them, so importing
every rule set never imports the bots or the environments (and ``import siedler`` never needs gymnasium);
the bots and the environments name no rule set.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import siedler

SRC = Path(siedler.__file__).parent
GAMES = SRC / "games"


def _imports(path: Path) -> set[str]:
    """The absolute modules ``path`` imports, and its relative ones resolved."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = node.module if node.level == 0 else ".".join(filter(None, (base, node.module)))
            if module:
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _upper(path: Path) -> str:
    """The layer a module of a rule set's package serves: "bots", "envs" or "" (the engine)."""
    parts = (*path.relative_to(GAMES).parts, "")
    if parts[1] in ("bot.py", "bot"):
        return "bots"
    return "envs" if parts[1] == "encoding.py" else ""


def _is_upper_module(module: str) -> bool:
    parts = module.split(".")
    return module.startswith("siedler.games.") and len(parts) > 3 and parts[3] in ("bot", "encoding")


def test_a_rule_set_s_engine_imports_neither_the_bots_nor_the_environments() -> None:
    for path in GAMES.rglob("*.py"):
        layer = _upper(path)
        ours = {m for m in _imports(path) if m.startswith("siedler.")}
        allowed = {"bots": ("siedler.bots",), "envs": ("siedler.envs", "siedler.bots")}.get(layer, ())
        above = {m for m in ours if m.startswith(("siedler.bots", "siedler.envs")) and not m.startswith(allowed)}
        assert not above, (path, above)
        if not layer:
            assert not {m for m in ours if _is_upper_module(m)}, path


def test_nothing_below_imports_the_environments() -> None:
    for layer in ("core", "bots"):
        for path in (SRC / layer).rglob("*.py"):
            assert not any(m.startswith("siedler.envs") for m in _imports(path)), path


def test_the_bots_and_the_environments_name_no_rule_set() -> None:
    for layer in ("bots", "envs"):
        for path in (SRC / layer).rglob("*.py"):
            ours = {m for m in _imports(path) if m.startswith("siedler.")}
            assert all(m.startswith(("siedler.core", "siedler.bots", "siedler.envs", "siedler.build")) for m in ours), (
                path,
                ours,
            )


def test_importing_every_rule_set_loads_neither_the_bots_nor_the_environments() -> None:
    code = (
        "import sys, siedler\n"
        "for rs in siedler.rulesets(): siedler.new_game(rs.name, players=rs.min_players, seed=1)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('siedler.bots', 'siedler.envs', 'gymnasium'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
