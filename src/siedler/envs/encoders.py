"""Which encoder observes which rule set: the one its package registers, or a generic one.

A rule set names the module of its encoder (``Ruleset.encoding``, an import path) and an extension the
module of its part (``Extension.encoding``), as a plugin does; they are imported when the first environment
of the rule set is made, so the rule set's engine never imports the environments. The rule set's module
defines ``encoder(game, reference, parts) -> Encoder``, ``parts`` being what each extension's module's
``part(game)`` returned (in the order of ``game.components``), which the family's encoder places.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from siedler.core.game import Game
from siedler.core.registry import extension_of, get_ruleset

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
    module = get_ruleset(game.ruleset).encoding
    if not module:
        return GenericEncoder(reference, game.num_players)
    parts = [importlib.import_module(m).part(game) for c in game.components if (m := extension_of(c).encoding)]
    found: Encoder = importlib.import_module(module).encoder(game, reference, parts)
    return found
