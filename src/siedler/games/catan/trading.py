"""Trade with the bank (4:1, or 3:1 and 2:1 at one's harbours) and with the other players.

A player trade is an offer by the player whose turn it is, answered in seat order by each addressed
player (accept or decline), then confirmed with one who accepted or withdrawn. Offers per turn are capped
by the ``max_offers`` option so that random play always ends, and their size by ``offer_max_cards`` so
that the legal-action list stays complete and finite.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action

from .actions import CatanAction
from .building import BuildingMixin
from .rules import NUM_RESOURCES
from .state import MAIN, OFFER_CONFIRM, OFFER_REPLY


@mypyc_attr(allow_interpreted_subclasses=True)
class TradingMixin(BuildingMixin):
    def _legal_trades(self, seat: int, hand: list[int], acts: list[Action]) -> None:
        rates, bank = self.rates, self.bank
        base = seat * NUM_RESOURCES
        table_bank = self.action_set.BANK
        for g in range(NUM_RESOURCES):
            if hand[g] >= rates[base + g]:
                row = table_bank[g]
                for t in range(NUM_RESOURCES):
                    if t != g and bank[t]:
                        acts.append(row[t])
        if self.offers_made < self.max_offers:
            h0, h1, h2, h3, h4 = hand
            for give, offers in self.action_set.OFFERS[seat]:
                if h0 >= give[0] and h1 >= give[1] and h2 >= give[2] and h3 >= give[3] and h4 >= give[4]:
                    acts.extend(offers)

    def _do_bank(self, action: CatanAction) -> None:
        seat, give, get = self.current, action.give, action.get
        rate = self.rates[seat * NUM_RESOURCES + give]
        self.hands[seat * NUM_RESOURCES + give] -= rate
        self.bank[give] += rate
        self.hands[seat * NUM_RESOURCES + get] += 1
        self.bank[get] -= 1
        if self.logging:
            self._note("bank", (seat, give, rate, get))

    # ------------------------------------------------------------------ offers between players
    def _do_offer(self, action: CatanAction) -> None:
        seat, to = self.current, action.to
        n = self.num_players
        self.offers_made += 1
        self.offer = action
        self.offer_pending = tuple((seat + i) % n for i in range(1, n) if to < 0 or (seat + i) % n == to)
        self.offer_accepted = []
        self.phase = OFFER_REPLY
        self.to_act = self.offer_pending[0]
        if self.logging:
            self._note("offer", (seat, action.give, action.want, to))

    def _legal_offer_reply(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None and self.offer is not None
        want, hands, base = self.offer[2], self.hands, seat * NUM_RESOURCES
        if all(hands[base + r] >= want[r] for r in range(NUM_RESOURCES)):
            return (self.action_set.ACCEPT, self.action_set.DECLINE)
        return (self.action_set.DECLINE,)

    def _answer(self, accepted: bool) -> None:
        seat = self.to_act
        assert seat is not None
        if accepted:
            self.offer_accepted = [*self.offer_accepted, seat]
        if self.logging:
            self._note("reply", (seat, accepted))
        self.offer_pending = self.offer_pending[1:]
        if self.offer_pending:
            self.to_act = self.offer_pending[0]
        elif self.offer_accepted:
            self.phase = OFFER_CONFIRM
            self.to_act = self.current
        else:
            self._close_offer()

    def _do_accept(self, action: CatanAction) -> None:
        self._answer(True)

    def _do_decline(self, action: CatanAction) -> None:
        self._answer(False)

    def _legal_offer_confirm(self) -> tuple[Action, ...]:
        confirm = self.action_set.CONFIRM
        return (*(confirm[q] for q in self.offer_accepted), self.action_set.WITHDRAW)

    def _do_confirm(self, action: CatanAction) -> None:
        seat, other = self.current, action.seat
        assert self.offer is not None
        give, want = self.offer[1], self.offer[2]
        hands = self.hands
        for r in range(NUM_RESOURCES):
            moved = give[r] - want[r]
            hands[seat * NUM_RESOURCES + r] -= moved
            hands[other * NUM_RESOURCES + r] += moved
        if self.logging:
            self._note("trade", (seat, other, tuple(give), tuple(want)))
        self._close_offer()

    def _do_withdraw(self, action: CatanAction) -> None:
        if self.logging:
            self._note("withdraw", (self.current,))
        self._close_offer()

    def _close_offer(self) -> None:
        self.offer = None
        self.offer_pending = ()
        self.offer_accepted = []
        self.phase = MAIN
        self.to_act = self.current
