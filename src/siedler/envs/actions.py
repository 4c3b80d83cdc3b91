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

#: How many legal tuples an action space keeps the indices of.
CACHED = 4096


def sketch(legal: tuple[Action, ...]) -> tuple[int, ...]:
    """A cheap key of a legal tuple: its length and the identities of its first, middle and last actions.
    Different tuples may share it; the cache compares them (the kept tuples keep their actions, so an
    identity is never reused while it is kept)."""
    n = len(legal)
    if not n:
        return (0,)
    return (n, id(legal[0]), id(legal[n // 2]), id(legal[-1]))


class ActionSpace:
    """The actions of one configuration, numbered; shared by every game of that configuration."""

    def __init__(self, game: Game) -> None:
        #: Equal actions (a kind a rule set declares again beside its family's, such as ``end``) are one index.
        self.actions: tuple[Action, ...] = tuple(dict.fromkeys(game.action_universe()))
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self.notation: tuple[str, ...] = tuple(str(a) for a in self.actions)
        self.size = len(self.actions)
        #: Legal tuples repeat (the engine interns the actions in them): their indices are kept, up to
        #: ``CACHED`` tuples (not their masks, which are the size of the action space: thousands of bytes
        #: each), found by ``sketch``: hashing a tuple of hundreds of trade offers, each a tuple of tuples,
        #: cost more than the rest of a compiled step's mask, and comparing it with the one kept, element by
        #: element, is mostly comparing the identities of interned actions.
        self.cached: dict[tuple[int, ...], list[tuple[tuple[Action, ...], npt.NDArray[np.intp]]]] = {}
        self._kept = 0
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
        key = sketch(legal)
        kept = self.cached.get(key)
        if kept is not None:
            for known, indices in kept:
                if known == legal:
                    return indices
        index = self.index
        try:
            indices = np.fromiter((index[a] for a in legal), dtype=np.intp, count=len(legal))
        except KeyError as missing:
            raise RuntimeError(f"legal action {missing} is not in the action universe") from None
        indices.flags.writeable = False
        if self._kept < CACHED:
            self.cached.setdefault(key, []).append((legal, indices))
            self._kept += 1
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
