"""Why an action is refused, in words a player understands (only computed on refusal)."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.seats import seat_words

from .actions import KINDS, DeckAction
from .cards import CARDS, DEFENDER, NUM_BASIC, ROAD
from .legal import LegalMixin
from .payment import can_pay
from .state import PHASE_NAMES, C

PHASE_TASKS = {
    "main": "lay out, play, trade, buy or end the turn",
    "react": "reflect the attack with a Ritter (Defensiv) or allow it",
    "steal": "keep the card the Bandit took, or return it",
    "discard": "discard a card to the Ritter (Offensiv)",
    "over": "nothing: the game is over",
}


def cost_text(pay: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {CARDS[k]}" for k, n in enumerate(pay) if n) or "nothing"


@mypyc_attr(allow_interpreted_subclasses=True)
class ExplainMixin(LegalMixin):
    def _explain_illegal(self, action: Action) -> str:
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            return f"{action!r} is not an action"
        seat = self.to_act
        who = seat_words(seat, self.players[seat]) if seat is not None else "nobody"
        phase = PHASE_NAMES[self.phase]
        # The kinds a phase is about get the specific reason within it (declared with each kind: ``KINDS``).
        if action[0] not in KINDS.in_phase(phase) and action[0] not in {a[0] for a in self.legal_actions()}:
            return f"'{action}' is not possible now: {who} must {PHASE_TASKS[phase]}"
        # A plain tuple equal to an action gets the action's named fields.
        named = action if isinstance(action, DeckAction) else DeckAction(*action)
        return f"'{action}' is not legal: {self._reason(named)}"

    def _reason(self, action: DeckAction) -> str:
        kind, seat = action[0], self.to_act
        assert seat is not None
        hand = self.hands[seat * C : seat * C + C]
        if kind in ("lay", "play", "discard") and len(action) == 2 and isinstance(action[1], int):
            return f"{self.players[seat]} holds no {CARDS[action[1]]}"
        if kind == "road":
            return f"{self.players[seat]} holds {hand[ROAD]} road cards, not {action.roads}"
        if kind == "reflect":
            return f"{self.players[seat]} holds no {CARDS[DEFENDER]} (Ritter (Defensiv))"
        if kind == "trade":
            return (
                "only resource cards laid out this turn and not yet spent can be traded; "
                f"lay out a {CARDS[action.give_a]} and a {CARDS[action.give_b]} first"
            )
        if kind == "buy":
            return self._why_not_buy(seat, action.card, hand)
        return "not now"

    def _why_not_buy(self, seat: int, card: int, hand: list[int]) -> str:
        cost = self.rules.costs[card]
        if cost is None:
            return f"{CARDS[card]} is not for sale"
        if not self.supply[card]:
            return f"the supply has no {CARDS[card]} left"
        for k in range(C):
            if hand[k] < cost.hold[k]:
                how = "given back to the supply" if cost.give_back[k] else "shown"
                return f"buying a {CARDS[card]} needs an unplayed {CARDS[k]} in hand ({how})"
        if not can_pay(cost, self.pool, self.wild, self.hands, seat * C):
            table = cost_text(tuple(self.pool[:NUM_BASIC]))
            return (
                f"a {CARDS[card]} costs {cost_text(cost.pay)}; the table holds {table} and "
                f"{self.wild} of any resource, the hand {cost_text(tuple(hand[:NUM_BASIC]))}, "
                "and two resource cards trade for one"
            )
        return "not now"
