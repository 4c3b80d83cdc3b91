"""The game's own random generator: keyed BLAKE2b in counter mode.

Every chance event (the board, dice, shuffles, the card stolen) draws from one stream: block ``i`` is the
keyed BLAKE2b-512 digest of the counter ``i`` under the seed, read as eight 64-bit words. Whoever lacks
the seed cannot tell the stream from chance, so no amount of visible history (a board, many rolls) lets
a player find the seed or predict a hidden card or a future die; with the seed, the game replays exactly.
A statistical generator (SplitMix64, a Mersenne Twister) would not do: its outputs give its state away.

The state is the key and one integer, the number of words drawn, so copying a game stays cheap (the key
and the current block are shared, both immutable) and ``state()`` resumes the very same stream. There is
one generator for everything - simulator, ``siedler play``, server - so none can play with a weak one.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from .errors import OptionError

#: Seeds are whole numbers in ``range(2**SEED_BITS)``; the key is the seed's 32 little-endian bytes.
SEED_BITS: Final = 256
#: Separates this stream from any other use of BLAKE2b with the same key (at most 16 bytes).
_PERSON: Final = b"siedler-rng-v1"
_WORDS: Final = struct.Struct("<8Q").unpack
T = TypeVar("T")


def check_seed(seed: object) -> int:
    """``seed`` if it is a valid seed, else ``OptionError`` saying why."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed must be a whole number, not {seed!r}")
    if not 0 <= seed < 1 << SEED_BITS:
        raise OptionError(f"seed must be between 0 and 2**{SEED_BITS} - 1, not {seed}")
    return seed


def parse_seed(value: object) -> int:
    """A seed written as an integer or as a decimal string (how records and the API carry it, since
    JavaScript numbers lose integers above 2**53)."""
    if isinstance(value, str):
        text = value.strip()
        if not text.isdigit() or not text.isascii() or len(text) > 80:
            raise OptionError(f"seed must be written in decimal digits, not {value!r}")
        return check_seed(int(text))
    return check_seed(value)


def _hasher(seed: int) -> hashlib.blake2b:
    return hashlib.blake2b(key=seed.to_bytes(SEED_BITS // 8, "little"), person=_PERSON)


class Rng:
    __slots__ = ("_block", "_keyed", "drawn")
    #: The keyed hasher before any counter; each block hashes a copy of it, so it is never changed.
    _keyed: hashlib.blake2b
    #: How many 64-bit words were drawn: the whole state beside the seed.
    drawn: int
    #: Block ``drawn // 8`` while ``drawn % 8`` is not 0 (the rest of it is still to be drawn).
    _block: tuple[int, ...]

    def __init__(self, seed: int, keyed: hashlib.blake2b | None = None) -> None:
        """The stream of ``seed``; ``keyed`` is for ``copy`` alone, which shares the hasher of its original
        (keying a new one costs as much as a block, and search bots copy games constantly)."""
        self._keyed = keyed if keyed is not None else _hasher(check_seed(seed))
        self.drawn = 0
        self._block = ()

    def resume(self, drawn: int) -> None:
        """Continue after ``drawn`` words (what ``drawn`` read), on the same seed."""
        if isinstance(drawn, bool) or not isinstance(drawn, int) or drawn < 0:
            raise ValueError(f"a generator state counts the words drawn, so it cannot be {drawn!r}")
        self.drawn = drawn
        self._block = self._compute(drawn >> 3) if drawn & 7 else ()

    def copy(self) -> Rng:
        new = Rng(0, self._keyed)  # not ``Rng.__new__``: a compiled class's ``__new__`` runs ``__init__`` too
        new.drawn = self.drawn
        new._block = self._block
        return new

    def _compute(self, index: int) -> tuple[int, ...]:
        h = self._keyed.copy()
        h.update(index.to_bytes(16, "little"))
        return _WORDS(h.digest())

    def next64(self) -> int:
        n = self.drawn
        self.drawn = n + 1
        i = n & 7
        if i == 0:
            self._block = self._compute(n >> 3)
        return self._block[i]

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

    def weighted_index(self, weights: Sequence[int], total: int = -1) -> int:
        """An index drawn with probability proportional to the integer weights (at least one positive);
        ``total`` is their sum where the caller keeps it (a deal, card by card), else it is summed here."""
        pick = self.below(total if total >= 0 else sum(weights))
        for i, w in enumerate(weights):
            if pick < w:
                return i
            pick -= w
        raise ValueError("weights must contain a positive entry")
