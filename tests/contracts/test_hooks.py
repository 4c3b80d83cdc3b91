"""The rule sets' hook table: every hook of the table in ``docs/api.md`` ("Hooks") exists where the table
says. (Extensions are components, whose hooks ``test_components.py`` checks.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from siedler.core.game import Game

from .hooks import HOOKS

API = Path(__file__).parents[2] / "docs" / "api.md"


def section(title: str) -> str:
    """The text of the ``## title`` section of docs/api.md."""
    return API.read_text().split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _hook_table() -> dict[str, str]:
    """hook -> its "chains" cell, from the ``## Hooks`` section of docs/api.md."""
    rows = re.findall(r"^\| `([a-z_]+)\(.*?\| ([a-z]+) \|$", section("Hooks"), re.M)
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
