"""Learned values of positions that the search bots read in place of the hand value, handed in from above.

A learned value (a value network: ``siedler.learn``) needs the rule set's observation (``siedler.envs``)
and numpy, which the bots may not import. So the bots declare what they need, :class:`Leaf` (a seat's
chance to win) and :class:`Leaves` (what makes one from a bot's ``model`` parameter), and a layer above
supplies it through the entry points of the group ``siedler.leaves`` (siedler's own: ``siedler.learn``'s
networks, declared in its ``pyproject.toml``), loaded the first time a bot asks. A provider whose import
fails (its extra, such as ``rl``, not installed) is left out: then no rule set ships a learned value, and
the levels are the hand-valued ones.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Protocol, runtime_checkable

from siedler.core.errors import OptionError
from siedler.core.game import Game

#: The entry-point group of the providers of learned values.
GROUP = "siedler.leaves"


@runtime_checkable
class Leaf(Protocol):
    """A learned value: a seat's chance to win a position (0 to 1; a finished game 1 won, 0 not), read
    from what the seat may know of it (on a determinized copy: the copy's guesses too)."""

    def start(self, game: Game, seat: int) -> bool:
        """A decision on ``game`` begins: the value reads the parts that stay fixed while it is weighed.
        ``False``: it has none for this game's configuration (a rule set's own network, ``default``, is
        for its players and options: then the bot values by its own), while a model the bot was given
        by name refuses a game it was not made for with an ``OptionError``."""

    def __call__(self, game: Game, seat: int) -> float: ...


@runtime_checkable
class Leaves(Protocol):
    """A provider of learned values."""

    def ships(self, ruleset: str) -> bool:
        """Whether the rule set's package ships a learned value (``model=default``)."""

    def leaf(self, model: str, seed: int) -> Leaf:
        """The value ``model`` names (``default``: the rule set's own; else what the provider reads, a
        file), for a bot of ``seed``; a ``ValueError`` says why a model is refused."""


_providers: list[Leaves] | None = None


def providers() -> list[Leaves]:
    """The installed providers, by their entry points' names (loaded once)."""
    global _providers
    if _providers is None:
        found: list[Leaves] = []
        for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name):
            try:
                provider = ep.load()
            except ImportError:  # its extra is not installed: it provides nothing here
                continue
            if not isinstance(provider, Leaves):
                raise OptionError(f"entry point {ep.name} of {GROUP} ({ep.value}) is no provider of learned values")
            found.append(provider)
        _providers = found
    return _providers


def ships(ruleset: str) -> bool:
    """Whether a learned value ships with the rule set (``levels_for`` then gives Hard ``model=default``)."""
    return any(p.ships(ruleset) for p in providers())


def leaf(model: str, seed: int) -> Leaf:
    """The learned value a bot's ``model`` parameter names, from the first provider installed."""
    found = providers()
    if not found:
        raise ValueError(f"model={model} needs a provider of learned values (siedler's rl extra: numpy, gymnasium)")
    return found[0].leaf(model, seed)
