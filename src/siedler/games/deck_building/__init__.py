"""Catan: Deck Building, the two-player card game (rule text: deck-building.md)."""

from siedler.core.registry import Ruleset, register

from .game import DECK_OPTIONS, DeckBuildingGame

RULESET = register(
    Ruleset(
        name="deck-building",
        title="Catan: Deck Building",
        description="Two players build decks from a small start; the first to hold three cities wins.",
        game_class=DeckBuildingGame,
        min_players=2,
        max_players=2,
        options=DECK_OPTIONS,
        rules_doc="docs/rules/deck-building.md",
        package=__name__,
        bot="siedler.games.deck_building.bot",
        encoding="siedler.games.deck_building.encoding",
    )
)

__all__ = ["RULESET", "DeckBuildingGame"]
