"""The Fishermen's part of the Catan observation (``siedler.games.catan.encoding``): the fishing grounds,
fixed within a game, as the number of the ground each intersection touches (0: none). Their tokens, the
boot and the lake's numbers are numbers of the view, encoded without code."""

from __future__ import annotations

from typing import Any

from siedler.core.game import Game
from siedler.envs.encoding import Layout, Vector
from siedler.games.catan.encoding import CatanPart


class FishingGrounds(CatanPart):
    def add_board(self, layout: Layout, reference: dict[str, Any]) -> None:
        self.at = layout.add("node_fishing", len(reference["board"]["nodes"]))

    def start(self, view: dict[str, Any], base: Vector) -> None:
        for ground in view["board"]["fishing_grounds"]:
            for node in ground["nodes"]:
                base[self.at + node] = max(base[self.at + node], ground["number"])


def part(game: Game) -> CatanPart:
    return FishingGrounds()
