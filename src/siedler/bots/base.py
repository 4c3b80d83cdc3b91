"""The bot interface and the bot registry.

A bot is any object with ``decide(game, seat) -> action``; its own randomness comes from the seed it is
built with, never from the game's generator, so bots do not disturb the game's chance events.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game


@runtime_checkable
class Bot(Protocol):
    def decide(self, game: Game, seat: int) -> Action: ...


BotFactory = Callable[[int], Bot]
BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    BOTS[name] = factory


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot by registered name (``random``, ``greedy``...) or import path (``package.module:Class``).

    The factory is called with the seed (as ``factory(seed)``); a class taking no seed is called bare.
    """
    if spec in BOTS:
        return BOTS[spec](seed)
    if ":" not in spec:
        known = ", ".join(sorted(BOTS))
        raise OptionError(f"unknown bot {spec!r} (bots: {known}, or an import path like package.module:Class)")
    module_name, _, attr = spec.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise OptionError(f"cannot load bot {spec!r}: {exc}") from exc
    try:
        bot = factory(seed)
    except TypeError:
        bot = factory()
    if not isinstance(bot, Bot):
        raise OptionError(f"{spec!r} does not make a bot: it has no decide(game, seat) method")
    return bot
