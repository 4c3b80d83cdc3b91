"""Information sets: dealing hidden cards anew, consistently with what a seat has seen.

``Game.determinize`` copies a game and asks each rule set (the ``_resample_hidden`` hook) to deal anew what
a seat may not know. Rule sets describe their hidden cards as rows of counts (a hand, a deck, a pile), and
``redeal`` deals the cards of those rows anew: each row keeps its size, each kind its total over the rows,
because those are what every seat may know (hand sizes, the bank, the cards that left a deck). The cards
are gathered in kind order before the shuffle, so the deal depends only on those public figures and the
generator, never on where the cards really were: two games a seat cannot tell apart give the same deal.
"""

from __future__ import annotations

from collections.abc import Collection

from .rng import Rng


def redeal(rows: list[list[int]], rng: Rng, keep: Collection[int] = ()) -> None:
    """Deal the cards of ``rows`` (counts by kind, changed in place) anew: each row keeps its size and its
    cards of the kinds in ``keep`` (cards shown to everyone); the total of each kind stays the same.

    Card by card, each kind drawn in proportion to what is left (a uniform deal), the last row taking the
    rest: put the biggest row (a deck, a supply) last, and the deal costs a draw per card of the others.
    """
    width = max((len(row) for row in rows), default=0)
    totals = [0] * width
    sizes = []
    for row in rows:
        size = 0
        for kind, n in enumerate(row):
            if n and kind not in keep:
                totals[kind] += n
                size += n
                row[kind] = 0
        sizes.append(size)
    left = sum(totals)
    for row, size in zip(rows[:-1], sizes, strict=False):
        for _ in range(size):
            kind = rng.weighted_index(totals, left)  # the running total, not summed again per card
            totals[kind] -= 1
            left -= 1
            row[kind] += 1
    for kind, n in enumerate(totals):
        if n:
            rows[-1][kind] += n
