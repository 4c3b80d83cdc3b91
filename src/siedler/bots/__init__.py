"""Bots: anything with ``decide(game, seat) -> action``, found by name or by import path."""

from .base import BOTS, LEVELS, Bot, FairBot, LegalPolicy, make_bot, register_bot
from .greedy import GreedyBot, register_strategy
from .mcts import MctsBot
from .random import RandomBot
from .value import ValueBot

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "FairBot",
    "GreedyBot",
    "LegalPolicy",
    "MctsBot",
    "RandomBot",
    "ValueBot",
    "make_bot",
    "register_bot",
    "register_strategy",
]
