"""The hooks an extension of the Catan family serves (``Extension`` with ``family = "catan"``): on top of
every family's (``siedler.core.component.Component``), the board, production, founding, building, the
main phase's actions, awards and points.

Each hook is called by the shared mechanics at one point, with the game as its first argument; the hot ones
(production, founding, buildings, the main phase, awards, points) only for the components that define
them (``CatanState._collect_hooks``). A component's part of the view, the log and the notation goes
through the generic hooks, which ``CatanGame`` asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.component import Component

if TYPE_CHECKING:
    from .board import Board
    from .state import CatanState


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanComponent(Component["CatanState"]):
    #: Terrain that random boards keep off the island's edge (with the rule set's own).
    inland_terrain: ClassVar[tuple[str, ...]] = ()

    # ------------------------------------------------------------------ the board (while setting up)
    def terrains(self, game: CatanState) -> dict[str, str]:
        """Terrain -> resource ('' for none) of the component's own terrains, which a loaded board may hold."""
        return {}

    def make_board(self, game: CatanState, board: Board) -> Board:
        """The board the rule set made, changed (the board of a new game, before any piece)."""
        return board

    def initial_robber(self, game: CatanState, hex_index: int) -> int:
        """Where the robber starts (``NOBODY``: beside the board), given where the rule set puts it."""
        return hex_index

    # ------------------------------------------------------------------ hot hooks (served ones only)
    def after_production(self, game: CatanState, total: int) -> None:
        """A roll of ``total`` (not 7) has paid its resources out."""

    def founding_yield(self, game: CatanState, seat: int, node: int) -> None:
        """The founding settlement at ``node`` that yields has yielded its resources."""

    def building_changed(self, game: CatanState, node: int) -> None:
        """The building at ``node`` changes: a settlement is about to be placed or made a city, or (by a rule
        set) the building there is removed or made a settlement again."""

    def legal_extra(self, game: CatanState, seat: int, acts: list[Action]) -> None:
        """Append the component's main-phase actions for ``seat`` to ``acts`` (after the rule set's)."""

    def award_changes(self, game: CatanState) -> None:
        """Anything that can move an award happened: move the component's (before the rule set's own
        reaction, such as an immediate win, sees the points)."""

    def extra_vp(self, game: CatanState, seat: int) -> int:
        """Victory points from the component's own cards, public (kept apart from ``game.vp``)."""
        return 0

    def extra_target(self, game: CatanState, seat: int) -> int:
        """Victory points ``seat`` needs beyond the rule set's target."""
        return 0
