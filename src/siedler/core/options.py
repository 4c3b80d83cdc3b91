"""Rule-set options: typed, defaulted, validated, and readable from command-line strings."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

#: Bounds of a whole-number option that names none: a record stores options as JSON, whose readers lose
#: precision past 2**53, and no rule needs a number this large.
LARGEST_INT = 10**9


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    kind: str = field(default="")
    #: How a form fills a table-valued (JSON) option, for the lobby: ``rows`` (keys, named in the catalog's
    #: ``page.<words>`` group), optional ``columns`` (keys of each row's table, named in
    #: ``page.<column_words>``), and ``base``: the values a row starts from, or ``{"by": option, "values":
    #: {choice: base}}`` where another option's choice decides them (an edition's numbers).
    form: Mapping[str, Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.kind:
            inferred = {bool: "bool", int: "int", str: "str"}.get(type(self.default), "json")
            object.__setattr__(self, "kind", inferred)

    def parse(self, value: Any) -> Any:
        """Accept a Python value or its text form (``"true"``, ``"3"``, a table's JSON) and return the checked
        value: every reader of options (``new_game``, the lab, the server) gets it typed from here."""
        v = value
        if self.kind == "bool":
            if isinstance(v, str):
                low = v.strip().lower()
                if low in ("1", "true", "yes", "on", "ja"):
                    v = True
                elif low in ("0", "false", "no", "off", "nein"):
                    v = False
            if not isinstance(v, bool):
                raise OptionError(f"option {self.name!r} takes true or false, not {value!r}")
        elif self.kind == "int":
            if isinstance(v, str):
                try:
                    v = int(v.strip())
                except ValueError:
                    raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}") from None
            if isinstance(v, bool) or not isinstance(v, int):
                raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}")
            least = -LARGEST_INT if self.minimum is None else self.minimum
            most = LARGEST_INT if self.maximum is None else self.maximum
            if v < least:
                raise OptionError(f"option {self.name!r} must be at least {least}, not {v}")
            if v > most:
                raise OptionError(f"option {self.name!r} must be at most {most}, not {v}")
        elif self.kind == "str":
            if not isinstance(v, str):
                raise OptionError(f"option {self.name!r} takes text, not {value!r}")
            v = v.strip()
        elif self.kind == "json" and isinstance(v, str):  # as typed on a command line; none: the default
            try:
                v = json.loads(v) if v.strip() else deepcopy(self.default)
            except json.JSONDecodeError as exc:
                raise OptionError(f"option {self.name!r} takes JSON, and {value!r} is not: {exc.msg}") from None
        if self.choices is not None and v not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        return v

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default, "help": self.help}
        if self.choices is not None:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.form is not None:
            data["form"] = dict(self.form)
        return data


def resolve_options(specs: Iterable[Option], given: Mapping[str, Any] | None, where: str) -> dict[str, Any]:
    """Defaults overlaid with ``given``; an unknown name is an error that lists the known ones."""
    by_name = {o.name: o for o in specs}
    result = {name: o.default for name, o in by_name.items()}
    for name, value in (given or {}).items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"{where} has no option {name!r} (options: {known})")
        result[name] = by_name[name].parse(value)
    return result


def options_copy(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as a view shows them: a copy sharing nothing mutable with the game (some values are
    tables, such as a rule set's table of costs), so that whoever keeps or edits a view never edits a game."""
    return {k: deepcopy(v) if isinstance(v, dict | list) else v for k, v in options.items()}


def table_option(value: Any, option: str, entries: str) -> dict[str, Any]:
    """A table-valued option's value (``parse`` has read its JSON text) as a plain table, so that records
    hold JSON objects; none is an empty table. ``entries`` says what the table's keys name, for the
    message refusing anything else."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise OptionError(f"option {option!r} takes a table of {entries}, not {value!r}")
    return dict(value)
