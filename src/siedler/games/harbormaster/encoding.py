"""The Harbormaster's part of the Catan observation (``siedler.games.catan.encoding``): no field of its own.
Its numbers (each player's harbour points and whether he holds the card, the rules' two figures) are
numbers of the view, encoded without code; this part reads them from the component, the same figures its
view shows, so that the observation is read from the state."""

from __future__ import annotations

from typing import Any

from siedler.core.game import Game
from siedler.games.catan.encoding import CatanPart
from siedler.games.catan.game import CatanGame

from .component import Harbormaster


class HarborFigures(CatanPart):
    reads_state = True

    def start_game(self, game: CatanGame) -> None:
        self.component = next(c for c in game.components if isinstance(c, Harbormaster))

    def player_figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return self.component.player_figures(game, seat)

    def figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return {"harbormaster": self.component.figures(game)}


def part(game: Game) -> CatanPart:
    return HarborFigures()
