"""The observation of Catan: Deck Building, from ``view(seat)`` (``siedler.envs``: the rule set names this
module). Every field is listed, with its shape, in docs/rl.md. Seats are relative (row 0: the viewer).
Cards are counted by kind, in the order of ``siedler.games.deck_building.cards.CARDS``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from siedler.core.game import Game
from siedler.envs.encoding import Encoder, Layout, Leaves, Vector, relative

from .actions import KINDS
from .cards import CARDS
from .game import DeckBuildingGame
from .observing import DeckReader

CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
#: The phases of the kinds' specs, then the end of the game.
PHASES = (*sorted({phase for kind in KINDS for phase in kind.phases}), "over")
#: Each player's row: hand, draw pile, discard pile and cities counted, the discard pile's top card, and the
#: cards laid out, by kind.
PLAYER_COUNTS = ("hand", "draw", "discard", "cities")
#: An attack's numbers: the card (by kind), attacker and target (relative seats), how often reflected.
ATTACK_SIZE = len(CARDS) + 2


class DeckEncoder(Encoder):
    def __init__(self, reference: dict[str, Any]) -> None:
        """``reference``: a seat's view of a fresh game of the configuration (only its shape is used)."""
        n = self.players = len(reference["players"])
        cards = len(CARDS)
        self.costs = Leaves(reference["costs"], n)
        lay = self.layout = Layout()
        self.at_hand = lay.add("hand", cards)
        self.at_players = lay.add("players", n, len(PLAYER_COUNTS) + 2 * cards)
        self.at_supply = lay.add("supply", cards)
        self.at_table = lay.add("table", 2 * cards + 2)
        self.at_public = lay.add("public", len(PHASES) + 2 * n + 2)
        self.at_attack = lay.add("attack", ATTACK_SIZE + 2 * n)
        self.at_pending = lay.add("pending", n + cards)
        self.at_costs = lay.add("costs", len(self.costs))
        self.base = np.zeros(lay.size, dtype=np.float32)
        #: A player's row, and an attack's numbers before its seats (``DeckReader`` reads them).
        self.width = len(PLAYER_COUNTS) + 2 * cards
        self.attack_size = ATTACK_SIZE

    def start(self, view: dict[str, Any]) -> None:
        self.base[:] = 0
        self.base[self.at_costs : self.at_costs + len(self.costs)] = self.costs.read(view["costs"], 0)

    def reader_for(self, game: Game) -> DeckReader:
        """The state read without the view (the cost cards' texts, the legal actions' notation)."""
        return DeckReader(self, cast(DeckBuildingGame, game), PHASES, len(CARDS))

    def encode(self, view: dict[str, Any], me: int) -> Vector:
        out = self.base.copy()
        n, cards = self.players, len(CARDS)
        for name in view["you"]["hand"]:
            out[self.at_hand + CARD_INDEX[name]] += 1
        width = self.width
        for i in range(n):
            entry = view["players"][(me + i) % n]
            at = self.at_players + i * width
            discard = entry["discard"]
            out[at : at + 4] = (entry["hand"], entry["draw"], discard["count"], entry["cities"])
            if discard["top"] is not None:
                out[at + 4 + CARD_INDEX[discard["top"]]] = 1
            for name in entry["laid_out"]:
                out[at + 4 + cards + CARD_INDEX[name]] += 1
        out[self.at_supply : self.at_supply + cards] = [view["supply"].get(c, 0) for c in CARDS]
        table = view["table"]
        for part, shift in (("cards", 0), ("traded", cards)):
            for name, count in table[part].items():
                out[self.at_table + shift + CARD_INDEX[name]] = count
        out[self.at_table + 2 * cards : self.at_table + 2 * cards + 2] = (
            table["any"],
            table["harbor_draws"] or 0,
        )  # None: no harbour played
        public = [0.0] * (len(PHASES) + 2 * n + 2)
        public[PHASES.index(view["phase"])] = 1
        public[len(PHASES) + relative(view["current"], me, n)] = 1
        if view["to_act"] is not None:
            public[len(PHASES) + n + relative(view["to_act"], me, n)] = 1
        public[-2:] = (view["turn"], view["cities_to_win"])
        out[self.at_public : self.at_public + len(public)] = public
        attack = view["attack"]
        if attack is not None:
            at = self.at_attack
            out[at + CARD_INDEX[attack["card"]]] = 1
            out[at + cards] = 1  # an attack is under way
            out[at + cards + 1] = attack["reflected"]
            out[at + ATTACK_SIZE + relative(attack["attacker"], me, n)] = 1
            out[at + ATTACK_SIZE + n + relative(attack["target"], me, n)] = 1
        discarding = view["discarding"]
        if discarding is not None:
            out[self.at_pending + relative(discarding["seat"], me, n)] = discarding["left"]
        if view["taken"] is not None:
            out[self.at_pending + n + CARD_INDEX[view["taken"]]] = 1
        return out


def encoder(game: Game, reference: dict[str, Any], parts: Sequence[object]) -> Encoder:
    return DeckEncoder(reference)
