"""Learning a value from self-play: the fit recovers known weights, the rows say who won, the command writes
the samples and a weights file the bots read."""

from __future__ import annotations

from pathlib import Path

import pytest

from siedler.bots.learned import read_weights
from siedler.sim import SimConfig
from siedler.sim.learn import Fit, feature_names, fit_logistic, fit_rows, record, weights_toml, write_rows


def test_the_fit_recovers_known_weights_and_gives_a_constant_feature_none() -> None:
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(1)
    true, intercept = np.array([1.5, -2.0, 0.5]), -0.3
    x = np.hstack([rng.normal(3.0, 2.0, (40_000, 3)), np.full((40_000, 1), 7.0)])
    y = rng.random(40_000) < 1 / (1 + np.exp(-(x[:, :3] @ true + intercept)))
    fit = fit_logistic(["a", "b", "c", "constant"], x, y)
    assert fit.coef[:3] == pytest.approx(true.tolist(), abs=0.05)
    assert fit.intercept == pytest.approx(intercept, abs=0.1)
    assert fit.coef[3] == 0.0


def test_weights_are_scaled_so_that_a_victory_point_is_worth_1000() -> None:
    assert Fit(("victory_point", "x"), (2.0, -1.0), 0.5).scaled() == {"victory_point": 1000.0, "x": -500.0}


def test_rows_hold_every_seat_and_who_won(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    pq = pytest.importorskip("pyarrow.parquet")
    config = SimConfig("baden-wuerttemberg", ("value", "greedy", "greedy"), 3, seed=1, rotate=True)
    rows = record(config, every=40)
    assert {r["game"] for r in rows} == {0, 1, 2} and {r["seat"] for r in rows} == {0, 1, 2}
    for game in range(3):
        won = {r["seat"] for r in rows if r["game"] == game and r["won"]}
        assert len(won) == 1
    assert {"approach", "landmark_spot", "victory_point"} <= set(feature_names(rows))
    assert {r["bot"] for r in rows if r["game"] == 1 and r["seat"] == 1} == {"value"}  # rotated
    path = tmp_path / "rows.parquet"
    write_rows(rows, path)
    assert pq.read_table(path).num_rows == len(rows)
    weights = tmp_path / "w.toml"
    fit = fit_rows(rows)
    weights.write_text(weights_toml("baden-wuerttemberg", fit.scaled(), "a test", fit.intercept), encoding="utf-8")
    ruleset, table = read_weights(str(weights))
    assert ruleset == "baden-wuerttemberg" and table["victory_point"] == pytest.approx(1000.0)
    assert set(table) == set(feature_names(rows))
    assert "intercept = " in weights.read_text(encoding="utf-8")


def test_weights_without_a_fit_are_read_back_as_written(tmp_path: Path) -> None:
    """A table of weights searched by win rate (``bench/tune_value.py``), with no intercept to record."""
    weights = tmp_path / "w.toml"
    written = {"victory_point": 1000.0, "new_resource": 120.0}
    weights.write_text(weights_toml("base", written, "searched\nby win rate"), encoding="utf-8")
    assert read_weights(str(weights)) == ("base", written)
    assert "intercept" not in weights.read_text(encoding="utf-8")


def test_the_same_rows_whatever_the_workers() -> None:
    config = SimConfig("base", ("greedy", "greedy", "greedy"), 2, seed=3)
    assert record(config, every=50, workers=2) == record(config, every=50)
