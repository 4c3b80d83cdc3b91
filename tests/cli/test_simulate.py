"""``siedler simulate``: summary, JSONL results, records, reproducibility across worker counts, bad flags."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import siedler

ARGS = ("simulate", "--seats", "greedy,random,random", "--games", "6", "--seed", "9", "--options", "turn_limit=60")


def test_summary_table_and_results_file(run: Any, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = run(*ARGS, "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Wins by seat" in text and "Wins by bot" in text and "95% CI (Wilson)" in text
    assert "seat 1 (greedy)" in text and "seat 0" not in text  # seats count from 1 in the table
    assert "turns per game" in text and "games/s" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game"] for r in lines] == list(range(6))
    assert all({"seed", "winner", "scores", "turns", "actions"} <= r.keys() for r in lines)
    assert all("record" not in r for r in lines)


def test_same_output_for_one_and_two_workers(run: Any, tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert run(*ARGS, "--workers", "1", "--out", str(one)).exit_code == 0
    assert run(*ARGS, "--workers", "2", "--out", str(two)).exit_code == 0
    assert one.read_text() == two.read_text()


def test_json_summary_and_records(run: Any, tmp_path: Path) -> None:
    out, records = tmp_path / "r.jsonl", tmp_path / "records"
    result = run(*ARGS, "--json", "--out", str(out), "--save-records", "--records", str(records))
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["config"]["seats"] == ["greedy", "random", "random"]
    assert summary["summary"]["games"] == 6
    assert sum(s["wins"] for s in summary["summary"]["seats"]) == summary["summary"]["wins"]
    first = json.loads(out.read_text().splitlines()[0])
    assert siedler.replay(first["record"]).winner == first["winner"]
    files = sorted(records.glob("*.json"))
    assert len(files) == 6
    assert json.loads(files[0].read_text()) == first["record"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seats", "greedy,random"), "3 to 4 players"),
        (("--seats", "greedy,wizard,random"), "unknown bot 'wizard'"),
        (("--options", "colour=red"), "no option 'colour'"),
        (("--options", "max_offers=lots"), "whole number"),
        (("--options", "board"), "name=value"),
        (("--games", "0"), "at least 1"),
        (("--workers", "0"), "at least 1"),
        (("--ruleset", "chess"), "unknown rule set"),
        (("--save-records",), "--out"),
    ],
)
def test_bad_flags_are_clear_usage_errors(run: Any, args: tuple[str, ...], message: str) -> None:
    result = run("simulate", "--games", "2", *args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_a_misbehaving_bot_fails_with_exit_code_1(run: Any) -> None:
    result = run("simulate", "--seats", "tests.sim.bots:CheatingBot,random,random", "--games", "1")
    assert result.exit_code == 1
    assert "chose an illegal action" in result.output
