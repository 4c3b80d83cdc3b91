"""Rule sets by name, and the entry points that build games: ``new_game``, ``replay``, ``from_state``.

Rule-set packages under ``siedler.games`` (and third-party packages declaring an entry point in the group
``siedler.rulesets``) are discovered on first use, so adding a rule set never touches existing code. What the
upper layers know of a rule set or an extension (its bot knowledge, its environment encoding) lives in its
own package too, in modules named here by import path: the bots and the environments import them when
they first need them, so nothing below them ever does.
An *extension* is a component (``siedler.core.component``) that every rule set of a family switches on by
a boolean option of the extension's name: a game holds one instance of each extension switched on, and its
class stays the rule set's own.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from .component import Component
from .errors import IllegalAction, OptionError, RecordError
from .fairness import check_game_id, default_game_id, new_seed
from .game import FORMAT_VERSION, RECORD_FORMAT, STATE_FORMAT, Game
from .i18n import add_catalog
from .options import Option, resolve_options
from .rng import check_seed, parse_seed


@dataclass(frozen=True)
class Extension:
    """A component switched on by the boolean option ``name`` in every rule set of ``family``: a game with
    the option holds one ``component()``."""

    name: str
    family: str
    component: type[Component[Any]]
    help: str
    options: tuple[Option, ...] = ()
    #: Extensions that cannot be combined with this one.
    excludes: tuple[str, ...] = ()
    #: The module of its bot knowledge (``siedler.bots.knowledge``: ``KNOWLEDGE``), ``""`` for none.
    bot: str = ""
    #: The module of its part of the family's observation (``siedler.envs.encoders``), ``""`` for none.
    encoding: str = ""


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    description: str
    game_class: type[Game]
    min_players: int
    max_players: int
    family: str = ""
    options: tuple[Option, ...] = ()
    #: Option values this rule set fixes on top of the defaults (a variant preset: an extension on).
    presets: Mapping[str, Any] = field(default_factory=dict)
    rules_doc: str = ""
    #: The package that holds the rule set's own files (docs/api.md, "The rule-set unit"): its words
    #: (``locale/<lang>.toml``, merged into the catalog on registration), its how-to pages
    #: (``howto/<name>.<lang>.md``) and its table layers (``layers/``).
    package: str = ""
    #: The table layers the page loads for this rule set: JavaScript modules and style sheets in the
    #: package's ``layers/`` folder, served at ``/layers/<name>/<file>``.
    layers: tuple[str, ...] = ()
    #: Extra ``siedler`` commands: ``"module:function"``, each function given the command line's Typer app
    #: to register its commands on (the command line imports them; the engine never does).
    commands: tuple[str, ...] = ()
    #: The module of its bot knowledge (``siedler.bots.knowledge``: ``KNOWLEDGE``), ``""`` for none (the bots
    #: then play at random and value a position by the score).
    bot: str = ""
    #: The module of its observation encoder (``siedler.envs.encoders``: ``encoder``), ``""`` for the
    #: generic one (every number of the view).
    encoding: str = ""

    def all_options(self) -> tuple[Option, ...]:
        opts = list(self.options)
        for ext in extensions(self.family):
            default = bool(self.presets.get(ext.name, False))
            opts.append(Option(ext.name, default, ext.help))
            opts.extend(ext.options)
        return tuple(_apply_presets(opts, self.presets))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "players": {"min": self.min_players, "max": self.max_players},
            "options": [o.to_json() for o in self.all_options()],
            "rules_doc": self.rules_doc,
            "layers": list(self.layers),
        }


def _apply_presets(opts: list[Option], presets: Mapping[str, Any]) -> list[Option]:
    out = []
    for o in opts:
        if o.name in presets:
            o = Option(o.name, presets[o.name], o.help, o.choices, o.minimum, o.maximum, o.kind, o.form)
        out.append(o)
    return out


_RULESETS: dict[str, Ruleset] = {}
_EXTENSIONS: dict[str, Extension] = {}
_discovered = False


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.name] = ruleset
    if ruleset.package:
        add_catalog(ruleset.package)
    return ruleset


def register_extension(ext: Extension) -> Extension:
    _EXTENSIONS[ext.name] = ext
    return ext


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    pkg = importlib.import_module("siedler.games")
    for mod in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(mod.name)
    for ep in entry_points(group="siedler.rulesets"):
        ep.load()


def rulesets() -> list[Ruleset]:
    """Every rule set, with its options and defaults."""
    _discover()
    return sorted(_RULESETS.values(), key=lambda r: r.name)


def get_ruleset(name: str) -> Ruleset:
    _discover()
    try:
        return _RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(_RULESETS))
        raise OptionError(f"unknown rule set {name!r} (rule sets: {known})") from None


def extensions(family: str) -> list[Extension]:
    _discover()
    return sorted((e for e in _EXTENSIONS.values() if e.family == family), key=lambda e: e.name)


def extension_of(component: Component[Any]) -> Extension:
    """The extension whose component ``component`` is (a game's components each have one)."""
    _discover()
    for ext in _EXTENSIONS.values():
        if type(component) is ext.component:
            return ext
    raise LookupError(f"{type(component).__name__} is the component of no registered extension")


def switched_on(ruleset: Ruleset, options: Mapping[str, Any]) -> tuple[Extension, ...]:
    """The extensions of the rule set's family that ``options`` switch on, in the order of their names;
    a combination an extension excludes is refused."""
    active = tuple(e for e in extensions(ruleset.family) if options.get(e.name))
    names = {e.name for e in active}
    for ext in active:
        clash = set(ext.excludes) & names
        if clash:
            raise OptionError(f"option {ext.name!r} cannot be combined with {', '.join(sorted(clash))}")
    return active


def _player_names(players: int | Sequence[str], ruleset: Ruleset) -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        names = [f"Player {i + 1}" for i in range(players)]
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = [str(p) for p in players]
    else:
        raise OptionError(f"players must be a count or a list of names, not {players!r}")
    if not ruleset.min_players <= len(names) <= ruleset.max_players:
        raise OptionError(
            f"{ruleset.name} is played by {ruleset.min_players} to {ruleset.max_players} players, not {len(names)}"
        )
    return names


def new_game(
    ruleset: str,
    *,
    players: int | Sequence[str],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    log: bool = True,
    game_id: str | None = None,
) -> Game:
    """A new game; everything that follows is determined by these arguments and the actions applied.

    Without ``seed``, a fresh 128-bit one from the operating system's CSPRNG (read it back as ``game.seed``);
    seeds are whole numbers below ``2**256``. ``game_id`` names the game in the commitment to its seed
    (``siedler.core.fairness``); without it, one derived from the seed (``default_game_id``).
    ``log=False`` makes a game that keeps no event log (``events()`` is empty): simulations need none, and
    play a tenth faster without it. Nothing else differs: states, records and replays are the same.
    """
    rs = get_ruleset(ruleset)
    names = _player_names(players, rs)
    seed = check_seed(new_seed() if seed is None else seed)
    game_id = default_game_id(seed) if game_id is None else check_game_id(game_id)
    opts = resolve_options(rs.all_options(), options, f"rule set {rs.name!r}")
    components = [ext.component() for ext in switched_on(rs, opts)]
    game = rs.game_class(rs.name, names, seed, opts, log, components)
    game.game_id = game_id
    return game


def _require(data: Any, key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if not isinstance(data, dict):
        raise RecordError(f"{what} must be a JSON object")
    if key not in data:
        raise RecordError(f"{what} has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{what}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def _start(data: dict[str, Any], what: str, log: bool = True) -> Game:
    ruleset = _require(data, "ruleset", str, what)
    seed = _require(data, "seed", (int, str), what)
    players = _require(data, "players", list, what)
    options = _require(data, "options", dict, what)
    game_id = data.get("game_id")  # a hand-built state may leave it out: derived from the seed then
    try:
        return new_game(ruleset, players=players, seed=parse_seed(seed), options=options, log=log, game_id=game_id)
    except OptionError as exc:
        raise RecordError(f"{what}: {exc}") from exc


def _check_version(data: dict[str, Any], what: str) -> None:
    version = _require(data, "version", int, what)
    if version > FORMAT_VERSION:
        raise RecordError(f"{what} version {version} is newer than this siedler reads ({FORMAT_VERSION})")
    if version < FORMAT_VERSION:
        raise RecordError(
            f"{what} version {version} comes from a siedler whose dice and cards came from another generator "
            f"(SplitMix64): its seed no longer gives the same game, so it cannot be replayed"
        )


def _apply_all(game: Game, actions: Any, what: str) -> None:
    if not isinstance(actions, list):
        raise RecordError(f"{what}: 'actions' must be a list of action texts")
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"{what}: action {i + 1} is not a text but {type(text).__name__}")
        try:
            game.apply(text)
        except IllegalAction as exc:
            raise RecordError(f"{what}: action {i + 1} ({text!r}) is refused: {exc}") from exc


def replay(record: dict[str, Any], log: bool = True) -> Game:
    """Rebuild a game from its record; a tampered record is refused naming the first bad action."""
    what = "record"
    fmt = _require(record, "format", str, what)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"record format is {fmt!r}, expected {RECORD_FORMAT!r}")
    _check_version(record, what)
    start = record.get("start_state")
    game = _from_state_unchecked(start, log) if start else _start(record, what, log)
    _apply_all(game, _require(record, "actions", list, what), what)
    claimed = record.get("result")
    if isinstance(claimed, dict):
        actual = game.result()
        for key in ("over", "winner", "scores"):
            if key in claimed and claimed[key] != actual[key]:
                raise RecordError(
                    f"record claims {key} = {claimed[key]!r} but replaying its actions gives {actual[key]!r}"
                )
    return game


def _from_state_unchecked(data: Any, log: bool = True) -> Game:
    what = "state"
    fmt = _require(data, "format", str, what)
    if fmt != STATE_FORMAT:
        raise RecordError(f"state format is {fmt!r}, expected {STATE_FORMAT!r}")
    _check_version(data, what)
    start = data.get("start_state")
    game = _from_state_unchecked(start, log) if start else _start(data, what, log)
    # Seed + actions (+ start) explain the state when replaying them ends in exactly the exported position.
    try:
        _apply_all(game, data.get("actions", []), what)
        explained = _same_position(game.state(), data)
    except RecordError:
        explained = False
    if explained:
        return game
    game = _start(data, what, log)
    game._load(data)
    base = dict(data)
    base["actions"] = []
    base["start_state"] = None
    game._start_state = base
    game._clear_history()
    game._nactions = 0
    return game


def _same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return all(a.get(k) == b.get(k) for k in ("game", "rng", "over", "winner", "to_act"))


def _rebuild(state: dict[str, Any], log: bool, events: list[Any]) -> Game:
    """Unpickle a game (see ``Game.__reduce__``): from its state, with the log it had."""
    game = _from_state_unchecked(state, log=False)
    game.logging = log
    game._events = list(events)
    game._nevents = len(events)
    return game


def from_state(data: dict[str, Any], log: bool = True) -> Game:
    """A game from ``game.state()`` output, or from a hand-built position in the same format.

    When the state's seed and actions reproduce it, the game keeps that history; otherwise (a puzzle, an
    edited save) the state itself becomes the game's starting point and its record says so.
    """
    return _from_state_unchecked(data, log)
