"""The ``siedler`` command: each sub-command lives in its own module and registers itself here."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    help="siedler: the Catan family of games - play, simulate, replay, benchmark, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND_MODULES = ("rules", "play", "simulate", "replay", "bench", "serve")

for _name in COMMAND_MODULES:
    importlib.import_module(f"siedler.cli.{_name}").register(app)


if __name__ == "__main__":  # pragma: no cover
    app()
