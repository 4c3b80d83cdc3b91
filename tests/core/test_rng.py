"""The game's generator: keyed BLAKE2b in counter mode, exactly as ``siedler/core/rng.py`` specifies it."""

from __future__ import annotations

import hashlib
import struct
from collections import Counter

import pytest

from siedler.core.errors import OptionError
from siedler.core.rng import Rng, parse_seed


def reference_words(seed: int, block: int) -> tuple[int, ...]:
    """Block ``block`` of the stream, computed from the specification alone."""
    digest = hashlib.blake2b(
        block.to_bytes(16, "little"), key=seed.to_bytes(32, "little"), person=b"siedler-rng-v1"
    ).digest()
    return struct.unpack("<8Q", digest)


@pytest.mark.parametrize("seed", [0, 1, 2**127 + 12345, 2**256 - 1])
def test_the_stream_is_keyed_blake2b_of_the_counter(seed: int) -> None:
    rng = Rng(seed)
    assert [rng.next64() for _ in range(24)] == [w for b in range(3) for w in reference_words(seed, b)]


def test_resuming_after_any_number_of_words_continues_the_same_stream() -> None:
    original = Rng(99)
    words = [original.next64() for _ in range(40)]
    for drawn in range(30):
        resumed = Rng(99)
        resumed.resume(drawn)
        assert [resumed.next64() for _ in range(10)] == words[drawn : drawn + 10]
    with pytest.raises(ValueError, match="words drawn"):
        Rng(99).resume(-1)


def test_a_copy_goes_on_independently_from_the_same_point() -> None:
    rng = Rng(5)
    rng.next64()
    twin = rng.copy()
    assert [rng.next64() for _ in range(20)] == [twin.next64() for _ in range(20)]
    assert twin.drawn == rng.drawn == 21


def test_neighbouring_seeds_give_unrelated_streams_and_fair_dice() -> None:
    assert Rng(1).next64() != Rng(2).next64()
    rng = Rng(2**100)
    faces = Counter(rng.die() for _ in range(60_000))
    assert set(faces) == set(range(1, 7))
    assert all(abs(n - 10_000) < 500 for n in faces.values())  # 5 standard deviations


@pytest.mark.parametrize(("value", "says"), [(-1, "between"), (2**256, "between"), (True, "whole"), ("1e3", "decimal")])
def test_bad_seeds_are_refused(value: object, says: str) -> None:
    with pytest.raises(OptionError, match=says):
        parse_seed(value)


def test_seeds_are_read_from_decimal_text() -> None:
    assert parse_seed(" 340282366920938463463374607431768211457 ") == 2**128 + 1
    assert parse_seed(7) == 7
