"""Attacks in the opponent's turn: Bandit and Ritter (Offensiv), and reflecting them.

A reaction is modelled by handing ``to_act`` to the seat that decides: first the defender (reflect with a
Ritter (Defensiv), or allow), then, after a reflection, the attacker (reflect again, or allow). The seat
asked is asked whenever it holds any card, whether or not it holds a Ritter (Defensiv): asking only
when it could reflect would tell the other player what is in its hand.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action

from .actions import DeckAction
from .cards import BANDIT, DEFENDER
from .state import DISCARD, MAIN, NOBODY, REACT, STEAL, C, DeckState


@mypyc_attr(allow_interpreted_subclasses=True)
class AttackMixin(DeckState):
    def _start_attack(self, card: int) -> None:
        self.attack = card
        self.reflections = 0
        self._offer_reaction(1 - self.current)

    def _offer_reaction(self, seat: int) -> None:
        self.target = seat
        if self.hand_size(seat):
            self.phase = REACT
            self.to_act = seat
        else:
            self._hit()

    def _legal_react(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None
        t = self.action_set
        return (t.REFLECT, t.ALLOW) if self.hands[seat * C + DEFENDER] else (t.ALLOW,)

    def _do_reflect(self, action: DeckAction) -> None:
        seat = self.target
        self.hands[seat * C + DEFENDER] -= 1
        self.laid[seat].append(DEFENDER)
        self.reflections += 1
        if seat == self.current:
            self._buys = None  # the attacker's own hand changes (see legal.py)
        drawn = self._draw(seat, self.rules.defender_draw)
        self._note("reflect", (seat, self.attack, self.reflections, len(drawn)), (tuple(drawn),), (seat,))
        if self.reflections >= 2:
            self._emit("void", {"card": self.attack})
            self._back_to_main()
        else:
            self._offer_reaction(1 - seat)
        if seat == self.current:
            self._check_win()

    def _do_allow(self, action: DeckAction) -> None:
        self._emit("allow", {"seat": self.target, "card": self.attack})
        self._hit()

    def _hit(self) -> None:
        """The attack takes effect on ``target``; the other seat carries it out."""
        victim = self.target
        thief = 1 - victim
        base = victim * C
        if victim == self.current:
            self._buys = None  # a reflected attack changes the attacker's own hand
        if self.attack == BANDIT:
            row = self.hands[base : base + C]
            if not any(row):
                self._emit("steal", {"seat": thief, "victim": victim, "none": True})
                self._back_to_main()
                return
            card = self.rng.weighted_index(row)
            self.hands[base + card] -= 1
            self.taken = card
            self.phase = STEAL
            self.to_act = thief
            self._emit("steal", {"seat": thief, "victim": victim}, {"card": card}, (thief, victim))
            return
        n = min(self.rules.knight_discard, self.hand_size(victim))
        self._emit("must_discard", {"seat": victim, "count": n})
        if not n:
            self._back_to_main()
            return
        self.discard_left = n
        self.phase = DISCARD
        self.to_act = victim

    def _do_keep(self, action: DeckAction) -> None:
        thief = 1 - self.target
        self.discard[thief].append(self.taken)
        self._emit("keep", {"seat": thief, "victim": self.target, "card": self.taken})
        self._back_to_main()

    def _do_return(self, action: DeckAction) -> None:
        victim = self.target
        if victim == self.current:
            self._buys = None
        self.hands[victim * C + self.taken] += 1
        self._emit("return", {"seat": 1 - victim, "victim": victim}, {"card": self.taken}, (0, 1))
        self._back_to_main()

    def _legal_discard(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None
        hands, base, discard = self.hands, seat * C, self.action_set.DISCARD
        return tuple(discard[k] for k in range(C) if hands[base + k])

    def _do_discard(self, action: DeckAction) -> None:
        seat, card = self.target, action.card
        self.hands[seat * C + card] -= 1
        self.discard[seat].append(card)
        self.discard_left -= 1
        self._emit("discard", {"seat": seat, "card": card})
        if not self.discard_left:
            self._back_to_main()

    def _back_to_main(self) -> None:
        self.attack = NOBODY
        self.target = NOBODY
        self.reflections = 0
        self.taken = NOBODY
        self.discard_left = 0
        self.phase = MAIN
        self.to_act = self.current
