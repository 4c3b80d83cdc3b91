"""Which encoder observes which rule set: by family, with a generic one for any other rule set."""

from __future__ import annotations

from typing import Any

import numpy as np

from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.deck_building.game import DeckBuildingGame

from .catan import CatanEncoder
from .deck import DeckEncoder
from .encoding import Encoder, Layout, Leaves, Vector


class GenericEncoder(Encoder):
    """For a rule set no encoder knows (a third-party one): every number of the view (``Leaves``), in one
    field ``view``. Enough for small games such as the walkthrough's Pig; a family with a board deserves
    an encoder of its own."""

    def __init__(self, reference: dict[str, Any], players: int) -> None:
        self.leaves = Leaves(reference, players)
        self.layout = Layout()
        self.layout.add("view", len(self.leaves))

    def encode(self, view: dict[str, Any], seat: int) -> Vector:
        return np.asarray(self.leaves.read(view, seat), dtype=np.float32)


def encoder_for(game: Game) -> Encoder:
    """An encoder for games of ``game``'s configuration, shaped by its first seat's view."""
    reference = game.view(0)
    if isinstance(game, CatanGame):
        return CatanEncoder(reference, game._terrains())
    if isinstance(game, DeckBuildingGame):
        return DeckEncoder(reference)
    return GenericEncoder(reference, game.num_players)
