"""The Fishermen in words and data: action labels, the log, refusals and the view (tokens face down)."""

from __future__ import annotations

from typing import Any

from siedler.core.actions import Action
from siedler.core.i18n import Voice, in_every_language
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.snapshot import _named
from siedler.games.catan.state import MAIN

from .actions import FISH_KINDS, FishAction, token_values
from .data import RULES
from .state import VALUES, FishermenState
from .words import describe_fish, fish_label, fish_text


class FishermenViewMixin(FishermenState):
    def action_label(self, action: Action, lang: str = "en") -> str:
        if action[0] == "fish":
            return fish_label("fish", action[1], action[2], action[3], lang, self.players)
        if action[0] == "boot":
            return fish_label("boot", "", action[1], (0, 0, 0), lang, self.players)
        return super().action_label(action, lang)

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        return f"{super().render_text(seat, lang)}\n{fish_text(self.view(seat), lang, self.players)}"

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        text = describe_fish(kind, data, Voice(self.players, lang, viewer, "catan.word.nobody"))
        return text if text is not None else super().describe(kind, data, lang, viewer)

    def _explain_illegal(self, action: Action) -> str:
        if isinstance(action, tuple) and action and action[0] in FISH_KINDS and self.phase == MAIN:
            return f"'{action}' is not legal: {self._specific_reason(FishAction(*action))}"
        return super()._explain_illegal(action)

    def _specific_reason(self, action: CatanAction) -> str:
        kind, seat = action[0], self.current
        if kind == "boot":
            if self.boot != seat:
                return "only the holder of the old boot may pass it on"
            return "the old boot may only go to another player with as many or more victory points"
        if kind != "fish":
            return super()._specific_reason(action)
        use, tokens = action[1], action[3]
        held = self.held_tokens(seat)
        if any(tokens[i] > held[i] for i in range(3)):
            return f"you hold the fish tokens {'+'.join(map(str, token_values(held))) or 'none'}"
        if use == "robber":
            return "the robber is not on the board"
        if use == "steal":
            return "you may steal only from another player who holds resource cards"
        if use == "take":
            return "the bank has none of that resource"
        if use == "road":
            return "you have no road left or no place to build one"
        return "the development deck is empty"

    def _board_view(self) -> dict[str, Any]:
        data = super()._board_view()
        data["fishing_grounds"] = [
            {"sea": list(g.sea), "number": g.number, "nodes": list(g.nodes)} for g in self.fish_grounds
        ]
        data["lake"] = self.board.topology.hex_labels[self.lake] if self.lake >= 0 else None
        return data

    def _pieces_view(self) -> list[dict[str, Any]]:
        pieces = super()._pieces_view()
        pieces.extend(
            {"kind": "fishing_ground", "at": {"q": g.sea[0], "r": g.sea[1]}, "number": g.number}
            for g in self.fish_grounds
        )
        return pieces

    def _legend(self) -> dict[str, Any]:
        legend = super()._legend()
        legend["pieces"]["fishing_ground"] = {
            "shape": "hexagon",
            "color": "#7fb8e6",
            "size": 0.45,
            "label": in_every_language("fishermen.legend.fishing_ground"),
        }
        legend["terrains"]["lake"] = {"color": "#4aa3df", "label": in_every_language("fishermen.legend.lake")}
        return legend

    def _player_extra(self, seat: int) -> dict[str, Any]:
        data = super()._player_extra(seat)
        data["fish_tokens"] = sum(self.held_tokens(seat))
        data["old_boot"] = self.boot == seat
        return data

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        """Fish tokens lie face down: everyone sees how many each player holds, only he sees which."""
        data = super()._view_extra(seat)
        n = self.num_players
        fish: dict[str, Any] = {
            "supply": sum(self.fish_supply),
            "spent": _named(list(self.fish_spent), VALUES),
            "tokens": [sum(self.held_tokens(p)) for p in range(n)],
            "max_tokens": RULES.max_held,
            "boot": self.boot if self.boot >= 0 else None,
            "costs": dict(RULES.costs),
            "lake_numbers": list(RULES.lake_numbers),
        }
        if seat is not None:
            fish["yours"] = _named(list(self.held_tokens(seat)), VALUES)
        data["fish"] = fish
        return data
