"""The Fishermen's part of the Catan observation (``siedler.games.catan.encoding``): the fishing grounds,
fixed within a game, as the number of the ground each intersection touches (0: none). Their tokens, the
boot and the lake's numbers are numbers of the view, encoded without code; from the state, this part reads
them from the component, the same figures its view shows."""

from __future__ import annotations

from typing import Any, cast

from siedler.core.game import Game
from siedler.envs.encoding import Layout, Vector
from siedler.games.catan.encoding import CatanPart, place_of
from siedler.games.catan.game import CatanGame

from .component import Fishermen


class FishingGrounds(CatanPart):
    reads_state = True

    def __init__(self, place: int) -> None:
        #: The Fishermen's place in ``game.components``.
        self.place = place

    def add_board(self, layout: Layout, reference: dict[str, Any]) -> None:
        self.at = layout.add("node_fishing", len(reference["board"]["nodes"]))

    def start(self, view: dict[str, Any], base: Vector) -> None:
        for ground in view["board"]["fishing_grounds"]:
            for node in ground["nodes"]:
                base[self.at + node] = max(base[self.at + node], ground["number"])

    def player_figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return cast(Fishermen, game.components[self.place]).player_figures(seat)

    def figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return {"fish": cast(Fishermen, game.components[self.place]).fish_figures(game, seat)}


def part(game: Game) -> CatanPart:
    return FishingGrounds(place_of(game, Fishermen))
