"""The ``siedler`` command: each sub-command lives in its own module and registers itself here; the rule
sets' own commands (``Ruleset.commands``) are registered after them (``commands.py``)."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from siedler import __version__
from siedler.build import build_info

from .commands import register_ruleset_commands

app = typer.Typer(
    help="siedler: the Catan family of games - play, simulate, replay, benchmark, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    """Eager, so that ``--version`` answers before any sub-command is required."""
    if value:
        typer.echo(f"siedler {__version__}, {build_info()}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="print the version and the build, then exit"
        ),
    ] = False,
) -> None:
    """siedler: the Catan family of games - play, simulate, replay, benchmark, serve."""


COMMAND_MODULES = (
    "rules",
    "play",
    "simulate",
    "experiment",
    "report",
    "ladder",
    "learn",
    "train",
    "replay",
    "verify",
    "bench",
    "serve",
    "render",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"siedler.cli.{_name}").register(app)
register_ruleset_commands(app)


if __name__ == "__main__":  # pragma: no cover
    app()
