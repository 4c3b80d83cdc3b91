"""``siedler report``'s first screen: at 1280x800 in Chromium the verdict table and the forest plot are both
in view without scrolling, for an experiment of eleven arms (the Soldaten & Armeen purchases' size)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from siedler.cli.main import app

from .report_page import SCREEN, first_screen

pytestmark = pytest.mark.browser

CARDS = ("city", "settlement", "road", "bandit", "knight")
FORCE = '[{{ seat = 0, when = "{when}", kind = "buy", fields = {{ card = "{card}" }} }}]'
ARMS = "".join(
    f'[[arms]]\nname = "{when} {card}"\nforce = {FORCE.format(when=when, card=card)}\n'
    for card in CARDS
    for when in ("never", "always")
)
EXPERIMENT = f"""
name = "Deck Building: eleven arms"
ruleset = "deck-building"
seats = ["greedy", "greedy"]
games = 12
seed = 2
rotate = true
margin = 0.03
[[arms]]
name = "as greedy likes"
{ARMS}"""


def test_the_first_screen_shows_the_verdict_table_and_the_forest_plot(
    context_factory: Callable[..., Any], tmp_path: Path
) -> None:
    path, results, page = tmp_path / "eleven.toml", tmp_path / "eleven.parquet", tmp_path / "eleven.html"
    path.write_text(EXPERIMENT, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["experiment", str(path), "--out", str(results)]).exit_code == 0
    assert runner.invoke(app, ["report", str(results), "--out", str(page)]).exit_code == 0
    boxes = first_screen(context_factory(), page)
    assert boxes["rows"] == 2 * len(CARDS)
    (plot,) = boxes["plots"]  # one question (wins): one forest plot
    for box in (boxes["table"], plot):
        assert box is not None and box["height"] > 100
        assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= SCREEN["width"], box
