"""A choice forced on a bot: "buys artillery whenever it can", "never buys the nuke", "buys the Bandit at
its first chance". The designers' lab compares seats with and without such a choice on the same seeds
(an experiment's intervention arms, docs/designers.md).

A ``Force`` names the actions it is about by their kind and fields, as the rule set declares them
(``ActionKind``: docs/api.md, "Action kinds"), with the fields' values as the notation writes them
(``unit = "artillery"``, ``card = "bandit"``) or as the action holds them (``at = 12``). It is checked and
turned into the set of matching actions against one game of the rule set, from the game's
``action_universe()``, so a kind, field or value the rule set does not have is refused by name before any
game is played.

``ForcedBot`` applies forces on top of any bot and stays as fair as that bot: besides the bot's own
decision it reads only the seat's legal actions (``game.legal_actions()``, the seat's to know, as a
``LegalPolicy`` does) and what it chose itself before.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game

from .base import Bot

#: Whenever a matching action is legal, the seat takes one; it never takes one; it takes one at the first
#: chance, and after that (or once it took one of its own accord) decides as its bot does.
ALWAYS, NEVER, FIRST = "always", "never", "first"
WHEN = (ALWAYS, NEVER, FIRST)
#: The words of an action's notation (``recruit artillery 12`` -> recruit, artillery, 12).
_WORD = re.compile(r"\w+")

Value = int | str


@dataclass(frozen=True)
class Force:
    """A forced choice: ``when`` (always, never, first) the seat takes an action of ``kind`` whose fields
    have the given values (each field one of its values; fields not named may be anything).
    ``actions`` is empty until ``resolved`` against a game of the rule set."""

    when: str
    kind: str
    fields: tuple[tuple[str, tuple[Value, ...]], ...] = ()
    actions: frozenset[Action] = frozenset()

    @classmethod
    def of(cls, when: str, kind: str, fields: Mapping[str, Value | Sequence[Value]] | None = None) -> Force:
        """A force from plain values (a field's value, or a list of them); ``OptionError`` for a bad one."""
        if when not in WHEN:
            raise OptionError(f"when is {', '.join(WHEN)}; not {when!r}")
        if not isinstance(kind, str) or not kind:
            raise OptionError(f"kind is the name of an action kind, like recruit or buy; not {kind!r}")
        named = []
        for name, given in (fields or {}).items():
            values = tuple(given) if isinstance(given, list | tuple) else (given,)
            if not values or not all(isinstance(v, int | str) and not isinstance(v, bool) for v in values):
                raise OptionError(f"field {name!r} takes a value or a list of values (words or whole numbers)")
            named.append((name, values))
        return cls(when, kind, tuple(named))

    @property
    def label(self) -> str:
        """The force in words, for the results: ``always recruit unit=artillery``."""
        fields = " ".join(f"{name}={'|'.join(map(str, values))}" for name, values in self.fields)
        return " ".join(filter(None, (self.when, self.kind, fields)))

    def to_json(self) -> dict[str, Any]:
        return {"when": self.when, "kind": self.kind, "fields": {n: list(v) for n, v in self.fields}}

    def resolved(self, game: Game) -> Force:
        """This force with the actions of ``game``'s rule set (options and player count) that match it; an
        ``OptionError`` names a kind, field or value the rule set does not have, or a force matching nothing."""
        universe = game.action_universe()
        of_kind = [a for a in universe if a[0] == self.kind]
        if not of_kind:
            kinds = ", ".join(sorted({str(a[0]) for a in universe}))
            raise OptionError(f"{game.ruleset} has no action kind {self.kind!r} (its kinds: {kinds})")
        declared = type(of_kind[0]).KINDS.by_name[self.kind].fields
        matching = of_kind
        for name, values in self.fields:
            if name not in declared:
                have = f"its fields: {', '.join(declared)}" if declared else "it has no fields"
                raise OptionError(f"action kind {self.kind!r} has no field {name!r} ({have})")
            index = declared.index(name) + 1
            names = value_names(of_kind, index)
            wanted = set()
            for value in values:
                found = [v for v, word in names.items() if _same(value, v) or _same(value, word)]
                if not found:
                    known = ", ".join(dict.fromkeys(str(w) for w in names.values()))
                    raise OptionError(f"field {name!r} of {self.kind!r} has no value {value!r} (values: {known})")
                wanted.update(found)
            matching = [a for a in matching if a[index] in wanted]
        if not matching:
            raise OptionError(f"no action of {game.ruleset} is {self.label.split(' ', 1)[1]}")
        return replace(self, actions=frozenset(matching))


def _same(given: Value, value: Any) -> bool:
    """A value as the file gives it: the field's own value, or its name or text in any case."""
    if isinstance(given, str):
        return isinstance(value, int | str) and given.lower() == str(value).lower()
    return bool(given == value)


def value_names(actions: Sequence[Action], index: int) -> dict[Any, Value]:
    """Each value that field ``index`` takes among ``actions`` (all of one kind), with its name: the one
    word of the notation that every action with that value shares and the kind's others do not
    (``recruit artillery 12``: unit 2 is ``artillery``, at 12 is ``12``); a value without such a word is
    named by itself."""
    words = [set(_WORD.findall(str(a).lower())) for a in actions]
    common = set.intersection(*words) if words else set()
    names: dict[Any, Value] = {}
    for value in dict.fromkeys(a[index] for a in actions):
        shared = set.intersection(*(w for a, w in zip(actions, words, strict=True) if a[index] == value)) - common
        names[value] = shared.pop() if len(shared) == 1 else value
    return names


class ForcedBot:
    """``bot`` with ``forces`` applied in their order. A force that overrides the bot's decision takes,
    among the legal actions it allows, the one most like the bot's (the same kind with the most fields
    equal: recruiting artillery at the intersection where the bot recruited infantry), ties drawn from
    its own generator."""

    def __init__(self, bot: Bot, forces: Sequence[Force], seed: int = 0) -> None:
        if any(not f.actions for f in forces):
            raise ValueError("a force must be resolved against the game's rule set first")
        self.bot = bot
        self.forces = tuple(forces)
        self.spent = [False] * len(self.forces)
        self.rng = random.Random(f"forced:{seed}")

    def decide(self, game: Game, seat: int) -> Action:
        choice = self.bot.decide(game, seat)
        legal: tuple[Action, ...] | None = None
        for i, force in enumerate(self.forces):
            if force.when == NEVER and choice not in force.actions:
                continue
            if force.when != NEVER and (self.spent[i] or choice in force.actions):
                continue
            legal = game.legal_actions() if legal is None else legal
            among = [a for a in legal if (a in force.actions) != (force.when == NEVER)]
            if among:
                choice = self._closest(choice, among)
        for i, force in enumerate(self.forces):
            if force.when == FIRST and choice in force.actions:
                self.spent[i] = True
        return choice

    def _closest(self, to: Action, among: Sequence[Action]) -> Action:
        def likeness(a: Action) -> tuple[bool, int]:
            if not isinstance(to, Action) or a[0] != to[0]:
                return False, 0
            return True, sum(1 for x, y in zip(a[1:], to[1:]) if x == y)

        scored = [(likeness(a), a) for a in among]
        best = max(score for score, _ in scored)
        return self.rng.choice([a for score, a in scored if score == best])
