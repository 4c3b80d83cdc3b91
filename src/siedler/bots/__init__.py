"""Bots: anything with ``decide(game, seat) -> action``, found by name or by import path. What they know of
each rule set and extension comes from its own package (``siedler.bots.knowledge``)."""

from .base import BOTS, Bot, FairBot, LegalPolicy, make_bot, register_bot
from .greedy import GreedyBot
from .knowledge import Knowledge, Trader
from .levels import LEVELS, levels_for
from .mcts import MctsBot
from .random import RandomBot
from .value import ValueBot

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "FairBot",
    "GreedyBot",
    "Knowledge",
    "LegalPolicy",
    "MctsBot",
    "RandomBot",
    "Trader",
    "ValueBot",
    "levels_for",
    "make_bot",
    "register_bot",
]
