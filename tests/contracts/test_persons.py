"""The log speaks to its reader: in every rule set and combination, a sentence about the reader is told to
them in the second person ("You rolled 8", "Anna stole a card from you"), never with their name pasted in,
while every other reader and a spectator read names."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import siedler

from .fingerprint import CONFIGS

NAMES = ("Anna", "Bert", "Cleo", "Dora")
#: A second-person sentence whose verb kept the third person's ending: "You takes", "Du nimmt" (German
#: stems ending in s, ß, z or x take a bare -t in the second person too: "du versetzt").
WRONG_PERSON = {"en": re.compile(r"\b[Yy]ou (?!pass\b)\w+s\b"), "de": re.compile(r"\b[Dd]u \w*[^sßzx]t\b")}
#: "you" after a preposition that governs another case: "gegen du" (dich), "von du" (dir).
WRONG_CASE = {
    "en": re.compile(r"$^"),
    "de": re.compile(r"\b(gegen|für|um|durch|ohne|von|mit|bei|vor|aus|zu|nach) du\b", re.I),
}
#: Words that mark a sentence as told to its reader.
SECOND_PERSON = {"en": re.compile(r"\b[Yy]ou(r)?\b"), "de": re.compile(r"\b([Dd]u|dir|dich|deine[nm]?)\b")}


def _random_game(ruleset: str, options: dict[str, Any], players: int, seed: int) -> siedler.Game:
    game = siedler.new_game(ruleset, players=list(NAMES[:players]), seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over and game.num_actions < 600:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("name", "ruleset", "options", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_reader_hears_sentences_about_them_in_the_second_person(
    name: str, ruleset: str, options: dict[str, Any], players: int, lang: str
) -> None:
    game = _random_game(ruleset, dict(options), players, seed=7)
    spectator = game.events(None, lang=lang)
    told = 0
    for seat in range(players):
        mine = game.events(seat, lang=lang)
        assert len(mine) == len(spectator)
        for own, public in zip(mine, spectator, strict=True):
            words = own["text"]
            assert "{" not in words and NAMES[seat] not in words, words
            assert words[0] == words[0].upper(), words  # a sentence, not a pasted "you rolled"
            assert not WRONG_PERSON[lang].search(words), words
            assert not WRONG_CASE[lang].search(words), words
            actor = own["data"].get("seat")
            if NAMES[seat] in public["text"]:
                # Where a spectator reads this reader's name, the reader reads "you" instead.
                assert SECOND_PERSON[lang].search(words), (public["text"], words)
                told += actor == seat
            else:
                assert not SECOND_PERSON[lang].search(words), words
        for public in spectator:
            assert not SECOND_PERSON[lang].search(public["text"]), public["text"]
    assert told > players, "every seat acted in the game"
