"""The difficulty levels the browser's lobby offers: per rule set, each a bot spec defined by work.

A level must mean the same strength on any machine, so it is defined by work and never by the clock: Hard
is ``mcts`` with a fixed number of iterations (the same decision for the same seed however loaded the
server is), and its ``guard_ms`` is a guard far above a typical decision that stops the search only on a
machine too slow or too loaded to finish it, never the budget. A rule set's bot knowledge may declare its
own levels (``Knowledge.levels``: a search costs more per iteration in some rule sets than in others); any
other rule set, a plugin's without its own included, gets ``LEVELS``. Where the rule set ships a learned
value (a value network in its package, ``siedler.bots.leaves``), Hard reads it: ``model=default`` (its
leaf values and its look-ahead's scores the network's), with the iterations its knowledge gives it
(``Knowledge.learned_hard``). docs/bots.md gives their ladder.
"""

from __future__ import annotations

from collections.abc import Mapping

from siedler.core.errors import OptionError
from siedler.core.registry import get_ruleset

from .base import BOTS, make_bot, parse_parameters
from .knowledge import load
from .leaves import ships

#: The levels of a rule set whose bot knowledge declares none (and the lobby's before it chose a rule set).
LEVELS: dict[str, str] = {"easy": "greedy", "medium": "value", "hard": "mcts:iterations=600,guard_ms=10000"}
#: What Hard's spec gets where the rule set ships a learned value and declares no Hard for it: the search
#: reads it.
LEARNED = ",model=default"
#: The levels every rule set offers, easiest first.
NAMES = ("easy", "medium", "hard")


def check_levels(levels: Mapping[str, str], where: str) -> dict[str, str]:
    """``levels`` as the lobby offers them, refused unless they are the three levels, each a registered bot
    that its parameters make (an import path would run code a browser names) and none bound by the clock."""
    if tuple(levels) != NAMES:
        raise OptionError(f"{where}: the levels must be {', '.join(NAMES)} in this order, not {', '.join(levels)}")
    for level, spec in levels.items():
        name, _, rest = spec.partition(":")
        if name not in BOTS:
            raise OptionError(f"{where}: level {level} names {name!r}, not a registered bot")
        if "ms" in parse_parameters(rest):
            raise OptionError(f"{where}: level {level} ({spec}) is bound by the clock (ms): give iterations")
        make_bot(spec)  # its parameters are the bot's (an OptionError otherwise)
    return dict(levels)


_BY_RULESET: dict[str, dict[str, str]] = {}


def levels_for(ruleset: str) -> dict[str, str]:
    """The levels of the rule set named ``ruleset``: its bot knowledge's, else ``LEVELS``, Hard reading the
    learned value its package ships where it ships one (checked once)."""
    found = _BY_RULESET.get(ruleset)
    if found is None:
        module = get_ruleset(ruleset).bot
        knowledge = load(module)
        declared = dict(knowledge.levels or LEVELS)
        if ships(ruleset):
            declared["hard"] = knowledge.learned_hard or declared["hard"] + LEARNED
        found = _BY_RULESET[ruleset] = check_levels(declared, f"the levels of {module or ruleset}")
    return dict(found)
