"""``siedler replay``: records and simulate lines are stepped through; tampered ones are refused."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import siedler


def _record(turn_limit: int = 12) -> dict[str, Any]:
    game = siedler.new_game(
        "base", players=["Anna", "Ben", "Cleo"], seed=5, options={"turn_limit": turn_limit, "board": "beginner"}
    )
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.record()


def test_replays_a_record_with_actions_events_and_board(run: Any, tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"{len(record['actions'])} actions" in out
    assert "players: 1: Anna, 2: Ben, 3: Cleo" in out  # seats counted from 1
    assert f"{len(record['actions']):>5}. " in out
    assert "Anna built a settlement" in out or "Ben built a settlement" in out
    assert "*ROBBER*" in out and "Result: no winner" in out


def test_steps_through_with_enter_and_stops_on_q(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record()))
    result = run("replay", str(path), "--step", "--seat", "1", "--lang", "de", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "    2. " in result.output and "    3. " not in result.output
    assert "Deine Hand" in result.output  # the view of seat index 1 (Ben, seat 2), in German


def test_reads_a_simulate_results_line(run: Any, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert (
        run(
            "simulate", "--games", "2", "--seed", "3", "--options", "turn_limit=10", "--out", str(out), "--save-records"
        ).exit_code
        == 0
    )
    result = run("replay", str(out), "--game", "1")
    assert result.exit_code == 0, result.output
    seed = json.loads(out.read_text().splitlines()[1])["seed"]
    assert f"seed {seed}" in result.output
    plain = tmp_path / "plain.jsonl"
    assert run("simulate", "--games", "1", "--options", "turn_limit=3", "--out", str(plain)).exit_code == 0
    refused = run("replay", str(plain))
    assert refused.exit_code == 1 and "--save-records" in refused.output


def test_a_tampered_record_is_refused_naming_the_action(run: Any, tmp_path: Path) -> None:
    record = _record()
    record["actions"][7] = "settle 0"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "action 8 ('settle 0') is refused" in result.output


def test_malformed_files_and_flags(run: Any, tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert run("replay", str(junk)).exit_code == 1
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "siedler-record", "version": 2, "ruleset": "base"}))
    result = run("replay", str(wrong))
    assert result.exit_code == 1 and "record has no 'seed'" in result.output
    assert run("replay", str(tmp_path / "missing.json")).exit_code == 2
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_record()))
    assert run("replay", str(good), "--seat", "7").exit_code == 2
