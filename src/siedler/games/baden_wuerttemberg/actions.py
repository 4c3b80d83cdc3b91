"""Baden-Württemberg's actions: the Catan kinds it plays, and its own three.

Notation (docs/notation.md)::

    settle 12                  a town hall on city field 12 (also the variable founding's)
    road 12-13                 a road (also the free roads of Straßenbau and of a landmark)
    landmark 12                build the landmark of landmark field 12
    knight                     play an invention (then ``robber F @2``: move the inventor, draw a card)
    roadbuilding               play Straßenbau (then two ``road ...``)
    plenty wood ore            play Erfolgreiche Erfindung: two resources of one's choice
    trade                      play Handel: 2:1 with the bank for the rest of the turn
    noroad                     leave a landmark's free road unbuilt ("darf ... kostenlos eine Straße bauen")
    robber F @2 | inventor F @2   move the inventor (``inventor`` is read as ``robber``)

No cities and no monopoly; a development card may be played at any time of one's turn, before the roll too.
"""

from __future__ import annotations

from functools import cache

from siedler.core.actions import ActionKind, ActionKinds
from siedler.core.hexgrid import Topology
from siedler.games.catan.actions import KINDS, ActionSet, CatanAction, _node_kind

#: The notation's words for people (``siedler rules``, ``siedler play``'s help), in every language.
NOTATION_KEY = "baden_wuerttemberg.help.notation"

#: Catan kinds this game does not have.
_DROPPED = ("city", "monopoly")


class BWAction(CatanAction):
    """An action of Baden-Württemberg Catan (the Catan fields, ``node`` for a landmark)."""

    __slots__ = ()


class BWActionSet(ActionSet):
    """The Catan action set with the landmark and trade-card actions, all as :class:`BWAction`."""

    action_class = BWAction

    def __init__(self, topo: Topology, num_players: int, offer_max_cards: int) -> None:
        super().__init__(topo, num_players, offer_max_cards)
        for item in [a for a in self.canon if a[0] in _DROPPED]:  # never legal here: not in the action space
            del self.canon[item]
        self.LANDMARK = tuple(BWAction("landmark", n) for n in range(topo.num_nodes))
        self.TRADE = BWAction("trade")
        self.NOROAD = BWAction("noroad")
        for item in (*self.LANDMARK, self.TRADE, self.NOROAD):
            self.canon[item] = item
            self.text[item] = str(item)


BW_KINDS = ActionKinds(
    *(k for k in KINDS if k.name not in _DROPPED),
    _node_kind("landmark", ("main",), lambda s: s.LANDMARK),  # type: ignore[attr-defined]
    # Development cards "zu einem beliebigen Zeitpunkt seines Zuges": before the roll too, like the others.
    ActionKind("trade", phases=("roll", "main")),
    # A landmark's reward road is the builder's to take or leave: "darf ... kostenlos eine Straße bauen".
    ActionKind("noroad", phases=("road_building",)),
)
BWAction.KINDS = BW_KINDS


@cache
def bw_action_set(topo: Topology, num_players: int, offer_max_cards: int) -> BWActionSet:
    return BWActionSet(topo, num_players, offer_max_cards)
