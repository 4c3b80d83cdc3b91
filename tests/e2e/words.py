"""What a reader of the table reads, measured in the page: the words of every menu and button (never notation),
and every visible word of a German table that only the English catalog has (an English leftover).

Shared by the play-throughs of test_everyone.py and the lobby's test."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from siedler.core.i18n import catalog

#: Pieces of notation no words for people hold: a seat index, a bundle, a move, a trade.
NOTATION = re.compile(r"@\d|\b\d+[a-z]+\b|\d>\d|[a-z]>[a-z]")
WORD = re.compile(r"[^\W\d_][\w'’-]*")

#: Every button, menu entry and chooser entry the table shows, with the notation it plays, if any.
CHOICES_JS = """() => [...document.querySelectorAll(
    '#table button, #table option, .chooser button, #table .sa-leave')]
  .map((e) => [e.textContent.trim(), e.dataset.action || e.value || ''])"""

#: Every visible text node's words, and every menu entry's (a closed menu's entries are read when it opens).
TEXTS_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!el || el.closest('script, style, title, code')) continue;
    if (el.closest('option') ? !el.closest('select').checkVisibility() : !el.checkVisibility()) continue;
    if (node.textContent.trim()) out.push(node.textContent.trim());
  }
  return out;
}"""


def choices_in_notation(page: Any) -> list[str]:
    """Menu entries and buttons that show notation (or a seat index) instead of words."""
    bad = []
    for words, action in page.evaluate(CHOICES_JS):
        if "@" in words or NOTATION.search(words) or (action and words == action):
            bad.append(f"{words!r} ({action})")
    return bad


@cache
def english_only() -> frozenset[str]:
    """Words the English catalog uses that no German entry does ("Road", "wins"; not "Bot", "Name")."""
    german = {w.lower() for words in catalog("de").values() for w in WORD.findall(words)}
    english = {w.lower() for words in catalog("en").values() for w in WORD.findall(words)}
    return frozenset(w for w in english - german if len(w) > 2)


def english_words(page: Any, names: set[str]) -> list[str]:
    """The visible words of the page that are English only, names (players', towns', the game's) aside."""
    known = {n.lower() for name in names for n in WORD.findall(name)}
    found = []
    for line in page.evaluate(TEXTS_JS):
        for word in WORD.findall(line):
            if word.lower() in english_only() and word.lower() not in known:
                found.append(f"{word} ({line[:60]})")
    return found
