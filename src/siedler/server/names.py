"""Players' names as others read them: one spelling per look, nothing hidden, no look-alike at one table.

A name is normalised (NFKC, runs of white space as one space), then refused when it holds

- control, unassigned or private-use characters, or text-direction controls, which could break a log line
  or make a name read as something else (``"evil\\u202egnp.exe"``);
- invisible characters: format characters (zero-width spaces and joiners, the soft hyphen, tags; a
  zero-width joiner stays allowed between two symbols, as in the emoji 👩‍👧) and the blank letters
  U+115F, U+1160, U+3164, U+FFA0, U+2800; a variation selector only after a symbol;
- letters of several scripts ("Аlice" with a Cyrillic А): one script per name, or Latin with the scripts
  written together in Chinese, Japanese or Korean (Unicode's "highly restrictive" profile);
- more than ``MAX_MARKS`` combining marks on one character (30 accents stacked on a letter draw over the
  names around it);
- nothing visible at all.

Within one game, two names may not share a ``skeleton``: UTS #39's skeleton (every character read as the
Latin letters or digits it looks like, from Unicode's confusables: ``AIice`` as ``Alice``, ``rn`` as ``m``,
Cherokee ``ᎠᎪᎠ`` as ``DAD``), case-folded, without spaces, punctuation and marks (issue 39, finding 8).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from pathlib import Path

#: Format characters that reorder text (refused with their own message).
_DIRECTION = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
#: Letters and symbols that draw nothing.
_BLANK = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x17B4, 0x17B5}
_ZWJ = "\u200d"
#: Scripts that one name may mix: each with Latin, Han with Japanese kana or Korean Hangul or Bopomofo.
_MIXES = ({"CJK", "HIRAGANA", "KATAKANA", "LATIN"}, {"CJK", "HANGUL", "LATIN"}, {"CJK", "BOPOMOFO", "LATIN"})
#: Unicode's confusables whose prototype is ASCII letters and digits (``data/confusables.txt``, which says
#: where it comes from): each character as the text it looks like.
CONFUSABLES = Path(__file__).parent / "data" / "confusables.txt"
#: Combining marks one character may carry (Vietnamese and the Indic scripts need two or three).
MAX_MARKS = 3


def _prototypes() -> dict[int, str]:
    table = {}
    for line in CONFUSABLES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            code, prototype = line.split("\t")
            table[int(code, 16)] = prototype
    return table


_PROTOTYPES = _prototypes()


#: The longest name, after normalising (which may lengthen it: "ﷺ" is 18 characters in NFKC).
MAX_NAME = 40


def normalise_name(name: str) -> str:
    """``name`` normalised, if others may be shown it; else ``ValueError`` saying what is wrong."""
    name = unicodedata.normalize("NFKC", name)
    for char in name:
        code, category = ord(char), unicodedata.category(char)
        if code in _DIRECTION:
            raise ValueError(f"a name may not contain text-direction characters (found U+{code:04X})")
        if category in ("Cc", "Zl", "Zp", "Cs", "Co", "Cn"):
            raise ValueError(f"a name may not contain control characters (found U+{code:04X})")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise ValueError(f"a name may be at most {MAX_NAME} characters long")
    for i, char in enumerate(name):
        code, category = ord(char), unicodedata.category(char)
        if code in _BLANK or (category == "Cf" and not _joins_symbols(name, i)) or _stray_selector(name, i):
            raise ValueError(f"a name may not contain invisible characters (found U+{code:04X})")
    scripts = {_script(c) for c in name if unicodedata.category(c) in ("Lu", "Ll", "Lt", "Lo")}
    if _most_marks(name) > MAX_MARKS:
        raise ValueError(f"a name may carry at most {MAX_MARKS} accents or other marks on one character")
    if len(scripts) > 1 and not any(scripts <= mix for mix in _MIXES):
        raise ValueError(f"a name may not mix letters of several scripts ({', '.join(sorted(scripts)).lower()})")
    if name and not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        raise ValueError("a name must show something")
    return name


def skeletons(name: str) -> set[str]:
    """What a name looks like, for telling apart two players at one table (see the module's docstring).

    Two readings, since case matters to the confusables (``I`` looks like ``l``, ``i`` does not): the
    prototypes of the name as written, then folded ("AIice" is "alice", and Cherokee capitals are Latin ones
    before they fold to Cherokee small letters), and of the name folded first ("ALICE" is "alice" too)."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    as_written = unicodedata.normalize("NFD", text.translate(_PROTOTYPES).casefold()).translate(_PROTOTYPES)
    folded = unicodedata.normalize("NFD", text.casefold()).translate(_PROTOTYPES)
    return {"".join(c for c in t if unicodedata.category(c)[0] in "LNS") for t in (as_written, folded)}


def look_alike(name: str, others: Iterable[str | None]) -> bool:
    """Whether ``name`` looks like one of ``others`` (names of the same game)."""
    mine = skeletons(name)
    return any(other is not None and not mine.isdisjoint(skeletons(other)) for other in others)


def _most_marks(name: str) -> int:
    """The most combining marks on one character of ``name`` (decomposed, so that "ệ" counts its two)."""
    most = run = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


def _script(letter: str) -> str:
    word = unicodedata.name(letter, "UNKNOWN").split(" ")[0]
    return "CJK" if word.startswith(("CJK", "IDEOGRAPHIC")) else word.split("-")[0]


def _joins_symbols(name: str, i: int) -> bool:
    """A zero-width joiner between two symbols (an emoji sequence), not a hidden one."""
    around = name[i - 1 : i] + name[i + 1 : i + 2]
    return name[i] == _ZWJ and len(around) == 2 and all(_symbol(c) for c in around)


def _stray_selector(name: str, i: int) -> bool:
    """A variation selector that follows no symbol (it would change nothing visible)."""
    code = ord(name[i])
    selector = 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
    return selector and not (i > 0 and (_symbol(name[i - 1]) or name[i - 1] in "0123456789#*"))


def _symbol(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk", "Sm") or char == "\u20e3"
