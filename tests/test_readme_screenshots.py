"""The README shows every shipped rule set's table at a laptop's and a phone's size, and the pictures it
links are in docs/screenshots/ (made by scripts/table_screenshots.py, which covers the same rule sets)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from siedler.core.registry import rulesets

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [rs.name for rs in rulesets() if rs.game_class.__module__.startswith("siedler.")]


def _script_games() -> dict[str, object]:
    spec = importlib.util.spec_from_file_location("table_screenshots", ROOT / "scripts" / "table_screenshots.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    pytest.importorskip("playwright")  # the script drives a browser; its list is all this test reads
    spec.loader.exec_module(module)
    return dict(module.GAMES)


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_the_readme_shows_each_rule_sets_table_on_a_laptop_and_a_phone(ruleset: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for size in ("laptop", "phone"):
        picture = f"docs/screenshots/table-{ruleset}-{size}.png"
        assert f"({picture})" in readme, f"the README does not link {picture}"
        assert (ROOT / picture).stat().st_size > 10_000, f"{picture} is missing or empty"


def test_the_screenshot_script_makes_every_rule_sets_pictures() -> None:
    assert set(_script_games()) == set(SHIPPED)
