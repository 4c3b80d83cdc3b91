"""Development cards: buying, the one-card-per-turn rule, the four playable kinds, the largest army."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action

from .actions import CatanAction
from .rules import KNIGHT, MONOPOLY, NUM_RESOURCES, ROAD_BUILDING, VICTORY_POINT, YEAR_OF_PLENTY
from .state import NUM_DEV_CARDS, PIECE_KINDS, ROADS, ROBBER
from .state import ROAD_BUILDING as ROAD_BUILDING_PHASE
from .trading import TradingMixin


@mypyc_attr(allow_interpreted_subclasses=True)
class DevelopmentMixin(TradingMixin):
    def _playable(self, seat: int, card: int) -> bool:
        """Held, and not bought this turn (``dev_new`` counts only the current player's purchases)."""
        return self.dev_hand[seat * NUM_DEV_CARDS + card] - self.dev_new[card] > 0

    def _legal_development(self, seat: int, acts: list[Action], before_roll: bool) -> None:
        if self.dev_played:
            return
        hand, base = self.dev_hand, seat * NUM_DEV_CARDS
        if not (hand[base] or hand[base + 2] or hand[base + 3] or hand[base + 4]):
            return  # the common case: nothing playable held
        interned = self.action_set
        if self._playable(seat, KNIGHT):
            acts.append(interned.KNIGHT)
        if before_roll:
            return
        if self._playable(seat, ROAD_BUILDING) and self.pieces[seat * PIECE_KINDS + ROADS] and self._road_spots(seat):
            acts.append(interned.ROAD_BUILDING)
        if self._playable(seat, YEAR_OF_PLENTY):
            bank = self.bank
            pairs = [
                a for (r1, r2), a in interned.PLENTY.items() if bank[r1] and bank[r2] and (r1 != r2 or bank[r1] > 1)
            ]
            if pairs:
                acts.extend(pairs)
            else:
                acts.extend(interned.PLENTY_ONE[r] for r in range(NUM_RESOURCES) if bank[r])
        if self._playable(seat, MONOPOLY):
            acts.extend(interned.MONOPOLY)

    def _do_buy(self, action: CatanAction) -> None:
        seat = self.current
        self._pay(seat, self.rules.development_cost)
        self._draw_development(seat)

    def _draw_development(self, seat: int) -> None:
        """The top card of the deck into the hand of ``seat``, who may not play it this turn.

        Buying pays and then draws; a rule or extension that hands out a card another way (for fish tokens,
        say) draws here too, so the deck, the log and the win check stay in one place.
        """
        card = self.rng.weighted_index(self.dev_deck)
        self.dev_deck[card] -= 1
        self.dev_hand[seat * NUM_DEV_CARDS + card] += 1
        self.dev_new[card] += 1
        if self.logging:
            self._note("buy", (seat,), (card,), (seat,))
        if card == VICTORY_POINT:
            self._check_win(seat)

    def _spend(self, seat: int, card: int) -> None:
        self.dev_hand[seat * NUM_DEV_CARDS + card] -= 1
        self.dev_spent[card] += 1
        self.dev_played = True
        if self.logging:
            self._note("play", (seat, card))

    def _do_knight(self, action: CatanAction) -> None:
        seat = self.current
        self._spend(seat, KNIGHT)
        self.knights[seat] += 1
        self._update_largest_army(seat)
        self.robber_return = self.phase
        self.phase = ROBBER
        self._check_win(seat)

    def _update_largest_army(self, seat: int) -> None:
        holder, knights = self.largest_army, self.knights
        if (
            holder != seat
            and knights[seat] >= self.rules.largest_army_min
            and (holder < 0 or knights[seat] > knights[holder])
        ):
            points = self.rules.award_points
            if holder >= 0:
                self.vp[holder] -= points
            self.vp[seat] += points
            self.largest_army = seat
            if self.logging:
                self._note("award", ("largest_army", seat, holder))
            self._award_changes()

    def _do_roadbuilding(self, action: CatanAction) -> None:
        seat = self.current
        self._spend(seat, ROAD_BUILDING)
        self.free_roads = min(2, self.pieces[seat * PIECE_KINDS + ROADS])
        self.phase = ROAD_BUILDING_PHASE

    def _do_plenty(self, action: CatanAction) -> None:
        seat = self.current
        self._spend(seat, YEAR_OF_PLENTY)
        for r in action[1:]:
            self.bank[r] -= 1
            self.hands[seat * NUM_RESOURCES + r] += 1
        if self.logging:
            self._note("plenty", (seat, tuple(action[1:])))

    def _do_monopoly(self, action: CatanAction) -> None:
        seat, r = self.current, action.resource
        self._spend(seat, MONOPOLY)
        hands = self.hands
        taken: list[int] = []  # the event's: (victim, count) flat
        for q in range(self.num_players):
            count = hands[q * NUM_RESOURCES + r]
            if q != seat and count:
                taken += (q, count)
                hands[seat * NUM_RESOURCES + r] += count
                hands[q * NUM_RESOURCES + r] = 0
        if self.logging:
            self._note("monopoly", (seat, r, tuple(taken)))
