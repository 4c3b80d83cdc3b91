"""The report's first screen in Chromium: where its verdict table and forest plot lie on a laptop's screen
(the browser test and scripts/report_screenshot.py, which makes docs/screenshots/report-verdict.png)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: A laptop's screen: what a designer sees of the report without scrolling.
SCREEN = {"width": 1280, "height": 800}


def first_screen(context: Any, report: Path, picture: Path | None = None) -> dict[str, Any]:
    """Open the report at the laptop's size and give the bounding boxes of the verdict table and of each
    forest plot (page coordinates, the page not scrolled); with ``picture``, save the screen there."""
    page = context.new_page()
    page.set_viewport_size(SCREEN)
    page.goto(report.resolve().as_uri())
    side = page.locator("div.side").first
    boxes = {
        "table": side.locator("table").bounding_box(),
        "plots": [svg.bounding_box() for svg in side.locator("svg").all()],
        "rows": side.locator("table tr").count() - 1,
    }
    if picture is not None:
        page.screenshot(path=str(picture))
    page.close()
    return boxes
