"""Catan actions in words for menus and buttons (``game.action_label(action, lang)``), from the catalog.

Labels are for people choosing a move; the notation (``str(action)``) stays the exact, parseable form.
A bank trade's label names the rate the player actually pays, so it needs the game, not just the action.
"""

from __future__ import annotations

from siedler.core.actions import Action
from siedler.core.i18n import text

from .rules import NUM_RESOURCES
from .state import CatanState
from .words import bundle, resource_names

#: The kinds whose label is a fixed phrase (``catan.label.<kind>``); the others fill in the action's fields.
SIMPLE = ("roll", "end", "buy", "knight", "roadbuilding", "accept", "decline", "withdraw")


class LabelMixin(CatanState):
    def action_label(self, action: Action, lang: str = "en") -> str:
        """``action`` in words in ``lang`` (from the catalog); unknown kinds fall back to the notation."""
        kind = action[0]
        if kind in SIMPLE:
            return text(f"catan.label.{kind}", lang)
        res = resource_names(lang)
        if kind in ("settle", "city"):
            return text(f"catan.label.{kind}", lang, action[1])
        if kind == "road":
            return text("catan.label.road", lang, f"{action[2]}-{action[3]}")
        if kind == "robber":
            victim = action[3]
            robber = self.robber_name(lang)
            if victim < 0:
                return text("catan.label.robber", lang, action[2], robber=robber)
            return text("catan.label.robber_steal", lang, action[2], self.players[victim], robber=robber)
        if kind in ("discard", "monopoly"):
            return text(f"catan.label.{kind}", lang, res[action[1]])
        if kind == "plenty":
            return text("catan.label.plenty", lang, " + ".join(res[r] for r in action[1:]))
        if kind == "bank":
            seat = self.current if self.to_act is None else self.to_act
            rate = self.rates[seat * NUM_RESOURCES + action[1]]
            return text("catan.label.bank", lang, rate, res[action[1]], res[action[2]])
        if kind == "offer":
            to = text("catan.label.everyone", lang) if action[3] < 0 else self.players[action[3]]
            return text(
                "catan.label.offer", lang, bundle(action[1], lang, " + ", ""), bundle(action[2], lang, " + ", ""), to
            )
        if kind == "confirm":
            return text("catan.label.confirm", lang, self.players[action[1]])
        return str(action)
