"""Which build of the engine runs: compiled with mypyc, or pure Python.

``COMPILED_MODULES`` is the one list of modules that ``setup.py`` compiles: each package declares its own in
a ``compiled.toml`` beside its modules (``modules = ["game", ...]``, ``"__init__"`` for the package itself),
so that adding a rule set never touches this file, and the running package can check its own modules
against them. This module must import nothing from ``siedler``: ``setup.py`` runs it on its own to read the
list (see ``docs/build.md``).
"""

from __future__ import annotations

import importlib
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: Where the ``siedler`` package lies: the source tree for ``setup.py``, the installed package at run time.
ROOT = Path(__file__).parent


def compiled_modules(root: Path = ROOT) -> tuple[str, ...]:
    """The modules every package under ``root`` declares in its ``compiled.toml``, sorted."""
    found = []
    for listing in root.rglob("compiled.toml"):
        package = ".".join((root.name, *listing.parent.relative_to(root).parts))
        for name in tomllib.loads(listing.read_text("utf-8"))["modules"]:
            found.append(package if name == "__init__" else f"{package}.{name}")
    return tuple(sorted(found))


#: Compiled by mypyc when a C compiler is present; each must pass the whole test suite compiled.
COMPILED_MODULES: tuple[str, ...] = compiled_modules()

COMPILED = "compiled (mypyc)"
PURE = "pure Python"


def is_compiled(module: str) -> bool:
    """Whether ``module`` was loaded from a C extension rather than from its ``.py`` file."""
    path = getattr(importlib.import_module(module), "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def build_info() -> str:
    """``compiled (mypyc)`` or ``pure Python``; a mix means an install went wrong, and says how far."""
    compiled = sum(is_compiled(m) for m in COMPILED_MODULES)
    if compiled == len(COMPILED_MODULES):
        return COMPILED
    if compiled == 0:
        return PURE
    return f"partly compiled ({compiled} of {len(COMPILED_MODULES)} modules): reinstall"
