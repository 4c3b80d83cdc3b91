"""The Ray backend plays the same games as the local one: identical Parquet rows for the same experiment.

A local Ray instance is started for the test (one CPU, no dashboard); it takes some seconds to start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.sim.results import read_results

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_ray_and_local_rows_are_identical(local_ray: None, experiment_file: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    local, remote = tmp_path / "local.parquet", tmp_path / "ray.parquet"
    args = ["experiment", str(experiment_file), "--games", "3"]
    assert runner.invoke(app, [*args, "--out", str(local)]).exit_code == 0
    result = runner.invoke(app, [*args, "--out", str(remote), "--backend", "ray"])
    assert result.exit_code == 0, result.output
    local_rows, ray_rows = read_results(local)[1], read_results(remote)[1]
    assert len(ray_rows) == 6 and ray_rows == local_rows


def test_until_decided_on_ray_plays_the_local_rounds_rows(
    local_ray: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rounds on Ray: the same arms stop after the same rounds, with the same rows, as with local workers."""
    from siedler.sim import rounds

    from .test_until_decided import EXPERIMENT

    monkeypatch.setattr(rounds, "FIRST_LOOK", 20)
    path = tmp_path / "cities.toml"
    path.write_text(EXPERIMENT.replace("games = 120", "games = 60"), encoding="utf-8")
    runner = CliRunner()
    local, remote = tmp_path / "local.parquet", tmp_path / "ray.parquet"
    args = ["experiment", str(path), "--until", "decided"]
    assert runner.invoke(app, [*args, "--out", str(local)]).exit_code == 0
    result = runner.invoke(app, [*args, "--out", str(remote), "--backend", "ray"])
    assert result.exit_code == 0, result.output
    local_rows, ray_rows = read_results(local)[1], read_results(remote)[1]
    assert ray_rows == local_rows
    assert sum(1 for r in ray_rows if r["arm"] == "never a city") == 40  # stopped at the second look
