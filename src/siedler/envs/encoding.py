"""What every encoder shares: a layout of named fields in one float32 vector, and numeric leaves.

An encoder turns ``view(seat)`` (and nothing else) into a vector of fixed length, made of named fields of
fixed shapes: the flat observation is the vector, the dict observation the same numbers cut into its fields.
Parts of a view that never change within a game (the board) are encoded once per game (``start``); each
step copies that and writes the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import prod
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from siedler.core.game import Game

Vector = npt.NDArray[np.float32]
Path = tuple[Any, ...]


class Layout:
    """Named fields laid end to end: ``add`` returns the field's offset in the vector."""

    def __init__(self) -> None:
        self.fields: dict[str, tuple[int, ...]] = {}
        self.offsets: dict[str, int] = {}
        self.size = 0

    def add(self, name: str, *shape: int) -> int:
        if name in self.fields:
            raise ValueError(f"observation field {name!r} is declared twice")
        self.fields[name] = shape
        self.offsets[name] = self.size
        self.size += prod(shape)
        return self.offsets[name]

    def split(self, vector: Vector) -> dict[str, Vector]:
        """The dict observation: each field's numbers in its shape."""
        return {
            name: vector[self.offsets[name] : self.offsets[name] + prod(shape)].reshape(shape)
            for name, shape in self.fields.items()
        }


class StateReader(Protocol):
    """What reads one game's observation from its state (``Encoder.reader_for``): the game it reads, and
    ``observe``, which gives exactly the numbers of the encoding of the view."""

    @property
    def game(self) -> Game: ...

    def observe(self, game: Any, seat: int) -> Vector: ...

    def observe_into(self, game: Any, seat: int, out: Vector) -> None: ...


class Encoder:
    """``view(seat)`` -> a float32 vector; a family's encoder declares its fields in ``__init__``.

    An encoder may also read the same numbers from the state, without building the view (a step's largest
    cost): its ``reader_for`` gives, for each game it starts on, a reader (``StateReader``) that
    ``observe`` asks instead of the view, as long as the numbers are exactly those of the view:
    tests/envs/test_envs.py compares the two on random positions of every rule set and combination."""

    layout: Layout
    #: The reader of the game started on (``start_game``), if the encoder has one.
    reader: StateReader | None = None

    def start(self, view: dict[str, Any]) -> None:
        """A new game: encode what stays fixed in it (the board) from its first view."""

    def start_game(self, game: Game) -> None:
        """A new game: ``start`` from its first seat's view, then the reader of its state, if any."""
        self.start(game.view(0))
        self.reader = self.reader_for(game)

    def reader_for(self, game: Game) -> StateReader | None:
        """What reads ``game``'s observation from its state, after ``start`` on it; ``None``: the view."""
        return None

    def encode(self, view: dict[str, Any], seat: int) -> Vector:
        raise NotImplementedError

    def reads_state(self, game: Game) -> bool:
        """Whether ``observe`` reads ``game`` from its state, without building its view (tests check that
        every built-in configuration's does)."""
        return self.reader is not None and game is self.reader.game

    def observe(self, game: Game, seat: int) -> Vector:
        """``seat``'s observation of ``game`` (after ``start_game``): from the reader of the game started
        on, else ``encode(game.view(seat), seat)``."""
        reader = self.reader
        if reader is None or game is not reader.game:
            return self.encode(game.view(seat), seat)
        return reader.observe(reader.game, seat)

    def observe_into(self, game: Game, seat: int, out: Vector) -> None:
        """``observe``, written into ``out`` (a row of a vector environment's batch): by the reader itself
        where it reads the state (compiled code writes the row), else copied from the view's encoding."""
        reader = self.reader
        if reader is None or game is not reader.game:
            out[:] = self.encode(game.view(seat), seat)
        else:
            reader.observe_into(reader.game, seat, out)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled, the encoder keeps the game its reader reads, not the reader (compiled, a reader cannot
        be pickled); ``__setstate__`` asks ``reader_for`` again, with the game unpickled beside it."""
        state = dict(vars(self))
        reader = state.pop("reader", None)
        state["reads"] = None if reader is None else reader.game
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        game = state.pop("reads")
        vars(self).update(state)
        self.reader = None if game is None else self.reader_for(game)


class Leaves:
    """The numbers and booleans of a view part, found in a reference view: a rule set's or an extension's
    blocks of the view are encoded without code of their own.

    Lists of ``players`` numbers are per-seat tables and are rotated to the viewer (index 0: the viewer);
    other lists vary in length and are left out, as are texts. A number missing later reads as 0.
    """

    def __init__(self, reference: Any, players: int) -> None:
        self.players = players
        self.paths: list[tuple[Path, bool]] = list(self._walk(reference, ()))

    def _walk(self, value: Any, path: Path) -> Iterator[tuple[Path, bool]]:
        if isinstance(value, dict):
            for key in sorted(value):
                yield from self._walk(value[key], (*path, key))
        elif isinstance(value, list):
            if len(value) == self.players and all(_number(v) for v in value):
                for seat in range(self.players):
                    yield (*path, seat), True
        elif _number(value):
            yield path, False

    def __len__(self) -> int:
        return len(self.paths)

    def read(self, view: Any, seat: int) -> list[float]:
        out = []
        n = self.players
        for path, per_seat in self.paths:
            value = view
            try:
                for key in path[:-1]:
                    value = value[key]
                if path:
                    value = value[(path[-1] + seat) % n if per_seat else path[-1]]
            except (KeyError, IndexError, TypeError):
                value = None
            out.append(float(value) if isinstance(value, NUMBERS) else 0.0)
        return out

    def only(self, keep: Callable[[Path], bool]) -> Leaves:
        """The same reading of the paths ``keep`` accepts, in their order (an encoder that reads some of
        the numbers elsewhere, once per game say, reads the rest with it)."""
        found = Leaves({}, self.players)
        found.paths = [(path, per_seat) for path, per_seat in self.paths if keep(path)]
        return found


#: What a leaf is (bool is an int).
NUMBERS = (int, float)


def _number(value: Any) -> bool:
    return isinstance(value, NUMBERS)


def relative(seat: int, viewer: int, players: int) -> int:
    """Seats as the viewer sees them: 0 the viewer, 1 the next in seat order, and so on."""
    return (seat - viewer) % players
