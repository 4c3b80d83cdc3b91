"""Learned values from self-play (``siedler train``, docs/bots.md "Learned value network"): a small numpy
network over the rule set's own observation (``siedler.envs``), trained by TD(λ), and the ``net`` bot that
plays by it. A layer above the bots and the environments (it needs numpy and gymnasium: the ``rl`` extra);
importing it registers the bot ``net`` (also reachable by import path: ``siedler.learn.bot:NetBot``).
"""

from __future__ import annotations

from siedler.bots import register_bot

from .bot import NetBot

register_bot("net", NetBot)

__all__ = ["NetBot"]
