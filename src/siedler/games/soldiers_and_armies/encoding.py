"""Soldiers & Armies' observation: the Catan family's (``siedler.games.catan.encoding``) with what the view's
``soldiers`` block shows, at every step: the armies on the board, by intersection, relative seat and unit,
with their dice and the steps they moved; the city walls' levels, the buildings turned over, the nukes and
the nuked hexes; the battle under way and the card trade waiting for its answer. A nuked hex keeps its
terrain and number in the board's fields, encoded once per game; the view turns it over (terrain ``nuked``,
no number), which its flag here says. Its other numbers (pieces left) are numbers of the view, encoded
without code. The battle and the card offer are written from the view's own blocks on both paths (the
state's ``_battle_view`` and ``_card_offer_view``, called only while there is one), so the two cannot
differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from siedler.core.game import Game
from siedler.envs.encoding import Encoder, Layout, Vector, relative
from siedler.games.catan import encoding as catan
from siedler.games.catan.game import CatanGame
from siedler.games.catan.rules import DEV_CARDS, RESOURCES
from siedler.games.catan.state import MAIN

from .actions import TRADE_KINDS
from .game import SoldiersGame
from .rules import UNITS

#: The battle's sides, as ``battle_sides`` and ``battle_dice`` order them.
SIDES = ("attack", "defence")
#: What a target is, as the view names it (``battle_target``'s second axis).
TARGETS = ("army", "building")
#: What a card trade offers for a place: ``card_offer_piece``.
PLACES = ("settlement", "city")


class Armies(catan.CatanPart):
    known = frozenset({"soldiers"})
    reads_state = True

    def add_fields(self, layout: Layout, reference: dict[str, Any]) -> None:
        nodes, self.players = len(reference["board"]["nodes"]), len(reference["players"])
        self.at_armies = layout.add("armies", nodes, self.players, len(UNITS))
        self.at_walls = layout.add("walls", nodes)
        hexes = reference["board"]["hexes"]
        #: Each hex's place in the field, by label: the view names nuked hexes by label.
        self.hex_at = {h["id"]: i for i, h in enumerate(hexes)}
        self.at_nuked = layout.add("nuked", len(hexes))
        n = self.players
        self.at_die = layout.add("army_die", nodes)
        self.at_moved = layout.add("army_moved", nodes)
        self.at_turned = layout.add("turned", nodes)
        self.at_nukes = layout.add("nuke_at", nodes, n)
        self.at_flags = layout.add("soldiers_flags", 3)
        self.at_battle = layout.add("battle_seats", 2, n)
        self.at_target = layout.add("battle_target", nodes, len(TARGETS))
        self.at_sides = layout.add("battle_sides", nodes, len(SIDES))
        self.at_conquest = layout.add("battle_conquest", nodes)
        self.at_waiting = layout.add("battle_waiting", nodes)
        self.at_dice = layout.add("battle_dice", len(SIDES), 2)
        self.at_odds = layout.add("battle_odds", 1)
        self.at_offer = layout.add("card_offer_seats", 2, n)
        self.at_offer_kind = layout.add("card_offer_kind", len(TRADE_KINDS))
        self.at_offer_card = layout.add("card_offer_card", len(DEV_CARDS))
        self.at_offer_at = layout.add("card_offer_at", nodes, len(PLACES))
        self.at_offer_token = layout.add("card_offer_token", 1)
        self.at_offer_bundle = layout.add("card_offer_bundle", len(RESOURCES))

    def encode(self, view: dict[str, Any], me: int, out: Vector) -> None:
        soldiers, n, units = view["soldiers"], self.players, len(UNITS)
        for army in soldiers["armies"]:
            at = self.at_armies + (army["at"] * n + relative(army["owner"], me, n)) * units
            out[at : at + units] = [army["units"][u] for u in UNITS]
            out[self.at_die + army["at"]] = army["die"]
            out[self.at_moved + army["at"]] = army["moved"]
        for node, level in soldiers["walls"].items():
            out[self.at_walls + int(node)] = level
        for label in soldiers["nuked"]:
            out[self.at_nuked + self.hex_at[label]] = 1
        for node in soldiers["turned"]:
            out[self.at_turned + node] = 1
        for seat, node in soldiers["nukes"].items():
            out[self.at_nukes + node * n + relative(int(seat), me, n)] = 1
        flags = (soldiers["robber_fought"], soldiers["free_card"], soldiers["weak_cities"])
        out[self.at_flags : self.at_flags + 3] = flags
        self._battle(soldiers["battle"], me, out)
        self._card_offer(soldiers["card_offer"], me, out)

    def observe(self, game: CatanGame, me: int, out: Vector) -> None:
        """``encode`` from the state's fields that the view's ``soldiers`` block shows."""
        g, n, units = cast(SoldiersGame, game), self.players, len(UNITS)
        for node, owner in enumerate(g.army_owner):
            if owner >= 0:
                at = self.at_armies + (node * n + relative(owner, me, n)) * units
                out[at : at + units] = g.units[node * units : node * units + units]
                out[self.at_die + node] = g.army_die(node)
                out[self.at_moved + node] = g.moved[node]
        walls = self.at_walls
        for node, level in enumerate(g.walls):
            if level:
                out[walls + node] = level
        labels = g.board.topology.hex_labels
        for h, nuked in enumerate(g.nuked):
            if nuked:
                out[self.at_nuked + self.hex_at[labels[h]]] = 1
        for node, turned in enumerate(g.turned):
            if turned:
                out[self.at_turned + node] = 1
        for seat, node in enumerate(g.nuke_node):
            if node >= 0:
                out[self.at_nukes + node * n + relative(seat, me, n)] = 1
        free_card = g.phase == MAIN and g._free_card_allowed(g.current)
        out[self.at_flags : self.at_flags + 3] = (g.robber_fought, free_card, g.weak_cities)
        self._battle(g._battle_view(), me, out)
        self._card_offer(g._card_offer_view(), me, out)

    def _battle(self, battle: dict[str, Any] | None, me: int, out: Vector) -> None:
        """The view's ``soldiers.battle``: who attacks whom, the target and its kind, each army's side, the
        conquest pending, the armies still to choose a side, each side's die and bonus, the attacker's
        chance to win the round (percent)."""
        if battle is None:
            return
        n = self.players
        for i, seat in enumerate((battle["attacker"], battle["defender"])):
            if seat >= 0:
                out[self.at_battle + i * n + relative(seat, me, n)] = 1
        out[self.at_target + battle["at"] * len(TARGETS) + TARGETS.index(battle["target"])] = 1
        for node in battle["armies"]:
            out[self.at_sides + node * len(SIDES)] = 1
        for ally in battle["allies"]:
            side = 0 if ally["side"] == battle["attacker"] else 1
            out[self.at_sides + ally["at"] * len(SIDES) + side] = 1
        if battle["conquest"] is not None:
            out[self.at_conquest + battle["conquest"]] = 1
        for node in battle["waiting"]:
            out[self.at_waiting + node] = 1
        for i, name in enumerate(SIDES):
            for member in battle["sides"][name]:
                out[self.at_dice + 2 * i : self.at_dice + 2 * i + 2] = (member["die"], member["bonus"])
        if battle["odds"] is not None:
            out[self.at_odds] = battle["odds"]["percent"] / 100

    def _card_offer(self, offer: dict[str, Any] | None, me: int, out: Vector) -> None:
        """The view's ``soldiers.card_offer``: who offers whom, the kind of trade, the card, the place and its
        piece or the token it names, and the resources asked or given for it."""
        if offer is None:
            return
        n = self.players
        for i, seat in enumerate((offer["from"], offer["to"])):
            out[self.at_offer + i * n + relative(seat, me, n)] = 1
        out[self.at_offer_kind + TRADE_KINDS.index(offer["kind"])] = 1
        if "card" in offer:
            out[self.at_offer_card + DEV_CARDS.index(offer["card"])] = 1
        if "at" in offer:
            out[self.at_offer_at + offer["at"] * len(PLACES) + PLACES.index(offer["piece"])] = 1
        if "token" in offer:
            out[self.at_offer_token] = offer["token"]
        bundle = offer["bundle"]
        out[self.at_offer_bundle : self.at_offer_bundle + len(RESOURCES)] = [bundle.get(r, 0) for r in RESOURCES]


def encoder(game: Game, reference: dict[str, Any], parts: Sequence[object]) -> Encoder:
    return catan.encoder(game, reference, parts, (Armies(),))
