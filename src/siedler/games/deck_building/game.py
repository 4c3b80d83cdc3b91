"""The Deck Building game's turn: laying out, playing, trading, buying, ending the turn, winning."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.options import Option

from .actions import DeckAction, action_set
from .cards import (
    BANDIT,
    CITY,
    HARBOR,
    KNIGHT,
    NUM_BASIC,
    NUM_RESOURCES,
    ROAD,
    SEA,
    SETTLEMENT,
)
from .payment import TRADED, plan
from .presentation import ViewMixin
from .rules import editions, normalise, option_form, rules_for
from .state import MAIN, NOBODY, POOL_SIZE, C, shuffle

DECK_OPTIONS = (
    Option(
        "edition", "standard", "card counts and costs: the rule text, or the authors' later edition", choices=editions()
    ),
    Option(
        "start_player",
        0,
        "index of the seat that takes the first turn: 0 = the first seat, 1 = the second (-1: drawn at random)",
        choices=(0, 1, -1),  # a menu of seats in words (page.option_values.start_player), not a number to type
    ),
    Option("deck", {}, 'changes to the starting deck, e.g. {"sea": 2} (JSON)', form=option_form("deck")),
    Option("supply", {}, 'changes to the supply, e.g. {"road": 14, "city": 9} (JSON)', form=option_form("supply")),
    Option(
        "costs",
        {},
        'replaced costs, e.g. {"bandit": {"wool": 2, "grain": 1, "desert": 1}} (JSON)',
        form=option_form("costs"),
    ),
    Option("turn_limit", 200, "turns after which the game ends with no winner (0: no limit)", minimum=0),
)


@mypyc_attr(allow_interpreted_subclasses=True)
class DeckBuildingGame(ViewMixin):
    """Catan: Deck Building for two players (rule text: deck-building.md)."""

    # ------------------------------------------------------------------ setting up
    def _setup(self) -> None:
        opts = self.options
        tables = normalise(opts)
        opts.update(tables)
        rules = self.rules = rules_for(opts["edition"], tables["deck"], tables["supply"], tables["costs"])
        self.action_set = action_set(max(1, rules.totals()[ROAD]))
        self.hands = [0] * (2 * C)
        self.supply = list(rules.supply)
        self._prepare_legal()
        self.pool = [0] * POOL_SIZE
        self.wild = 0
        self.draw, self.discard, self.laid = [], [[], []], [[], []]
        for _ in range(2):
            pile = [k for k in range(C) for _ in range(rules.deck[k])]
            shuffle(self.rng, pile)
            self.draw.append(pile)
        start = opts["start_player"]
        self.start_player = start if start >= 0 else self.rng.below(2)
        self.current = self.start_player
        self.to_act = self.current
        self.phase = MAIN
        self.turn = 0
        self.turn_limit = opts["turn_limit"]
        self._back_to_main()
        self._emit("start", {"seat": self.start_player})
        for seat in (self.start_player, 1 - self.start_player):
            drawn = self._draw(seat, rules.opening_hand)
            self._note("draw", (seat, len(drawn)), (tuple(drawn),), (seat,))
        self._check_win()

    def parse_action(self, text: object) -> Action:
        return self.action_set.parse(text)

    def _action_universe(self) -> tuple[Action, ...]:
        """Every interned Deck Building action of this road-group limit, in the order they were made."""
        return tuple(self.action_set.canon.values())

    # ------------------------------------------------------------------ carrying actions out
    def _check_win(self) -> None:
        """A player holding enough Stadt cards during his own turn wins at once."""
        if not self.is_over and self.hands[self.current * C + CITY] >= self.rules.cities_in_hand:
            self._finish(self.current)

    def _lay_out(self, seat: int, card: int) -> None:
        self.hands[seat * C + card] -= 1
        self.laid[seat].append(card)

    # Every handler that changes what the current player can pay resets ``_buys`` (see legal.py); laying out
    # a card that no cost needs held only moves a unit from the hand to the table.
    def _do_lay(self, action: DeckAction) -> None:
        seat, card = self.current, action.card
        if card in self.held_kinds:
            self._buys = None
        self.hands[seat * C + card] -= 1
        self.laid[seat].append(card)
        if card < NUM_BASIC:
            self.pool[card] += 1
        self._note("lay", (seat, card))

    def _do_play(self, action: DeckAction) -> None:
        seat, card, rules = self.current, action.card, self.rules
        self._lay_out(seat, card)
        if card in (SETTLEMENT, CITY):
            self._buys = None
            gain = rules.settlement_resources if card == SETTLEMENT else rules.city_resources
            self.wild += gain
            self._emit("play", {"seat": seat, "card": card, "any": gain})
        else:
            if card == HARBOR:
                n = self.harbor_draw(seat)
            elif card == BANDIT:
                n = rules.bandit_draw
            else:
                n = rules.knight_draw if card == KNIGHT else rules.defender_draw
            drawn = self._draw(seat, n)
            if card in self.held_kinds or not self.pay_kinds.isdisjoint(drawn):
                self._buys = None  # the draw changed what can be paid
            self._note("play", (seat, card, len(drawn)), (tuple(drawn),), (seat,))
            if card in (BANDIT, KNIGHT):
                self._start_attack(card)
        self._check_win()

    def harbor_draw(self, seat: int) -> int:
        """Cards a Hafen draws now: one, plus every Meer shown (held or laid out this turn), plus one if
        any Strasse is shown; shown cards stay where they are, so a second Hafen counts them again."""
        hand, laid = self.hands[seat * C : seat * C + C], self.laid[seat]
        roads = 1 if hand[ROAD] or ROAD in laid else 0
        return self.rules.harbor_draw + hand[SEA] + laid.count(SEA) + roads

    def _do_road(self, action: DeckAction) -> None:
        seat, n = self.current, action.roads
        self.hands[seat * C + ROAD] -= n
        self.laid[seat].extend([ROAD] * n)
        gain = self.rules.road_group(n)
        if gain:  # roads are neither paid nor held: only the resources change what can be bought
            self._buys = None
        self.wild += gain
        self._note("road", (seat, n, gain))

    def _do_trade(self, action: DeckAction) -> None:
        a, b, c = action.give_a, action.give_b, action.get
        self._buys = None
        self.pool[a] -= 1
        self.pool[b] -= 1
        self.pool[TRADED + c] += 1
        self._note("trade", (self.current, (a, b), c))

    def _do_buy(self, action: DeckAction) -> None:
        seat, card = self.current, action.card
        self._buys = None
        base, cost = seat * C, self.rules.costs[card]
        assert cost is not None
        pay = plan(cost, self.pool, self.wild, self.hands, base)
        assert pay is not None
        pool, hands = self.pool, self.hands
        spent: list[int] = []  # from the table, for the log
        cards: list[int] = []  # from the hand, laid out
        # Only the cost's own kinds are touched, unless trades took spare cards of other kinds.
        kinds = range(NUM_BASIC) if pay.trades else [k for k, _ in cost.kinds]
        for k in kinds:
            n = pay.units[k] + (pay.traded[k] if k < NUM_RESOURCES else 0)
            if n:
                pool[k] -= pay.units[k]
                if k < NUM_RESOURCES:
                    pool[TRADED + k] -= pay.traded[k]
                spent += [k] * n
            n = pay.hand[k]
            if n:
                hands[base + k] -= n
                cards += [k] * n
        self.laid[seat] += cards
        self.wild -= pay.wild
        returned: list[int] = []
        for k, n in cost.returns:
            hands[base + k] -= n
            self.supply[k] += n
            returned += [k] * n
        self.supply[card] -= 1
        self.discard[seat].append(card)
        if self.logging:
            self._note("buy", (seat, card, pay.wild, tuple(pay.trades), tuple(spent), tuple(cards), tuple(returned)))

    def _do_end(self, action: DeckAction) -> None:
        seat, rules = self.current, self.rules
        self._buys = None
        self.discard[seat].extend(self.laid[seat])
        self.laid[seat] = []
        self.pool = [0] * POOL_SIZE
        self.wild = 0
        held = sum(self.hands[seat * C : seat * C + C])
        n = rules.refill_to - held if held < rules.refill_below else 0
        drawn = self._draw(seat, n if n > rules.draw_min else rules.draw_min)
        self._note("end", (seat, len(drawn)), (tuple(drawn),), (seat,))
        self.turn += 1
        if self.turn_limit and self.turn >= self.turn_limit:
            self._finish(None)
            return
        self.current = 1 - seat
        self.to_act = self.current
        self.phase = MAIN
        self._check_win()


__all__ = ["DECK_OPTIONS", "NOBODY", "DeckBuildingGame"]
