"""Paying for a purchase: whether a card is affordable, and the one canonical way ``buy`` pays.

What a player can pay with, at the moment of buying:

* the *table*: units of basic cards laid out this turn and not yet spent, units obtained by trades,
  and the "any" resources of played Siedlung, Stadt and road groups (the FAQ lets these be split over
  several purchases, so they stay on the table until spent or the turn ends);
* matching resource and terrain cards from the hand, which ``buy`` lays out as needed;
* trades: any two resource cards (laid out, or from the hand) for one resource of another kind.

``buy`` spends in this order: traded units, laid-out units, "any" resources, matching hand cards, and
only for what is still missing, trades of surplus cards (laid-out units first, then the hand's most
plentiful kinds). Each step either dominates the alternatives or can be overridden by the player with
``lay`` and ``trade`` before buying: whatever sits on the table is spent first. See the rules page.
"""

from __future__ import annotations

from typing import Final

from .cards import NUM_BASIC, NUM_RESOURCES
from .rules import Cost

#: The order in which "any" resources stand in for hand cards once every shortfall is covered: the
#: cards kept in hand are the ones a Stadt needs most (ore, grain), so they are replaced first.
WILD_ORDER = (4, 3, 2, 1, 0)
#: Index of the traded units in the table list (after the basic units).
TRADED: Final = NUM_BASIC


class Payment:
    """Units taken from the table (traded, laid-out), "any" resources spent, hand cards laid out."""

    __slots__ = ("hand", "traded", "trades", "units", "wild")

    def __init__(
        self, traded: list[int], units: list[int], wild: int, hand: list[int], trades: list[tuple[int, int, int]]
    ) -> None:
        self.traded, self.units, self.wild, self.hand, self.trades = traded, units, wild, hand, trades


def can_pay(cost: Cost, table: list[int], wild: int, hand: list[int], base: int, cards: int = -1) -> bool:
    """Whether ``cost`` can be paid: the check legal-action generation runs for every card on sale.

    ``cards`` is the number of resource units in hand and on the table, if the caller has counted them.
    A resource a cost asks for is paid directly as far as the cards of that kind go; the rest is short and
    must come from "any" resources, or from trades of two spare cards each.
    """
    hold = cost.hold
    for k, n in cost.holds:
        if hand[base + k] < n:
            return False
    if cards < 0:
        cards = sum(hand[base : base + NUM_RESOURCES]) + sum(table[:NUM_RESOURCES])
    cards -= cost.held_resources
    short = direct = 0
    for k, c in cost.kinds:
        if k < NUM_RESOURCES:
            t = table[TRADED + k]
            if c <= t:
                continue
            c -= t
            have = table[k] + hand[base + k] - hold[k]
            if c <= have:
                direct += c
            else:
                direct += have
                short += c - have
        elif max(0, c - table[k]) > hand[base + k] - hold[k]:
            return False
    short -= wild
    return short <= 0 or 2 * short <= cards - direct


def plan(cost: Cost, table: list[int], wild: int, hand: list[int], base: int) -> Payment | None:
    """The canonical payment of ``cost`` (see the module docstring), or None if it cannot be paid."""
    hold = cost.hold
    for k, n in cost.holds:
        if hand[base + k] < n:
            return None
    traded, units, used, need = [0] * NUM_RESOURCES, [0] * NUM_BASIC, [0] * NUM_BASIC, [0] * NUM_BASIC
    for k, c in cost.kinds:
        if k < NUM_RESOURCES:
            t = table[TRADED + k]
            if t:
                t = t if t < c else c
                traded[k], c = t, c - t
        u = table[k]
        if u and c:
            u = u if u < c else c
            units[k], c = u, c - u
        if c and k >= NUM_RESOURCES:
            if c > hand[base + k] - hold[k]:
                return None
            used[k], c = c, 0
        need[k] = c
    left = wild
    if left:
        for k, _ in cost.kinds:  # "any" resources first where the hand cannot cover the need
            gap = need[k] - hand[base + k] + hold[k]
            if gap > 0 and left:
                w = gap if gap < left else left
                need[k] -= w
                left -= w
        for k in WILD_ORDER:  # then in place of hand cards, keeping ore and grain in hand
            if left and need[k]:
                w = need[k] if need[k] < left else left
                need[k] -= w
                left -= w
    missing: list[int] = []
    for k, _ in cost.kinds:
        n = need[k]
        if n:
            h = hand[base + k] - hold[k]
            if n <= h:
                used[k] = n
            else:
                used[k] = h
                missing += [k] * (n - h)
    if not missing:
        return Payment(traded, units, wild - left, used, [])
    spare = [hand[base + k] - hold[k] - used[k] for k in range(NUM_RESOURCES)]
    pool_spare = [table[k] - units[k] for k in range(NUM_RESOURCES)]
    if sum(pool_spare) + sum(spare) < 2 * len(missing):
        return None
    picks = [
        _take_most(pool_spare, units) if any(pool_spare) else _take_most(spare, used) for _ in range(2 * len(missing))
    ]
    trades = [
        (min(picks[2 * i], picks[2 * i + 1]), max(picks[2 * i], picks[2 * i + 1]), got) for i, got in enumerate(missing)
    ]
    return Payment(traded, units, wild - left, used, trades)


def _take_most(spare: list[int], used: list[int]) -> int:
    """Take one card of the most plentiful spare kind (the first such kind on a tie)."""
    k = max(range(NUM_RESOURCES), key=lambda r: spare[r])
    spare[k] -= 1
    used[k] += 1
    return k
