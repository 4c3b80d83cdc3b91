"""``siedler bench`` runs and reports every figure; no timing is asserted (speed lives in the bench)."""

from __future__ import annotations

import json
from typing import Any

from siedler.core.registry import rulesets


def test_bench_json_reports_every_figure(run: Any) -> None:
    result = run("bench", "--json", "--games", "1", "--runs", "1", "--positions", "2", "--compare-games", "3")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    seats = [(t["players"], t["options"]) for t in report["throughput"]]
    assert seats == [(4, {"max_offers": 0}), (3, {"max_offers": 0}), (4, {})]
    for t in report["throughput"]:
        assert t["games_per_second"] > 0 and t["us_per_action"] > 0 and t["actions_per_game"] > 0
    calls = report["calls"]
    assert (
        calls["positions"] == 2
        and min(calls["legal_actions_us"], calls["apply_us"], calls["copy_us"], calls["determinize_us"]) > 0
    )
    assert report["memory"]["tracemalloc_peak_kib"] > 0 and report["memory"]["max_rss_mib"] > 0
    others = {t["ruleset"]: t for t in report["others"]}
    assert set(others) | set(report["failed"]) == {rs.name for rs in rulesets()}
    assert "harbormaster" in others  # a variant shows up without being named anywhere in the bench
    assert others["base"]["relative_to_base"] == 1.0 and others["base"]["relative_low"] is None
    for t in others.values():
        assert t["games"] * t["runs"] == 3  # three rounds of one game each
        if t["ruleset"] != "base":
            assert t["relative_low"] < t["relative_to_base"] < t["relative_high"]


def test_bench_table_for_one_rule_set(run: Any) -> None:
    result = run("bench", "--games", "1", "--runs", "1", "--positions", "1", "--ruleset", "base")
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output and "copy()" in result.output and "ru_maxrss" in result.output


def test_bench_refuses_bad_flags(run: Any) -> None:
    assert run("bench", "--games", "0").exit_code == 2
    assert run("bench", "--compare-games", "0").exit_code == 2
    assert run("bench", "--ruleset", "chess").exit_code == 2


def test_bench_explains_its_two_figures(run: Any) -> None:
    result = run("bench", "--ruleset", "base", "--games", "1", "--runs", "1", "--positions", "0")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "games/s: whole games - complete random games finished per second" in text
    assert "µs/action: one step - the same CPU time divided by the actions played" in text
