"""Shared helpers for the command-line tests: one runner, and the app with every command registered."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from siedler.cli.main import app


@pytest.fixture
def run() -> object:
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> object:
        return runner.invoke(app, list(args), input=input)

    return invoke
