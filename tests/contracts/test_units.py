"""A rule set is one unit: what makes it itself lives in its own package, and shared code names no rule set.

Every file of ``src/siedler`` (code, data, words, pages) is read for the words that name each rule set; a
(file, rule set) pair outside the rule set's own package is counted. A rule set's package may name an
extension it combines with (the base game's rule text names the Harbormaster and the Fishermen). The core
and the shared packages (the Catan family's mechanics, the bots, the environments, the simulator, the
server, the command line, the pictures, the page) name none, and all the rest together at most
``MOST_ELSEWHERE``. Docs and tests do not count. The base game is the family's default, named "base"
everywhere, and is not looked for.
"""

from __future__ import annotations

import re
from pathlib import Path

import siedler
from siedler.core.registry import extensions, get_ruleset

SRC = Path(siedler.__file__).parent
GAMES = SRC / "games"

#: The words naming each rule set or extension (case-insensitive), by its package under ``siedler.games``.
NAMES = {
    "baden_wuerttemberg": r"baden|w(ue|ü)rttemberg|(?<![a-z])bw(?![a-z])|(?-i:\bBW)",
    "soldiers_and_armies": r"soldier|armies|soldaten|armeen",
    "fishermen": r"fishermen|fischer",
    "harbormaster": r"harbou?rmaster|hafenmeister",
    "deck_building": r"deck[_ -]building",
    "resource_realms": r"resource[_ -]realms|realms",
}
#: The packages under ``siedler.games`` that are no rule set's own: the family's shared mechanics, and
#: the base game, which is not looked for.
SHARED_GAMES = ("catan", "base")
#: The rule set each package registers (its name in ``siedler.get_ruleset``), for the combinations.
RULESET_OF = {package: package.replace("_", "-") for package in NAMES}
MOST_ELSEWHERE = 5


def _package(rel: Path) -> str:
    """The package under ``siedler.games`` a file lies in, or ``""`` for one outside the rule sets."""
    return rel.parts[1] if rel.parts[0] == "games" and len(rel.parts) > 2 else ""


def _combines(home: str, named: str) -> bool:
    """Whether the rule set of the package ``home`` may be played with the extension of the package
    ``named`` (an extension's package registers a rule set by the extension's name)."""
    family = get_ruleset(RULESET_OF.get(home, home)).family
    return bool(family) and RULESET_OF[named] in {e.name for e in extensions(family)}


def naming_pairs() -> list[tuple[str, str]]:
    """Every (file, package) pair: a file of ``src/siedler`` outside the package that names its rule set."""
    pairs = []
    for path in sorted(SRC.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".png", ".so", ".ico", ".pyc"):
            continue
        rel = path.relative_to(SRC)
        try:
            content = f"{rel}\n{path.read_text('utf-8')}"
        except UnicodeDecodeError:
            continue
        home = _package(rel)
        for package, words in NAMES.items():
            if package == home or (home in (*NAMES, "base") and _combines(home, package)):
                continue
            if re.search(words, content, re.I):
                pairs.append((rel.as_posix(), package))
    return pairs


def test_the_names_cover_every_rule_set_package() -> None:
    packages = {p.name for p in GAMES.iterdir() if (p / "__init__.py").exists()}
    assert packages == {*NAMES, *SHARED_GAMES}


def test_shared_code_names_no_rule_set_and_the_rest_few() -> None:
    counted = naming_pairs()
    shared = [(f, rs) for f, rs in counted if not _package(Path(f))]
    shared += [(f, rs) for f, rs in counted if _package(Path(f)) in SHARED_GAMES]
    report = "\n".join(f"  {f} names {rs}" for f, rs in counted)
    assert not shared, f"shared code names a rule set:\n{report}"
    assert len(counted) <= MOST_ELSEWHERE, f"{len(counted)} (file, rule set) pairs outside the packages:\n{report}"


def test_the_words_name_what_they_should() -> None:
    """Each rule set's words find its registered name (so a shared module naming it would be counted)."""
    for package, words in NAMES.items():
        assert re.search(words, f"see the {RULESET_OF[package]} rules", re.I), package
    assert re.search(NAMES["baden_wuerttemberg"], "class BWGame", re.I)
    assert not re.search(NAMES["baden_wuerttemberg"], "a bwoken word", re.I)
