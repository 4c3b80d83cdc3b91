"""Mechanics shared by every board-game rule set of the Catan family (base game and its variants)."""

from collections.abc import Mapping
from typing import Any

from siedler.core.registry import Ruleset, register

from .actions import CatanAction
from .game import CATAN_OPTIONS, CatanGame
from .rules import DEV_CARDS, RESOURCES, CatanRules, rules_from

FAMILY = "catan"


#: The family's bot knowledge (``siedler.bots.knowledge``) and observation (``siedler.envs.encoders``).
BOT = "siedler.games.catan.bot"
ENCODING = "siedler.games.catan.encoding"


def register_catan(
    name: str,
    title: str,
    description: str,
    game_class: type[CatanGame],
    package: str,
    presets: Mapping[str, Any] | None = None,
) -> Ruleset:
    """Register a 3-4 player rule set of the family: the shared options, every extension of the family
    (as options), its rules page ``docs/rules/<name>.md``, its ``package`` (its words and how-to page) and
    the family's bot knowledge and observation. ``presets`` switches extensions on by default, so that an
    extension is also a rule set by its own name."""
    return register(
        Ruleset(
            name=name,
            title=title,
            description=description,
            game_class=game_class,
            min_players=3,
            max_players=4,
            family=FAMILY,
            options=CATAN_OPTIONS,
            presets=dict(presets or {}),
            rules_doc=f"docs/rules/{name}.md",
            package=package,
            bot=BOT,
            encoding=ENCODING,
        )
    )


__all__ = [
    "BOT",
    "CATAN_OPTIONS",
    "DEV_CARDS",
    "ENCODING",
    "FAMILY",
    "RESOURCES",
    "CatanAction",
    "CatanGame",
    "CatanRules",
    "register_catan",
    "rules_from",
]
