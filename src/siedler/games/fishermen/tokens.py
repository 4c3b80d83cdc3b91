"""Fish tokens as counts (ones, twos, threes): their value, their notation (``3+2+1``) and the sets of them
that pay a cost exactly (no change is given, so only sets with no token to spare pay: their fish reach the
cost, and without their smallest token they would not)."""

from __future__ import annotations

from functools import cache

from siedler.core.errors import IllegalAction

#: Tokens handed in or held, as counts (ones, twos, threes).
Tokens = tuple[int, int, int]


def fish_in(tokens: Tokens) -> int:
    return tokens[0] + 2 * tokens[1] + 3 * tokens[2]


def token_values(tokens: Tokens) -> list[int]:
    """The tokens one by one, highest first: (1, 0, 2) -> [3, 3, 1]."""
    return [3] * tokens[2] + [2] * tokens[1] + [1] * tokens[0]


def tokens_text(tokens: Tokens) -> str:
    return "+".join(str(v) for v in token_values(tokens))


def parse_tokens(word: str) -> Tokens:
    counts = [0, 0, 0]
    for part in word.split("+"):
        if part not in ("1", "2", "3"):
            raise IllegalAction(f"fish tokens show 1, 2 or 3 fish; write them like 3+2+1, not {word!r}")
        counts[int(part) - 1] += 1
    return (counts[0], counts[1], counts[2])


@cache
def exact_sets(cost: int, max_held: int) -> tuple[Tokens, ...]:
    """Every set of at most ``max_held`` tokens that pays ``cost`` with no token to spare."""
    out = []
    for threes in range(max_held + 1):
        for twos in range(max_held + 1 - threes):
            for ones in range(max_held + 1 - threes - twos):
                value = ones + 2 * twos + 3 * threes
                smallest = 1 if ones else 2 if twos else 3
                if value >= cost and value - smallest < cost:
                    out.append((ones, twos, threes))
    return tuple(out)


@cache
def payable(held: Tokens, cost: int, max_held: int) -> tuple[Tokens, ...]:
    """The exact sets for ``cost`` that a player holding ``held`` can hand in."""
    return tuple(t for t in exact_sets(cost, max_held) if t[0] <= held[0] and t[1] <= held[1] and t[2] <= held[2])
