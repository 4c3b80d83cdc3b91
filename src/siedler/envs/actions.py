"""The fixed discrete action space of one game configuration: index <-> action <-> notation, and the mask.

The actions are the game's ``action_universe()`` (the hook in docs/api.md), each kept once in its first
place: index ``i`` is the ``i``-th of them, so the mapping depends only on rule set, options and player
count, never on the position. ``notation[i]`` is its text form (``str(action)``), as records write it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from siedler.core.actions import Action
from siedler.core.errors import IllegalAction
from siedler.core.game import Game


class ActionSpace:
    """The actions of one configuration, numbered; shared by every game of that configuration."""

    def __init__(self, game: Game) -> None:
        #: Equal actions (a kind a rule set declares again beside its family's, such as ``end``) are one index.
        self.actions: tuple[Action, ...] = tuple(dict.fromkeys(game.action_universe()))
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self.notation: tuple[str, ...] = tuple(str(a) for a in self.actions)
        self.size = len(self.actions)
        #: Legal tuples repeat (the engine interns the actions in them): their indices are kept, up to a
        #: bound (not their masks, which are the size of the action space: thousands of bytes each).
        self._cache: dict[tuple[Action, ...], npt.NDArray[np.intp]] = {}
        #: No legal action: the indices of a seat not to act, or of a game over.
        self.no_indices: npt.NDArray[np.intp] = np.zeros(0, dtype=np.intp)

    def legal(self, legal: tuple[Action, ...]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.intp]]:
        """The mask (1 for each legal action's index, 0 elsewhere: a new array, a learner may keep it) and
        the indices of the legal actions in the engine's order (shared: read-only)."""
        indices = self.indices(legal)
        mask = np.zeros(self.size, dtype=np.int8)
        mask[indices] = 1
        return mask, indices

    def indices(self, legal: tuple[Action, ...]) -> npt.NDArray[np.intp]:
        """The indices of the legal actions in the engine's order (shared: read-only)."""
        indices = self._cache.get(legal)
        if indices is None:
            index = self.index
            try:
                indices = np.fromiter((index[a] for a in legal), dtype=np.intp, count=len(legal))
            except KeyError as missing:
                raise RuntimeError(f"legal action {missing} is not in the action universe") from None
            indices.flags.writeable = False
            if len(self._cache) < 4096:
                self._cache[legal] = indices
        return indices

    def mask(self, legal: tuple[Action, ...]) -> npt.NDArray[np.int8]:
        """1 for each legal action's index, 0 elsewhere: a new array (a learner may keep it)."""
        return self.legal(legal)[0]

    def action(self, game: Game, index: Any, mask: npt.NDArray[np.int8]) -> Action:
        """The action of ``index`` if ``mask`` (the game's current one) marks it legal; else ``IllegalAction``
        saying which index and action, and why the game refuses it."""
        try:
            i = int(index)
        except (TypeError, ValueError):
            raise IllegalAction(f"an action index is a whole number, not {index!r}") from None
        if not 0 <= i < self.size:
            raise IllegalAction(f"action index {i} is out of range (0-{self.size - 1})")
        action = self.actions[i]
        if not mask[i]:
            why = game.why_illegal(action) or "the mask does not offer it"
            raise IllegalAction(f"action index {i} ({self.notation[i]!r}) is not legal now: {why}")
        return action
