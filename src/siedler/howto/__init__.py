"""How to play each rule set, in our own words, in each catalog language, with a picture of its board.

The pages are Markdown files in each rule set's own package (``Ruleset.package``), ``howto/<name>.<lang>.md``:
``siedler rules RULESET`` prints one wrapped to the terminal, and the browser table serves them. A rule set's
page is found through the registry, so a new rule set (a plugin too) gets its page everywhere by shipping
``howto/<name>.en.md`` (and ``<name>.de.md``) in its package and nothing else. Each page holds the rules
in short and the cost card; the picture of the board is drawn from a view (``siedler.svg``) of an example
position (docs/howto/ keeps a copy of each for reading the docs, checked against this by the tests).
"""

from __future__ import annotations

import random
from importlib import resources
from importlib.resources.abc import Traversable

from siedler.core import registry
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.core.i18n import ENGLISH
from siedler.core.registry import Ruleset, get_ruleset, new_game
from siedler.svg import board_svg

#: The example position of the pictures: a new game with this seed and seat count (within the rule set's),
#: played on by random moves for this many actions, so that the founding is done and roads and buildings
#: show. Random moves, not a bot's, so that the picture depends on the rules alone.
PICTURE_SEED = 1
PICTURE_PLAYERS = 3
PICTURE_ACTIONS = 40


def _file(ruleset: Ruleset, lang: str) -> Traversable | None:
    """The rule set's page in ``lang``, if its package ships one."""
    if not ruleset.package:
        return None
    path = resources.files(ruleset.package).joinpath("howto", f"{ruleset.name}.{lang}.md")
    return path if path.is_file() else None


def rulesets() -> tuple[str, ...]:
    """The rule sets with a page (in English, the language every page has)."""
    return tuple(rs.name for rs in registry.rulesets() if _file(rs, ENGLISH) is not None)


def page(ruleset: str, lang: str = ENGLISH) -> str:
    """The Markdown page of ``ruleset`` in ``lang`` (English where that language has none).

    Raises ``LookupError`` naming the rule sets with a page for a rule set without one."""
    try:
        found = get_ruleset(ruleset)
    except OptionError:
        found = None
    chosen = found and (_file(found, lang) or _file(found, ENGLISH))
    if not chosen:
        raise LookupError(f"no how-to page for {ruleset!r}; there are pages for {', '.join(rulesets())}")
    return chosen.read_text(encoding="utf-8")


def play_on(game: Game, actions: int, seed: int) -> Game:
    """``game`` played on by ``actions`` legal actions chosen at random (a generator seeded with ``seed``),
    or to its end if sooner."""
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def picture(ruleset: str, lang: str = ENGLISH) -> str | None:
    """The board of the example position as SVG, as a spectator sees it; ``None`` for a game without a board."""
    rs = get_ruleset(ruleset)
    players = min(max(PICTURE_PLAYERS, rs.min_players), rs.max_players)
    game = play_on(new_game(rs.name, players=players, seed=PICTURE_SEED), PICTURE_ACTIONS, PICTURE_SEED)
    view = game.view(None)
    return board_svg(view, lang) if isinstance(view.get("board"), dict) else None
