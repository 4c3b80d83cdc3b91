"""The message catalog: every language says everything English says, with the same placeholders, over the
shared catalog and every rule set's own; no catalog redefines another's key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from siedler.core import i18n
from siedler.core.data import DataError
from siedler.core.i18n import ENGLISH, SHARED, catalog, languages, namespace, own_keys, package_keys, packages, text
from siedler.core.registry import rulesets

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


def test_the_shared_catalog_holds_shared_words_and_each_rule_set_its_own() -> None:
    # siedler/locale: the page's, the command line's and the Catan family's words; nothing of one rule set.
    shared = package_keys(SHARED, ENGLISH)
    assert {key.split(".")[0] for key in shared} <= {"page", "cli", "catan", "svg", "person", "howto"}
    assert not [key for key in shared if key.startswith(("page.rulesets.", "page.option_help.fishermen"))]
    for ruleset in rulesets():
        own = package_keys(ruleset.package, ENGLISH)
        assert f"page.rulesets.{ruleset.name}.title" in own, ruleset.name  # the lobby's words are its own
        assert ruleset.package in packages()


def test_a_package_may_not_redefine_anothers_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "clashing_words"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "en.toml").write_text('[page]\nlobby = "Hall"\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(i18n, "_PACKAGES", [*i18n._PACKAGES])  # put back after the test
    i18n.add_catalog("clashing_words")
    try:
        clash = re.escape("clashing_words/locale/en.toml: 'page.lobby' is defined by siedler")
        with pytest.raises(DataError, match=clash):
            catalog(ENGLISH)
    finally:
        i18n._catalog.cache_clear()
        i18n._namespace.cache_clear()
