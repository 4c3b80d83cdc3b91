"""The fast affordability check agrees with the canonical payment, and every payment pays exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.games.deck_building.cards import NUM_BASIC, NUM_CARDS, NUM_RESOURCES, SETTLEMENT
from siedler.games.deck_building.payment import TRADED, can_pay, plan
from siedler.games.deck_building.rules import _cost

counts = st.lists(st.integers(0, 4), min_size=NUM_CARDS, max_size=NUM_CARDS)
table = st.lists(st.integers(0, 3), min_size=NUM_BASIC + NUM_RESOURCES, max_size=NUM_BASIC + NUM_RESOURCES)
costs = st.fixed_dictionaries(
    {},
    optional={
        "wood": st.integers(0, 3),
        "brick": st.integers(0, 3),
        "wool": st.integers(0, 3),
        "grain": st.integers(0, 3),
        "ore": st.integers(0, 4),
        "desert": st.integers(0, 1),
        "show": st.sampled_from([[], ["desert"], ["settlement"]]),
        "give_back": st.sampled_from([[], ["settlement"]]),
    },
)


@settings(max_examples=1500, deadline=None)
@given(hand=counts, pool=table, wild=st.integers(0, 6), spec=costs)
def test_can_pay_matches_the_canonical_payment(
    hand: list[int], pool: list[int], wild: int, spec: dict[str, object]
) -> None:
    cost = _cost("card", spec)
    assert cost is not None
    hands = [0] * NUM_CARDS + hand  # seat 1's row, so the base offset is exercised
    pay = plan(cost, pool, wild, hands, NUM_CARDS)
    assert can_pay(cost, pool, wild, hands, NUM_CARDS) == (pay is not None)
    if pay is None:
        return
    # What the payment spends exists, and it covers every unit of the cost exactly once.
    assert all(0 <= pay.units[k] <= pool[k] for k in range(NUM_BASIC))
    assert all(0 <= pay.traded[k] <= pool[TRADED + k] for k in range(NUM_RESOURCES))
    assert all(0 <= pay.hand[k] <= hand[k] - cost.hold[k] for k in range(NUM_BASIC))
    assert 0 <= pay.wild <= wild
    got = [pay.units[k] + pay.hand[k] + (pay.traded[k] if k < NUM_RESOURCES else 0) for k in range(NUM_BASIC)]
    for a, b, c in pay.trades:
        assert c not in (a, b) and a < NUM_RESOURCES and b < NUM_RESOURCES
        got[a] -= 1
        got[b] -= 1
        got[c] += 1
    need = list(cost.pay)
    shortfall = sum(max(0, n - g) for n, g in zip(need, got))
    assert shortfall == pay.wild, "the 'any' resources cover exactly what the cards do not"
    assert all(g <= n for n, g in zip(need, got)), "nothing is overpaid"
    assert hand[SETTLEMENT] >= cost.hold[SETTLEMENT]
