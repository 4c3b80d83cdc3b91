"""One message catalog per language, read by every layer: engine text, command line, server and page.

The words live in ``siedler/locale/<lang>.toml``, one file per language, so a third language is one file.
Keys are namespaced by layer and rule set (``page.lobby``, ``catan.log.roll``, ``page.resources.wood``): a
TOML table per namespace, flattened here to dotted keys. English is the reference: an unknown language, or a
key a language lacks, falls back to English here and nowhere else (``tests/core/test_i18n.py`` checks that
every English key exists in every language, with the same placeholders).

Lookups are for composing words when they are asked for (logs, labels, the page); the engine's hot paths
(legal actions, apply) never read the catalog.
"""

from __future__ import annotations

from functools import cache
from importlib import resources as importlib_resources
from typing import Any

from .data import load_data

#: The reference language: every key exists in it, and everything falls back to it.
ENGLISH = "en"


@cache
def languages() -> tuple[str, ...]:
    """The languages with a catalog file, English first."""
    folder = importlib_resources.files("siedler").joinpath("locale")
    names = sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))
    return tuple(sorted(names, key=lambda n: n != ENGLISH))


def language(lang: str) -> str:
    """``lang`` when it has a catalog, else English."""
    return lang if lang in languages() else ENGLISH


def catalog(lang: str) -> dict[str, str]:
    """Every key's words in ``lang`` (English where ``lang`` lacks a key), as flat dotted keys."""
    return _catalog(language(lang))


@cache
def _catalog(lang: str) -> dict[str, str]:
    own = own_keys(lang)
    return own if lang == ENGLISH else {**_catalog(ENGLISH), **own}


def own_keys(lang: str) -> dict[str, str]:
    """The keys ``lang``'s own file defines, without the English fallback (for the completeness check)."""
    return _flat(load_data("siedler", f"locale/{lang}.toml"), "")


def text(key: str, lang: str, *args: Any, **fields: Any) -> str:
    """The words for ``key`` in ``lang``, placeholders filled: ``{0}`` from ``args``, ``{name}`` from ``fields``."""
    words = catalog(lang)[key]
    return words.format(*args, **fields) if args or fields else words


def in_every_language(key: str) -> dict[str, str]:
    """``{lang: words}`` for a view that carries a name in every language (the page picks its own)."""
    return {lang: text(key, lang) for lang in languages()}


def namespace(prefix: str, lang: str) -> dict[str, str]:
    """The keys under ``prefix`` (``"page"``), without the prefix: a layer's whole vocabulary at once.

    Shared between callers (computed once per language): read it, never change it."""
    return _namespace(prefix, language(lang))


@cache
def _namespace(prefix: str, lang: str) -> dict[str, str]:
    start = prefix + "."
    return {k[len(start) :]: v for k, v in _catalog(lang).items() if k.startswith(start)}


def _flat(table: dict[str, Any], prefix: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = str(value)
    return out


class Voice:
    """The log as one reader hears it: sentences about the reader are told to them, in the second person.

    Pasting a name into one sentence gives "You takes" in English and worse in German, so every sentence
    about a person has a form per person in the catalog, written whole: ``catan.log.steal`` ("{seat} stole
    {resource} from {victim}."), ``catan.log_you.steal`` for the one who acted ("You stole ...") and
    ``catan.log_to_you.steal`` for the one it was done to ("{seat} stole {resource} from you."). A spectator
    (``viewer`` None) hears every sentence in the third person."""

    def __init__(self, names: tuple[str, ...], lang: str, viewer: int | None, nobody: str) -> None:
        self.names = names
        self.lang = lang
        self.viewer = viewer
        #: The catalog key of the word for "no player" (a rule set's own: "nobody", "niemand").
        self.nobody = nobody

    def who(self, seat: Any) -> str:
        """A player as a list or a label names them: the name, the reader's plain "you", or "nobody"."""
        if seat is None or int(seat) < 0:
            return text(self.nobody, self.lang)
        if int(seat) == self.viewer:
            return text("person.you", self.lang)
        return self.names[int(seat)]

    def say(self, key: str, subject: Any = None, about: Any = None, **fields: Any) -> str:
        """The sentence ``key`` for this reader, told to them when they are its ``subject`` (who acted) or
        the one it is ``about`` (robbed, traded with, attacked); ``{seat}`` is the subject's name."""
        form = self._person(subject) or self._person(about, "to_you")
        if form:
            table, _, name = key.rpartition(".")
            key = f"{table}_{form}.{name}"
        if subject is not None:
            fields.setdefault("seat", self.who(subject))
        return text(key, self.lang, **fields)

    def _person(self, seat: Any, form: str = "you") -> str:
        return form if seat is not None and self.viewer is not None and int(seat) == self.viewer else ""
