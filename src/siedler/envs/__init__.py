"""Reinforcement-learning environments for every rule set (``pip install 'siedler[rl]'``; docs/rl.md).

- ``env(ruleset="base", players=4, options=...)`` / ``raw_env(...)``: PettingZoo AEC, every seat an agent;
- ``make("base", opponents=["greedy"] * 3)``: Gymnasium, one learning seat against bots chosen by name;
- ``vector("base", 8)``: a Gymnasium ``VectorEnv`` of 8 such games stepped together, its observations and
  masks one batch each;
- ``gymnasium.make("siedler/base-v0")``: the same, one id per rule set (``siedler/<rule set>-v0``),
  registered when this module is imported.

Actions are indices into a fixed list per configuration (``ActionSpace``, from the ``action_universe``
hook); observations are encoded from ``view(seat)`` only, with the action mask beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium

from siedler.core.registry import rulesets

from .actions import ActionSpace
from .aec import env, raw_env
from .single import SiedlerEnv
from .vector import SiedlerVectorEnv, vector


def make(ruleset: str = "base", opponents: Sequence[str] | None = None, **kwargs: Any) -> SiedlerEnv:
    """The Gymnasium environment of ``ruleset``, the other seats played by the bots ``opponents``."""
    return SiedlerEnv(ruleset, opponents=opponents, **kwargs)


def env_id(ruleset: str) -> str:
    return f"siedler/{ruleset}-v0"


def register_all() -> list[str]:
    """Register ``siedler/<rule set>-v0`` with Gymnasium for every rule set (new ones join on import)."""
    ids = []
    for spec in rulesets():
        ident = env_id(spec.name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point="siedler.envs.single:SiedlerEnv", kwargs={"ruleset": spec.name})
        ids.append(ident)
    return ids


register_all()

__all__ = [
    "ActionSpace",
    "SiedlerEnv",
    "SiedlerVectorEnv",
    "env",
    "env_id",
    "make",
    "raw_env",
    "register_all",
    "vector",
]
