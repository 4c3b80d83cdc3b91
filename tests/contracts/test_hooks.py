"""The hook contract: every hook of the table in ``docs/api.md`` exists, and every override of a chaining
hook, in every class of every registered rule set and combination of extensions, calls ``super()``.

A chaining hook that forgets ``super()`` silently drops what another extension adds (its actions, its
points, its part of the state), which no single-extension test notices.
"""

from __future__ import annotations

import ast
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from siedler.core.game import Game
from siedler.core.registry import game_class, get_ruleset

from .combos import CONFIGURATIONS, IDS
from .hooks import GAME_WORKS, HOOKS

API = Path(__file__).parents[2] / "docs" / "api.md"


def _hook_table() -> dict[str, str]:
    """hook -> its "chains" cell, from the ``## Hooks`` section of docs/api.md."""
    section = API.read_text().split("\n## Hooks\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)\(.*?\| ([a-z]+) \|$", section, re.M)
    return dict(rows)


def test_the_docs_table_is_the_contract_checked_here() -> None:
    table = _hook_table()
    assert set(table) == set(HOOKS)
    for name, (_, chains) in HOOKS.items():
        assert table[name] == ("yes" if chains else "no"), name


@pytest.mark.parametrize("name", sorted(HOOKS))
def test_every_hook_exists_where_the_table_says(name: str) -> None:
    owner, _ = HOOKS[name]
    assert name in vars(owner) or any(name in vars(k) for k in owner.__mro__ if issubclass(k, Game))


@cache
def _methods_calling_super(module: str) -> frozenset[tuple[str, str]]:
    """``(class, method)`` for every method of ``module`` whose source names ``super``, read from the ``.py``
    file: a compiled method (mypyc) has no ``__code__``, but its source is installed beside it."""
    built = Path(sys.modules[module].__file__ or "")
    package = built.name.startswith("__init__.")
    path = built.with_name("__init__.py" if package else module.rsplit(".", 1)[-1] + ".py")
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and any(
                    isinstance(n, ast.Name) and n.id == "super" for n in ast.walk(item)
                ):
                    found.add((node.name, item.name))
    return frozenset(found)


def _calls_super(k: type, name: str) -> bool:
    code = getattr(vars(k)[name], "__code__", None)
    if code is not None:
        return "super" in code.co_names
    return (k.__name__, name) in _methods_calling_super(k.__module__)


def _chain_breakers(cls: type) -> list[str]:
    broken = []
    for name, (owner, chains) in HOOKS.items():
        if not chains or not issubclass(cls, owner):
            continue
        # Game's defaults are mostly placeholders that a rule set replaces; the deepest other definition
        # is then the rule set's own (or the family's declaration) and has nothing to chain to; all above
        # it chain. Game's own work (``_copy_into``, ``_finish``) is chained to by every override.
        defining = [k for k in cls.__mro__ if name in vars(k) and k is not Game]
        checked = defining if name in GAME_WORKS else defining[:-1]
        for k in checked:
            if not _calls_super(k, name):
                broken.append(f"{k.__qualname__}.{name}")
    return broken


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
def test_overrides_of_chaining_hooks_call_super(name: str, ruleset: str, options: dict[str, Any]) -> None:
    cls = game_class(get_ruleset(ruleset), options)
    assert _chain_breakers(cls) == []


def test_the_check_catches_an_override_that_forgets_super() -> None:
    base = game_class(get_ruleset("base"), {})

    class Forgetful(base):  # type: ignore[valid-type,misc]
        def _legal_extra(self, seat: int, acts: list[Any]) -> None:
            acts.append(None)

    assert [b.rsplit(".", 2)[-2:] for b in _chain_breakers(Forgetful)] == [["Forgetful", "_legal_extra"]]


def test_the_check_reads_compiled_methods_from_their_source() -> None:
    """Compiled methods have no ``__code__``: their source decides, and both answers are possible."""
    from siedler.games.catan.game import CatanGame
    from siedler.games.catan.state import CatanState

    assert _calls_super(CatanGame, "_finish") and not _calls_super(CatanState, "_legal_extra")
    assert ("CatanGame", "_finish") in _methods_calling_super(CatanGame.__module__)
    assert ("CatanState", "_legal_extra") not in _methods_calling_super(CatanState.__module__)


def test_the_check_catches_a_copy_that_forgets_the_core() -> None:
    base = game_class(get_ruleset("base"), {})

    class Forgetful(base):  # type: ignore[valid-type,misc]
        def _copy_into(self, new: Any) -> None:
            new.extra = 1

    assert [b.rsplit(".", 2)[-2:] for b in _chain_breakers(Forgetful)] == [["Forgetful", "_copy_into"]]
