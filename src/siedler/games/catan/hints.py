"""Where a Catan action is pointed at on the table: ``node:12``, ``edge:12-13``, ``hex:F``.

The browser never parses notation: it highlights the target of every legal action and, when several share
one (the robber's hex with a choice of victims), offers their ``action_label`` words to choose from.
Variants inherit this and extend it for action kinds of their own.
"""

from __future__ import annotations

from siedler.core.actions import Action

from .state import CatanState


class HintsMixin(CatanState):
    def action_target(self, action: Action) -> str | None:
        kind = action[0]
        if kind in ("settle", "city"):
            return f"node:{action[1]}"
        if kind == "road":
            return f"edge:{action[2]}-{action[3]}"
        if kind == "robber":
            return f"hex:{action[2]}"
        return super().action_target(action)
