"""Soldiers & Armies' observation: the Catan family's (``siedler.games.catan.encoding``) with the armies on
the board, by intersection, relative seat and unit, the city walls' levels and the nuked hexes, at every
step. A nuked hex keeps its terrain and number in the board's fields, encoded once per game; the view turns
it over (terrain ``nuked``, no number), which its flag here says. Its other numbers (pieces left) are numbers
of the view, encoded without code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from siedler.core.game import Game
from siedler.envs.encoding import Encoder, Layout, Vector, relative
from siedler.games.catan import encoding as catan
from siedler.games.catan.game import CatanGame

from .game import SoldiersGame
from .rules import UNITS


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

    def encode(self, view: dict[str, Any], me: int, out: Vector) -> None:
        soldiers, n, units = view["soldiers"], self.players, len(UNITS)
        for army in soldiers["armies"]:
            at = self.at_armies + (army["at"] * n + relative(army["owner"], me, n)) * units
            out[at : at + units] = [army["units"][u] for u in UNITS]
        for node, level in soldiers["walls"].items():
            out[self.at_walls + int(node)] = level
        for label in soldiers["nuked"]:
            out[self.at_nuked + self.hex_at[label]] = 1

    def observe(self, game: CatanGame, me: int, out: Vector) -> None:
        """``encode`` from the fields that ``soldiers.armies``, ``soldiers.walls`` and ``soldiers.nuked``
        show."""
        g, n, units = cast(SoldiersGame, game), self.players, len(UNITS)
        for node, owner in enumerate(g.army_owner):
            if owner >= 0:
                at = self.at_armies + (node * n + relative(owner, me, n)) * units
                out[at : at + units] = g.units[node * units : node * units + units]
        walls = self.at_walls
        for node, level in enumerate(g.walls):
            if level:
                out[walls + node] = level
        labels = g.board.topology.hex_labels
        for h, nuked in enumerate(g.nuked):
            if nuked:
                out[self.at_nuked + self.hex_at[labels[h]]] = 1


def encoder(game: Game, reference: dict[str, Any], parts: Sequence[object]) -> Encoder:
    return catan.encoder(game, reference, parts, (Armies(),))
