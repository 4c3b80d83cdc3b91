"""Actions: immutable, hashable, with a text notation.

An action is a tuple ``(kind, *args)``. Subclassing ``tuple`` keeps equality and hashing in C, which matters
because ``apply`` checks membership in the legal list on every move. Each rule-set family subclasses
:class:`Action` only to render its notation; parsing lives with the game, which knows the board.
"""

from __future__ import annotations

from typing import Any


class Action(tuple[Any, ...]):
    __slots__ = ()

    def __new__(cls, kind: str, *args: Any) -> Action:
        return tuple.__new__(cls, (kind, *args))

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def args(self) -> tuple[Any, ...]:
        return tuple(self[1:])

    def __str__(self) -> str:
        return " ".join(str(x) for x in self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def to_json(self) -> str:
        """The JSON form of an action is its notation; ``game.parse_action`` reads it back."""
        return str(self)

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(self))
