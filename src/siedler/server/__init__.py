"""The browser table: a FastAPI server that hosts games of every rule set for people and bots.

It builds on the public engine API only (``siedler.new_game``, ``Game.apply``/``view``/``events``, the bot
registry), so a rule set added later is playable here without new server code. See ``docs/server.md``.
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
