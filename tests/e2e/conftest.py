"""End-to-end fixtures: a real server process on a free loopback port, and Debian's Chromium via Playwright.

The server runs as ``python -m siedler.server`` on its own SQLite file, so a test can kill and restart it
like an operator would. Chromium is the system one (``apt-get install chromium``); Playwright's own
browser download is never used. Outside CI a missing Chromium skips these tests; in CI it fails them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("SIEDLER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


#: How long a server may take to answer its first request: a few seconds on a quiet machine, more on two busy
#: cores where the suite's other worker and the coverage of this process slow its start.
START_S = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    def __init__(self, database: Path, bot_delay: float = 0.0) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = database.with_suffix(".log")

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "siedler.server",
            "--port",
            str(self.port),
            "--database",
            f"sqlite:///{self.database}",
            "--bot-delay",
            str(self.bot_delay),
        ]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_S
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/api/games", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start:\n{self.log.read_text()}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> tuple[int, Any]:
        import json

        request = urllib.request.Request(
            f"{self.url}/api{path}",
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "games.db")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for a module's tests, where starting one per test would cost more than the tests."""
    server = LiveServer(tmp_path_factory.mktemp("server") / "games.db")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: CI must run 'apt-get install -y chromium'")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context_factory(browser: Any) -> Iterator[Any]:
    """Browser contexts (each its own storage, like separate people); any script error fails the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(**kwargs: Any) -> Any:
        context = browser.new_context(**{"viewport": {"width": 1400, "height": 900}, **kwargs})
        context.set_default_timeout(20_000)
        context.on("page", lambda page: page.on("pageerror", lambda exc: errors.append(str(exc))))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The docs' screenshots are made, not tested: outside the suite unless SIEDLER_SCREENSHOTS asks."""
    if shots_dir() is not None:
        return
    shots = [item for item in items if item.get_closest_marker("screenshots")]
    if shots:
        config.hook.pytest_deselected(items=shots)
        items[:] = [item for item in items if not item.get_closest_marker("screenshots")]


def shots_dir() -> Path | None:
    """Where to save screenshots for the docs (``SIEDLER_SCREENSHOTS=docs/screenshots``), if anywhere."""
    folder = os.environ.get("SIEDLER_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
