"""Resource Realms: the base game with a Guardian for the robber, dearer cities, a 25-card deck and an
immediate win (rule text: ``resource-realms.md``; rulings in ``docs/rules/resource-realms.md``).

Costs and the deck are data (``data/resource-realms.toml``, extending the base game's); the code here is
the immediate win and the Guardian's name.
"""

from __future__ import annotations

from typing import ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.games.catan import CatanGame, register_catan
from siedler.games.catan.rules import rules_from

from .words import GUARDIAN, SYNONYMS


@mypyc_attr(allow_interpreted_subclasses=True)
class ResourceRealmsGame(CatanGame):
    rules: ClassVar = rules_from("resource-realms.toml", "siedler.games.resource_realms")

    # ------------------------------------------------------------------ the immediate win
    def _award_changes(self) -> None:
        """Win the moment the target is reached, in anyone's turn.

        The shared mechanics check the player whose turn it is wherever his points can rise (buildings,
        awards, a bought victory-point card), right after this hook where a building or an award is
        involved. Another player's points can only rise when an award moves to him: a settlement that
        breaks one road can hand the longest road to a third player. So every other player is checked
        here, in turn order; but if the player whose turn it is has reached his target with the same
        action, he is the winner, and the shared check that follows finishes the game for him.
        """
        super()._award_changes()
        current = self.current
        if self.is_over or self.total_vp(current) >= self.victory_target(current):
            return
        n = self.num_players
        for i in range(1, n):
            p = (current + i) % n
            if self.total_vp(p) >= self.victory_target(p):
                self._finish(p)
                return

    def _check_win(self, seat: int) -> None:
        if not self.is_over:  # the game may have ended for another player in this very action
            super()._check_win(seat)

    # ------------------------------------------------------------------ the Guardian's name
    #: Every text of the shared mechanics about the robber (log, labels, errors, text board, view) uses it.
    robber_word: ClassVar[str] = GUARDIAN

    def parse_action(self, text: object) -> Action:
        if isinstance(text, str):
            word, _, rest = text.strip().partition(" ")
            if word.lower() in SYNONYMS:
                text = f"robber {rest}"
        return super().parse_action(text)


RULESET = register_catan(
    "resource-realms",
    "Resource Realms",
    "The base game with a Guardian for the robber, cities for 3 grain and 2 ore, 25 development cards, "
    "and a win the moment a player reaches 10 victory points.",
    ResourceRealmsGame,
    __name__,
)

__all__ = ["RULESET", "ResourceRealmsGame"]
