"""A small two-arm experiment file shared by the lab's tests: quick games (a turn limit), paired arms."""

from __future__ import annotations

from pathlib import Path

import pytest

EXPERIMENT = """
name = "ten or eleven"
ruleset = "base"
seats = ["greedy", "random", "random"]
games = 5
seed = 4
[options]
turn_limit = 150
[[arms]]
name = "base"
[[arms]]
name = "harbormaster"
options = { harbormaster = true }
"""


@pytest.fixture
def experiment_file(tmp_path: Path) -> Path:
    path = tmp_path / "exp.toml"
    path.write_text(EXPERIMENT, encoding="utf-8")
    return path
