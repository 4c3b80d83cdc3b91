"""Where a Deck Building action is pointed at on the table: a card in the hand or a pile of the supply.

The browser draws the hand's cards as ``card:<name>`` and the supply's piles as ``pile:<name>``; laying
out, playing or discarding a card is a click on it (a card with two uses offers both), buying one a click
on its pile. Trades and answers to attacks have no place to point at and stay in the menu.
"""

from __future__ import annotations

from siedler.core.actions import Action
from siedler.core.game import Game

from .cards import CARDS, ROAD


class HintsMixin(Game):
    def action_target(self, action: Action) -> str | None:
        kind = action[0]
        if kind in ("lay", "play", "discard"):
            return f"card:{CARDS[action[1]]}"
        if kind == "road":
            return f"card:{CARDS[ROAD]}"
        if kind == "buy":
            return f"pile:{CARDS[action[1]]}"
        return super().action_target(action)
