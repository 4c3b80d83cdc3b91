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
