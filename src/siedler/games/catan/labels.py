"""Catan actions in words for menus and buttons (``game.action_label(action, lang)``), English and German.

Labels are for people choosing a move; the notation (``str(action)``) stays the exact, parseable form.
A bank trade's label names the rate the player actually pays, so it needs the game, not just the action.
"""

from __future__ import annotations

from siedler.core.actions import Action

from .actions import CatanAction
from .rules import NUM_RESOURCES
from .state import CatanState
from .words import NAMES

SIMPLE = {
    "en": {
        "roll": "Roll the dice",
        "end": "End the turn",
        "buy": "Buy a development card",
        "knight": "Play a knight",
        "roadbuilding": "Play road building",
        "accept": "Accept the offer",
        "decline": "Decline the offer",
        "withdraw": "Withdraw the offer",
    },
    "de": {
        "roll": "Würfeln",
        "end": "Zug beenden",
        "buy": "Entwicklungskarte kaufen",
        "knight": "Ritter ausspielen",
        "roadbuilding": "Straßenbau ausspielen",
        "accept": "Angebot annehmen",
        "decline": "Angebot ablehnen",
        "withdraw": "Angebot zurückziehen",
    },
}
TEMPLATES = {
    "en": {
        "settle": "Build a settlement at {0}",
        "city": "Build a city at {0}",
        "road": "Build a road {0}",
        "robber": "Move the {robber} to {0}",
        "robber_steal": "Move the {robber} to {0} and rob {1}",
        "discard": "Discard 1 {0}",
        "monopoly": "Play monopoly on {0}",
        "plenty": "Play year of plenty: {0}",
        "bank": "Trade {0} {1} for 1 {2} with the bank",
        "offer": "Offer {0} for {1} to {2}",
        "everyone": "everyone",
        "confirm": "Trade with {0}",
    },
    "de": {
        "settle": "Siedlung bauen an {0}",
        "city": "Stadt bauen an {0}",
        "road": "Straße bauen {0}",
        "robber": "{robber} nach {0} versetzen",
        "robber_steal": "{robber} nach {0} versetzen, bei {1} ziehen",
        "discard": "1 {0} abwerfen",
        "monopoly": "Monopol ausspielen: {0}",
        "plenty": "Erfindung ausspielen: {0}",
        "bank": "{0} {1} gegen 1 {2} mit der Bank tauschen",
        "offer": "{0} für {1} anbieten an {2}",
        "everyone": "alle",
        "confirm": "Handel mit {0} abschließen",
    },
}


def _bundle(counts: tuple[int, ...], lang: str) -> str:
    names = NAMES[lang]["resources"]
    return " + ".join(f"{n} {names[r]}" for r, n in enumerate(counts) if n)


class LabelMixin(CatanState):
    def action_label(self, action: Action, lang: str = "en") -> str:
        """``action`` in words in ``lang`` (``en`` or ``de``); unknown kinds fall back to the notation."""
        lang = lang if lang in SIMPLE else "en"
        kind = action[0]
        if kind in SIMPLE[lang]:
            return SIMPLE[lang][kind]
        t = TEMPLATES[lang]
        res = NAMES[lang]["resources"]
        named = action if isinstance(action, CatanAction) else CatanAction(*action)
        if kind in ("settle", "city"):
            return t[kind].format(named.node)
        if kind == "road":
            return t["road"].format(f"{named.node_a}-{named.node_b}")
        if kind == "robber":
            victim = named.victim
            robber = self.robber_name(lang)
            if victim < 0:
                return t["robber"].format(named.label, robber=robber)
            return t["robber_steal"].format(named.label, self.players[victim], robber=robber)
        if kind in ("discard", "monopoly"):
            return t[kind].format(res[named.resource])
        if kind == "plenty":
            return t["plenty"].format(" + ".join(res[r] for r in action[1:]))
        if kind == "bank":
            seat = self.current if self.to_act is None else self.to_act
            rate = self.rates[seat * NUM_RESOURCES + named.give]
            return t["bank"].format(rate, res[named.give], res[named.get])
        if kind == "offer":
            to = t["everyone"] if named.to < 0 else self.players[named.to]
            return t["offer"].format(_bundle(named.give, lang), _bundle(named.want, lang), to)
        if kind == "confirm":
            return t["confirm"].format(self.players[named.seat])
        return str(action)
