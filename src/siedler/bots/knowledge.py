"""What the bots know of each rule set and extension, registered by its own package.

A rule set names the module holding its bot knowledge (``Ruleset.bot``, an import path), and so does an
extension (``Extension.bot``); that module defines ``KNOWLEDGE``, a :class:`Knowledge`. The bots import it
the first time they meet a game of that rule set (``knowledge_for``), so the package's engine never
imports the bots: only its bot module may, and nothing below the bots imports that. A rule set without
one is played at random by ``greedy`` and valued by its score.

For a game, the knowledge of its rule set and of its components (``game.components``, each the
component of one extension) is combined once per configuration (:class:`Play`): the greedy bot asks the
components' strategies first, then the rule set's; the value is the rule set's plus what each component
adds; trades with other players are the rule set's.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.core.registry import extension_of, get_ruleset

#: The greedy bot's play for a seat: an action, or ``None`` to leave the decision to the next in line (the
#: rule set's strategy after its extensions', then a random legal action). ``rng`` is the bot's own.
Strategy = Callable[[Game, int, random.Random], Action | None]
#: How good a position looks to a seat (a victory point is worth about 1000; a won game far more).
Value = Callable[[Game, int], float]
#: Moves the value bot looks one own move further after: for an action kind, the kinds of the seat's next
#: action to try after it (a bank trade, then the build it pays for), when the seat is still to act.
Chains = Mapping[str, frozenset[str]]
#: Whether a game is in a stretch its rule set names (``Knowledge.founding``, ``Knowledge.turn``).
Stage = Callable[[Game], bool]
#: The named numbers a value weighs, of a running game as a seat sees it (``siedler.bots.learned`` fits
#: weights for them from self-play).
Features = Callable[[Game, int], dict[str, float]]


def weighted(features: Mapping[str, float], weights: Mapping[str, Any]) -> float:
    """The features' sum, each times its weight (in the order of ``features``): the hand values' and the
    learned ones' (``siedler.bots.learned``). A feature without a weight is a ``KeyError`` naming it."""
    value = 0.0
    for name, x in features.items():
        value += weights[name] * x
    return value


@dataclass(frozen=True)
class Trader:
    """Trades with other players, decided outside the search bots' look-ahead: the action kinds it decides
    (left out of the look-ahead), its answer to an offer put to the seat (``None`` in any other phase),
    and an offer worth more than the gain of the seat's best other move (``None`` for none).

    ``withhold`` (optional) switches off, in a fresh determinized copy that a search or the turn's
    look-ahead plays on, the trades that only this trader decides: neither plays them, yet a main phase
    lists hundreds of them, which every legal-action list would build and every step would read past. It
    must take away nothing else: the decisions are the same with it or without it (only faster).
    """

    decided_kinds: frozenset[str]
    answer: Callable[[Game, int], Action | None]
    offer: Callable[[Game, int, float], Action | None]
    withhold: Callable[[Game], None] | None = None


@dataclass(frozen=True)
class Knowledge:
    """One package's bot knowledge; every part may be left out.

    ``strategy``: the greedy bot's play (see ``Strategy``). ``value``: for a rule set, the value of a
    position to a seat (the value and MCTS bots); for an extension, what it adds to the rule set's value.
    ``trader``: a rule set's trades with other players. ``levels``: a rule set's difficulty levels for the
    lobby, easy, medium and hard, each a bot spec bound by work (``siedler.bots.levels``; ``None``: the
    default ``LEVELS``). ``features``: for a rule set, the named features its value weighs; for an
    extension, the ones it adds (their names unique in the family). ``chains``: for a rule set, the moves
    the value bot looks one own move further after (``Chains``; none: one move). ``founding``: for a rule
    set, whether a game is in its founding (the opening placements, before the first die: where Hard's
    search gains over the value bot's look-ahead, docs/bots.md). ``turn``: for a rule set, whether the
    seat to act is in the free part of its turn, where its moves meet no die and no other seat until it
    ends the turn (the value bot's look-ahead over its turn, ``siedler.bots.value.planned``).
    ``learned_hard``: for a rule set whose package ships a learned value, Hard when a provider reads it
    (``siedler.bots.leaves``), a spec with ``model=default`` and iterations of its own (a network's leaf
    costs more than the hand value's, and Hard stays within its decision time); ``""``: the Hard level
    with ``model=default`` added.
    """

    strategy: Strategy | None = None
    value: Value | None = None
    trader: Trader | None = None
    levels: Mapping[str, str] | None = None
    features: Features | None = None
    chains: Chains | None = None
    founding: Stage | None = None
    turn: Stage | None = None
    learned_hard: str = ""


@dataclass(frozen=True)
class Play:
    """The knowledge of one configuration (a rule set and its components), combined."""

    strategies: tuple[Strategy, ...]
    value: Value
    trader: Trader | None
    decided_kinds: frozenset[str] = field(default_factory=frozenset)
    features: Features | None = None
    chains: Chains = field(default_factory=dict)
    founding: Stage | None = None
    turn: Stage | None = None


def by_score(game: Game, seat: int) -> float:
    """Any rule set: the seat's score ahead of the best other, and the end of the game above all."""
    if game.is_over:
        return 1e9 if game.winner == seat else -1e9
    scores = game.scores()
    return float(scores[seat] - max((s for p, s in enumerate(scores) if p != seat), default=0))


def load(module: str) -> Knowledge:
    """The ``KNOWLEDGE`` of the module ``module`` names (``""``: none)."""
    if not module:
        return Knowledge()
    found = getattr(importlib.import_module(module), "KNOWLEDGE", None)
    if not isinstance(found, Knowledge):
        raise OptionError(f"bot module {module!r} defines no KNOWLEDGE (a siedler.bots.knowledge.Knowledge)")
    return found


def _summed(base: Value, features: tuple[Value, ...]) -> Value:
    """The rule set's value with what each extension adds, in the order of ``game.components``."""

    def value(game: Game, seat: int) -> float:
        total = base(game, seat)
        for feature in features:
            total += feature(game, seat)
        return total

    return value


def _merged(base: Features, added: tuple[Features, ...]) -> Features:
    """The rule set's features with those each extension adds."""

    def features(game: Game, seat: int) -> dict[str, float]:
        found = base(game, seat)
        for more in added:
            found.update(more(game, seat))
        return found

    return features


def _combine(ruleset: Knowledge, extensions: list[Knowledge]) -> Play:
    strategies = tuple(k.strategy for k in (*extensions, ruleset) if k.strategy is not None)
    terms = tuple(k.value for k in extensions if k.value is not None)
    base = ruleset.value or by_score
    trader = ruleset.trader
    added = tuple(k.features for k in extensions if k.features is not None)
    features = ruleset.features
    return Play(
        strategies,
        _summed(base, terms) if terms else base,
        trader,
        trader.decided_kinds if trader is not None else frozenset(),
        _merged(features, added) if features is not None and added else features,
        ruleset.chains or {},
        ruleset.founding,
        ruleset.turn,
    )


_PLAYS: dict[tuple[str, tuple[type, ...]], Play] = {}


def knowledge_for(game: Game) -> Play:
    """What the bots know of ``game``'s rule set and components, combined once per configuration."""
    key = (game.ruleset, tuple([type(c) for c in game.components]))
    found = _PLAYS.get(key)
    if found is None:
        ruleset = load(get_ruleset(game.ruleset).bot)
        found = _PLAYS[key] = _combine(ruleset, [load(extension_of(c).bot) for c in game.components])
    return found
