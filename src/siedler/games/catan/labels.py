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
from .words import bundle, card_names, resource_names

#: Fields naming an intersection, a seat, one resource, or a bundle of resources (``offer``'s ``give``
#: is a bundle, ``bank``'s a resource: told apart by the value).
NODE_FIELDS = ("node", "at")
SEAT_FIELDS = ("to", "seat", "victim", "side")
RESOURCE_FIELDS = ("resource", "second", "get", "give", "want", "bundle")

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

    def field_words(self, action: Action, name: str, index: int, lang: str) -> str | None:
        """A Catan field in words: a place as the board shows it, a seat by its player's name (``-1``:
        everyone, or nobody robbed), a resource or a bundle of them, a development card."""
        value = action[index]
        if name in NODE_FIELDS:
            return str(places(self.board, lang).nodes[value]) if value >= 0 else None
        if name == "edge":
            return str(places(self.board, lang).edges[value])
        if name == "label":
            return hex_words(self.board, value, lang)
        if name in SEAT_FIELDS:
            if value >= 0:
                return str(self.players[value])
            return text("catan.word.nobody" if name == "victim" else "catan.label.everyone", lang)
        if name in RESOURCE_FIELDS:
            return bundle(value, lang, " + ", "") if isinstance(value, tuple) else resource_names(lang)[value]
        if name == "card":
            return str(card_names(lang)[value])
        return super().field_words(action, name, index, lang)
