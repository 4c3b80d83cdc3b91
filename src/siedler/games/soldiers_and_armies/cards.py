"""Trading development cards between players: "Es kann grundsätzlich alles mit den Mitspielern gehandelt
werden, inklusive Entwicklungskarten".

The player whose turn it is offers one seat a card for resources (``sellcard``) or asks one seat for a card
(``buycard``); the seat addressed answers ``agree`` or ``refuse``, and agreeing trades at once. Which cards
a player holds is hidden, so asking for a card is offered whatever the other holds, and only the answer
checks it; such offers count toward ``max_offers``, like resource offers, so that random play ends.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.games.catan.rules import NUM_RESOURCES, VICTORY_POINT
from siedler.games.catan.state import MAIN, NUM_DEV_CARDS

from .actions import SoldierAction
from .combat import CombatMixin
from .state import CARD_REPLY


@mypyc_attr(allow_interpreted_subclasses=True)
class CardTradeMixin(CombatMixin):
    def _legal_card_trades(self, seat: int, acts: list[Action]) -> None:
        if self.offers_made >= self.max_offers:
            return
        dev, hands, base = self.dev_hand, self.hands, seat * NUM_RESOURCES
        held = [c for c in range(NUM_DEV_CARDS) if dev[seat * NUM_DEV_CARDS + c]]
        kinds = [c for c in range(NUM_DEV_CARDS) if self.rules.deck[c] or (c == VICTORY_POINT and self.variant)]
        table = self.soldier_set.CARD_TRADES
        payable: list[bool] = []  # per bundle, whether the hand pays it: the same for every seat asked
        for to in range(self.num_players):
            if to == seat or self.out[to]:
                continue
            if held:
                for _, trades in table["sellcard"][to]:
                    acts.extend([trades[c] for c in held])
            if any(dev[to * NUM_DEV_CARDS : to * NUM_DEV_CARDS + NUM_DEV_CARDS]):
                if not payable:
                    hand = hands[base : base + NUM_RESOURCES]
                    payable = [all(h >= b for h, b in zip(hand, bundle)) for bundle in self.soldier_set.BUNDLES]
                for (_, trades), ok in zip(table["buycard"][to], payable):
                    if ok:
                        acts.extend([trades[c] for c in kinds])

    def _do_sellcard(self, action: SoldierAction) -> None:
        self._offer_card(action)

    def _do_buycard(self, action: SoldierAction) -> None:
        self._offer_card(action)

    def _offer_card(self, action: SoldierAction) -> None:
        self.offers_made += 1
        self.card_offer = action
        self.phase = CARD_REPLY
        self.to_act = action.to
        self._emit(
            "card_offer",
            {
                "seat": self.current,
                "to": action.to,
                "card": action.card,
                "bundle": list(action.bundle),
                "kind": action[0],
            },
        )

    def _card_parties(self) -> tuple[int, int, int, tuple[int, ...]]:
        """(card giver, resource giver, card, resources) of the offer waiting for its answer."""
        offer = self.card_offer
        assert offer is not None
        if offer[0] == "sellcard":
            return self.current, offer.to, offer.card, offer.bundle
        return offer.to, self.current, offer.card, offer.bundle

    def _legal_card_reply(self) -> tuple[Action, ...]:
        giver, payer, card, bundle = self._card_parties()
        s = self.soldier_set
        # Only the answering seat's own cards decide: what the offerer gives (a card for sale, resources for
        # a card asked for) was checked when it was offered, and the answer may not depend on his hidden hand.
        asked = self.card_offer is not None and self.card_offer[0] == "buycard"
        has_card = not asked or self.dev_hand[giver * NUM_DEV_CARDS + card] > 0
        base = payer * NUM_RESOURCES
        can_pay = asked or all(self.hands[base + r] >= bundle[r] for r in range(NUM_RESOURCES))
        return (s.AGREE, s.REFUSE) if has_card and can_pay else (s.REFUSE,)

    def _do_agree(self, action: SoldierAction) -> None:
        giver, payer, card, bundle = self._card_parties()
        dev, hands = self.dev_hand, self.hands
        dev[giver * NUM_DEV_CARDS + card] -= 1
        dev[payer * NUM_DEV_CARDS + card] += 1
        for r in range(NUM_RESOURCES):
            hands[payer * NUM_RESOURCES + r] -= bundle[r]
            hands[giver * NUM_RESOURCES + r] += bundle[r]
        # A card that changed hands this turn is not played this turn by the player whose turn it is.
        if payer == self.current:
            self.dev_new[card] += 1
        elif self.dev_new[card] > dev[giver * NUM_DEV_CARDS + card]:
            self.dev_new[card] = dev[giver * NUM_DEV_CARDS + card]
        self._emit("card_reply", {"seat": action_seat(self), "agreed": True})
        self._close_card_offer()

    def _do_refuse(self, action: SoldierAction) -> None:
        self._emit("card_reply", {"seat": action_seat(self), "agreed": False})
        self._close_card_offer()

    def _close_card_offer(self) -> None:
        self.card_offer = None
        self.phase = MAIN
        self.to_act = self.current


def action_seat(game: CardTradeMixin) -> int:
    seat = game.to_act
    assert seat is not None
    return seat
