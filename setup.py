"""Builds siedler with its compiled engine (mypyc) where it can, and as pure Python where it cannot.

Everything else about the package is in ``pyproject.toml``; this file exists only because the extension
modules are computed at build time. The modules compiled are declared by each package in its
``compiled.toml`` and collected in one place, ``src/siedler/build.py`` (``COMPILED_MODULES``).
Falling back never fails the install: without a C compiler, with a module mypyc refuses, with
``SIEDLER_PURE=1``, or for an editable install, the package is pure Python and one line says why.
An editable install is always pure because it would build in place, and a compiled module in ``src/``
would shadow later edits of its ``.py`` file.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent


def say(reason: str) -> None:
    """The one line about a fallback; ``make`` shows it from the build log, ``pip -v`` shows it too."""
    print(f"siedler: building pure Python: {reason}", file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, or none of them: a failed compile leaves the pure-Python package."""

    def run(self) -> None:
        if self.inplace or getattr(self, "editable_mode", False):
            say("an editable install (a compiled module in src/ would shadow edits)")
            self.extensions = []
            return
        try:
            super().run()
        except Exception as exc:  # no compiler, a compiler error, a missing header: all mean pure Python
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            say(f"compiling failed ({type(exc).__name__}: {str(exc)[:100]}); is a C compiler installed?")
            self.extensions = []


def source(module: str) -> str:
    """The file of a dotted module name, relative to here: ``<name>.py``, or a package's ``__init__.py``."""
    path = Path("src", *module.split("."))
    return str(path.with_suffix(".py") if (HERE / path.with_suffix(".py")).exists() else path / "__init__.py")


def ext_modules() -> list[Any]:
    if os.environ.get("SIEDLER_PURE") == "1":
        say("SIEDLER_PURE=1")
        return []
    modules = runpy.run_path(str(HERE / "src" / "siedler" / "build.py"))["COMPILED_MODULES"]
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not installed (it ships with mypy)")
        return []
    try:
        return list(mypycify([source(m) for m in modules], opt_level="3", group_name="siedler"))
    except (Exception, SystemExit) as exc:  # mypyc exits on a module it refuses; its errors are printed above
        say(f"mypyc refused a module ({exc!r})")
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
