"""``siedler experiment``: the file, the paired arms, the Parquet schema, Ctrl-C and ``--resume``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from siedler.cli import experiment as experiment_cli
from siedler.cli.main import app
from siedler.core.errors import OptionError
from siedler.games.catan import CatanGame
from siedler.sim import results
from siedler.sim.experiment import Experiment, load_experiment, run_local
from siedler.sim.results import read_results

runner = CliRunner()
#: ``node_level`` of an intersection with a settlement (2: a city).
SETTLEMENT_LEVEL = 1


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_rows_one_per_game_with_paired_seeds_and_the_schema(experiment_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    result = run("experiment", str(experiment_file), "--out", str(out), "--workers", "2")
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    assert table.num_rows == 10
    schema = table.schema
    for name, kind in [
        ("arm", pa.string()),
        ("game", pa.int32()),
        ("seed", pa.int64()),
        ("winner", pa.int32()),
        ("scores", pa.list_(pa.int32())),
        ("turns", pa.int32()),
        ("points_by_turn", pa.list_(pa.list_(pa.int32()))),
        ("stat_settlements_built", pa.list_(pa.float64())),
        ("stat_first_city_turn", pa.list_(pa.float64())),
    ]:
        assert schema.field(name).type == kind, name
    _, rows = read_results(out)
    by_arm = {arm: {r["game"]: r for r in rows if r["arm"] == arm} for arm in ("base", "harbormaster")}
    assert sorted(by_arm["base"]) == sorted(by_arm["harbormaster"]) == list(range(5))
    for i in range(5):  # paired: the same game seed in every arm
        assert by_arm["base"][i]["seed"] == by_arm["harbormaster"][i]["seed"]
    for r in rows:
        assert r["points_by_turn"][-1] == r["scores"]
        assert all(len(v) == 3 for k, v in r.items() if k.startswith("stat_"))


def test_catan_statistics_agree_with_the_board(experiment_file: Path, tmp_path: Path) -> None:
    """In the base game nothing is destroyed: settlements built minus those made cities stand on the board,
    and every seat founded two settlements and two roads."""
    from siedler.core.registry import new_game
    from siedler.sim.experiment import MoveLog
    from siedler.sim.runner import play_indexed

    config = load_experiment(experiment_file).configs()[0]
    for index in range(3):
        log = MoveLog()
        game, result = play_indexed(config, index, watch=log)
        stats = game.game_stats(log.moves)
        assert isinstance(game, CatanGame)
        for seat in range(game.num_players):
            standing = zip(game.node_owner, game.node_level)
            settlements = sum(1 for owner, level in standing if owner == seat and level == SETTLEMENT_LEVEL)
            assert stats["settlements_built"][seat] - stats["cities_built"][seat] == settlements
            assert stats["settlements_built"][seat] >= 2 and stats["roads_built"][seat] >= 2
        assert set(stats) == set(new_game("base", players=3, seed=1).game_stats([]))
        assert result["game"] == index


def test_a_file_with_mistakes_is_refused_with_the_reason(tmp_path: Path) -> None:
    def refused(text: str) -> str:
        path = tmp_path / "bad.toml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(OptionError) as caught:
            load_experiment(path).configs()
        return str(caught.value)

    base = 'ruleset = "base"\nseats = ["random", "random", "random"]\ngames = 2\n'
    assert "unknown key(s) arm" in refused(base + "arm = 1\n")
    assert "names must differ" in refused(base + '[[arms]]\nname = "a"\n[[arms]]\nname = "a"\n')
    assert "arm 'x'" in refused(base + '[[arms]]\nname = "x"\noptions = { turn_limit = -3 }\n')
    assert "needs 'games'" in refused('ruleset = "base"\nseats = ["random"]\n')
    assert "not valid TOML" in refused("ruleset = ")


def test_existing_results_are_kept_unless_resumed(experiment_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    assert run("experiment", str(experiment_file), "--out", str(out), "--games", "1").exit_code == 0
    again = run("experiment", str(experiment_file), "--out", str(out), "--games", "1")
    assert again.exit_code == 2 and "--resume" in again.output
    other = tmp_path / "other.toml"
    other.write_text(experiment_file.read_text().replace("seed = 4", "seed = 5"), encoding="utf-8")
    mixed = run("experiment", str(other), "--out", str(out), "--resume")
    assert mixed.exit_code == 2 and "another experiment" in mixed.output


def test_resume_after_ctrl_c_gives_the_rows_of_an_uninterrupted_run(
    experiment_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole.parquet"
    assert run("experiment", str(experiment_file), "--out", str(whole)).exit_code == 0

    monkeypatch.setattr(results, "BATCH_ROWS", 2)
    played = run_local

    def interrupted(*args: Any) -> Iterator[Any]:
        for n, row in enumerate(played(*args)):
            if n == 5:
                raise KeyboardInterrupt  # what Ctrl-C raises in the main process
            yield row

    monkeypatch.setattr(experiment_cli, "run_local", interrupted)
    parts = tmp_path / "parts.parquet"
    stopped = run("experiment", str(experiment_file), "--out", str(parts))
    assert stopped.exit_code == experiment_cli.INTERRUPTED
    assert "5 of 10 games" in stopped.output
    assert len(read_results(parts)[1]) == 5
    monkeypatch.setattr(experiment_cli, "run_local", played)
    resumed = run("experiment", str(experiment_file), "--out", str(parts), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert "5 played now, 5 before" in resumed.output
    assert read_results(parts)[1] == read_results(whole)[1]


def test_experiment_round_trips_through_its_json() -> None:
    e = Experiment.from_json({"ruleset": "base", "seats": "greedy,random,random", "games": 3, "seed": 2})
    assert Experiment.from_json(e.to_json()) == e
    assert [a.name for a in e.arms] == ["default"]


@pytest.mark.parametrize(
    "path", sorted(Path(__file__).parents[2].joinpath("examples").glob("*.toml")), ids=lambda p: p.name
)
def test_every_example_experiment_is_valid(path: Path) -> None:
    """docs/designers.md runs these files: each arm's options, seats and forced choices check out."""
    experiment = load_experiment(path)
    assert len(experiment.configs()) == len(experiment.arms)
