"""The two builds (docs/build.md): the compiled engine plays exactly the games pure Python plays.

Each build's interpreter computes the fingerprints of ``tests/contracts`` (every rule set and the extensions
combined, fixed seeds; actions, states along the way, every seat's events, views, words in both languages),
and the two must be equal. The pure build is ``.venv``, the compiled one ``.venv-compiled`` (``make compiled``
builds it). Locally a missing or uncompiled ``.venv-compiled`` skips the comparison; in CI (``CI=1``), where
``make test`` builds both, it fails instead, because a silent fallback there would leave the compiled build
untested.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import siedler
from siedler.build import COMPILED, PURE, build_info
from siedler.cli.main import app
from siedler.sim.bench import machine

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = (
    "import json; from siedler.build import build_info; from tests.contracts.fingerprint import all_fingerprints; "
    "print(json.dumps({'build': build_info(), 'fingerprints': all_fingerprints()}))"
)


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must test the compiled build)")
    pytest.skip(reason)


def _start(venv: str) -> subprocess.Popen[str]:
    """Started, not waited for, so that both builds compute at once."""
    python = ROOT / venv / "bin" / "python"
    if not python.exists():
        _missing(f"{venv} is missing: `make compiled` builds it")
    return subprocess.Popen([str(python), "-c", SCRIPT], cwd=ROOT, stdout=subprocess.PIPE, text=True)


def _result(venv: str, process: subprocess.Popen[str]) -> dict[str, Any]:
    out, _ = process.communicate(timeout=600)
    assert process.returncode == 0, f"{venv}: computing the fingerprints failed"
    result: dict[str, Any] = json.loads(out)
    return result


def test_compiled_and_pure_builds_play_identical_games() -> None:
    compiled_run, pure_run = _start(".venv-compiled"), _start(".venv")
    compiled, pure = _result(".venv-compiled", compiled_run), _result(".venv", pure_run)
    assert pure["build"] == PURE
    if compiled["build"] != COMPILED:
        _missing(f".venv-compiled runs {compiled['build']}: see .venv-compiled/build.log")
    assert compiled["fingerprints"] == pure["fingerprints"]


def test_version_and_bench_name_the_build() -> None:
    assert build_info() in (COMPILED, PURE)
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"siedler {siedler.__version__}, {build_info()}\n"
    assert machine()["build"] == build_info()
