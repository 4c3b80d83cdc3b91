"""Deck Building's observation read from the state, compiled: ``DeckEncoder.observe`` hands a game it has
started on to a :class:`DeckReader`, which writes the numbers ``encode(view(seat), seat)`` would
(tests/envs/test_envs.py compares the two) without building the view.

It lives in a module of its own so that the compiled build compiles it (the encoder derives from the
environments' ``Encoder``, which runs interpreted), and it names no numpy type, numpy being the ``rl``
extra's: the whole vector is made as a list of floats and packed into a copy of the encoder's numpy vector
at once, which costs less than numpy's writes field by field.
"""

from __future__ import annotations

from struct import Struct
from typing import Any

from .cards import NUM_BASIC, NUM_RESOURCES
from .game import DeckBuildingGame
from .payment import TRADED
from .state import MAIN, NOBODY, PHASE_NAMES, STEAL

#: The encoder's vectors (numpy arrays): this module names no numpy type.
Vector = Any


class DeckReader:
    """The fields of ``encoder`` (a ``DeckEncoder``) in ``game``, which it has started on."""

    def __init__(self, encoder: Any, game: DeckBuildingGame, phases: tuple[str, ...], cards: int) -> None:
        """``phases``: the view's phases in the encoder's order; ``cards``: the card kinds."""
        self.game = game
        self.template: Vector = encoder.base
        self.base = [float(x) for x in encoder.base.tolist()]
        self.packer = Struct(f"={len(self.base)}f")
        self.players: int = encoder.players
        self.cards = cards
        self.width: int = encoder.width
        self.at_hand: int = encoder.at_hand
        self.at_players: int = encoder.at_players
        self.at_supply: int = encoder.at_supply
        self.at_table: int = encoder.at_table
        self.at_public: int = encoder.at_public
        self.at_attack: int = encoder.at_attack
        self.at_pending: int = encoder.at_pending
        self.attack_size: int = encoder.attack_size
        #: The public field's phase index of each engine phase.
        self.phase_at = [phases.index(name) for name in PHASE_NAMES]
        self.phase_count = len(phases)

    def observe(self, g: DeckBuildingGame, me: int) -> Vector:
        """``me``'s observation: the vector as floats, then packed into a copy of the encoder's."""
        out = self.template.copy()
        self.observe_into(g, me, out)
        return out

    def observe_into(self, g: DeckBuildingGame, me: int, out: Vector) -> None:
        """``observe``, packed into ``out`` (a contiguous float32 vector of the layout's size: a vector
        environment's row of its batch), every number of it."""
        v = list(self.base)
        n, cards = self.players, self.cards
        for c in range(cards):
            v[self.at_hand + c] = float(g.hands[me * cards + c])
        for i in range(n):
            p = (me + i) % n
            at = self.at_players + i * self.width
            discard = g.discard[p]
            v[at] = float(g.hand_size(p))
            v[at + 1] = float(len(g.draw[p]))
            v[at + 2] = float(len(discard))
            v[at + 3] = float(g.cities_owned(p))
            if discard:
                v[at + 4 + discard[-1]] = 1.0
            for card in g.laid[p]:
                v[at + 4 + cards + card] += 1.0
        for c in range(cards):
            v[self.at_supply + c] = float(g.supply[c])
        pool, table = g.pool, self.at_table
        for c in range(NUM_BASIC):
            v[table + c] = float(pool[c])
        for r in range(NUM_RESOURCES):
            v[table + cards + r] = float(pool[TRADED + r])
        v[table + 2 * cards] = float(g.wild)
        v[table + 2 * cards + 1] = float(g.harbor_draw(me) if me == g.current and g.phase == MAIN else 0)
        at, phases = self.at_public, self.phase_count
        v[at + self.phase_at[g.phase]] = 1.0
        v[at + phases + (g.current - me) % n] = 1.0
        if g.to_act is not None:
            v[at + phases + n + (g.to_act - me) % n] = 1.0
        v[at + phases + 2 * n] = float(g.turn)
        v[at + phases + 2 * n + 1] = float(g.rules.cities_in_hand)
        if g.attack != NOBODY:
            at = self.at_attack
            v[at + g.attack] = 1.0
            v[at + cards] = 1.0
            v[at + cards + 1] = float(g.reflections)
            v[at + self.attack_size + (g.current - me) % n] = 1.0
            v[at + self.attack_size + n + (g.target - me) % n] = 1.0
        if g.discard_left:
            v[self.at_pending + (g.target - me) % n] = float(g.discard_left)
        if g.phase == STEAL:
            v[self.at_pending + n + g.taken] = 1.0
        self.packer.pack_into(out, 0, *v)
