"""Trades between players of more than resources: "Es kann grundsätzlich alles mit den Mitspielern gehandelt
werden, inklusive Entwicklungskarten, Siedlungen / Städten, Fischen usw." (development cards were the first,
hence the module's name).

The player whose turn it is offers one seat a good for resources (``sellcard``, ``sellplace``, ``sellfish``)
or asks one seat for a good, paying resources (``buycard``, ``buyplace``, ``buyfish``); the seat addressed
answers ``agree`` or ``refuse``, and agreeing trades at once. What the others hold face down (cards, fish
tokens) is hidden, so asking for one is offered whatever the other holds, and only the answer checks it;
every such offer counts toward ``max_offers``, like resource offers, so that random play ends.

A settlement or city passes with the giver's roads touching it that then reach none of his buildings, as in
conquest (the closer reading: the text hands a place's cut-off roads over with it). The receiver puts his
own piece there (he must have one), with the harbour, the points and as many of the walls as his supply
holds; it stays turned if it was. Neither side may give away
its last building (the text ends a player by destruction, not by trade), and a building with an army on it
is not traded (no army may stand on another player's building: "Armeen dürfen ihre Bewegung nicht an einer
Kreuzung beenden, auf der sich eine fremde Siedlung oder Stadt befindet").
"""

from __future__ import annotations

import random
from itertools import compress
from typing import Self

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.seats import seat_words
from siedler.games.catan.actions import CatanAction, bundle_text
from siedler.games.catan.rules import DEV_CARDS, NUM_RESOURCES, VICTORY_POINT
from siedler.games.catan.state import CITIES, MAIN, NUM_DEV_CARDS, PIECE_KINDS, SETTLEMENTS
from siedler.games.fishermen.data import RULES as FISH_RULES

from .actions import TRADE_KINDS, SoldierAction, trade_good
from .combat import CombatMixin
from .state import CARD_REPLY


