"""The Fishermen of Catan as one component for ``siedler.core.registry.Extension``: the lake and the fishing
grounds, fish tokens and what they buy, the old boot.

It serves the Catan hooks ``make_board``, ``initial_robber``, ``terrains``, ``after_production``,
``founding_yield``, ``building_changed``, ``legal_extra`` and ``extra_target``, handles the actions ``fish`` and
``boot``, and shows, exports and describes its own state; each part lives in its own module, one class of
the chain each (``state.py``).
"""

from __future__ import annotations

from .presentation import FishermenView


class Fishermen(FishermenView):
    """Everything the Fishermen add to a Catan rule set."""
