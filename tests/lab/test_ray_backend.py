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


class _Aborting:
    """Ray as a cluster's client server answers while it cannot start a driver's server: ``init`` aborts
    the connection ``aborts`` times, then connects."""

    def __init__(self, aborts: int) -> None:
        self.aborts = aborts
        self.tries = 0
        self.connected = False

    def is_initialized(self) -> bool:
        return self.connected

    def init(self, **_: object) -> None:
        self.tries += 1
        if self.tries <= self.aborts:
            raise ConnectionAbortedError("Initialization failure from server: Starting Ray client server failed")
        self.connected = True

    def shutdown(self) -> None:
        self.connected = False


@pytest.mark.parametrize("aborts", [0, 1, 2, 3])
def test_an_aborted_connection_is_tried_again_and_a_lasting_one_says_so(
    aborts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from siedler.core.errors import OptionError
    from siedler.sim import ray_backend

    fake = _Aborting(aborts)
    monkeypatch.setattr(ray_backend, "_ray", lambda: fake)
    monkeypatch.setattr(ray_backend, "CONNECT_PAUSE_S", 0.0)
    address = "ray://127.0.0.1:10001"
    if aborts < ray_backend.CONNECT_TRIES:
        with ray_backend.ray_session(address) as session:
            assert session is fake and fake.connected
        assert not fake.connected and fake.tries == aborts + 1
    else:
        refused = f"cannot start or reach Ray at {address}: Initialization failure"
        with pytest.raises(OptionError, match=refused), ray_backend.ray_session(address):
            pass
        assert fake.tries == ray_backend.CONNECT_TRIES
