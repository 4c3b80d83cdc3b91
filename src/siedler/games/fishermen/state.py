"""The Fishermen's state, declared once so that the mixins catching, spending and presenting fish agree.

Fish tokens are not resources: they live in their own counts (never in ``hands``), so the 7-card discard,
the robber's theft, trades and monopoly never see them. All their state is tuples, replaced on change, so
``copy()`` shares it and no other mixin's ``_copy_lists`` needs to know about it.
"""

from __future__ import annotations

from siedler.games.catan import CatanGame

from .actions import FishTable, Tokens
from .board import FishingGround
from .data import RULES

VALUES = ("1", "2", "3")
SUPPLY = (*VALUES, "boot")
BOOT = 3  # the boot's index in the supply


class FishermenState(CatanGame):
    fish_grounds: tuple[FishingGround, ...]
    #: Dice number -> the intersections at the fishing grounds bearing it.
    fish_catch: dict[int, tuple[int, ...]]
    fish_ground_nodes: frozenset[int]
    lake: int
    lake_nodes: tuple[int, ...]
    #: Dice number (negated while the robber is on the lake) -> tokens owed per seat, filled as numbers
    #: come up and replaced whenever a building is placed, since the catch only depends on the buildings.
    _fish_income: dict[int, tuple[int, ...]]
    #: Face-down supply: ones, twos, threes, and the old boot while nobody has drawn it.
    fish_supply: tuple[int, int, int, int]
    #: Tokens handed in, face up: ones, twos, threes.
    fish_spent: tuple[int, int, int]
    #: ``seat * 3 + fish - 1``: the face-down tokens each player holds.
    fish_held: tuple[int, ...]
    #: The seat holding the old boot, or ``NOBODY``.
    boot: int
    fish_table: FishTable
    #: ``_turn_order[seat]``: every seat in turn order, starting with ``seat``.
    _turn_order: tuple[tuple[int, ...], ...]
    #: The fewest fish any action costs, and the lake's numbers (class constants, for the hot paths).
    _cheapest = min(RULES.costs.values())
    _boot_extra = RULES.boot_extra_points
    _max_held = RULES.max_held
    #: ``_others[seat]``: the other seats, in seat order.
    _others: tuple[tuple[int, ...], ...]
    _lake_numbers = frozenset(RULES.lake_numbers)

    def held_tokens(self, seat: int) -> Tokens:
        b = seat * 3
        held = self.fish_held
        return (held[b], held[b + 1], held[b + 2])

    # Provided by one mixin, used by another ------------------------------------------------------------
    def _set_grounds(self, grounds: tuple[FishingGround, ...]) -> None:
        raise NotImplementedError
