"""Actions: immutable, hashable, with a text notation, and the one declaration of every action kind.

An action is a tuple ``(kind, *fields)``. Subclassing ``tuple`` keeps equality and hashing in C, which
matters because ``apply`` checks membership in the legal list on every move. Each rule-set family declares
its kinds once, as :class:`ActionKind` specs gathered in an :class:`ActionKinds`: the fields by name, the
text form (written and read), the phases the kind is played in and where on the table it is pointed at.
The family's :class:`Action` subclass names the fields as properties (``action.victim``, not ``action[3]``);
``tests/contracts/test_action_specs.py`` checks that both agree. Reading notation needs the board (hexes,
paths), so a kind's ``read`` gets the family's set of interned actions, whatever type that is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import itemgetter
from typing import Any, ClassVar

from .errors import IllegalAction


def digits(word: str) -> bool:
    """Whether ``word`` is a whole number written in ASCII digits, as the notation writes numbers.

    ``str.isdigit`` is not that test: it also accepts "²", "¹²" and "①", which ``int`` refuses (a move
    ``settle ²`` answered 500), and ``int`` accepts other scripts' digits ("٣") that no notation writes.
    Every reader of notation tests its numbers here."""
    return word.isascii() and word.isdigit()


def field(index: int) -> Any:
    """A named field of an action: a property in C (``itemgetter``), as fast as ``action[index]`` gets."""
    return property(itemgetter(index))


class ActionKind:
    """One kind of action, declared once: everything but its rules (``_do_<name>`` and legal generation).

    ``write`` gives the notation (default: the kind and its fields, space-separated); ``read`` turns the
    words after the kind back into the interned action (default: a kind without fields, looked up in the
    set's ``canon``); ``target`` is where the browser points at it (default: nowhere, a menu choice).
    ``phases`` are the names of the phases it may be played in: refusing it there gives its specific
    reason, anywhere else the phase's task. ``reachable`` is false for a kind that random games cannot
    reach, so the contract test does not expect it. ``steps`` are the fields a person chooses, in the order
    they choose them, where the kind has more variants than a short list holds (the table's composer asks
    what, which, to whom, for what: ``Game.action_parts``); by default its fields as declared.
    """

    __slots__ = ("fields", "name", "phases", "reachable", "read", "steps", "target", "write")

    def __init__(
        self,
        name: str,
        fields: tuple[str, ...] = (),
        phases: tuple[str, ...] = (),
        write: Callable[[Any], str] | None = None,
        read: Callable[[Any, list[str]], Any] | None = None,
        target: Callable[[Any], str | None] | None = None,
        reachable: bool = True,
        steps: tuple[str, ...] | None = None,
    ) -> None:
        if steps is not None and not set(steps) <= set(fields):
            raise ValueError(f"action kind {name!r}: steps {steps} name fields it does not declare ({fields})")
        self.name = name
        self.fields = fields
        self.steps = fields if steps is None else steps
        self.phases = phases
        self.write = write
        self.read = read
        self.target = target
        self.reachable = reachable


class ActionKinds:
    """The kinds of a rule-set family, by name; an extension adds its own with :meth:`extended`."""

    __slots__ = ("by_name",)

    def __init__(self, *kinds: ActionKind) -> None:
        self.by_name: dict[str, ActionKind] = {}
        for kind in kinds:
            if kind.name in self.by_name:
                raise ValueError(f"action kind {kind.name!r} is declared twice")
            self.by_name[kind.name] = kind

    def extended(self, *kinds: ActionKind) -> ActionKinds:
        return ActionKinds(*self.by_name.values(), *kinds)

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self.by_name.values())

    def write(self, action: Action) -> str:
        spec = self.by_name.get(action[0])
        if spec is None or spec.write is None:
            return " ".join(str(x) for x in action)
        return spec.write(action)

    def read(self, actions: Any, kind: str, args: list[str]) -> Any:
        """The action ``kind args...`` among the interned ``actions``, or ``None`` for an unknown kind."""
        spec = self.by_name.get(kind)
        if spec is None:
            return None
        if spec.read is not None:
            return spec.read(actions, args)
        if args:
            raise IllegalAction(f"{kind!r} takes no arguments")
        return actions.canon[(kind,)]

    def parse(self, actions: Any, text: object) -> Any:
        """Read notation (any case and spacing) into one of the interned ``actions``; a clear refusal else."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be text or an action object, not {type(text).__name__}")
        words = text.lower().split()
        if not words:
            raise IllegalAction("empty action text")
        try:
            found = self.read(actions, words[0], words[1:])
        except IndexError:
            raise IllegalAction(f"{text.strip()!r} names something that is not in this game") from None
        if found is None:
            raise IllegalAction(f"unknown action {words[0]!r} in {text.strip()!r}")
        return found

    def target(self, action: Action) -> str | None:
        spec = self.by_name.get(action[0])
        return None if spec is None or spec.target is None else spec.target(action)

    def spec(self, action: Action) -> ActionKind | None:
        """The declaration of ``action``'s kind, ``None`` for a kind this family does not know."""
        return self.by_name.get(action[0])

    def in_phase(self, phase: str) -> frozenset[str]:
        """The kinds a phase offers at all."""
        return frozenset(k.name for k in self.by_name.values() if phase in k.phases)


class Action(tuple[Any, ...]):
    __slots__ = ()
    #: The family's kinds: notation and targets are read from them.
    KINDS: ClassVar[ActionKinds] = ActionKinds()

    def __new__(cls, kind: str, *args: Any) -> Action:
        return tuple.__new__(cls, (kind, *args))

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def args(self) -> tuple[Any, ...]:
        return tuple(self[1:])

    def __str__(self) -> str:
        return self.KINDS.write(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def to_json(self) -> str:
        """The JSON form of an action is its notation; ``game.parse_action`` reads it back."""
        return str(self)

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(self))
