"""The one data loader: its ``extends`` merge rule and the errors a designer sees for a bad data file."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from siedler.core.data import DataError, load_data, number, table
from siedler.games.catan.rules import rules_from

_names = itertools.count()


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """A fresh importable package for data files (fresh each time: the loader caches by package and name)."""
    name = f"siedler_data_fixture_{next(_names)}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name, folder


BASE = """
title = "base"
[costs]
road = { wood = 1, brick = 1 }
city = { grain = 2, ore = 3 }
[map]
radius = 2
[map.beginner]
a = 1
b = 2
"""

VARIANT = """
extends = "base.toml"
title = "variant"
[costs]
city = { grain = 3 }
[map.beginner]
a = 5
"""


def test_top_level_tables_merge_key_by_key_and_everything_else_is_replaced(package: tuple[str, Path]) -> None:
    name, folder = package
    (folder / "base.toml").write_text(BASE)
    (folder / "variant.toml").write_text(VARIANT)
    d = load_data(name, "variant.toml")
    assert d["title"] == "variant" and "extends" not in d
    # [costs] merges key by key, but one cost is replaced whole: the city costs no ore any more.
    assert d["costs"] == {"road": {"wood": 1, "brick": 1}, "city": {"grain": 3}}
    # [map.beginner] is a table inside a table, so it too is replaced whole, while [map]'s radius stays.
    assert d["map"] == {"radius": 2, "beginner": {"a": 5}}
    assert load_data(name, "base.toml")["costs"]["city"] == {"grain": 2, "ore": 3}


def test_a_file_extends_one_of_another_package(package: tuple[str, Path]) -> None:
    """A rule set's package extends the family's file: ``extends = "package:path"``."""
    name, folder = package
    (folder / "mine.toml").write_text('extends = "siedler.games.catan:data/base.toml"\n[costs]\ncity = { grain = 3 }\n')
    d, base = load_data(name, "mine.toml"), load_data("siedler.games.catan", "data/base.toml")
    assert d["costs"]["city"] == {"grain": 3} and d["costs"]["road"] == base["costs"]["road"]
    assert d["map"] == base["map"] and "extends" not in d
    (folder / "lost.toml").write_text('extends = "siedler.games.catan:data/gone.toml"\n')
    with pytest.raises(DataError, match=r"siedler\.games\.catan/data/gone\.toml: no such data file"):
        load_data(name, "lost.toml")


def test_a_missing_file_and_a_missing_parent_are_named(package: tuple[str, Path]) -> None:
    name, folder = package
    with pytest.raises(DataError, match=rf"{name}/nowhere\.toml: no such data file"):
        load_data(name, "nowhere.toml")
    (folder / "orphan.toml").write_text('extends = "gone.toml"\n')
    with pytest.raises(DataError, match=r"gone\.toml: no such data file"):
        load_data(name, "orphan.toml")


def test_a_file_that_extends_itself_or_is_not_toml_is_refused(package: tuple[str, Path]) -> None:
    name, folder = package
    (folder / "loop.toml").write_text('extends = "loop.toml"\n')
    with pytest.raises(DataError, match="extends itself"):
        load_data(name, "loop.toml")
    (folder / "broken.toml").write_text("[costs\n")
    with pytest.raises(DataError, match=r"broken\.toml: not valid TOML"):
        load_data(name, "broken.toml")


def test_a_bad_value_names_its_file_and_key() -> None:
    d = {"costs": {"road": {"wood": -1}}, "bank": {"per_resource": "many"}}
    with pytest.raises(DataError, match=r"x\.toml: bank\.per_resource must be a whole number .* 'many'"):
        number(d, "bank.per_resource", "x.toml")
    with pytest.raises(DataError, match=r"x\.toml: missing pieces\.road"):
        number(d, "pieces.road", "x.toml")
    with pytest.raises(DataError, match=r"x\.toml: bank\.per_resource must be a table"):
        table(d, "bank.per_resource", "x.toml")
    assert number(d, "pieces.road", "x.toml", 15) == 15


def test_the_shipped_variant_changes_only_what_it_lists() -> None:
    base, realms = rules_from("base.toml"), rules_from("resource-realms.toml", "siedler.games.resource_realms")
    assert realms.city_cost == (0, 0, 0, 3, 2) and realms.deck == (14, 6, 2, 2, 1)
    assert (realms.road_cost, realms.map, realms.max_roads) == (base.road_cost, base.map, base.max_roads)
