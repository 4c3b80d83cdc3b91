"""The first screen of a ``siedler report`` page at a laptop's size, for docs/screenshots/ (a docs generator,
not a test; tests/e2e/test_report_page.py checks the same screen). It prints where the verdict table and the
forest plots lie.

    PYTHONPATH=. .venv/bin/python scripts/report_screenshot.py REPORT.html docs/screenshots/report-verdict.png
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.report_page import first_screen


def main() -> None:
    report, picture = Path(sys.argv[1]), Path(sys.argv[2])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            print(first_screen(browser.new_context(), report, picture))
        finally:
            browser.close()


if __name__ == "__main__":
    main()
