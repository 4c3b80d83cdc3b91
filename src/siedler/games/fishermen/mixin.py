"""The Fishermen of Catan as one mixin for ``siedler.core.registry.Extension``: the lake and the fishing
grounds, fish tokens and what they buy, the old boot.

It overrides the shared hooks ``_make_board``, ``_initial_robber``, ``_terrains``, ``_after_production``,
``_founding_yield``, ``_legal_extra`` and ``victory_target``, adds the actions ``fish`` and ``boot``, and
shows, exports and describes its own state; each part lives in its own module.
"""

from __future__ import annotations

from .catching import CatchingMixin
from .presentation import FishermenViewMixin
from .snapshot import FishermenSnapshotMixin
from .spending import SpendingMixin


class FishermenMixin(SpendingMixin, CatchingMixin, FishermenViewMixin, FishermenSnapshotMixin):
    """Everything the Fishermen add to a Catan rule set."""
