"""Which build of the engine runs: compiled with mypyc, or pure Python.

``COMPILED_MODULES`` is the one list of modules that ``setup.py`` compiles; it lives here, not in the
build configuration, so that the running package can check its own modules against it. This module must
import nothing from ``siedler``: ``setup.py`` runs it on its own to read the list (see ``docs/build.md``).
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

#: Compiled by mypyc when a C compiler is present; each must pass the whole test suite compiled.
COMPILED_MODULES: tuple[str, ...] = (
    "siedler.bots.greedy",
    "siedler.bots.random",
    "siedler.core.component",
    "siedler.core.game",
    "siedler.core.hexgrid",
    "siedler.core.rng",
    "siedler.games.baden_wuerttemberg.bot",
    "siedler.games.baden_wuerttemberg.game",
    "siedler.games.baden_wuerttemberg.map",
    "siedler.games.baden_wuerttemberg.presentation",
    "siedler.games.base",
    "siedler.games.catan.board",
    "siedler.games.catan.bot.greedy",
    "siedler.games.catan.building",
    "siedler.games.catan.component",
    "siedler.games.catan.development",
    "siedler.games.catan.explain",
    "siedler.games.catan.game",
    "siedler.games.catan.labels",
    "siedler.games.catan.longest_road",
    "siedler.games.catan.presentation",
    "siedler.games.catan.rules",
    "siedler.games.catan.snapshot",
    "siedler.games.catan.state",
    "siedler.games.catan.text",
    "siedler.games.catan.trading",
    "siedler.games.catan.words",
    "siedler.games.deck_building.attacks",
    "siedler.games.deck_building.bot",
    "siedler.games.deck_building.cards",
    "siedler.games.deck_building.explain",
    "siedler.games.deck_building.game",
    "siedler.games.deck_building.legal",
    "siedler.games.deck_building.payment",
    "siedler.games.deck_building.presentation",
    "siedler.games.deck_building.rules",
    "siedler.games.deck_building.snapshot",
    "siedler.games.deck_building.state",
    "siedler.games.deck_building.terminal",
    "siedler.games.deck_building.words",
    "siedler.games.fishermen.board",
    "siedler.games.fishermen.bot",
    "siedler.games.fishermen.catching",
    "siedler.games.fishermen.component",
    "siedler.games.fishermen.data",
    "siedler.games.fishermen.holdings",
    "siedler.games.fishermen.presentation",
    "siedler.games.fishermen.snapshot",
    "siedler.games.fishermen.spending",
    "siedler.games.fishermen.state",
    "siedler.games.fishermen.tokens",
    "siedler.games.fishermen.words",
    "siedler.games.harbormaster.component",
    "siedler.games.harbormaster.data",
    "siedler.games.resource_realms",
    "siedler.games.resource_realms.words",
    "siedler.games.soldiers_and_armies.armies",
    "siedler.games.soldiers_and_armies.cards",
    "siedler.games.soldiers_and_armies.combat",
    "siedler.games.soldiers_and_armies.game",
    "siedler.games.soldiers_and_armies.odds",
    "siedler.games.soldiers_and_armies.presentation",
    "siedler.games.soldiers_and_armies.rules",
    "siedler.games.soldiers_and_armies.state",
    "siedler.sim.loop",
    "siedler.sim.stats",
)

COMPILED = "compiled (mypyc)"
PURE = "pure Python"


def is_compiled(module: str) -> bool:
    """Whether ``module`` was loaded from a C extension rather than from its ``.py`` file."""
    path = getattr(importlib.import_module(module), "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def build_info() -> str:
    """``compiled (mypyc)`` or ``pure Python``; a mix means an install went wrong, and says how far."""
    compiled = sum(is_compiled(m) for m in COMPILED_MODULES)
    if compiled == len(COMPILED_MODULES):
        return COMPILED
    if compiled == 0:
        return PURE
    return f"partly compiled ({compiled} of {len(COMPILED_MODULES)} modules): reinstall"
