"""Every rule set's numbers come from TOML data files through this one loader.

A data file may name another file that it changes: ``extends = "base.toml"`` (of the same folder), or
``extends = "package:path"`` (of another package, such as ``"siedler.games.catan:data/base.toml"``, the
family's file a rule set's own package extends). The merge rule, the same for every rule set: **each
top-level table of the variant is merged key by key into the parent's table of the same name; every other
value replaces the parent's whole**, including a table inside a table (one cost, ``[map.beginner]``), a list
and a number. So a variant that changes the city's cost writes
the whole new cost, never a difference to be mixed with the base cost, and a designer reads one level of
merging only.

The loader knows nothing of a rule set's meaning: each rule set turns the tables into its typed rules (frozen
dataclasses), and uses :func:`number` and :func:`table` so that a bad value names its file and key.
"""

from __future__ import annotations

import posixpath
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources as importlib_resources
from typing import Any

from .errors import OptionError


class DataError(OptionError):
    """A data file that is missing, is not TOML, or holds a value the rule set cannot play."""


@cache
def load_data(package: str, name: str) -> dict[str, Any]:
    """The tables of data file ``name`` (a path like ``"data/base.toml"``) in ``package``, its ``extends``
    chain merged (see the module).

    The result is shared between callers (each file is read once): read it, never change it.
    """
    return _load(package, name, ())


def _load(package: str, name: str, seen: tuple[str, ...]) -> dict[str, Any]:
    where = f"{package}:{name}"
    if where in seen:
        raise DataError(f"{package}/{name}: extends itself through {' -> '.join(seen)}")
    data = _read(package, name)
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise DataError(f"{package}/{name}: extends must name a file, not {parent!r}")
    if ":" in parent:
        parent_package, parent_name = parent.split(":", 1)
    else:
        parent_package, parent_name = package, posixpath.join(posixpath.dirname(name), parent)
    merged = dict(_load(parent_package, parent_name, (*seen, where)))
    for key, value in data.items():
        old = merged.get(key)
        merged[key] = {**old, **value} if isinstance(value, dict) and isinstance(old, dict) else value
    return merged


def _read(package: str, name: str) -> dict[str, Any]:
    try:
        text = importlib_resources.files(package).joinpath(*name.split("/")).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        raise DataError(f"{package}/{name}: no such data file") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{package}/{name}: not valid TOML: {exc}") from None


def table(data: Mapping[str, Any], key: str, source: str) -> dict[str, Any]:
    """The table at dotted ``key`` (``"costs.road"``); ``source`` names the file in the error."""
    value = _at(data, key, source)
    if not isinstance(value, dict):
        raise DataError(f"{source}: {key} must be a table, not {value!r}")
    return value


def number(data: Mapping[str, Any], key: str, source: str, default: int | None = None) -> int:
    """The whole number at dotted ``key``, at least 0; ``default`` when the key is absent and a default given."""
    value = _at(data, key, source, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DataError(f"{source}: {key} must be a whole number of at least 0, not {value!r}")
    return value


def _at(data: Mapping[str, Any], key: str, source: str, default: Any = None) -> Any:
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            if default is not None:
                return default
            raise DataError(f"{source}: missing {key}")
        value = value[part]
    return value
