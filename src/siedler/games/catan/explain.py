"""Why an action is refused, in words a player understands (only computed on refusal)."""

from __future__ import annotations

from typing import ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.seats import seat_words

from .actions import KINDS, CatanAction
from .development import DevelopmentMixin
from .rules import DEV_CARDS, KNIGHT, MONOPOLY, NUM_RESOURCES, RESOURCES, ROAD_BUILDING, YEAR_OF_PLENTY
from .state import (
    CITIES,
    MAIN,
    PIECE_KINDS,
    ROADS,
    ROLL,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)

PHASE_TASKS = {
    "setup_settlement": "found a settlement",
    "setup_road": "build a road next to the new settlement",
    "roll": "roll the dice (or play a knight first)",
    "discard": "discard half of the hand",
    "robber": "move the {robber}",
    "main": "trade, build, play a card or end the turn",
    "road_building": "place a free road",
    "offer_reply": "accept or decline the trade offer",
    "offer_confirm": "confirm the trade with someone who accepted, or withdraw it",
    "over": "nothing: the game is over",
}
CARD_OF_KIND = {"knight": KNIGHT, "roadbuilding": ROAD_BUILDING, "plenty": YEAR_OF_PLENTY, "monopoly": MONOPOLY}


def _cost_text(cost: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n)


@mypyc_attr(allow_interpreted_subclasses=True)
class ExplainMixin(DevelopmentMixin):
    #: What the player to act must do in each phase (``{robber}``: its name): a rule set with phases of its
    #: own adds theirs.
    phase_tasks: ClassVar[dict[str, str]] = PHASE_TASKS

    def _explain_illegal(self, action: Action) -> str:
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            return f"{action!r} is not an action"
        phase = self.phase_names[self.phase]
        seat = self.to_act
        who = seat_words(seat, self.players[seat]) if seat is not None else "nobody"
        legal_kinds = {a[0] for a in self.legal_actions()}
        kind = action[0]
        kinds = action.KINDS if isinstance(action, Action) else KINDS
        # The kinds a phase offers at all: refusing one of these gets its specific reason, any other the task.
        if kind not in legal_kinds and kind not in kinds.in_phase(phase):
            task = self.phase_tasks[phase].format(robber=self.robber_name())
            return f"'{action}' is not possible now: {who} must {task}"
        # A plain tuple equal to an action gets the action's named fields.
        reason = self._specific_reason(action if isinstance(action, CatanAction) else CatanAction(*action))
        return f"'{action}' is not legal: {reason}"

    def _specific_reason(self, action: CatanAction) -> str:
        kind, seat = action[0], self.to_act
        assert seat is not None
        topo = self.board.topology
        if kind == "settle":
            n = action.node
            if self.node_owner[n] >= 0:
                return f"intersection {n} is taken"
            if self.blocked[n]:
                return f"intersection {n} is next to a building (distance rule)"
            if self.phase != SETUP_SETTLEMENT and not self.pieces[seat * PIECE_KINDS + SETTLEMENTS]:
                return f"all {self.rules.max_settlements} of your settlements are on the board"
            if self.phase != SETUP_SETTLEMENT and not self._can_pay(seat, self.rules.settlement_cost):
                return f"a settlement costs {_cost_text(self.rules.settlement_cost)}"
            return f"intersection {n} is not on one of your roads"
        if kind == "city":
            n = action.node
            if self.node_owner[n] != seat or self.node_level[n] != 1:
                return f"a city replaces one of your own settlements; {n} is not one"
            if not self.pieces[seat * PIECE_KINDS + CITIES]:
                return f"all {self.rules.max_cities} of your cities are on the board"
            return f"a city costs {_cost_text(self.rules.city_cost)}"
        if kind == "road":
            e = action.edge
            if self.edge_owner[e] >= 0:
                return f"path {topo.edge_label(e)} is taken"
            if self.phase == SETUP_ROAD:
                return "the founding road must touch the settlement just founded"
            if not self.pieces[seat * PIECE_KINDS + ROADS]:
                return f"all {self.rules.max_roads} of your roads are on the board"
            if self.phase == MAIN and not self._can_pay(seat, self.rules.road_cost):
                return f"a road costs {_cost_text(self.rules.road_cost)}"
            return f"path {topo.edge_label(e)} does not connect to your roads or buildings"
        if kind == "robber":
            h, victim = action.hex, action.victim
            if h == self.robber:
                return f"the {self.robber_name()} must move to another hex"
            if victim < 0:
                return f"you must steal from a player next to hex {action.label} who holds cards"
            return f"{seat_words(victim, self.players[victim])} has no building on hex {action.label} or holds no cards"
        if kind == "buy":
            if not any(self.dev_deck):
                return "there are no development cards left"
            return f"a development card costs {_cost_text(self.rules.development_cost)}"
        if kind in CARD_OF_KIND:
            return self._card_reason(seat, action)
        if kind == "bank":
            give, get = action.give, action.get
            rate = self.rates[seat * NUM_RESOURCES + give]
            if give == get:
                return "trade one resource for another"
            if self.hands[seat * NUM_RESOURCES + give] < rate:
                return f"you need {rate} {RESOURCES[give]} to trade with the bank (you do not hold them)"
            return f"the bank has no {RESOURCES[get]} left"
        if kind == "offer" and action.to == seat:
            return "an offer goes to every other player or to one of them, not to yourself"
        if kind == "offer" and self.offers_made >= self.max_offers:
            if not self.max_offers:
                return "trade offers to other players are switched off in this game"
            return f"no more trade offers this turn (at most {self.max_offers} offers per turn)"
        if kind == "accept":
            return "you do not hold the cards the offer asks for"
        if kind in ("discard", "bank", "offer"):
            return f"you do not hold those cards ({'; '.join(str(a) for a in self._same_kind(kind))})"
        if kind == "plenty":
            return "the bank does not hold those resources"
        if kind == "confirm":
            return f"{seat_words(action.seat, self.players[action.seat])} did not accept the offer"
        return "not now"

    def _card_reason(self, seat: int, action: Action) -> str:
        """Why a development card may not be played now."""
        card = CARD_OF_KIND[action[0]]
        name = DEV_CARDS[card].replace("_", " ")
        if self.phase == ROLL and card != KNIGHT:
            return "before rolling only a knight may be played; roll the dice first"
        if self.dev_played:
            return "only one development card may be played per turn"
        if not self.dev_hand[seat * len(DEV_CARDS) + card]:
            return f"you hold no {name} card"
        if self.dev_hand[seat * len(DEV_CARDS) + card] <= self.dev_new[card]:
            return f"a development card cannot be played in the turn it was bought ({name} bought this turn)"
        if card == ROAD_BUILDING and self.phase == MAIN:
            if not self.pieces[seat * PIECE_KINDS + ROADS]:
                return f"all {self.rules.max_roads} of your roads are on the board"
            return "there is nowhere to build a road"
        if card == YEAR_OF_PLENTY:
            if len(action) == 2 and any(a[0] == "plenty" and len(a) == 3 for a in self.legal_actions()):
                return "year of plenty takes two resources while the bank holds them"
            return "the bank does not hold those resources"
        return "not now"

    def _same_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal_actions() if a[0] == kind][:6]
