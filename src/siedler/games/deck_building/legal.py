"""Legal actions: the single source of what ``apply`` accepts.

The main phase's list is generated after nearly every action of a game, so it is assembled from parts
that cost little: the hand, as bytes, is translated (in C) into which cards it holds, which picks its lay
and play actions from a table shared by all games; the affordable purchases are cached per game until an
action changes what can be paid, and worked out with the payment check written out for the usual costs.
"""

from __future__ import annotations

from typing import Self

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action

from .actions import DeckAction
from .attacks import AttackMixin
from .cards import NUM_BASIC, NUM_RESOURCES, ROAD
from .payment import TRADED, can_pay
from .rules import Cost, DeckRules
from .state import DISCARD, MAIN, REACT, STEAL, C

assert MAIN == 0, "the main phase is tested as 'not self.phase' on the hot path"

#: bytes.translate tables: a count becomes 1 if the card is held at all; at most 2.
PRESENCE = bytes(min(n, 1) for n in range(256))
UP_TO_TWO = bytes(min(n, 2) for n in range(256))

#: The purchase checks of a rule set: the unusual costs (terrain paid, resources held, several cards
#: held), checked in full by ``can_pay``; then the usual ones, cheapest first, as
#: (units, card, resources paid, card held, number held) with (0, 0) for no card held.
Checks = tuple[tuple[tuple[int, Cost], ...], tuple[tuple[int, int, tuple[tuple[int, int], ...], int, int], ...]]
_CHECKS: dict[int, Checks] = {}


def purchase_checks(rules: DeckRules) -> Checks:
    """The checks of a rule set, made once (rules objects are cached for good, so their ids are stable)."""
    checks = _CHECKS.get(id(rules))
    if checks is not None:
        return checks
    full: list[tuple[int, Cost]] = []
    fast = []
    for k, cost in enumerate(rules.costs):
        if cost is None:
            continue
        if any(cost.pay[NUM_RESOURCES:]) or any(cost.hold[:NUM_RESOURCES]) or len(cost.holds) > 1:
            full.append((k, cost))
        else:
            held = cost.holds[0] if cost.holds else (0, 0)
            fast.append((cost.units, k, cost.kinds, held[0], held[1]))
    # Purchases are listed unusual costs first, then from the cheapest card up, so the first card dearer
    # than what the player could possibly pay ends the search.
    fast.sort()
    checks = _CHECKS[id(rules)] = (tuple(full), tuple(fast))
    return checks


@mypyc_attr(allow_interpreted_subclasses=True)
class LegalMixin(AttackMixin):
    checks: Checks

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.checks = self.checks

    def _prepare_legal(self) -> None:
        """The purchase checks and cache; call after ``rules`` is set."""
        self.checks = purchase_checks(self.rules)
        self.held_kinds = frozenset(k for k in range(C) if any(c and c.hold[k] for c in self.rules.costs))
        self.pay_kinds = self.held_kinds | frozenset(range(NUM_BASIC))
        self._buys = None

    def _generate_legal(self) -> tuple[Action, ...]:
        """In the main phase: end and the hand's own actions, road groups, trades of laid-out units and
        affordable purchases (written out here: the hottest path of a game); else the answers."""
        if self.phase:  # anything but MAIN
            return self._legal_answers()
        t, lo = self.action_set, self.current * C
        hand = self.hands[lo : lo + C]
        try:
            held = bytes(hand).translate(PRESENCE)
        except ValueError:  # more than 255 of a card
            held = bytes(min(n, 1) for n in hand)
        acts = t.prefixes.get(held)
        if acts is None:
            acts = t.prefixes[held] = t.hand_actions(held)
        roads = hand[ROAD]
        if roads:  # never more than the game's roads, which the table is built for
            acts = acts + t.ROAD_GROUPS[roads]
        units = self.pool[:NUM_RESOURCES]
        if any(units):
            try:
                acts += t.TRADES_BY_UNITS[bytes(units).translate(UP_TO_TWO)]
            except ValueError:  # more than 255 laid out
                acts += t.TRADES_BY_UNITS[bytes(min(n, 2) for n in units)]
        buys = self._buys
        if buys is None:
            buys = self._buys = self._compute_buys()
        return acts + buys

    def _legal_answers(self) -> tuple[Action, ...]:
        if self.phase == REACT:
            return self._legal_react()
        if self.phase == STEAL:
            return (self.action_set.KEEP, self.action_set.RETURN)
        if self.phase == DISCARD:
            return self._legal_discard()
        return ()

    def _compute_buys(self) -> tuple[DeckAction, ...]:
        """Affordable purchases: ``payment.can_pay``, written out for the usual costs."""
        pool, wild, hands, base, supply, buy = (
            self.pool,
            self.wild,
            self.hands,
            self.current * C,
            self.supply,
            self.action_set.BUY,
        )
        cards = sum(hands[base : base + NUM_RESOURCES]) + sum(pool[:NUM_RESOURCES])
        traded = sum(pool[NUM_BASIC:])
        budget = cards + wild + traded  # no card or traded unit pays more than one unit
        full, fast = self.checks
        out = []
        for k, cost in full:
            if supply[k] and can_pay(cost, pool, wild, hands, base, cards):
                out.append(buy[k])
        for units, k, kinds, held, need in fast:
            if units > budget:
                break
            if not supply[k] or hands[base + held] < need:
                continue
            if cards + 2 * wild >= 2 * units:  # every card pays at least half a unit (in a trade)
                out.append(buy[k])
                continue
            short = direct = 0
            for r, c in kinds:
                if traded:
                    t = pool[TRADED + r]
                    c = c - t if c > t else 0
                have = pool[r] + hands[base + r]
                if c <= have:
                    direct += c
                else:
                    direct += have
                    short += c - have
            short -= wild
            if short <= 0 or 2 * short <= cards - direct:
                out.append(buy[k])
        return tuple(out)
