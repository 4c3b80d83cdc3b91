"""The Ray backend on a cluster started the way a designer starts one: ``ray start --head`` and a second
``ray start --address=...`` node, each its own process, and the experiment run by ``siedler experiment
--backend ray --address ray://...`` as a client, in a process of its own.

Its rows equal the local backend's, and Ctrl-C (a real SIGINT, as a terminal sends to its foreground
process group) keeps every game that came back: the rows on disk are the first games in job order, with no
gap, and ``--resume`` completes them to the uninterrupted run's. Both nodes and everything they started
are stopped at the end (``--block`` makes each ``ray start`` own its node's processes; what outlives it is
found by the node's temporary folder and ended by its process id).

Skipped only where Ray or its client is not installed (``ray[client]`` is in the ``dev`` extra); on two
busy cores the whole test takes 20 to 100 seconds, most of it starting the nodes and the client.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, suppress
from pathlib import Path

import pytest
from typer.testing import CliRunner

from siedler.cli.experiment import INTERRUPTED
from siedler.cli.main import app
from siedler.sim.experiment import jobs, load_experiment
from siedler.sim.results import read_results

pytest.importorskip("ray", reason="Ray is not installed: pip install 'siedler[ray]' (the dev extra has it)")
pytest.importorskip("grpc", reason="Ray's client needs gRPC: pip install 'ray[client]' (siedler[ray] has it)")

#: Each node's shared-memory object store: the rows are small, and two default stores would take 60% of RAM.
OBJECT_STORE = 80 * 1024 * 1024
#: How long the cluster may take to come up, and a run on it to end.
START_S = 90
#: How many times the cluster is started before the test gives up on it.
STARTS = 2
#: A few games per arm, so that the run is still going when it is interrupted (games of the random bot).
EXPERIMENT = """
name = "on a cluster"
ruleset = "base"
seats = ["greedy", "random", "random"]
games = 30
seed = 7
[options]
turn_limit = 60
[[arms]]
name = "base"
[[arms]]
name = "harbormaster"
options = { harbormaster = true }
"""
#: ``siedler experiment`` as a designer runs it, but that it says on stdout each row it has taken (Ctrl-C
#: may fall between taking and telling: a row taken is told or not) and keeps every row in memory until it
#: stops: so the rows on disk after Ctrl-C are all written by its handler. With ``ROW_PAUSE`` (seconds) it
#: waits after each row it tells, so that the run to be interrupted is still taking rows when Ctrl-C comes
#: (the games are quick: on an idle cluster all of them came back before the signal did). Ctrl-C is handled
#: as at a terminal even where the tests run in a background job, which starts with SIGINT ignored.
DRIVER = """
import os, signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal, whatever this test inherited
from siedler.sim import results
from siedler.cli.main import app
results.BATCH_ROWS, results.BATCH_SECONDS = 10**9, 1e9
add = results.ResultsStore.add
def told(store, row):
    add(store, row)
    print("row", row["arm_index"], row["game"], flush=True)
    time.sleep(float(os.environ.get("ROW_PAUSE", "0")))
results.ResultsStore.add = told
sys.argv[0] = "siedler"
app()
"""
#: Rows that come back before Ctrl-C is pressed.
BEFORE_CTRL_C = 6


def _free_ports(n: int) -> list[int]:
    """``n`` ports free on the loopback now (the kernel's ephemeral range, away from Ray's worker ports)."""
    with ExitStack() as stack:
        sockets = [stack.enter_context(socket.socket()) for _ in range(n)]
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]


def _env(folder: Path) -> dict[str, str]:
    """The environment of every Ray process of the test: its own home and temporary folder, so that nothing
    of another Ray on the machine (an authentication token in ``~/.ray``) is read, and no token asked."""
    return {**os.environ, "HOME": str(folder), "TMPDIR": str(folder), "RAY_AUTH_MODE": "disabled"}


def _ray_start(folder: Path, log: Path, *args: str) -> subprocess.Popen[bytes]:
    """``ray start ... --block`` in a session of its own: stopping it stops its node."""
    ray = Path(sys.executable).with_name("ray")
    command = [str(ray), "start", "--block", "--node-ip-address=127.0.0.1", "--disable-usage-stats", *args]
    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=_env(folder))


def _processes_under(folder: Path) -> list[int]:
    """Processes whose command line names ``folder``: every process a node started names its session's."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if str(folder).encode() in command:
                found.append(int(entry.name))
    return found


def _stop(node: subprocess.Popen[bytes]) -> None:
    if node.poll() is None:
        node.send_signal(signal.SIGTERM)
        try:
            node.wait(timeout=20)
        except subprocess.TimeoutExpired:
            node.kill()
            node.wait()


def _end(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, sig)


class _NoCluster(Exception):
    """The nodes did not come up: the message says how, with the logs."""


def _wait_for_nodes(address: str, nodes: list[subprocess.Popen[bytes]], logs: list[Path], folder: Path) -> None:
    """Until the client sees two nodes (the head and the second), or a node gives up."""
    probe = (
        "import ray, sys; ray.init(sys.argv[1], logging_level='ERROR'); "
        "print(sum(1 for n in ray.nodes() if n['Alive']))"
    )
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        for node, log in zip(nodes, logs, strict=True):
            if node.poll() is not None:
                raise _NoCluster(f"a Ray node stopped while starting:\n{log.read_text(errors='replace')[-3000:]}")
        command = [sys.executable, "-c", probe, address]
        try:
            seen = subprocess.run(command, capture_output=True, text=True, timeout=START_S, env=_env(folder))
        except subprocess.TimeoutExpired:
            break
        if seen.stdout.strip() == "2":
            return
        time.sleep(1)
    logs_read = "\n".join(f"{log.name}:\n{log.read_text(errors='replace')[-1500:]}" for log in logs if log.exists())
    raise _NoCluster(f"the Ray cluster did not come up with two nodes in {START_S} s\n{logs_read}")


