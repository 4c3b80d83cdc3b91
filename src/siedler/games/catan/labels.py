"""Catan actions in words for menus and buttons (``game.action_label(action, lang)``), from the catalog.

Labels are for people choosing a move; the notation (``str(action)``) stays the exact, parseable form.
A bank trade's label names the rate the player actually pays, so it needs the game, not just the action.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.i18n import text

from .actions import CatanAction
from .places import edge_words, hex_words, places
from .presentation import ViewMixin
from .rules import NUM_RESOURCES
from .words import bundle, resource_names

#: The kinds whose label is a fixed phrase (``catan.label.<kind>``); the others fill in the action's fields.
SIMPLE = ("roll", "end", "buy", "knight", "roadbuilding", "accept", "decline", "withdraw")


@mypyc_attr(allow_interpreted_subclasses=True)
class LabelMixin(ViewMixin):
    def action_label(self, action: Action, lang: str = "en") -> str:
        """``action`` in words in ``lang`` (from the catalog); unknown kinds fall back to the notation."""
        kind = action[0]
        if kind in SIMPLE:
            return text(f"catan.label.{kind}", lang)
        res = resource_names(lang)
        named = action if isinstance(action, CatanAction) else CatanAction(*action)
        if kind in ("settle", "city"):
            return text(f"catan.label.{kind}", lang, places(self.board, lang).nodes[named.node])
        if kind == "road":
            return text("catan.label.road", lang, edge_words(self.board, named.node_a, named.node_b, lang))
        if kind == "robber":
            victim = named.victim
            robber = self.robber_name(lang)
            where = hex_words(self.board, named.label, lang)
            if victim < 0:
                return text("catan.label.robber", lang, where, robber=robber)
            return text("catan.label.robber_steal", lang, where, self.players[victim], robber=robber)
        if kind in ("discard", "monopoly"):
            return text(f"catan.label.{kind}", lang, res[named.resource])
        if kind == "plenty":
            return text("catan.label.plenty", lang, " + ".join(res[r] for r in action[1:]))
        if kind == "bank":
            seat = self.current if self.to_act is None else self.to_act
            rate = self.rates[seat * NUM_RESOURCES + named.give]
            return text("catan.label.bank", lang, rate, res[named.give], res[named.get])
        if kind == "offer":
            to = text("catan.label.everyone", lang) if named.to < 0 else self.players[named.to]
            return text(
                "catan.label.offer", lang, bundle(named.give, lang, " + ", ""), bundle(named.want, lang, " + ", ""), to
            )
        if kind == "confirm":
            return text("catan.label.confirm", lang, self.players[named.seat])
        return str(action)
