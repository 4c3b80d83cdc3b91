"""The Fishermen's part of the Catan observation (``siedler.games.catan.encoding``): the fishing grounds,
fixed within a game, as the number of the ground each intersection touches (0: none). Their tokens, the
boot and the lake's numbers are numbers of the view, encoded without code; from the state, this part reads
them from the component, the same figures its view shows."""

from __future__ import annotations

from typing import Any

from siedler.core.game import Game
from siedler.envs.encoding import Layout, Vector
from siedler.games.catan.encoding import CatanPart
from siedler.games.catan.game import CatanGame

from .component import Fishermen


class FishingGrounds(CatanPart):
    reads_state = True

    def add_board(self, layout: Layout, reference: dict[str, Any]) -> None:
        self.at = layout.add("node_fishing", len(reference["board"]["nodes"]))

    def start(self, view: dict[str, Any], base: Vector) -> None:
        for ground in view["board"]["fishing_grounds"]:
            for node in ground["nodes"]:
                base[self.at + node] = max(base[self.at + node], ground["number"])

    def start_game(self, game: CatanGame) -> None:
        self.component = next(c for c in game.components if isinstance(c, Fishermen))

    def player_figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return self.component.player_figures(seat)

    def figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return {"fish": self.component.fish_figures(game, seat)}


def part(game: Game) -> CatanPart:
    return FishingGrounds()
