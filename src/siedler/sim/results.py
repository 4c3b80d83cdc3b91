"""An experiment's results on disk: a Parquet dataset, one row per game, that grows as games finish.

``results.parquet`` is a folder of part files (``part-00000.parquet`` ...), each carrying the experiment it
belongs to in its metadata (``siedler.experiment``, JSON). A Parquet file cannot be appended to once
closed, so each batch of rows becomes a new part, written to a hidden temporary name (readers skip
dot-files) and renamed: a run stopped at any moment (Ctrl-C, a killed process) leaves whole parts only,
and ``--resume`` plays just the games missing. pandas (``read_parquet``), polars
(``scan_parquet("results.parquet/*.parquet")``), DuckDB and pyarrow read the folder as one table.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from siedler.core.errors import OptionError

from .experiment import Experiment, Row

EXPERIMENT_KEY = b"siedler.experiment"
PART_GLOB = "part-*.parquet"
#: Rows are written in batches of at most this many, or after this many seconds, whichever comes first.
BATCH_ROWS = 200
BATCH_SECONDS = 10.0


def _pyarrow() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise OptionError("results are Parquet files: pip install 'siedler[lab]' (pyarrow)") from None
    return pa, pq


def schema(stat_names: Sequence[str], experiment: Experiment | None = None) -> Any:
    """The columns of a results row, the rule set's statistics last (one list of per-seat values each)."""
    pa, _ = _pyarrow()
    seat_ints = pa.list_(pa.int32())
    fields = [
        ("arm", pa.string()),
        ("arm_index", pa.int32()),
        ("game", pa.int32()),
        ("seed", pa.int64()),
        ("seats", pa.list_(pa.string())),
        ("forced", pa.list_(pa.string())),
        ("outcome", pa.string()),
        ("winner", pa.int32()),
        ("winner_bot", pa.string()),
        ("scores", seat_ints),
        ("turns", pa.int32()),
        ("actions", pa.int32()),
        ("start_player", pa.int32()),
        ("points_by_turn", pa.list_(seat_ints)),
        *((f"stat_{name}", pa.list_(pa.float64())) for name in stat_names),
    ]
    metadata = {EXPERIMENT_KEY: json.dumps(experiment.to_json())} if experiment else None
    return pa.schema(fields, metadata=metadata)


class ResultsStore:
    """The results folder of one experiment: what is done already, and the writer of new rows."""

    def __init__(self, path: Path, experiment: Experiment, stat_names: Sequence[str], resume: bool) -> None:
        self.path, self.experiment = path, experiment
        self.schema = schema(stat_names, experiment)
        self.pending: list[Row] = []
        self.last_flush = time.monotonic()
        self.written = 0
        if path.exists() and not path.is_dir():
            raise OptionError(f"{path} is a file; results are a folder of Parquet parts")
        parts = sorted(path.glob(PART_GLOB))
        if parts:
            if not resume:
                raise OptionError(f"{path} holds results already: --resume continues it, or choose another --out")
            self._check_same(read_experiment(path))
        elif path.exists() and any(p for p in path.iterdir() if not p.name.startswith(".")):
            raise OptionError(f"{path} exists and is not an experiment's results folder")
        path.mkdir(parents=True, exist_ok=True)
        self.next_part = int(parts[-1].stem.split("-")[1]) + 1 if parts else 0

    def _check_same(self, saved: dict[str, Any]) -> None:
        mine = self.experiment.to_json()
        # The games may grow and the margin change: neither changes a row.
        differ = sorted(k for k in mine if k not in ("games", "margin") and saved.get(k) != mine[k])
        if differ:
            raise OptionError(f"{self.path} holds another experiment (it differs in {', '.join(differ)})")

    def done(self) -> set[tuple[int, int]]:
        """(arm index, game index) of every game already stored."""
        if not any(self.path.glob(PART_GLOB)):
            return set()
        _, pq = _pyarrow()
        table = pq.read_table(self.path, columns=["arm_index", "game"])
        return set(zip(table.column("arm_index").to_pylist(), table.column("game").to_pylist()))

    def rows(self) -> list[Row]:
        """The rows already stored, in no particular order."""
        if not any(self.path.glob(PART_GLOB)):
            return []
        _, pq = _pyarrow()
        found: list[Row] = pq.read_table(self.path).to_pylist()
        return found

    def add(self, row: Row) -> None:
        self.pending.append(row)
        if len(self.pending) >= BATCH_ROWS or time.monotonic() - self.last_flush >= BATCH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the pending rows as a new part: under a temporary name first, so a part is whole or absent."""
        self.last_flush = time.monotonic()
        if not self.pending:
            return
        pa, pq = _pyarrow()
        table = pa.Table.from_pylist(self.pending, schema=self.schema)
        final = self.path / f"part-{self.next_part:05d}.parquet"
        temporary = final.with_name(f".{final.name}.tmp")
        pq.write_table(table, temporary)
        os.replace(temporary, final)
        self.next_part += 1
        self.written += len(self.pending)
        self.pending = []


def read_experiment(path: Path) -> dict[str, Any]:
    """The experiment stored with the results (from the last part's metadata: a resumed run's games and
    margin are the latest)."""
    parts = sorted(path.glob(PART_GLOB)) if path.is_dir() else []
    if not parts:
        raise OptionError(f"{path} holds no results (no {PART_GLOB} files)")
    _, pq = _pyarrow()
    metadata = pq.read_schema(parts[-1]).metadata or {}
    if EXPERIMENT_KEY not in metadata:
        raise OptionError(f"{parts[-1]} was not written by siedler experiment")
    found: dict[str, Any] = json.loads(metadata[EXPERIMENT_KEY])
    return found


def read_results(path: Path) -> tuple[dict[str, Any], list[Row]]:
    """The experiment and its rows, sorted by arm and game (whatever order they were played in)."""
    experiment = read_experiment(path)
    _, pq = _pyarrow()
    rows: list[Row] = pq.read_table(path).to_pylist()
    rows.sort(key=lambda r: (r["arm_index"], r["game"]))
    return experiment, rows
