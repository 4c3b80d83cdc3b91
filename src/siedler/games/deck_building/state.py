"""The state of a Deck Building game, declared once so that the mechanics mixins agree on it.

Hands are rows of 14 counts in one flat list (``hands[seat * 14 + card]``): a hand is a multiset, its
order means nothing. Piles are lists of card ints whose order matters (the draw pile's last card is drawn
next, the discard pile's last card is its face-up top). Everything a purchase can still spend this turn
sits in ``pool`` and ``wild``.
"""

from __future__ import annotations

import math
from typing import ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.core.hidden import redeal
from siedler.core.rng import Rng

from .actions import ActionSet, DeckAction
from .cards import CITY, NUM_BASIC, NUM_CARDS, NUM_RESOURCES
from .events import DECK_EVENTS
from .rules import DeckRules

# Phases: what the seat to act decides. (``Final``: the compiled build inlines constants so declared.)
MAIN: Final = 0
REACT: Final = 1
STEAL: Final = 2
DISCARD: Final = 3
OVER: Final = 4
PHASE_NAMES = ("main", "react", "steal", "discard", "over")
NOBODY: Final = -1
C: Final = NUM_CARDS
#: Length of ``pool``: laid-out basic units, then traded resource units.
POOL_SIZE: Final = NUM_BASIC + NUM_RESOURCES


