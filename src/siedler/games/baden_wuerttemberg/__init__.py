"""Baden-Württemberg Catan: a fixed map of the state with town halls, landmarks and the inventor (rule text
``baden-wuerttemberg.md``; rulings in ``docs/rules/baden-wuerttemberg.md``).

The numbers and the map are data (``data/baden-wuerttemberg.toml``, extending the base game's); the
extensions of the Catan family do not apply to this map, so it is a rule set of its own family.
"""

from siedler.core.options import Option
from siedler.core.registry import Ruleset, register
from siedler.games.catan import CATAN_OPTIONS, ENCODING

from .game import VARIABLE
from .layout import LAYER as BOARD_LAYER
from .presentation import BWGame

OPTIONS = (
    *(o for o in CATAN_OPTIONS if o.name != "board"),  # the map is fixed
    Option(
        "founding",
        "cards",
        "start town halls: from the build-cost cards dealt at random, or the variable founding "
        "(clockwise, counter-clockwise, clockwise; start resources from the last town hall)",
        choices=("cards", VARIABLE),
    ),
)

RULESET = register(
    Ruleset(
        name="baden-wuerttemberg",
        title="Baden-Württemberg Catan",
        description="A fixed map of Baden-Württemberg: town halls on real towns, roads that pass a town only "
        "through your own town hall, landmarks with rewards, the inventor; 12 points with three players, "
        "10 with four.",
        game_class=BWGame,
        min_players=3,
        max_players=4,
        options=OPTIONS,
        rules_doc="docs/rules/baden-wuerttemberg.md",
        package=__name__,
        layers=("bw.js", "bw.css"),
        bot="siedler.games.baden_wuerttemberg.bot",
        encoding=ENCODING,
    )
)

__all__ = ["BOARD_LAYER", "RULESET", "BWGame"]
