"""``siedler rules``: the rule sets, their options, player counts and action notation.

The notation help is found, not registered: a ``NOTATION`` constant, else the docstring of the ``actions``
module next to the rule set's game class or one of its base classes (for the Catan family, the docstring of
``games/catan/actions.py``). So a new rule set documents its notation where its parser lives.
"""

from __future__ import annotations

import importlib
import inspect
import json
from types import ModuleType
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from siedler import howto
from siedler.core.errors import OptionError
from siedler.core.registry import Ruleset, get_ruleset, rulesets

from .simulate import check_language

console = Console(highlight=False)


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def notation_help(ruleset: Ruleset) -> str:
    """The notation text for ``ruleset`` (empty if its family documents none)."""
    fallback = ""
    for cls in ruleset.game_class.__mro__:
        module = cls.__module__
        if module == "builtins" or module.startswith("siedler.core"):
            continue  # the engine's own ``actions`` docstring is about the API, not any notation
        package = module if _is_package(module) else module.rpartition(".")[0]
        for name in (module, package, f"{package}.actions"):
            mod = _module(name)
            if mod is None:
                continue
            notation = getattr(mod, "NOTATION", None)
            if isinstance(notation, str) and notation.strip():
                return inspect.cleandoc(notation)
            if not fallback and name.endswith(".actions") and mod.__doc__:
                fallback = _from_notation_heading(inspect.cleandoc(mod.__doc__))
        if fallback:
            return fallback
    return fallback


def _from_notation_heading(doc: str) -> str:
    """A module docstring from its "Notation" paragraph on, if it has one (the summary line is for coders)."""
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        if line.lower().startswith("notation"):
            return "\n".join(lines[i:])
    return doc


def _is_package(name: str) -> bool:
    mod = _module(name)
    return mod is not None and hasattr(mod, "__path__")


def _allowed(opt: dict[str, Any]) -> str:
    if "choices" in opt:
        return ", ".join(str(c) for c in opt["choices"])
    if opt["type"] == "bool":
        return "true, false"
    if opt["type"] == "int":
        low, high = opt.get("minimum"), opt.get("maximum")
        if low is not None and high is not None:
            return f"{low}-{high}"
        if low is not None:
            return f">= {low}"
        if high is not None:
            return f"<= {high}"
        return "whole number"
    return str(opt["type"])


def _default(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _show(rs: Ruleset, notation: bool) -> None:
    data = rs.to_json()
    players = data["players"]
    count = f"{players['min']}" if players["min"] == players["max"] else f"{players['min']}-{players['max']}"
    console.print(f"[bold]{rs.name}[/bold] - {rs.title}: {rs.description}")
    console.print(f"  players: {count}" + (f"   rules: {rs.rules_doc}" if rs.rules_doc else ""))
    if data["options"]:
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1, 0, 2))
        for heading in ("option", "default", "allowed"):
            table.add_column(heading, no_wrap=True)
        table.add_column("meaning", min_width=20)
        for opt in data["options"]:
            table.add_row(opt["name"], _default(opt["default"]), _allowed(opt), opt["help"])
        console.print(table)
    else:
        console.print("  no options")
    if notation:
        text = notation_help(rs)
        console.print("  notation:")
        console.out("\n".join(f"    {line}" for line in (text or "(not documented)").splitlines()), highlight=False)
    console.print()


def rules_command(
    ruleset: Annotated[str | None, typer.Argument(help="one rule set (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print machine-readable JSON")] = False,
    notation: Annotated[bool, typer.Option(help="include the action notation")] = True,
    how_to: Annotated[
        bool, typer.Option("--howto/--no-howto", help="with one rule set: first its how-to-play page")
    ] = True,
    lang: Annotated[str, typer.Option(help="language of the how-to page: en or de")] = "en",
) -> None:
    """List the rule sets with their options (defaults, allowed values), player counts and notation;
    one rule set first with its how-to-play page (``--lang de``), wrapped to the terminal's width."""
    try:
        chosen = [get_ruleset(ruleset)] if ruleset else rulesets()
    except OptionError as exc:
        raise typer.BadParameter(str(exc), param_hint="RULESET") from None
    if as_json:
        out = [rs.to_json() | ({"notation": notation_help(rs)} if notation else {}) for rs in chosen]
        typer.echo(json.dumps(out if ruleset is None else out[0], indent=2, ensure_ascii=False))
        return
    check_language(lang)
    if ruleset is not None and how_to and chosen[0].name in howto.rulesets():
        page = Console(highlight=False)  # made now: the terminal's width (or COLUMNS) at this moment
        page.print(Markdown(howto.page(chosen[0].name, lang)))
        page.print()
    for rs in chosen:
        _show(rs, notation)
    if ruleset is None:
        console.print("Options are set with --options name=value,name=value (e.g. --options board=beginner).")


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
