"""Trades of anything, composed in steps: "Es kann grundsätzlich alles mit den Mitspielern gehandelt werden,
inklusive Entwicklungskarten, Siedlungen / Städten, Fischen usw. (Ausnahme: Was transportiert wird, ist
ausgeschlossen.)"

The player whose turn it is addresses one seat (``address @2``: the phase ``compose``), adds goods he gives
(``give ...``) and goods he asks for (``ask ...``), any number on each side up to ``trade_goods``, and sends
the offer (``send``) or drops it (``drop``). The seat addressed answers (``trade_reply``): ``agree``,
``refuse``, or ``counter``, which lets it compose an offer of its own back to the offerer in the same steps.
Each step's legal list is short: only what the composer holds, or what the seat addressed may hold as far as
everyone can see (how many cards and tokens it holds, its buildings and roads). A good is a resource card, a
development card, a fish token (with the Fishermen), a settlement or city (with its walls and, as in a
conquest, the roads touching it that then reach none of the giver's buildings) or a road; nothing here is
transported. The offer is public from its first step, as at the table, and shows only what it names; the
answer checks what the seat answering holds. Addressing and countering count toward ``max_offers``.
"""

from __future__ import annotations

import random
from typing import Self

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.rules import DEV_CARDS, NUM_RESOURCES, RESOURCES, VICTORY_POINT
from siedler.games.catan.state import CITIES, MAIN, NUM_DEV_CARDS, PIECE_KINDS, ROADS, SETTLEMENTS
from siedler.games.fishermen.data import RULES as FISH_RULES

from .actions import (
    CARD_GOOD,
    COMPOSE_KINDS,
    FISH_GOOD,
    PLACE_GOOD,
    RESOURCE_GOOD,
    ROAD_GOOD,
    SoldierAction,
    good_code,
    good_parts,
)
from .cards import CardTradeMixin
from .state import COMPOSE, TRADE_REPLY


