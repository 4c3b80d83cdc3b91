"""Pig, the dice game, as a siedler rule set: importing the package registers it, with what the package
holds beside its code: its words (``locale/``), its how-to pages (``howto/``) and its table layer
(``layers/``)."""

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
    )
)

__all__ = ["RULESET", "PigGame"]
