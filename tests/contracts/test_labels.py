"""Every legal action has words: ``action_label`` names it in each language, never in notation.

The table shows ``label`` on every button and in every menu (the server sends one for each legal action,
however many there are), so a label that falls back to the notation, or keeps a piece of it (a seat index
``@2``, a bundle ``1wood``, a move ``12>15``), reaches a player. Random games of every rule set and
combination, at their most seats, check every legal action at every few positions, in English and German.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import siedler
from siedler.core.i18n import languages

from .combos import CONFIGURATIONS, IDS

GAMES = 3
MAX_ACTIONS = 600
CHECK_EVERY = 3
#: Pieces of notation that no sentence for people holds: a seat index, a bundle, a move or trade arrow.
NOTATION = re.compile(r"@\d|\b\d+[a-z]+\b|\d>\d|[a-z]>[a-z]")


@pytest.mark.parametrize(("ruleset", "options"), [c[1:] for c in CONFIGURATIONS], ids=IDS)
def test_every_legal_action_has_words_in_every_language(ruleset: str, options: dict[str, Any]) -> None:
    players = siedler.get_ruleset(ruleset).max_players
    kinds: set[str] = set()
    for seed in range(GAMES):
        game = siedler.new_game(ruleset, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over and game.num_actions < MAX_ACTIONS:
            legal = game.legal_actions()
            if game.num_actions % CHECK_EVERY == 0:
                for action in legal:
                    kinds.add(action[0])
                    notation = str(action)
                    for lang in languages():
                        label = game.action_label(action, lang)
                        assert label.strip() and label != notation, (lang, notation)
                        assert not NOTATION.search(label), (lang, notation, label)
            game.apply(rng.choice(legal))
    assert kinds
