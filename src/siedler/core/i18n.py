"""One message catalog per language, read by every layer: engine text, command line, server and page.

The shared words live in ``siedler/locale/<lang>.toml``, one file per language, so a third language is one
file: the page's and the command line's (``page.*``, ``cli.*``) and those of the Catan family (``catan.*``).
A rule set's own words live in its own package, in the same form (``<package>/locale/<lang>.toml``), and are
merged in when the rule set is registered (``Ruleset.package``, through ``add_catalog``): a plugin brings its
words the same way. No package may redefine another's key, so a rule set's things are named by its own keys
(a development card of a rule set's own is ``page.dev.<its name>``, never the base game's ``knight``) and
never inherit the base game's words by accident.

Keys are namespaced by layer and rule set (``page.lobby``, ``catan.log.roll``, ``<rule set>.log.<event>``): a
TOML table per namespace, flattened here to dotted keys. English is the reference: an unknown language, or a
key a language lacks, falls back to English here and nowhere else (``tests/core/test_i18n.py`` checks that
every English key exists in every language, with the same placeholders, over every catalog).

Lookups are for composing words when they are asked for (logs, labels, the page); the engine's hot paths
(legal actions, apply) never read the catalog. The first lookup discovers every rule set (so that their
catalogs are in): words are never composed while a rule set's package is still being imported.
"""

from __future__ import annotations

from functools import cache
from importlib import resources as importlib_resources
from typing import Any

from .data import DataError, load_data

#: The reference language: every key exists in it, and everything falls back to it.
ENGLISH = "en"
#: The package of the shared catalog; the packages of the rule sets' catalogs follow it, as registered.
SHARED = "siedler"
_PACKAGES: list[str] = []


def add_catalog(package: str) -> None:
    """Merge ``package``'s catalog (``locale/<lang>.toml`` in it; a language it lacks falls back to English)
    into the words of every layer. The registry calls this for each rule set's ``package``."""
    if package in _PACKAGES:
        return
    _PACKAGES.append(package)
    _catalog.cache_clear()
    _namespace.cache_clear()


def packages() -> tuple[str, ...]:
    """The packages whose catalogs make up the words, the shared one first: every rule set's, once each
    rule set is registered (this discovers them)."""
    from .registry import rulesets  # the registry registers the catalogs; it imports this module itself

    rulesets()
    return (SHARED, *_PACKAGES)


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
    """The keys ``lang``'s own files define, without the English fallback (for the completeness check).

    Raises ``DataError`` when two packages define one key."""
    merged: dict[str, str] = {}
    owner: dict[str, str] = {}
    for package in packages():
        words = package_keys(package, lang)
        clash = sorted(words.keys() & merged.keys())
        if clash:
            raise DataError(f"{package}/locale/{lang}.toml: {clash[0]!r} is defined by {owner[clash[0]]} already")
        merged.update(words)
        owner.update(dict.fromkeys(words, package))
    return merged


def package_keys(package: str, lang: str) -> dict[str, str]:
    """The keys one package's ``lang`` file defines (none when it has no such file)."""
    if package != SHARED and not importlib_resources.files(package).joinpath("locale", f"{lang}.toml").is_file():
        return {}
    return _flat(load_data(package, f"locale/{lang}.toml"), "")


def text(key: str, lang: str, *args: Any, **fields: Any) -> str:
    """The words for ``key`` in ``lang``, placeholders filled: ``{0}`` from ``args``, ``{name}`` from ``fields``."""
    words = catalog(lang)[key]
    return words.format(*args, **fields) if args or fields else words


def plural(key: str, lang: str, n: int, **fields: Any) -> str:
    """``n`` of something in words, from the catalog's plural forms: ``<key>.one`` or ``<key>.other`` (with
    ``{n}`` filled), by ``lang``'s plural rule, so that no text says "card(s)". English and German share the
    rule (one for exactly 1, CLDR); a language with other forms adds its rule here and its forms there."""
    form = "one" if n == 1 else "other"
    return text(f"{key}.{form}", lang, n=n, **fields)


def text_or(key: str, lang: str, fallback: str) -> str:
    """The words for ``key`` in ``lang``, or ``fallback`` where no catalog has the key: a third party's rule
    set or option, described in its own words."""
    return catalog(lang).get(key, fallback)


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
