"""The bot interface, the bot registry, and the wrapper that makes every bot fair by construction.

A bot is any object with ``decide(game, seat) -> action``; its own randomness comes from the seed it is
built with, never from the game's generator, so bots do not disturb the game's chance events.

``make_bot`` never hands out a strategy bare: it wraps it in ``FairBot``, whose ``decide`` gives the
strategy ``game.determinize(seat, ...)``, a copy in which everything hidden from the seat (others' cards,
deck order, every future die and draw) is dealt anew from the bot's own generator. So a bot made by name
or import path cannot read what its seat may not know, or foresee the real dice, whoever calls it. A
strategy that needs nothing but the seat's legal actions (a ``LegalPolicy``, like ``random``) gets only those:
they are the seat's to know, so it is as fair without the copy, and a simulation of such bots does not pay
for one determinization per move.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game


@runtime_checkable
class Bot(Protocol):
    def decide(self, game: Game, seat: int) -> Action: ...


@runtime_checkable
class LegalPolicy(Protocol):
    """A strategy that chooses from the seat's legal actions alone, never seeing the game."""

    def choose(self, legal: tuple[Action, ...]) -> Action: ...


BotFactory = Callable[..., Bot]
BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Register ``factory(seed, **parameters)`` under ``name`` (``make_bot`` wraps what it makes)."""
    BOTS[name] = factory


class FairBot:
    """A strategy that decides on a determinized copy of the game, seeded by its own generator.

    The action chosen on the copy is handed back as the real game's equal legal action: the seat's legal
    actions depend only on what it knows, so the copy has the same ones. Anything else is handed back as
    it is, for the caller to refuse.
    """

    def __init__(self, strategy: Bot, seed: int = 0) -> None:
        self.strategy = strategy
        self.policy = strategy if isinstance(strategy, LegalPolicy) else None
        #: Its own stream, apart from the strategy's (a string seed is hashed, never Python's ``hash``).
        self.rng = random.Random(f"determinize:{seed}")

    def decide(self, game: Game, seat: int) -> Action:
        if self.policy is not None:
            return self.policy.choose(game.legal_actions())
        action = self.strategy.decide(game.determinize(seat, self.rng), seat)
        legal = game.legal_actions()
        if action in legal:
            return legal[legal.index(action)]
        return action  # not legal (or text): the caller refuses it as the strategy's, as it would bare


def split_specs(text: str) -> list[str]:
    """Bot specs separated by commas, where a spec's parameters are separated by commas too: an item with
    ``=`` and no ``:`` continues the spec before it if that one has parameters, so
    ``"mcts:iterations=100,depth=8,greedy"`` is ``["mcts:iterations=100,depth=8", "greedy"]``."""
    specs: list[str] = []
    for item in text.split(","):
        if specs and "=" in item and ":" not in item and "=" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def parse_parameters(text: str) -> dict[str, Any]:
    """``key=value,key=value`` as keyword arguments: whole numbers, decimals, ``true``/``false`` or words."""
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, eq, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key.isidentifier() or not raw:
            raise OptionError(f"bot parameter {item!r} is not written key=value")
        params[key] = _parameter_value(raw)
    return params


def _parameter_value(raw: str) -> Any:
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def _factory(spec: str) -> tuple[BotFactory, dict[str, Any]]:
    """The factory and the parameters a spec names: ``name``, ``name:key=value,...``,
    ``package.module:Class`` or ``package.module:Class:key=value,...``."""
    name, _, rest = spec.partition(":")
    if name in BOTS:
        return BOTS[name], parse_parameters(rest)
    if not rest:
        known = ", ".join(sorted(BOTS))
        raise OptionError(f"unknown bot {spec!r} (bots: {known}, or an import path like package.module:Class)")
    attr, _, params = rest.partition(":")
    try:
        factory = getattr(importlib.import_module(name), attr)
    except (ImportError, AttributeError, ValueError) as exc:
        raise OptionError(f"cannot load bot {spec!r}: {exc}") from exc
    return factory, parse_parameters(params)


def _unknown_parameters(factory: BotFactory, params: dict[str, Any]) -> list[str]:
    """The parameters ``factory``'s signature does not name, so that the refusal says the same whichever
    build made the class (a compiled class's own ``TypeError`` words it otherwise); none when its signature
    cannot be read or takes any keyword."""
    if not params:  # nothing to check: reading a signature costs more than making most bots
        return []
    try:
        accepted = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return []
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values()):
        return []
    return [name for name in params if name not in accepted]


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A fair bot by registered name (``random``, ``greedy``, ``value``, ``mcts``...) or import path
    (``package.module:Class``), with parameters after a colon: ``mcts:ms=500``, ``mcts:iterations=200``.

    The factory is called as ``factory(seed, **parameters)``; a class taking no seed is called bare.
    Unknown parameters or values a factory refuses are an ``OptionError``.
    """
    factory, params = _factory(spec)
    unknown = _unknown_parameters(factory, params)
    if unknown:
        named = ", ".join(map(repr, unknown))
        raise OptionError(f"bot {spec!r}: unexpected keyword {named}: the bot takes no such parameter")
    try:
        bot = factory(seed, **params)
    except TypeError as exc:
        if params:
            raise OptionError(f"bot {spec!r}: {exc}") from exc
        bot = factory()
    except ValueError as exc:
        raise OptionError(f"bot {spec!r}: {exc}") from exc
    if not isinstance(bot, Bot):
        raise OptionError(f"{spec!r} does not make a bot: it has no decide(game, seat) method")
    return FairBot(bot, seed)
