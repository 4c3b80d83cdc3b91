"""The ladder: seat rotation that is fair to every bot, the rating, and the command."""

from __future__ import annotations

import json
import shlex
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.sim.ladder import ANCHOR, bradley_terry, cycle, lineup, percentile


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(2, 4), st.integers(1, 3))
def test_every_bot_sits_in_every_seat_equally_often(n: int, players: int, cycles: int) -> None:
    bots = [f"b{i}" for i in range(n)]
    seatings = Counter(
        (bot, seat) for i in range(cycles * cycle(bots, players)) for seat, bot in enumerate(lineup(bots, players, i))
    )
    assert set(seatings.values()) == {cycles * players}
    assert len(seatings) == n * players


def test_ratings_order_the_bots_and_keep_the_anchor_for_equals() -> None:
    even = bradley_terry(["a", "b"], {("a", "b"): 5, ("b", "a"): 5})
    assert even["a"] == pytest.approx(ANCHOR) and even["b"] == pytest.approx(ANCHOR)
    uneven = bradley_terry(["a", "b", "c"], {("a", "b"): 9, ("b", "a"): 1, ("b", "c"): 9, ("c", "b"): 1})
    assert uneven["a"] > uneven["b"] > uneven["c"]
    # Never beaten: still a finite rating, thanks to the anchor's one virtual loss.
    assert bradley_terry(["a", "b"], {("a", "b"): 50})["a"] < ANCHOR + 2000


def test_bradley_terry_fits_the_observed_share() -> None:
    """Two bots only, a beats b 30 of 40 times (plus the anchor games): the fitted odds of a over b are
    close to 3 to 1, i.e. about 191 Elo points."""
    r = bradley_terry(["a", "b"], {("a", "b"): 300, ("b", "a"): 100})
    assert r["a"] - r["b"] == pytest.approx(400 * 0.47712, abs=5)


def test_nearest_rank_percentile() -> None:
    values = list(range(1, 101))
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile([7], 99) == 7


def test_ladder_command_table_jsonl_and_markdown(tmp_path: Path) -> None:
    out, md = tmp_path / "ladder.jsonl", tmp_path / "ladder.md"
    args = ["ladder", "--ruleset", "base", "--bots", "greedy,random", "--games", "5", "--seed", "3"]
    result = CliRunner().invoke(app, [*args, "--out", str(out), "--report", str(md), "-o", "turn_limit=60"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6  # rounded up to a whole rotation: 2 bots x 3 seats
    seats = Counter((seat, bot) for line in lines for seat, bot in enumerate(line["seats"]))
    assert set(seats.values()) == {3}
    assert all(d["count"] > 0 and d["p99_ms"] >= d["median_ms"] for line in lines for d in line["decisions"])
    text = md.read_text()
    assert "| greedy |" in text and "| random |" in text
    assert "greedy" in result.output and "rating" in result.output
    # The report's command plays the same games again: every option that changes them is in it.
    command = next(line.strip() for line in text.splitlines() if line.strip().startswith("siedler ladder"))
    assert "--players 3" in command and "-o turn_limit=60" in command
    again = tmp_path / "again.jsonl"
    rerun = CliRunner().invoke(app, [*shlex.split(command)[1:], "--out", str(again)])
    assert rerun.exit_code == 0, rerun.output
    played = [
        (line["seats"], line["winner"], line["turns"]) for line in map(json.loads, again.read_text().splitlines())
    ]
    assert played == [(line["seats"], line["winner"], line["turns"]) for line in lines]


def test_ladder_refuses_unknown_bots() -> None:
    result = CliRunner().invoke(app, ["ladder", "--bots", "greedy,nobody", "--games", "2"])
    assert result.exit_code == 2 and "nobody" in result.output
