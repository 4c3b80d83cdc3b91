"""Sentences per person: every log sentence with an actor has a whole second-person form in every language,
and ``Voice`` picks the form by who reads it."""

from __future__ import annotations

import re

import pytest

from siedler.core.i18n import Voice, languages, own_keys

PLACEHOLDER = re.compile(r"\{(\w*)\}")


def _person_forms(keys: dict[str, str], form: str) -> dict[str, str]:
    """``{base key: words}`` of every ``table_<form>.name`` key (``catan.log_you.roll`` -> ``catan.log.roll``)."""
    out = {}
    for key, words in keys.items():
        table, _, name = key.rpartition(".")
        base = table.removesuffix(f"_{form}")
        if base != table and not base.endswith("_to"):
            out[f"{base}.{name}"] = words
    return out


@pytest.mark.parametrize("lang", languages())
def test_every_sentence_with_an_actor_has_a_form_told_to_the_actor(lang: str) -> None:
    keys = own_keys(lang)
    yours = _person_forms(keys, "you")
    actors = {k for k, w in keys.items() if re.search(r"\.(log|word)\.", k) and "{seat}" in w}
    missing = sorted(k for k in actors if k not in yours)
    assert missing == []
    for base, words in yours.items():
        assert base in keys, f"{base}: a second-person form of no sentence"
        # The actor is "you" in the sentence itself: no name is pasted in, every other placeholder stays.
        assert set(PLACEHOLDER.findall(words)) == set(PLACEHOLDER.findall(keys[base])) - {"seat"}, base


@pytest.mark.parametrize("lang", languages())
def test_a_sentence_told_to_the_one_it_is_about_keeps_its_actor(lang: str) -> None:
    keys = own_keys(lang)
    for base, words in _person_forms(keys, "to_you").items():
        assert base in keys, base
        assert "{seat}" in words or base.startswith("fishermen.use."), base
        assert set(PLACEHOLDER.findall(words)) <= set(PLACEHOLDER.findall(keys[base])), base


def test_voice_chooses_the_form_by_the_reader() -> None:
    names = ("Anna", "Bert", "Cleo")
    fields = {"resource": "Wolle", "victim": "Cleo"}
    spectator = Voice(names, "de", None, "catan.word.nobody")
    assert spectator.say("catan.log.steal", 0, 2, **fields) == "Anna zieht Wolle von Cleo."
    thief = Voice(names, "de", 0, "catan.word.nobody")
    assert thief.say("catan.log.steal", 0, 2, **fields) == "Du ziehst Wolle von Cleo."
    victim = Voice(names, "de", 2, "catan.word.nobody")
    assert victim.say("catan.log.steal", 0, 2, **fields) == "Anna zieht Wolle von dir."
    onlooker = Voice(names, "en", 1, "catan.word.nobody")
    assert onlooker.say("catan.log.steal", 0, 2, resource="a card", victim="Cleo") == "Anna stole a card from Cleo."
    assert [onlooker.who(s) for s in (0, 1, -1, None)] == ["Anna", "you", "nobody", "nobody"]
