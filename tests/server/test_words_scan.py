"""No text a player reads gives away the machinery: a scan of everything the server words over random games
of every rule set, in every language (issue 41).

Every log line (for each seat and a spectator), every menu and button label the table offers (sampled
along the game; every move played is labelled too, as the replay bar shows it) with the words of the steps
the table composes it in and its warning, the phase the status line
names, and the bots' names at the table: none may hold an intersection's or side's index ("at 34",
"(22)", "0-1"), a ``-1``, a seat counted from 0 ("@0", "seat 0"), an action's notation, a bot's algorithm
("MCTS 2", "Value 3"), or a rough plural ("Karte(n)"). The games are bounded (a few hundred random moves
each), so the scan stays a unit test's size.
"""

from __future__ import annotations

import random
import re

import pytest

import siedler
from siedler.bots import levels_for
from siedler.core.game import Game
from siedler.core.i18n import catalog, languages
from siedler.core.registry import rulesets
from siedler.server.creation import bot_name

MOVES = 250
#: Labels are read at every this many moves (a Soldiers & Armies position offers hundreds).
EVERY = 40

FORBIDDEN = {
    "a place's index": re.compile(r"\b(?:at|to|from|in|bei|an|nach|von)\s+\d+\b|\(\d+\)|\b\d+-\d+\b"),
    "a -1": re.compile(r"(?<![\w:.])-1\b"),
    "a seat from 0": re.compile(r"@\d|\b(?:seat|Seat|Platz|player|Player|Spieler) 0\b"),
    "a bot's algorithm": re.compile(r"\b(?:MCTS|Mcts|mcts|Value|Greedy|Random|Gierig|Zufall|Wertend)\b"),
    "a rough plural": re.compile(r"\w\((?:s|n|e|en)\)"),
}


def names(ruleset: str, players: int, lang: str) -> list[str]:
    """The table's names as the server gives them: a person, then bots by the lobby's levels."""
    levels = levels_for(ruleset)
    specs = list(levels.values())
    return ["Anna", *(bot_name(specs[i % len(specs)], i, levels, lang) for i in range(1, players))]


def problems(words: str, notations: set[str]) -> list[str]:
    found = [why for why, pattern in FORBIDDEN.items() if pattern.search(words)]
    found += [f"the notation {n!r}" for n in notations if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", words)]
    return found


def scan(game: Game, lang: str, seed: int) -> list[tuple[str, str]]:
    """Every text of one random game of ``game`` that gives something away, with what it gives away."""
    rng = random.Random(seed)
    bad: list[tuple[str, str]] = []
    phrases = catalog(lang)
    for move in range(MOVES):
        if game.is_over:
            break
        legal = game.legal_actions()
        # Notations with a number or a space: a bare word ("roll", "end") may be a word of the label itself.
        notations = {str(a) for a in legal if " " in str(a) or any(c.isdigit() for c in str(a))}
        shown = legal if move % EVERY == 0 else ()
        action = rng.choice(legal)
        for a in (*shown, action):
            # The label, the words of each step the table composes it in, and what it warns it gives away.
            parts = [words for _, words in game.action_parts(a, lang) or ()]
            for words in (game.action_label(a, lang), *parts, game.action_warning(a, lang) or ""):
                bad += [(words, why) for why in problems(words, notations)]
        phase = game.view(None).get("phase")
        if phase is not None and f"page.phases.{phase}" not in phrases:
            bad.append((str(phase), "a phase the status line cannot name"))
        game.apply(action)
    for viewer in (None, *range(game.num_players)):
        for event in game.events(viewer, lang=lang):
            bad += [(event["text"], why) for why in problems(event["text"], set())]
    return bad


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("ruleset", [r.name for r in rulesets()])
def test_no_text_a_player_reads_gives_the_machinery_away(ruleset: str, lang: str) -> None:
    rs = siedler.get_ruleset(ruleset)
    players = min(rs.max_players, 3)
    table = names(ruleset, players, lang)
    assert not [n for n in table if FORBIDDEN["a bot's algorithm"].search(n)], table
    game = siedler.new_game(ruleset, players=table, seed=7)
    bad = scan(game, lang, seed=7)
    assert not bad, "\n".join(f"{why}: {words}" for words, why in sorted(set(bad))[:20])
