"""``siedler render``: a board's picture written as SVG, bad input refused with the flag named."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any


def test_render_writes_the_picture(run: Any, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run("render", "--ruleset", "fishermen", "--seed", "4", "--play", "30", "--lang", "de", "--out", str(out))
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.get("aria-label") == "Der Spielplan"
    assert run("render", "--seat", "5").exit_code == 2
    assert run("render", "--ruleset", "deck-building").exit_code == 2