#: 64-bit words of randomness for shuffling n cards: log2(n!) bits plus 64 spare, so the bias is below 2**-64.
_WORDS = [1] + [int((math.lgamma(n + 1) / math.log(2) + 64) // 64) + 1 for n in range(1, 1024)]


def shuffle(rng: Rng, items: list[int]) -> None:
    """Shuffle with the game's generator, drawing one 64-bit word per ~10 cards instead of one per card.

    A single big random integer is read as a permutation in the factorial number system (Fisher-Yates
    with ``divmod``); reshuffling discard piles is the most frequent chance event of this game.
    """
    n = len(items)
    if n < 2:
        return
    r = 0
    for _ in range(_WORDS[n] if n < len(_WORDS) else _WORDS[-1] * n // 1023 + 1):
        r = (r << 64) | rng.next64()
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        items[i], items[j] = items[j], items[i]


@mypyc_attr(allow_interpreted_subclasses=True)
class DeckState(Game):
    """The state every mechanic reads. The mechanics are one chain of classes, each subclassing the one
    before (``DeckState`` <- attacks <- legal <- explain <- snapshot <- view <- ``DeckBuildingGame``), not
    mixins side by side: the compiled build (mypyc) refuses multiple inheritance of classes with fields."""

    _event_kinds: ClassVar = DECK_EVENTS
    rules: DeckRules
    action_set: ActionSet
    hands: list[int]
    supply: list[int]
    #: Unspent purchasing power of the current player: units of laid-out basic cards, then traded units.
    pool: list[int]
    #: Unspent "any" resources of the current player (played Siedlung, Stadt and road groups).
    wild: int
    #: Per seat: the draw pile, the discard pile, the cards laid out in front of the player.
    draw: list[list[int]]
    discard: list[list[int]]
    laid: list[list[int]]
    phase: int
    current: int
    turn: int
    start_player: int
    turn_limit: int
    #: The attack being resolved: the card (Bandit or Ritter (Offensiv)) or NOBODY.
    attack: int
    #: The seat the attack hits now, how often it was reflected, and what the Bandit took.
    target: int
    reflections: int
    taken: int
    discard_left: int
    held_kinds: frozenset[int]
    #: The cards whose counts in hand can change what is affordable: basic cards and held cards.
    pay_kinds: frozenset[int]
    _buys: tuple[DeckAction, ...] | None

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.rules = self.rules
        new.action_set = self.action_set
        new.hands = self.hands[:]
        new.supply = self.supply[:]
        new.pool = self.pool[:]
        new.wild = self.wild
        new.draw = [pile[:] for pile in self.draw]
        new.discard = [pile[:] for pile in self.discard]
        new.laid = [pile[:] for pile in self.laid]
        new.phase = self.phase
        new.current = self.current
        new.turn = self.turn
        new.start_player = self.start_player
        new.turn_limit = self.turn_limit
        new.attack = self.attack
        new.target = self.target
        new.reflections = self.reflections
        new.taken = self.taken
        new.discard_left = self.discard_left
        new.held_kinds = self.held_kinds
        new.pay_kinds = self.pay_kinds
        new._buys = self._buys

    def _resample_hidden(self, seat: int | None) -> None:
        """Each other seat's hand is dealt anew from its hand and draw pile together (what it owns, laid
        out and discarded are public, so these cards are known, not where they lie), and ``seat``'s own
        draw pile is shuffled. At the end the cities in hand are shown, so they stay; a spectator does not
        see what the Bandit took either, so it goes back among its owner's cards and one is taken anew.
        Every discard pile shows only its top card: the cards below it are put in a new order (a reshuffle
        of the pile starts from that order, so the order kept would steer a search's future draws)."""
        super()._resample_hidden(seat)
        kept = (CITY,) if self.is_over else ()
        stolen = self.taken if seat is None and self.phase == STEAL and self.taken != NOBODY else NOBODY
        for p in range(self.num_players):
            used = self.discard[p]
            if len(used) > 2:
                below = sorted(used[:-1])
                shuffle(self.rng, below)
                used[:-1] = below
            pile = self.draw[p]
            if p == seat:
                pile.sort()
                shuffle(self.rng, pile)
                continue
            hand = self.hands[p * C : p * C + C]
            rest = [0] * C
            for card in pile:
                rest[card] += 1
            if stolen != NOBODY and p == self.target:
                rest[stolen] += 1
            redeal([hand, rest], self.rng, kept)
            pile[:] = [card for card in range(C) for _ in range(rest[card])]
            if stolen != NOBODY and p == self.target:
                self.taken = pile.pop(self.rng.below(len(pile)))
            shuffle(self.rng, pile)
            self.hands[p * C : p * C + C] = hand
        self._buys = None

    def hand(self, seat: int) -> list[int]:
        """The seat's hand as 14 counts."""
        return self.hands[seat * C : seat * C + C]

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat * C : seat * C + C])

    # ------------------------------------------------------------------ drawing
    def _draw(self, seat: int, n: int) -> list[int]:
        """Draw ``n`` cards; an empty draw pile is replaced by the shuffled discard pile. The caller logs
        the cards drawn, as the secret part of its own event (one event per action keeps the log short)."""
        pile, hands, base = self.draw[seat], self.hands, seat * C
        if n == 1 and pile:  # the +1 card of an action
            card = pile.pop()
            hands[base + card] += 1
            return [card]
        if len(pile) >= n:  # the common case, without a reshuffle
            drawn = pile[len(pile) - n :]
            del pile[len(pile) - n :]
            drawn.reverse()
            for card in drawn:
                hands[base + card] += 1
        else:
            drawn = []
            for _ in range(n):
                if not pile:
                    used = self.discard[seat]
                    if not used:
                        break
                    pile.extend(used)
                    used.clear()
                    shuffle(self.rng, pile)
                    self._note("reshuffle", (seat, len(pile)))
                card = pile.pop()
                hands[base + card] += 1
                drawn.append(card)
        return drawn

    # Mechanics one mixin provides and another uses.
    def _legal_react(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def _legal_discard(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def _start_attack(self, card: int) -> None:
        raise NotImplementedError

    def _back_to_main(self) -> None:
        raise NotImplementedError

    def _check_win(self) -> None:
        raise NotImplementedError

    def harbor_draw(self, seat: int) -> int:
        raise NotImplementedError

    def _finish(self, winner: int | None) -> None:
        """The game ends (``winner`` None: the turn limit); no phase plays on."""
        self.phase = OVER
        super()._finish(winner)
