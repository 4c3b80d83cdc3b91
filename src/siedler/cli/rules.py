"""``siedler rules``: the rule sets, their options, player counts and action notation, in ``--lang``.

The notation help is found, not registered: each ``actions`` module next to the game class or one of its
base classes may name its notation's words in the message catalog (``NOTATION_KEY``: the Catan family's,
then an extension's or a rule set's own, each in every language). A rule set without one (a third party's)
is described by a ``NOTATION`` constant, else its ``actions`` module's docstring, in its own words.
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
from siedler.core.i18n import text, text_or
from siedler.core.registry import Ruleset, get_ruleset, rulesets

from .simulate import check_language

console = Console(highlight=False)


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def notation_help(game_class: type, lang: str = "en") -> str:
    """The notation help for a rule set's ``game_class`` (an extended game's class included) in ``lang``:
    the catalog texts its modules name, the family's first; else what the rule set writes itself."""
    keys: list[str] = []
    fallback = ""
    for cls in game_class.__mro__:
        module = cls.__module__
        if module == "builtins" or module.startswith("siedler.core"):
            continue  # the engine's own ``actions`` docstring is about the API, not any notation
        package = module if _is_package(module) else module.rpartition(".")[0]
        for name in (module, package, f"{package}.actions"):
            mod = _module(name)
            if mod is None:
                continue
            key = getattr(mod, "NOTATION_KEY", None)
            if isinstance(key, str) and key not in keys:
                keys.append(key)
            notation = getattr(mod, "NOTATION", None)
            if not fallback and isinstance(notation, str) and notation.strip():
                fallback = inspect.cleandoc(notation)
            if not fallback and name.endswith(".actions") and mod.__doc__:
                fallback = _from_notation_heading(inspect.cleandoc(mod.__doc__))
    if keys:
        return "\n\n".join(text(key, lang) for key in reversed(keys))
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


def _allowed(opt: dict[str, Any], lang: str) -> str:
    """What may be typed for ``opt``: its choices, true/false, a range of whole numbers, a JSON table."""
    if "choices" in opt:
        return ", ".join(str(c) for c in opt["choices"])
    if opt["type"] == "bool":
        return "true, false"
    if opt["type"] == "int":
        low, high = opt.get("minimum"), opt.get("maximum")
        if low is not None and high is not None:
            return text("cli.rules.range", lang, low=low, high=high)
        if low is not None:
            return f">= {low}"
        if high is not None:
            return f"<= {high}"
        return text("cli.rules.whole_number", lang)
    return text("cli.rules.table", lang)


def _default(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return json.dumps(value) if isinstance(value, dict | list) else str(value)


def _show(rs: Ruleset, notation: bool, lang: str) -> None:
    data = rs.to_json()
    players = data["players"]
    count = f"{players['min']}" if players["min"] == players["max"] else f"{players['min']}-{players['max']}"
    title = text_or(f"page.rulesets.{rs.name}.title", lang, rs.title)
    description = text_or(f"page.rulesets.{rs.name}.description", lang, rs.description)
    console.print(f"[bold]{rs.name}[/bold] - {title}: {description}")
    line = text("cli.rules.players", lang, count=count)
    console.print(f"  {line}" + (f"   {text('cli.rules.rules', lang, doc=rs.rules_doc)}" if rs.rules_doc else ""))
    if data["options"]:
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1, 0, 2))
        for heading in ("option", "default", "allowed"):
            table.add_column(text(f"cli.rules.{heading}", lang), no_wrap=True)
        table.add_column(text("cli.rules.meaning", lang), min_width=20)
        for opt in data["options"]:
            meaning = text_or(f"page.option_help.{opt['name']}", lang, opt["help"])
            table.add_row(opt["name"], _default(opt["default"]), _allowed(opt, lang), meaning)
        console.print(table)
    else:
        console.print(f"  {text('cli.rules.no_options', lang)}")
    if notation:
        help_text = notation_help(rs.game_class, lang) or text("cli.rules.undocumented", lang)
        console.print(f"  {text('cli.rules.notation', lang)}")
        console.out("\n".join(f"    {line}" for line in help_text.splitlines()), highlight=False)
    console.print()


def rules_command(
    ruleset: Annotated[str | None, typer.Argument(help="one rule set (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print machine-readable JSON")] = False,
    notation: Annotated[bool, typer.Option(help="include the action notation")] = True,
    how_to: Annotated[
        bool, typer.Option("--howto/--no-howto", help="with one rule set: first its how-to-play page")
    ] = True,
    lang: Annotated[str, typer.Option(help="language of the how-to page, options and notation: en or de")] = "en",
) -> None:
    """List the rule sets with their options (defaults, allowed values), player counts and notation;
    one rule set first with its how-to-play page (``--lang de``), wrapped to the terminal's width."""
    try:
        chosen = [get_ruleset(ruleset)] if ruleset else rulesets()
    except OptionError as exc:
        raise typer.BadParameter(str(exc), param_hint="RULESET") from None
    check_language(lang)
    if as_json:
        out = [rs.to_json() | ({"notation": notation_help(rs.game_class, lang)} if notation else {}) for rs in chosen]
        typer.echo(json.dumps(out if ruleset is None else out[0], indent=2, ensure_ascii=False))
        return
    if ruleset is not None and how_to and chosen[0].name in howto.rulesets():
        page = Console(highlight=False)  # made now: the terminal's width (or COLUMNS) at this moment
        page.print(Markdown(howto.page(chosen[0].name, lang)))
        page.print()
    for rs in chosen:
        _show(rs, notation, lang)
    if ruleset is None:
        console.print(text("cli.rules.hint", lang))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
