"""Why an action is refused, in words a player understands (only computed on refusal)."""

from __future__ import annotations

from siedler.core.actions import Action

from .rules import RESOURCES
from .state import PHASE_NAMES, CatanState

PHASE_TASKS = {
    "setup_settlement": "found a settlement",
    "setup_road": "build a road next to the new settlement",
    "roll": "roll the dice (or play a knight first)",
    "discard": "discard half of the hand",
    "robber": "move the robber",
    "main": "trade, build, play a card or end the turn",
    "road_building": "place a free road",
    "offer_reply": "accept or decline the trade offer",
    "offer_confirm": "confirm the trade with someone who accepted, or withdraw it",
    "over": "nothing: the game is over",
}


def _cost_text(cost: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n)


class ExplainMixin(CatanState):
    def _explain_illegal(self, action: Action) -> str:
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            return f"{action!r} is not an action"
        phase = PHASE_NAMES[self.phase]
        seat = self.to_act
        who = f"seat {seat} ({self.players[seat]})" if seat is not None else "nobody"
        legal_kinds = {a[0] for a in self.legal_actions()}
        kind = action[0]
        if kind not in legal_kinds:
            return f"'{action}' is not possible now: {who} must {PHASE_TASKS[phase]}"
        reason = self._specific_reason(action)
        return f"'{action}' is not legal: {reason}"

    def _specific_reason(self, action: Action) -> str:
        kind, seat = action[0], self.to_act
        assert seat is not None
        topo = self.board.topology
        if kind == "settle":
            n = action[1]
            if self.node_owner[n] >= 0:
                return f"intersection {n} is taken"
            if self.blocked[n]:
                return f"intersection {n} is next to a building (distance rule)"
            if self.phase != 0 and not self._can_pay(seat, self.rules.settlement_cost):
                return f"a settlement costs {_cost_text(self.rules.settlement_cost)}"
            return f"intersection {n} is not on one of your roads"
        if kind == "city":
            n = action[1]
            if self.node_owner[n] != seat or self.node_level[n] != 1:
                return f"a city replaces one of your own settlements; {n} is not one"
            return f"a city costs {_cost_text(self.rules.city_cost)}"
        if kind == "road":
            e = action[1]
            if self.edge_owner[e] >= 0:
                return f"path {topo.edge_label(e)} is taken"
            if self.phase == 1:
                return "the founding road must touch the settlement just founded"
            if self.phase == 5 and not self._can_pay(seat, self.rules.road_cost):
                return f"a road costs {_cost_text(self.rules.road_cost)}"
            return f"path {topo.edge_label(e)} does not connect to your roads or buildings"
        if kind == "robber":
            h, victim = action[1], action[3]
            if h == self.robber:
                return "the robber must move to another hex"
            if victim < 0:
                return f"you must steal from a player next to hex {action[2]} who holds cards"
            return f"seat {victim} has no building on hex {action[2]} or holds no cards"
        if kind in ("discard", "bank", "offer"):
            return f"you do not hold those cards ({'; '.join(str(a) for a in self._same_kind(kind))})"
        if kind == "plenty":
            return "the bank does not hold those resources"
        if kind == "confirm":
            return f"seat {action[1]} did not accept the offer"
        return "not now"

    def _same_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal_actions() if a[0] == kind][:6]
