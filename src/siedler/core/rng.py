"""The game's own random generator.

Every chance event (dice, shuffles, the card stolen) draws from one SplitMix64 stream whose whole state is a
single integer: copying a game copies one int, and a game exported with ``state()`` resumes the very same
stream. Python's ``random.Random`` would carry 2.5 KB of state and cost far more to copy.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    __slots__ = ("state",)
    state: int

    def __init__(self, seed: int) -> None:
        # Mix the seed once so that neighbouring seeds give unrelated streams.
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    def copy(self) -> Rng:
        new = Rng(0)  # not ``Rng.__new__(Rng)``: a compiled class's ``__new__`` runs ``__init__`` too
        new.state = self.state
        return new

    def next64(self) -> int:
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``; multiply-shift, whose bias (n / 2**64) is far below anything measurable."""
        return (self.next64() * n) >> 64

    def die(self) -> int:
        return self.below(6) + 1

    def dice(self) -> tuple[int, int]:
        """Two dice from one draw (36 equally likely outcomes)."""
        both = self.below(36)
        return both // 6 + 1, both % 6 + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to the integer weights (at least one positive)."""
        pick = self.below(sum(weights))
        for i, w in enumerate(weights):
            if pick < w:
                return i
            pick -= w
        raise ValueError("weights must contain a positive entry")
