"""Pig, the dice game, as a siedler rule set: importing the package registers it, with what the package
holds beside its code: its words (``locale/``), its how-to pages (``howto/``), its table layer
(``layers/``), and what siedler's bots and environments know of it (``bot.py``, ``encoding.py``)."""

from siedler.core import Option, Ruleset, register

from .game import PigGame

RULESET = register(
    Ruleset(
        name="pig",
        title="Pig",
        description="Roll a die as often as you dare; a 1 loses the turn's points. First to the target wins.",
        game_class=PigGame,
        min_players=2,
        max_players=4,
        options=(Option("target", 50, "points needed to win", minimum=10, maximum=200),),
        package=__name__,
        layers=("pig.js", "pig.css"),
        bot="siedler_pig.bot",  # what siedler's bots know of Pig: bot.py
        encoding="siedler_pig.encoding",  # Pig's observation for siedler's environments: encoding.py
    )
)

__all__ = ["RULESET", "PigGame"]