@mypyc_attr(allow_interpreted_subclasses=True)
class CardTradeMixin(CombatMixin):
    def _legal_goods_trades(self, seat: int, acts: list[Action]) -> None:
        if self.offers_made >= self.max_offers:
            return
        dev, hands, base = self.dev_hand, self.hands, seat * NUM_RESOURCES
        # Cards held before this turn: one that came this turn is neither played nor passed on in it.
        held = [c for c in range(NUM_DEV_CARDS) if self._playable(seat, c)]
        kinds = [c for c in range(NUM_DEV_CARDS) if self.rules.deck[c] or (c == VICTORY_POINT and self.variant)]
        h0, h1, h2, h3, h4 = hands[base : base + NUM_RESOURCES]
        # Per bundle of the set, whether the hand pays it: the rows below are filtered by it in C (compress).
        payable = [
            h0 >= b[0] and h1 >= b[1] and h2 >= b[2] and h3 >= b[3] and h4 >= b[4] for b in self.soldier_set.BUNDLES
        ]
        fish = bool(self.options.get("fishermen"))
        table = self.soldier_set.TRADES
        room = self._card_room(seat)  # how many cards a player holds is public, which kinds is not
        for to in range(self.num_players):
            if to == seat or self.out[to]:
                continue
            if self._card_room(to):
                for c in held:
                    acts.extend(table["sellcard"][to][c])
            if room and any(dev[to * NUM_DEV_CARDS : to * NUM_DEV_CARDS + NUM_DEV_CARDS]):
                for c in kinds:
                    acts.extend(compress(table["buycard"][to][c], payable))
            for node in self._tradable_places(seat, to):
                acts.extend(table["sellplace"][to][node])
            for node in self._tradable_places(to, seat):
                acts.extend(compress(table["buyplace"][to][node], payable))
            if fish:
                self._legal_fish_trades(seat, to, payable, acts)

    def _tradable_places(self, giver: int, taker: int) -> list[int]:
        """The giver's buildings the taker may receive: a piece of the kind left in his supply, no army on
        the intersection, and not the giver's last building."""
        mine = self.buildings[giver]
        if len(mine) < 2:
            return []
        pieces, level, ao = self.pieces, self.node_level, self.army_owner
        room = (pieces[taker * PIECE_KINDS + SETTLEMENTS], pieces[taker * PIECE_KINDS + CITIES])
        return [n for n in sorted(mine) if ao[n] < 0 and room[level[n] - 1]]

    def _legal_fish_trades(self, seat: int, to: int, payable: list[bool], acts: list[Action]) -> None:
        """Fish tokens (with the Fishermen), up to the most a player may hold ("Maximal 7 Fischkärtchen"):
        which tokens another holds is hidden, only how many."""
        table, mine, theirs = self.soldier_set.TRADES, self.held_tokens(seat), self.held_tokens(to)
        limit = FISH_RULES.max_held
        if sum(theirs) < limit:
            for v in range(3):
                if mine[v]:
                    acts.extend(table["sellfish"][to][v])
        if sum(theirs) and sum(mine) < limit:
            for v in range(3):
                acts.extend(compress(table["buyfish"][to][v], payable))

    def _do_sellcard(self, action: SoldierAction) -> None:
        self._offer_goods(action)

    def _do_buycard(self, action: SoldierAction) -> None:
        self._offer_goods(action)

    def _do_sellplace(self, action: SoldierAction) -> None:
        self._offer_goods(action)

    def _do_buyplace(self, action: SoldierAction) -> None:
        self._offer_goods(action)

    def _do_sellfish(self, action: SoldierAction) -> None:
        self._offer_goods(action)

    def _do_buyfish(self, action: SoldierAction) -> None:
        self._offer_goods(action)

    def _offer_goods(self, action: SoldierAction) -> None:
        self.offers_made += 1
        self.card_offer = action
        self.phase = CARD_REPLY
        self.to_act = action.to
        data = {"seat": self.current, "to": action.to, "bundle": list(action.bundle), "kind": action[0]}
        good = trade_good(action[0])
        if good == "place":
            data.update(at=action.at, piece="city" if self.node_level[action.at] == 2 else "settlement")
        else:
            data["card" if good == "card" else "token"] = action[1]
        self._emit("card_offer", data)

    def _card_parties(self) -> tuple[int, int]:
        """(giver of the good, payer of the resources) of the offer waiting for its answer."""
        offer = self.card_offer
        assert offer is not None
        return (self.current, offer.to) if offer[0].startswith("sell") else (offer.to, self.current)

    def _legal_card_reply(self) -> tuple[Action, ...]:
        offer = self.card_offer
        assert offer is not None
        giver, payer = self._card_parties()
        s, kind = self.soldier_set, offer[0]
        # Only the answering seat's own holdings decide: what the offerer gives (a card or a token for sale,
        # resources for a good asked for) was checked when it was offered, and the answer may not depend on
        # his hidden hand.
        if kind == "buycard":
            ok = self.dev_hand[giver * NUM_DEV_CARDS + offer.card] > 0
        elif kind == "buyfish":
            ok = self.held_tokens(giver)[offer.token - 1] > 0
        elif kind == "buyplace":
            ok = True
        else:
            base = payer * NUM_RESOURCES
            ok = all(self.hands[base + r] >= offer.bundle[r] for r in range(NUM_RESOURCES))
        return (s.AGREE, s.REFUSE) if ok else (s.REFUSE,)

    def _do_agree(self, action: SoldierAction) -> None:
        offer = self.card_offer
        assert offer is not None
        giver, payer = self._card_parties()
        hands = self.hands
        for r in range(NUM_RESOURCES):
            hands[payer * NUM_RESOURCES + r] -= offer.bundle[r]
            hands[giver * NUM_RESOURCES + r] += offer.bundle[r]
        good = trade_good(offer[0])
        if good == "card":
            self._hand_card(giver, payer, offer.card)
        elif good == "fish":
            self._hand_token(giver, payer, offer.token, 1)
        self._bought(payer)  # the player whose turn it is bought a good from another: no free card then
        data: dict[str, object] = {"seat": action_seat(self), "agreed": True}
        if good == "place":
            self._hand_over_building(offer.at, payer)
            # As in conquest: the giver's roads touching the place that now reach none of his buildings.
            data["roads"] = self._take_cut_off_roads(payer, giver, offer.at)
            self._award_changes()
        self._emit("card_reply", data)
        self._close_card_offer()
        self._check_win(self.current)

    def _hand_card(self, giver: int, payer: int, card: int) -> None:
        dev = self.dev_hand
        dev[giver * NUM_DEV_CARDS + card] -= 1
        dev[payer * NUM_DEV_CARDS + card] += 1
        # A card that changed hands this turn is not played this turn by the player whose turn it is.
        if payer == self.current:
            self.dev_new[card] += 1
        elif self.dev_new[card] > dev[giver * NUM_DEV_CARDS + card]:
            self.dev_new[card] = dev[giver * NUM_DEV_CARDS + card]

    def _hand_token(self, giver: int, taker: int, value: int, count: int) -> None:
        """``count`` fish tokens showing ``value`` from ``giver`` to ``taker`` (either -1: none)."""
        for seat, change in ((giver, -count), (taker, count)):
            if seat >= 0:
                held = list(self.held_tokens(seat))
                held[value - 1] += change
                self._set_held_tokens(seat, (held[0], held[1], held[2]))

    def _do_refuse(self, action: SoldierAction) -> None:
        self._emit("card_reply", {"seat": action_seat(self), "agreed": False})
        self._close_card_offer()

    def _close_card_offer(self) -> None:
        self.card_offer = None
        self.phase = MAIN
        self.to_act = self.current

    # ------------------------------------------------------------------ why a trade is refused
    def _specific_reason(self, action: CatanAction) -> str:
        kind = action[0]
        if kind == "agree":
            return "you do not hold what the trade asks of you"
        if kind not in TRADE_KINDS:
            return super()._specific_reason(action)
        trade, seat = SoldierAction(*action), self.current
        to, good = trade.to, trade_good(kind)
        if self.offers_made >= self.max_offers:
            if not self.max_offers:
                return "trade offers to other players are switched off in this game"
            return f"no more trade offers this turn (at most {self.max_offers} offers per turn)"
        if to == seat or self.out[to]:
            return "a trade goes to another player still in the game"
        if good == "card":
            return self._card_trade_reason(trade, seat)
        if good == "place":
            return self._place_trade_reason(trade, seat)
        return self._fish_trade_reason(trade, seat)

    def _card_trade_reason(self, trade: SoldierAction, seat: int) -> str:
        name = DEV_CARDS[trade.card].replace("_", " ")
        taker = trade.to if trade[0] == "sellcard" else seat
        if not self._card_room(taker):
            holds = f"{self._seat_words(taker)} holds" if taker != seat else "you hold"
            return f"{holds} {self.army_rules.max_dev_cards} development cards, the most a player may hold"
        if trade[0] == "sellcard":
            return f"you hold no {name} card from before this turn (one that came this turn is not passed on in it)"
        if not any(self.dev_hand[trade.to * NUM_DEV_CARDS : trade.to * NUM_DEV_CARDS + NUM_DEV_CARDS]):
            return f"{self._seat_words(trade.to)} holds no development card"
        if not self.rules.deck[trade.card] and not self.variant:
            return f"this game has no {name} cards"
        return f"you do not hold {bundle_text(trade.bundle)}"

    def _place_trade_reason(self, trade: SoldierAction, seat: int) -> str:
        node, selling = trade.at, trade[0] == "sellplace"
        giver, taker = (seat, trade.to) if selling else (trade.to, seat)
        whose = "your" if selling else f"{self._seat_words(giver)}'s"
        if node not in self.buildings[giver]:
            return f"intersection {node} holds none of {whose} buildings"
        if len(self.buildings[giver]) < 2:
            return f"it is {whose} last building (a trade never leaves a player without one)"
        if self.army_owner[node] >= 0:
            return f"an army stands on intersection {node} (no army may stand on another player's building)"
        if node not in self._tradable_places(giver, taker):
            piece = "city" if self.node_level[node] == 2 else "settlement"
            return f"{self._seat_words(taker) + ' has' if selling else 'you have'} no {piece} piece left"
        return f"you do not hold {bundle_text(trade.bundle)}"

    def _fish_trade_reason(self, trade: SoldierAction, seat: int) -> str:
        if not self.options.get("fishermen"):
            return "fish tokens are traded only in a game with the Fishermen"
        selling = trade[0] == "sellfish"
        taker, giver = (trade.to, seat) if selling else (seat, trade.to)
        if selling and not self.held_tokens(seat)[trade.token - 1]:
            return f"you hold no fish token worth {trade.token}"
        if not selling and not sum(self.held_tokens(giver)):
            return f"{self._seat_words(giver)} holds no fish token"
        if sum(self.held_tokens(taker)) >= FISH_RULES.max_held:
            holds = f"{self._seat_words(taker)} holds" if selling else "you hold"
            return f"{holds} {FISH_RULES.max_held} fish tokens already"
        return f"you do not hold {bundle_text(trade.bundle)}"

    def _seat_words(self, seat: int) -> str:
        return seat_words(seat, self.players[seat])

    # ------------------------------------------------------------------ what an offer shows, in a guess
    def _shown_offer(self, seat: int | None) -> SoldierAction | None:
        """The offer waiting for its answer, when its offerer is not ``seat``: an offer shows everyone that
        the offerer holds what he gives (a card, a fish token, the resources he pays)."""
        return self.card_offer if self.card_offer is not None and self.current != seat else None

    def _resample_hidden(self, seat: int | None) -> None:
        """The offerer's pledged card or resources are set aside while the hidden cards are dealt anew around
        them, then given back: he keeps what his offer shows. A pledged fish token is set aside too, before
        the Fishermen's component deals the tokens (after this hook); ``determinize`` gives it back."""
        offer = self._shown_offer(seat)
        if offer is not None and offer[0] == "sellfish":
            self._hand_token(self.current, -1, offer.token, 1)
        self._pledge(offer, -1)
        super()._resample_hidden(seat)
        self._pledge(offer, 1)

    def _pledge(self, offer: SoldierAction | None, sign: int) -> None:
        if offer is None:
            return
        kind, offerer = offer[0], self.current
        if kind == "sellcard":  # never a card that came this turn (see _legal_goods_trades): one of his old ones
            self.dev_hand[offerer * NUM_DEV_CARDS + offer.card] += sign
        elif kind.startswith("buy"):
            for r in range(NUM_RESOURCES):
                self.hands[offerer * NUM_RESOURCES + r] += sign * offer.bundle[r]

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        new = super().determinize(seat, rng)
        offer = new._shown_offer(seat)
        if offer is not None and offer[0] == "sellfish":
            new._hand_token(-1, new.current, offer.token, 1)
        return new


def action_seat(game: CardTradeMixin) -> int:
    seat = game.to_act
    assert seat is not None
    return seat