def _start_cluster(folder: Path, nodes: list[subprocess.Popen[bytes]]) -> str:
    """A head node with a client server and a second node, their processes added to ``nodes``: the
    client's address once the client sees both, else ``_NoCluster``."""
    gcs, client, dashboard, agent_a, agent_b, metrics_a, metrics_b = _free_ports(7)
    common = [f"--object-store-memory={OBJECT_STORE}", "--num-cpus=1"]
    logs = [folder / "head.log", folder / "second.log"]
    nodes.append(
        _ray_start(
            folder,
            logs[0],
            "--head",
            f"--port={gcs}",
            f"--ray-client-server-port={client}",
            "--include-dashboard=false",
            f"--dashboard-port={dashboard}",
            f"--dashboard-agent-listen-port={agent_a}",
            f"--metrics-export-port={metrics_a}",
            f"--temp-dir={folder / 'session'}",
            *common,
        )
    )
    nodes.append(
        _ray_start(
            folder,
            logs[1],
            f"--address=127.0.0.1:{gcs}",
            f"--dashboard-agent-listen-port={agent_b}",
            f"--metrics-export-port={metrics_b}",
            *common,
        )
    )
    address = f"ray://127.0.0.1:{client}"
    _wait_for_nodes(address, nodes, logs, folder)
    return address


def _stop_cluster(folder: Path, nodes: list[subprocess.Popen[bytes]]) -> None:
    """Both nodes and everything they started stopped, and their folder removed."""
    for node in reversed(nodes):
        _stop(node)
    _end(_processes_under(folder), signal.SIGTERM)
    time.sleep(1)
    _end(_processes_under(folder), signal.SIGKILL)
    left = _processes_under(folder)
    shutil.rmtree(folder, ignore_errors=True)
    assert not left, "Ray processes outlived the test"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A head node with a client server and a second node, on this machine, each from ``ray start``: the
    client's address. Ports are free ones, so that other Ray instances on the machine do not matter; the
    folder is a short one in /tmp (Ray's sockets live there, and a socket's path has at most 107 bytes).

    A cluster that does not come up (on two busy cores a port chosen free may be taken before Ray binds it,
    or a node outlasts Ray's own start-up timeouts) is stopped and started afresh, on new ports, up to
    ``STARTS`` times; the test fails only if every start fails, with what each one's logs said."""
    failures: list[str] = []
    for _ in range(STARTS):
        folder = Path(tempfile.mkdtemp(prefix="siedler-ray-"))
        nodes: list[subprocess.Popen[bytes]] = []
        try:
            address = _start_cluster(folder, nodes)
        except _NoCluster as exc:
            failures.append(str(exc))
            _stop_cluster(folder, nodes)
            continue
        except BaseException:
            _stop_cluster(folder, nodes)
            raise
        try:
            yield address
        finally:
            _stop_cluster(folder, nodes)
        return
    pytest.fail(f"the Ray cluster did not come up in {STARTS} starts:\n" + "\n---\n".join(failures))


def _experiment(args: list[str], cwd: Path, row_pause: float = 0) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, "experiment", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env={**_env(cwd), "ROW_PAUSE": str(row_pause)},
    )


def _finish(run: subprocess.Popen[str]) -> tuple[int, str]:
    output, _ = run.communicate(timeout=START_S * 2)
    return run.returncode, output


@pytest.fixture
def experiment_file(tmp_path: Path) -> Path:
    path = tmp_path / "cluster.toml"
    path.write_text(EXPERIMENT, encoding="utf-8")
    return path


def test_a_cluster_plays_the_local_rows_and_ctrl_c_keeps_every_game_that_came_back(
    cluster: str, experiment_file: Path, tmp_path: Path
) -> None:
    local, remote = tmp_path / "local.parquet", tmp_path / "ray.parquet"
    ray_args = ["--backend", "ray", "--address", cluster]
    # Ctrl-C mid-run: the terminal signals the driver's whole process group.
    run = _experiment([str(experiment_file), "--out", str(remote), *ray_args], tmp_path, row_pause=0.5)
    assert run.stdout is not None
    lines = [run.stdout.readline() for _ in range(BEFORE_CTRL_C)]
    assert all(line.startswith("row") for line in lines), "".join(lines) + run.stdout.read()
    os.killpg(run.pid, signal.SIGINT)
    code, output = _finish(run)
    assert code == INTERRUPTED, output
    came_back = {tuple(map(int, line.split()[1:])) for line in [*lines, *output.splitlines()] if line[:4] == "row "}
    rows = read_results(remote)[1]
    kept = {(r["arm_index"], r["game"]) for r in rows}
    assert came_back <= kept  # every game that came back
    experiment = load_experiment(experiment_file)
    order = [(job[0], job[3]) for job in jobs(experiment, experiment.configs(), set())]
    assert kept == set(order[: len(rows)]) and len(rows) < len(order)  # the first games, with no gap
    assert f"stopped: {len(rows)} of {len(order)} games" in output

    code, output = _finish(_experiment([str(experiment_file), "--out", str(remote), "--resume", *ray_args], tmp_path))
    assert code == 0, output
    assert CliRunner().invoke(app, ["experiment", str(experiment_file), "--out", str(local)]).exit_code == 0
    assert read_results(remote)[1] == read_results(local)[1]
