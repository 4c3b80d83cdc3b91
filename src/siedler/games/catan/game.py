"""The Catan base game's flow: founding, rolling, production, the robber, turns and winning.

Rule sets subclass :class:`CatanGame` and override the small hooks declared in ``state.py``; extensions are
components (``component.CatanComponent``), which this class asks for their words, notation, refusals,
actions and view parts before (or after) the rule set's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.game import Move
from siedler.core.options import Option

from .actions import CatanAction, action_set
from .board import Board, balanced_board, beginner_board, random_board
from .rules import NUM_RESOURCES, rules_from
from .state import (
    DISCARD,
    MAIN,
    NOBODY,
    NUM_DEV_CARDS,
    OFFER_CONFIRM,
    OFFER_REPLY,
    OVER,
    ROAD_BUILDING,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)
from .text import TextMixin

CATAN_OPTIONS = (
    Option(
        "board",
        "random",
        "map: the rule book's beginner layout, random (tokens in the spiral), or balanced "
        "(tokens placed freely, no 6 or 8 side by side)",
        choices=("beginner", "random", "balanced"),
    ),
    Option(
        "max_offers", 3, "trade offers to other players per turn (0 switches player trades off)", minimum=0, maximum=20
    ),
    Option("offer_max_cards", 2, "most cards on each side of a trade offer", minimum=1, maximum=4),
    Option("turn_limit", 1000, "turns after which the game ends with no winner (0: no limit)", minimum=0),
)


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanGame(TextMixin):
    """The base game's flow on top of the chain of mechanics (see ``state.py``), which ends in ``TextMixin``."""

    rules: ClassVar = rules_from("base.toml")

    # ------------------------------------------------------------------ setting up
    def _make_board(self) -> Board:
        kind = self.options["board"]
        if kind == "beginner":
            return beginner_board(self.rules)
        inland = (*self.inland_terrain, *[t for c in self._catan for t in c.inland_terrain])
        if kind == "balanced":
            return balanced_board(self.rules, self.rng, inland=inland)
        return random_board(self.rules, self.rng, inland=inland)

    def _initial_robber(self) -> int:
        deserts = self.board.hexes_of("desert")
        return deserts[0] if deserts else NOBODY

    def _setup(self) -> None:
        rules, n = self.rules, self.num_players
        board = self._make_board()
        for component in self._catan:
            board = component.make_board(self, board)
        self.board = board
        topo = self.board.topology
        self.action_set = action_set(topo, n, self.options["offer_max_cards"])
        self.hands = [0] * (n * NUM_RESOURCES)
        self.bank = [rules.bank_per_resource] * NUM_RESOURCES
        self.dev_deck = list(rules.deck)
        self.dev_hand = [0] * (n * NUM_DEV_CARDS)
        self.dev_new = [0] * NUM_DEV_CARDS
        self.dev_spent = [0] * NUM_DEV_CARDS
        self.knights = [0] * n
        self._clear_board()
        self.discard_left = [0] * n
        self.offer_accepted = []
        robber = self._initial_robber()
        for component in self._catan:
            robber = component.initial_robber(self, robber)
        self.robber = robber
        self.robber_return = MAIN
        self.dice = None
        self.dev_played = False
        self.offers_made = 0
        self.free_roads = 0
        self.offer = None
        self.offer_pending = ()
        self.longest_road = NOBODY
        self.largest_army = NOBODY
        self.turn = 0
        self.turn_limit = self.options["turn_limit"]
        self.max_offers = self.options["max_offers"] if n > 1 else 0
        self.start_player = self._roll_for_start()
        self.setup_order = self._founding_order()
        self.setup_step = 0
        self.last_settlement = NOBODY
        self.current = self.start_player
        self.to_act = self.current
        self.phase = SETUP_SETTLEMENT

    def _roll_for_start(self) -> int:
        """Everyone rolls both dice; the highest starts, ties roll again."""
        contenders = list(range(self.num_players))
        while True:
            rolls = {p: self.rng.die() + self.rng.die() for p in contenders}
            self._note("start_roll", tuple([x for p, v in rolls.items() for x in (p, v)]))
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
            if len(contenders) == 1:
                return contenders[0]

    def _next_founding_step(self) -> None:
        self.setup_step += 1
        if self.setup_step == len(self.setup_order):
            self.current = self.start_player
            self.phase = ROLL
        else:
            self.current = self.setup_order[self.setup_step]
            self.phase = SETUP_SETTLEMENT
        self.to_act = self.current

    def parse_action(self, text: object) -> Action:
        found = self._component_parse(text) if self._catan else None
        return self.action_set.parse(text) if found is None else found

    def _action_universe(self) -> tuple[Action, ...]:
        """Every interned Catan action of this board and player count, in the order they were made."""
        return tuple(self.action_set.canon.values())

    # ------------------------------------------------------------------ the components' words and parts
    def _explain_illegal(self, action: Action) -> str:
        reason = self._component_refusal(action) if self._catan else None
        return super()._explain_illegal(action) if reason is None else reason

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        words = self._component_words(kind, data, lang, viewer) if self._catan else None
        return super().describe(kind, data, lang, viewer) if words is None else words

    def action_label(self, action: Action, lang: str = "en") -> str:
        label = self._component_label(action, lang) if self._catan else None
        return super().action_label(action, lang) if label is None else label

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        text = super().render_text(seat, lang)
        if not self._catan:
            return text
        return "\n".join([text, *self._component_text(self.view(seat), lang)])

    def game_stats(self, moves: Sequence[Move]) -> dict[str, list[float]]:
        stats = super().game_stats(moves)
        stats.update(self._component_stats(moves))
        return stats

    def view(self, seat: object) -> dict[str, Any]:
        view = super().view(seat)
        if self._catan:
            self._component_view(view["seat"], view)
        return view

    # ------------------------------------------------------------------ legal actions
    def _generate_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == MAIN:
            return self._legal_main()
        if phase == ROLL:
            acts: list[Action] = [self.action_set.ROLL]
            self._legal_development(self.current, acts, before_roll=True)
            return tuple(acts)
        if phase == DISCARD:
            seat = self.to_act
            assert seat is not None
            discard, hands = self.action_set.DISCARD, self.hands
            return tuple(discard[r] for r in range(NUM_RESOURCES) if hands[seat * NUM_RESOURCES + r])
        if phase == ROBBER:
            return self._legal_robber()
        if phase == SETUP_SETTLEMENT:
            return self._legal_setup_settlement()
        if phase == SETUP_ROAD:
            return self._legal_setup_road()
        if phase == ROAD_BUILDING:
            return self._legal_road_building()
        if phase == OFFER_REPLY:
            return self._legal_offer_reply()
        if phase == OFFER_CONFIRM:
            return self._legal_offer_confirm()
        return ()

    def _legal_main(self) -> tuple[Action, ...]:
        seat = self.current
        hand = self.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        acts: list[Action] = [self.action_set.END]
        self._legal_building(seat, hand, acts)
        self._legal_development(seat, acts, before_roll=False)
        self._legal_trades(seat, hand, acts)
        self._legal_extra(seat, acts)
        return tuple(acts)

    def _robber_hexes(self) -> list[int]:
        """Hexes the robber may move to: any land hex but its own."""
        return [h for h in range(len(self.board.topology.hexes)) if h != self.robber]

    def _legal_robber(self) -> tuple[Action, ...]:
        seat, n = self.current, self.num_players
        hands, buildings = self.hands, self.buildings
        node_hexes = self.board.topology.node_hexes
        robber = self.action_set.ROBBER
        # Victims per hex from the few buildings of players holding cards, rather than from every corner of
        # every hex: this list is built on every 7 and knight, and was a tenth of a random game's time. A
        # hex's victims are the bits of its mask (seat q: 1 << q), read out in seat order.
        victims = [0] * len(self.board.topology.hexes)
        for q in range(n):
            b = q * NUM_RESOURCES
            if q != seat and (hands[b] or hands[b + 1] or hands[b + 2] or hands[b + 3] or hands[b + 4]):
                for node in buildings[q]:
                    for h in node_hexes[node]:
                        victims[h] |= 1 << q
        acts: list[Action] = []
        for h in self._robber_hexes():
            row, mask = robber[h], victims[h]
            if mask:
                acts.extend([row[v + 1] for v in range(n) if mask >> v & 1])
            else:
                acts.append(row[0])
        return tuple(acts)

    # ------------------------------------------------------------------ rolling and production
    def _do_roll(self, action: CatanAction) -> None:
        self.dice = d1, d2 = self.rng.dice()
        total = d1 + d2
        if self.logging:
            self._note("roll", (self.current, (d1, d2)))
        if total == 7:
            self._seven()
        else:
            self._produce(total)
            self._after_production(total)
            self.phase = MAIN
            self.to_act = self.current

    def _produce(self, total: int) -> None:
        entries = self.board.number_hexes.get(total)
        if entries:
            self._yield(entries)

    def _yield(self, entries: Sequence[tuple[int, int]]) -> None:
        """Pay what the hexes of ``entries``, ``(hex, resource)`` each, yield (the robber's hex nothing): to
        each building on them its level in cards.

        ``owed[resource * players + seat]`` sums a seat's cards of a resource, and ``order`` lists those sums
        in the order they began, the hexes' and then their corners': flat lists, not a dict of dicts, which
        compiled code fills many times faster on every roll."""
        robber, owner, level = self.robber, self.node_owner, self.node_level
        hex_nodes = self.board.topology.hex_nodes
        n = self.num_players
        owed = [0] * (NUM_RESOURCES * n)
        order: list[int] = []
        for h, r in entries:
            if h == robber:
                continue
            for node in hex_nodes[h]:
                o = owner[node]
                if o >= 0:
                    i = r * n + o
                    if i not in order:
                        order.append(i)
                    owed[i] += level[node]
        if order:
            self._pay_out(owed, order)

    def _pay_out(self, owed: list[int], order: list[int]) -> None:
        """Give everyone what they are owed (``_yield``), resource by resource in the order the resources
        were first owed, and within one the seats in the order they were; a resource the bank cannot cover
        for all goes to nobody, unless only one player is owed it, who then gets what is left."""
        bank, hands, logging, n = self.bank, self.hands, self.logging, self.num_players
        paid: list[int] = []  # the event's payments, (seat, resource, amount) flat (``events._produce``)
        short: list[int] = []
        done = 0  # the resources dealt with, a bit each
        for first in order:
            r = first // n
            if done >> r & 1:
                continue
            done |= 1 << r
            owing = [i for i in order if i // n == r]
            need = 0
            for i in owing:
                need += owed[i]
            if need > bank[r]:
                if len(owing) > 1 or not bank[r]:
                    short.append(r)
                    continue
                owed[first] = need = bank[r]
            bank[r] -= need
            for i in owing:
                p = i - r * n
                hands[p * NUM_RESOURCES + r] += owed[i]
                if logging:
                    paid += (p, r, owed[i])
        if logging:
            self._note("produce", (tuple(paid), tuple(short)))

    def _seven(self) -> None:
        hands = self.hands
        anyone = False
        for p in range(self.num_players):
            held = sum(hands[p * NUM_RESOURCES : p * NUM_RESOURCES + NUM_RESOURCES])
            if held > self._hand_limit(p):
                self.discard_left[p] = held // 2
                anyone = True
                if self.logging:  # the hand it held, for its discard's one line (``_discarded``); its own
                    hand = tuple(hands[p * NUM_RESOURCES : p * NUM_RESOURCES + NUM_RESOURCES])
                    self._emit("discard_due", {"seat": p, "count": held // 2}, {"hand": hand}, (p,))
        if anyone:
            self.phase = DISCARD
            self.to_act = self._next_discarder()
        else:
            self._to_robber(MAIN)

    def _discarded(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` discarded on this 7, by resource: one log line for the whole discard. They are
        what it held at the 7 (its ``discard_due`` event keeps that, told only to itself) less what it holds
        now: read from the log, not from the actions, which a game resumed from a snapshot may not have."""
        due = next(e for e in self._events_back() if e[1] == "discard_due" and dict(e[2])["seat"] == seat)
        held = dict(due[3][0])["hand"]
        now = self.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        return tuple(before - after for before, after in zip(held, now, strict=True))

    def _next_discarder(self) -> int:
        n = self.num_players
        for i in range(n):
            p = (self.current + i) % n
            if self.discard_left[p]:
                return p
        return NOBODY

    def _to_robber(self, back_to: int) -> None:
        self.robber_return = back_to
        self.phase = ROBBER
        self.to_act = self.current

    def _do_discard(self, action: CatanAction) -> None:
        seat, r = self.to_act, action.resource
        assert seat is not None
        self.hands[seat * NUM_RESOURCES + r] -= 1
        self.bank[r] += 1
        self.discard_left[seat] -= 1
        if self.logging and not self.discard_left[seat]:
            self._emit("discard", {"seat": seat, "cards": self._discarded(seat)})
        nxt = self._next_discarder()
        if nxt >= 0:
            self.to_act = nxt
        else:
            self._to_robber(MAIN)

    def _do_robber(self, action: CatanAction) -> None:
        seat, h, victim = self.current, action.hex, action.victim
        self.robber = h
        if self.logging:
            self._note("robber", (seat, action.label))
        if victim >= 0:
            self._steal(seat, victim)
        self.phase = self.robber_return
        self.to_act = seat

    def _steal(self, thief: int, victim: int) -> None:
        hand = self.hands[victim * NUM_RESOURCES : victim * NUM_RESOURCES + NUM_RESOURCES]
        r = self.rng.weighted_index(hand)
        self.hands[victim * NUM_RESOURCES + r] -= 1
        self.hands[thief * NUM_RESOURCES + r] += 1
        if self.logging:
            self._note("steal", (thief, victim), (r,), (thief, victim))

    # ------------------------------------------------------------------ turns and the end
    def _do_end(self, action: CatanAction) -> None:
        if any(self.dev_new):
            self.dev_new = [0] * NUM_DEV_CARDS
        self.dev_played = False
        self.offers_made = 0
        self.turn += 1
        if self.logging:
            self._note("end", (self.current,))
        if self.turn_limit and self.turn >= self.turn_limit:
            self._finish(None)
            return
        self.current = (self.current + 1) % self.num_players
        self.phase = ROLL
        self.to_act = self.current
        self.dice = None
        self._check_win(self.current)

    def _check_win(self, seat: int) -> None:
        """A player wins on reaching the target during his own turn. (Targets are never below the rules'
        victory points, see ``victory_target``, so most checks stop before asking the variants.)"""
        if seat == self.current:
            total = self.total_vp(seat)
            if total >= self.rules.victory_points and total >= self.victory_target(seat):
                self._finish(seat)

    def _finish(self, winner: int | None) -> None:
        self.phase = OVER
        super()._finish(winner)
