"""``siedler learn``: samples as Parquet, a weights file the value bot plays by, clear errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from siedler.bots.learned import read_weights


def test_learn_writes_samples_and_weights_the_value_bot_plays_by(run: Any, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    weights, data = tmp_path / "w.toml", tmp_path / "rows.parquet"
    args = ("learn", "--seats", "value,greedy,greedy", "--games", "3", "--every", "40", "--seed", "1")
    result = run(*args, "--weights", str(weights), "--data", str(data))
    assert result.exit_code == 0, result.output
    assert "samples of 18 features from 3 games" in result.output and data.is_file()
    assert read_weights(str(weights))[0] == "base"
    played = run("simulate", "--seats", f"value:weights={weights},greedy,greedy", "--games", "1", "--seed", "2")
    assert played.exit_code == 0, played.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--every", "0"), "every must be at least 1"),
        (("--seats", "value"), "player"),
        (("--games", "0"), "at least 1"),
    ],
)
def test_bad_flags_are_clear_usage_errors(run: Any, tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    result = run("learn", "--weights", str(tmp_path / "w.toml"), *args)
    assert result.exit_code == 2 and message in result.output
