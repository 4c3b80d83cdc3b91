"""The Fishermen's state, declared once so that the classes catching, spending and presenting fish agree.

The component is one chain of classes, each subclassing the one before (state <- catching <- spending <-
snapshot <- presentation <- ``Fishermen``), as the shared mechanics are, so that the compiled build takes
it; every hook gets the game (a ``CatanState``) as its first argument.

Fish tokens are not resources: they live in their own counts (never in ``hands``), so the 7-card discard,
the robber's theft, trades and monopoly never see them. The supply and the spent tokens are lists of counts
changed in place, like the shared state's hands, and each player's tokens are one shared ``Holding``,
replaced as tokens come and go: tokens change hands on about half the rolls of a fishing game.
"""

from __future__ import annotations

from typing import Final, Self

from siedler.core.hidden import redeal
from siedler.games.catan.component import CatanComponent
from siedler.games.catan.state import NOBODY, CatanState

from .board import FishingGround
from .data import RULES
from .holdings import FishActionSet, Holding
from .tokens import Tokens

VALUES = ("1", "2", "3")
SUPPLY = (*VALUES, "boot")
BOOT: Final = 3  # the boot's index in the supply
#: Constants of the hot paths (``Final``: the compiled build reads them without a lookup).
BOOT_EXTRA: Final = RULES.boot_extra_points
MAX_HELD: Final = RULES.max_held
LAKE_NUMBERS: Final = frozenset(RULES.lake_numbers)


class FishermenState(CatanComponent):
    fish_grounds: tuple[FishingGround, ...]
    #: Dice number -> the intersections at the fishing grounds bearing it.
    fish_catch: dict[int, tuple[int, ...]]
    fish_ground_nodes: frozenset[int]
    lake: int
    lake_nodes: tuple[int, ...]
    #: Intersections that catch fish: at a fishing ground or on the lake's shore.
    fish_nodes: frozenset[int]
    #: Dice number (negated while the robber is on the lake) -> ``(seat, tokens)`` owed, by seat; filled as
    #: numbers come up and replaced whenever a building is placed on ``fish_nodes``, since the catch only
    #: depends on those buildings.
    _fish_income: dict[int, tuple[tuple[int, int], ...]]
    #: Face-down supply: ones, twos, threes, and the old boot while nobody has drawn it.
    fish_supply: list[int]
    #: Tokens handed in, face up: ones, twos, threes.
    fish_spent: list[int]
    #: ``fish_held[seat]``: the face-down tokens each player holds, with what they pay for.
    fish_held: list[Holding]
    #: The seat holding the old boot, or ``NOBODY``.
    boot: int
    fish_action_set: FishActionSet
    #: ``_others[seat]``: the other seats, in seat order.
    _others: tuple[tuple[int, ...], ...]

    def __init__(self) -> None:
        self.boot = NOBODY

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.fish_grounds = self.fish_grounds
        new.fish_catch = self.fish_catch
        new.fish_ground_nodes = self.fish_ground_nodes
        new.lake = self.lake
        new.lake_nodes = self.lake_nodes
        new.fish_nodes = self.fish_nodes
        new._fish_income = self._fish_income  # replaced, never cleared: copies may share it
        new.fish_supply = self.fish_supply[:]
        new.fish_spent = self.fish_spent[:]
        new.fish_held = self.fish_held[:]
        new.boot = self.boot
        new.fish_action_set = self.fish_action_set
        new._others = self._others

    def resample_hidden(self, game: CatanState, seat: int | None) -> None:
        """Fish tokens lie face down: the other seats' tokens are dealt anew with the supply (each keeps
        its number of tokens); the old boot stays, as everyone sees who draws it."""
        others = [p for p in range(game.num_players) if p != seat]
        held = [list(self.fish_held[p].tokens) for p in others]
        redeal([*held, self.fish_supply], game.rng, (BOOT,))
        for p, tokens in zip(others, held, strict=True):
            self.fish_held[p] = self.fish_action_set.holding((tokens[0], tokens[1], tokens[2]))

    def held_tokens(self, seat: int) -> Tokens:
        return self.fish_held[seat].tokens

    def set_held_tokens(self, seat: int, tokens: Tokens) -> None:
        """``seat`` holds ``tokens`` now (a rule set that trades tokens between players moves them here)."""
        self.fish_held[seat] = self.fish_action_set.holding(tokens)

    # Provided by one class of the chain, used by another --------------------------------------------------
    def _set_grounds(self, game: CatanState, grounds: tuple[FishingGround, ...]) -> None:
        raise NotImplementedError
