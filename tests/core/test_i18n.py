"""The message catalog: every language says everything English says, with the same placeholders."""

from __future__ import annotations

import re

import pytest

from siedler.core.i18n import ENGLISH, catalog, languages, namespace, own_keys, text

#: ``{name}`` in engine text, ``{0}`` in the page's words.
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != ENGLISH])
def test_every_english_key_is_translated_with_the_same_placeholders(lang: str) -> None:
    english, own = own_keys(ENGLISH), own_keys(lang)
    assert sorted(set(english) - set(own)) == []
    assert sorted(set(own) - set(english)) == []
    for key, words in english.items():
        assert sorted(PLACEHOLDER.findall(own[key])) == sorted(PLACEHOLDER.findall(words)), key


def test_an_unknown_language_falls_back_to_english() -> None:
    assert languages()[0] == ENGLISH and "de" in languages()
    assert catalog("xx") == catalog(ENGLISH)
    assert text("page.winner", "de") == "{0} gewinnt!"
    assert namespace("page", "xx")["resources.wood"] == "wood"


def test_placeholders_are_filled_by_name_and_by_position() -> None:
    assert text("catan.log.roll", "de", seat="Anna", d1=1, d2=2, total=3) == "Anna würfelt 1 + 2 = 3."
    assert text("catan.label.settle", "xx", 12) == "Build a settlement at 12"
