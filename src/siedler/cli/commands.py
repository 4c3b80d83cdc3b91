"""A rule set's own ``siedler`` commands: ``Ruleset.commands`` names functions (``"module:function"``) that add
commands to a Typer app, as the command line's own modules do. A plugin's rule set brings its commands the
same way. A command whose name is taken (by the command line or by a rule set registered before) is left out
with a warning, so that one plugin cannot break or replace another's commands."""

from __future__ import annotations

import importlib

import typer

from siedler.core.registry import rulesets


def register_ruleset_commands(app: typer.Typer) -> None:
    """Add every registered rule set's commands to ``app``."""
    taken = {_name(info) for info in app.registered_commands}
    for ruleset in rulesets():
        for target in ruleset.commands:
            module, _, function = target.partition(":")
            own = typer.Typer()
            getattr(importlib.import_module(module), function)(own)
            for info in own.registered_commands:
                name = _name(info)
                if name in taken:
                    typer.echo(f"warning: rule set {ruleset.name!r}: command {name!r} is taken; left out", err=True)
                    continue
                taken.add(name)
                app.registered_commands.append(info)


def _name(info: typer.models.CommandInfo) -> str:
    """A command's name as typed: its own, or its function's with dashes (Typer's rule)."""
    if info.name:
        return info.name
    callback = info.callback
    return callback.__name__.replace("_", "-") if callback is not None else ""