@mypyc_attr(allow_interpreted_subclasses=True)
class ComposeMixin(CardTradeMixin):
    # ------------------------------------------------------------------ the steps' legal lists
    def _legal_address(self, seat: int, acts: list[Action]) -> None:
        """``address @N`` for every other seat still in the game, while offers are left this turn."""
        if self.offers_made >= self.max_offers:
            return
        row = self.soldier_set.ADDRESS
        acts.extend(row[p] for p in range(self.num_players) if p != seat and not self.out[p])

    def _legal_compose(self) -> tuple[Action, ...]:
        s = self.soldier_set
        giver, taker = self.draft_seats[0], self.draft_seats[1]
        acts: list[Action] = []
        limit = self.army_rules.trade_goods
        if len(self.draft_give) < limit:
            acts.extend(s.GIVE[c] for c in self._offerable(giver, taker, self.draft_give, True))
        if len(self.draft_ask) < limit:
            acts.extend(s.ASK[c] for c in self._offerable(taker, giver, self.draft_ask, False))
        if self.draft_give and self.draft_ask and self._fits():
            acts.append(s.SEND)
        acts.append(s.DROP)
        return tuple(acts)

    def _offerable(self, owner: int, other: int, chosen: tuple[int, ...], own: bool) -> list[int]:
        """The goods ``owner`` may give ``other`` beyond ``chosen``: his own as he holds them (``own``), or,
        for a good asked of him, as far as everyone sees (how many cards and tokens he holds, not which)."""
        codes: list[int] = []
        taken = [good_parts(c) for c in chosen]
        counts = [sum(1 for g, _ in taken if g == good) for good in range(ROAD_GOOD + 1)]
        base = owner * NUM_RESOURCES
        cards = sum(self.hands[base : base + NUM_RESOURCES])
        for r in range(NUM_RESOURCES):
            same = sum(1 for g, i in taken if g == RESOURCE_GOOD and i == r)
            if (own and self.hands[base + r] > same) or (not own and cards > counts[RESOURCE_GOOD]):
                codes.append(good_code(RESOURCE_GOOD, r))
        dev = sum(self.dev_hand[owner * NUM_DEV_CARDS : owner * NUM_DEV_CARDS + NUM_DEV_CARDS])
        for c in range(NUM_DEV_CARDS):
            if not self.rules.deck[c] and not (c == VICTORY_POINT and self.variant):
                continue
            same = sum(1 for g, i in taken if g == CARD_GOOD and i == c)
            if (own and self._passable_cards(owner, c) > same) or (not own and dev > counts[CARD_GOOD]):
                codes.append(good_code(CARD_GOOD, c))
        if self.options.get("fishermen"):
            tokens = self.held_tokens(owner)
            for v in range(1, 4):
                same = sum(1 for g, i in taken if g == FISH_GOOD and i == v)
                if (own and tokens[v - 1] > same) or (not own and sum(tokens) > counts[FISH_GOOD]):
                    codes.append(good_code(FISH_GOOD, v))
        places = {i for g, i in taken if g == PLACE_GOOD}
        if len(self.buildings[owner]) - len(places) >= 2:  # a trade never leaves a player without a building
            codes.extend(good_code(PLACE_GOOD, n) for n in self._tradable_places(owner, other) if n not in places)
        roads = {i for g, i in taken if g == ROAD_GOOD}
        codes.extend(good_code(ROAD_GOOD, e) for e in sorted(self.roads[owner]) if e not in roads)
        return codes

    def _passable_cards(self, seat: int, card: int) -> int:
        """The seat's cards of a kind it may pass on now: none that came to the player whose turn it is in
        this turn."""
        held = self.dev_hand[seat * NUM_DEV_CARDS + card]
        return held - self.dev_new[card] if seat == self.current else held

    def _fits(self) -> bool:
        """Whether both seats can take what the offer gives them: pieces of each kind in their supply, at
        most 4 development cards and 7 fish tokens after the trade."""
        giver, taker = self.draft_seats[0], self.draft_seats[1]
        give, ask = self.draft_give, self.draft_ask
        return self._takes(taker, give, ask) and self._takes(giver, ask, give)

    def _takes(self, seat: int, gets: tuple[int, ...], gives: tuple[int, ...]) -> bool:
        def count(goods: tuple[int, ...], good: int) -> int:
            return sum(1 for c in goods if good_parts(c)[0] == good)

        cards = self._dev_held(seat) + count(gets, CARD_GOOD) - count(gives, CARD_GOOD)
        fish = sum(self.held_tokens(seat)) + count(gets, FISH_GOOD) - count(gives, FISH_GOOD)
        levels = [self.node_level[good_parts(c)[1]] for c in gets if good_parts(c)[0] == PLACE_GOOD]
        pieces = self.pieces[seat * PIECE_KINDS : seat * PIECE_KINDS + PIECE_KINDS]
        return (
            cards <= self.army_rules.max_dev_cards
            and fish <= FISH_RULES.max_held
            and levels.count(1) <= pieces[SETTLEMENTS]
            and levels.count(2) <= pieces[CITIES]
            and count(gets, ROAD_GOOD) <= pieces[ROADS]
        )

    def _legal_trade_reply(self) -> tuple[Action, ...]:
        """``agree`` only if the seat answering holds what is asked of it (its own hidden holdings decide);
        ``counter`` while offers are left this turn."""
        s = self.soldier_set
        acts: list[Action] = [s.AGREE] if self._holds(self.draft_seats[1], self.draft_ask) else []
        acts.append(s.REFUSE)
        if self.offers_made < self.max_offers:
            acts.append(s.COUNTER)
        return tuple(acts)

    def _holds(self, seat: int, goods: tuple[int, ...]) -> bool:
        hand = list(self.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES])
        cards = [self._passable_cards(seat, c) for c in range(NUM_DEV_CARDS)]
        tokens = list(self.held_tokens(seat))
        for code in goods:
            good, item = good_parts(code)
            if good == RESOURCE_GOOD:
                hand[item] -= 1
            elif good == CARD_GOOD:
                cards[item] -= 1
            elif good == FISH_GOOD:
                tokens[item - 1] -= 1
        return min(hand) >= 0 and min(cards) >= 0 and min(tokens) >= 0

    def _legal_goods_trades(self, seat: int, acts: list[Action]) -> None:
        super()._legal_goods_trades(seat, acts)
        self._legal_address(seat, acts)

    # ------------------------------------------------------------------ the steps
    def _do_address(self, action: SoldierAction) -> None:
        self.offers_made += 1
        self._start_draft(self.current, action.seat)

    def _start_draft(self, giver: int, taker: int) -> None:
        self.draft_seats = (giver, taker)
        self.draft_give = ()
        self.draft_ask = ()
        self.phase = COMPOSE
        self.to_act = giver
        self._emit("trade_draft", {"seat": giver, "to": taker})

    def _do_give(self, action: SoldierAction) -> None:
        self.draft_give = (*self.draft_give, good_code(action.good, action.item))

    def _do_ask(self, action: SoldierAction) -> None:
        self.draft_ask = (*self.draft_ask, good_code(action.good, action.item))

    def _do_send(self, action: SoldierAction) -> None:
        giver, taker = self.draft_seats[0], self.draft_seats[1]
        self.phase = TRADE_REPLY
        self.to_act = taker
        give, ask = self.named_goods(self.draft_give), self.named_goods(self.draft_ask)
        self._emit("trade_offer", {"seat": giver, "to": taker, "give": give, "ask": ask})

    def named_goods(self, codes: tuple[int, ...]) -> list[dict[str, object]]:
        """A side of an offer for the view and the log: each good by its kind's name and what it is (a
        resource, a card, a token's value, a place's intersection and piece, a road's path)."""
        out: list[dict[str, object]] = []
        for code in codes:
            good, item = good_parts(code)
            if good == RESOURCE_GOOD:
                out.append({"good": "resource", "resource": RESOURCES[item]})
            elif good == CARD_GOOD:
                out.append({"good": "card", "card": DEV_CARDS[item]})
            elif good == FISH_GOOD:
                out.append({"good": "fish", "token": item})
            elif good == PLACE_GOOD:
                piece = "city" if self.node_level[item] == 2 else "settlement"
                out.append({"good": "place", "at": item, "piece": piece})
            else:
                out.append({"good": "road", "path": self.board.topology.edge_label(item)})
        return out

    def draft_goods(self) -> dict[str, list[str]]:
        """The offer's goods in the notation (``give``: what the offerer gives, ``ask``: what he asks for)."""
        words = self.soldier_set.good_words
        return {"give": [words(c) for c in self.draft_give], "ask": [words(c) for c in self.draft_ask]}

    def _do_drop(self, action: SoldierAction) -> None:
        self._emit("trade_drop", {"seat": self.draft_seats[0]})
        self._close_draft()

    def _do_counter(self, action: SoldierAction) -> None:
        """The seat addressed answers with an offer of its own to the offerer, composed in the same steps."""
        self.offers_made += 1
        giver, taker = self.draft_seats[0], self.draft_seats[1]
        self._start_draft(taker, giver)

    def _do_agree(self, action: SoldierAction) -> None:
        if self.phase == TRADE_REPLY:
            self._agree_draft()
        else:
            super()._do_agree(action)

    def _do_refuse(self, action: SoldierAction) -> None:
        if self.phase == TRADE_REPLY:
            self._emit("card_reply", {"seat": self.draft_seats[1], "agreed": False})
            self._close_draft()
        else:
            super()._do_refuse(action)

    def _close_draft(self) -> None:
        self.draft_seats = ()
        self.draft_give = ()
        self.draft_ask = ()
        self.phase = MAIN
        self.to_act = self.current

    def _agree_draft(self) -> None:
        """Every good to its new owner: roads first, then resources, cards, tokens and buildings (a building
        brings the giver's roads at it that then reach none of his buildings, as in a conquest)."""
        giver, taker = self.draft_seats[0], self.draft_seats[1]
        self._emit("card_reply", {"seat": taker, "agreed": True})
        moves = [(giver, taker, c) for c in self.draft_give] + [(taker, giver, c) for c in self.draft_ask]
        moves.sort(key=lambda m: good_parts(m[2])[0] != ROAD_GOOD)
        for source, to, code in moves:
            self._pass_good(source, to, code)
            if good_parts(code)[0] != RESOURCE_GOOD:
                self._bought(to)  # the player whose turn it is bought something: no free card then
        self._recount_roads()
        self._award_changes()
        self._close_draft()
        self._check_win(self.current)

    def _pass_good(self, source: int, to: int, code: int) -> None:
        good, item = good_parts(code)
        if good == RESOURCE_GOOD:
            self.hands[source * NUM_RESOURCES + item] -= 1
            self.hands[to * NUM_RESOURCES + item] += 1
        elif good == CARD_GOOD:
            self._hand_card(source, to, item)
        elif good == FISH_GOOD:
            self._hand_token(source, to, item, 1)
        elif good == ROAD_GOOD:
            self._hand_road(item, source, to)
        else:
            self._hand_over_building(item, to)
            self._take_cut_off_roads(to, source, item)

    # ------------------------------------------------------------------ why a step is refused
    def _specific_reason(self, action: CatanAction) -> str:
        kind = action[0]
        if kind not in COMPOSE_KINDS and not (kind in ("agree", "refuse") and self.phase == TRADE_REPLY):
            return super()._specific_reason(action)
        if kind in ("address", "counter"):
            if self.offers_made >= self.max_offers:
                if not self.max_offers:
                    return "trade offers to other players are switched off in this game"
                return f"no more trade offers this turn (at most {self.max_offers} offers per turn)"
            return "a trade goes to another player still in the game"
        if kind == "agree":
            return "you do not hold everything the offer asks of you"
        if kind == "send":
            if not self.draft_give or not self.draft_ask:
                return "an offer gives something and asks for something: add a good to each side first"
            return "one of you could not take what the offer gives (pieces, 4 development cards, 7 fish tokens)"
        step = SoldierAction(*action)
        side = self.draft_give if kind == "give" else self.draft_ask
        if len(side) >= self.army_rules.trade_goods:
            return f"that side of the offer holds {self.army_rules.trade_goods} goods already, the most it may"
        words = self.soldier_set.good_words(good_code(step.good, step.item))
        if kind == "give":
            return f"you cannot give {words} (you do not hold it, or it cannot pass now)"
        return f"{self._seat_words(self.draft_seats[1])} cannot give {words} as far as anyone can see"

    # ------------------------------------------------------------------ what an offer shows, in a guess
    def _pledged(self, seat: int | None) -> bool:
        """Whether a composed offer shows ``seat`` what its offerer gives (it does to everyone but him)."""
        return bool(self.draft_seats) and self.draft_seats[0] != seat

    def _resample_hidden(self, seat: int | None) -> None:
        """The offerer keeps what his composed offer gives: his resource and development cards are set aside
        while the hidden cards are dealt anew, his fish tokens before the Fishermen deal theirs (after this
        hook: ``determinize`` gives them back)."""
        pledged = self._pledged(seat)
        if pledged:
            self._pledge_draft(-1)
        super()._resample_hidden(seat)
        if pledged:
            self._pledge_draft(1)

    def _pledge_draft(self, sign: int) -> None:
        giver = self.draft_seats[0]
        for code in self.draft_give:
            good, item = good_parts(code)
            if good == RESOURCE_GOOD:
                self.hands[giver * NUM_RESOURCES + item] += sign
            elif good == CARD_GOOD:
                self.dev_hand[giver * NUM_DEV_CARDS + item] += sign
            elif good == FISH_GOOD and sign < 0:  # given back by ``determinize``
                self._hand_token(giver, -1, item, 1)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        new = super().determinize(seat, rng)
        if new._pledged(seat):
            for code in new.draft_give:
                good, item = good_parts(code)
                if good == FISH_GOOD:
                    new._hand_token(-1, new.draft_seats[0], item, 1)
        return new
