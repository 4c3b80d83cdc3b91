"""The Harbormaster's part of the Catan observation (``siedler.games.catan.encoding``): no field of its own.
Its numbers (each player's harbour points and whether he holds the card, the rules' two figures) are
numbers of the view, encoded without code; this part reads them from the component, the same figures its
view shows, so that the observation is read from the state."""

from __future__ import annotations

from typing import Any, cast

from siedler.core.game import Game
from siedler.games.catan.encoding import CatanPart, place_of
from siedler.games.catan.game import CatanGame

from .component import Harbormaster


class HarborFigures(CatanPart):
    reads_state = True

    def __init__(self, place: int) -> None:
        #: The Harbormaster's place in ``game.components``.
        self.place = place

    def player_figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return cast(Harbormaster, game.components[self.place]).player_figures(game, seat)

    def figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        return {"harbormaster": cast(Harbormaster, game.components[self.place]).figures(game)}


def part(game: Game) -> CatanPart:
    return HarborFigures(place_of(game, Harbormaster))
