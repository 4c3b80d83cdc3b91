"""The rule-set-independent game: the OpenSpiel-style ``State`` every rule set subclasses.

A rule set overrides a handful of hooks (``_setup``, ``_generate_legal``, ``_do_<kind>``, ``_export``/``_import``,
``view``...). Everything a tool relies on (legality checking, history, records, copying, events) lives here
once, so the simulator, the bots and the server treat every rule set alike. Extensions switched on by an
option are components the game holds (``siedler.core.component``), called at fixed points.

Legality has one source of truth: ``_generate_legal``. ``apply`` refuses whatever that list does not hold,
so the legal list and the checks can never disagree. The list is cached until the next ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from types import FunctionType
from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from .actions import Action
from .component import Component, ComponentHandler
from .errors import IllegalAction, RecordError
from .fairness import commitment, state_digest
from .rng import SEED_BITS, Rng

RECORD_FORMAT = "siedler-record"
STATE_FORMAT = "siedler-state"
#: 2: seeds as decimal strings, a game id and the commitment to the seed, the keyed BLAKE2b generator
#: (version 1 games drew from SplitMix64 and no longer replay).
FORMAT_VERSION = 2

#: One action as played: the turn it fell in (-1 for rule sets without turns), the seat that chose it, the action.
Move = tuple[int, int, Action]

#: The older part of a history or log, shared with copies: a cons list ``(previous, chunk)`` of tuples of
#: items, oldest chunk first. The newest items are a list of the game's own (see ``_freeze``).
Chain = tuple[Any, tuple[Any, ...]] | None

#: How an event recorded with ``Game._note`` becomes the data ``events()`` gives: its fields, and its secret
#: fields for a viewer in its audience (``None`` for any other) -> a new dict.
EventData = Callable[[tuple[Any, ...], tuple[Any, ...] | None], dict[str, Any]]


def named(*names: str, secret: tuple[str, ...] = ()) -> EventData:
    """The reader of an event whose fields are ``names`` and whose secret fields are ``secret``, in order
    (``Game._event_kinds``); a tuple field reads as a list, as a JSON array would."""

    def read(fields: tuple[Any, ...], hidden: tuple[Any, ...] | None) -> dict[str, Any]:
        data = {name: list(value) if isinstance(value, tuple) else value for name, value in zip(names, fields)}
        if hidden is not None:
            for name, value in zip(secret, hidden):
                data[name] = list(value) if isinstance(value, tuple) else value
        return data

    return read


def _freeze(chain: Chain, recent: list[Any]) -> Chain:
    """``chain`` with the items of ``recent`` appended as one chunk, for a copy to share.

    A history and a log are each a list that the game appends to, of items it alone owns, and this chain
    of what it shared with its copies. A list appends without allocating, and the garbage collector finds
    its items in the order they were made, so it untracks an event of ints and strings at its first
    collection; a chain of a link per item, which collections walk from the newest link back, it untracks
    one link per collection: never, in a long game, which the collector then walks again and again.
    """
    return (chain, tuple(recent)) if recent else chain


def _walk(chain: Chain, recent: list[Any]) -> list[Any]:
    """Every item, oldest first: the chain's chunks, then ``recent``."""
    chunks: list[tuple[Any, ...]] = []
    while chain is not None:
        chain, chunk = chain
        chunks.append(chunk)
    chunks.reverse()
    items: list[Any] = []
    for part in chunks:
        items.extend(part)
    items.extend(recent)
    return items


def _newest(chain: Chain, recent: list[Any], count: int) -> list[Any]:
    """The ``count`` newest items (fewer if there are not so many), oldest first; the older chunks are
    not read (a server asks for the few newest events after every action)."""
    if count <= 0:
        return []
    if count <= len(recent):
        return recent[len(recent) - count :]
    parts = [recent]
    held = len(recent)
    while chain is not None and held < count:
        chain, chunk = chain
        parts.append(list(chunk))
        held += len(chunk)
    parts.reverse()
    items: list[Any] = []
    for part in parts:
        items.extend(part)
    return items[max(len(items) - count, 0) :]


#: Whether this module runs compiled (mypyc), where a function is not a Python ``FunctionType``.
_NATIVE: Final = not isinstance(_walk, FunctionType)


def _holds_itself(legal: tuple[Action, ...], action: Action) -> bool:
    """Whether ``legal`` holds ``action`` itself, as a bot that picked it from the list hands it back.

    Compiled, this loop compares pointers, many times faster than ``in``, which compares the actions
    that are not it tuple by tuple (trade offers, most of a main-phase list, differ only late). Pure
    Python does without it: there ``in`` is a C loop and this one is not.
    """
    return any(a is action for a in legal)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """One game of one rule set. See ``docs/api.md``.

    Compiled with mypyc as a native class that rule sets and third-party packages may subclass in plain
    Python (``allow_interpreted_subclasses``); see ``docs/build.md``.
    """

    #: ``kind -> method``: every ``_do_<kind>`` method of the class, collected once per class.
    _class_handlers: ClassVar[dict[str, Callable[[Any, Action], None]]] = {}
    #: ``kind -> reader``: the event kinds this class records with ``_note``, each with the reader that makes
    #: its data when the log is read; a class adding kinds merges its own with its parent's.
    _event_kinds: ClassVar[dict[str, EventData]] = {}

    def __init_subclass__(cls) -> None:
        # No ``super().__init_subclass__()``: compiled code refuses it, and ``object``'s does nothing (no
        # keyword arguments either: a class statement passing some is refused, as by ``object``'s).
        cls._class_handlers = {name[4:]: getattr(cls, name) for name in dir(cls) if name.startswith("_do_")}

    ruleset: str
    players: tuple[str, ...]
    seed: int
    #: Names the game in the commitment to its seed (``siedler.core.fairness``); ``new_game`` sets it.
    game_id: str
    options: dict[str, Any]
    rng: Rng
    to_act: int | None
    is_over: bool
    winner: int | None
    logging: bool
    #: The extensions switched on, one component each, in the order of their names (shared by nothing:
    #: ``copy()`` copies them).
    components: tuple[Component[Any], ...]
    #: ``kind -> handler(game, action)``: the class's ``_do_<kind>`` methods and the components' kinds.
    _handlers: dict[str, Callable[[Any, Action], None]]

    def __init__(
        self,
        ruleset: str,
        players: Sequence[str],
        seed: int,
        options: dict[str, Any],
        log: bool = True,
        components: Sequence[Component[Any]] = (),
    ) -> None:
        self.ruleset = ruleset
        self.players = tuple(players)
        self.seed = seed
        self.game_id = ""
        self.options = options
        self.rng = Rng(seed)
        self.to_act = None
        self.is_over = False
        self.winner = None
        #: The actions played, oldest first: those shared with copies (``_freeze``), then this game's own.
        self._history_shared: Chain = None
        self._history: list[Action] = []
        self._nactions = 0
        #: The log, held as the history is: ``_emit``'s and ``_note``'s tuples.
        self._events_shared: Chain = None
        self._events: list[tuple[Any, ...]] = []
        self._nevents = 0
        #: Whether this game keeps its log; ``_emit`` drops events without it, and hot paths of rule sets
        #: check it before composing one. The log is words for people; simulations do without it: keeping
        #: it costs a tenth to a sixth of a random game's time in the public API loop, compiled (making, collecting
        #: and freeing a few tuples per event; docs/performance.md, issue 45).
        self.logging = log
        self._legal: tuple[Action, ...] | None = None
        self._start_state: dict[str, Any] | None = None
        #: Resumed from a snapshot (``siedler.core.snapshot``): the history holds only the actions since, so
        #: ``state()`` and ``record()`` need every action's text. A determinized copy is no such game: it
        #: keeps no history at all, and its state is its position with no actions.
        self._partial = False
        self.components = tuple(components)
        self._handlers = _handlers_of(type(self), self.components)
        self._collect_hooks()
        self._setup()
        for component in self.components:
            component.setup(self)

    # ------------------------------------------------------------------ hooks for rule sets
    def _setup(self) -> None:
        raise NotImplementedError

    def _collect_hooks(self) -> None:
        """Find, for each hot hook of the family, the components serving it (``component.serving``), so that
        the hot paths loop over those alone: called once, before ``_setup``. A family with such hooks
        overrides it, calling ``super()``, and rebinds them to a copy's own components in ``_copy_into``."""

    def _generate_legal(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def action_universe(self) -> tuple[Action, ...]:
        """Every action this game can ever offer, in an order fixed by rule set, options and player count:
        the fixed action space of ``siedler.envs`` (index ``i`` is the ``i``-th action). The rule set's
        (``_action_universe``), then each component's: an extension never moves the rule set's indices."""
        return (*self._action_universe(), *self._component_universe())

    def _action_universe(self) -> tuple[Action, ...]:
        """The rule set's part of ``action_universe``.

        Kind specs name fields but not their values (an intersection, a bundle of cards), so only kinds
        without fields can be enumerated here, from the specs of the family's kinds (read from the class of
        a legal action); a rule set whose kinds take fields overrides this from its interned actions, and a
        subclass adding kinds chains with ``super()``.
        """
        legal = self.legal_actions()
        if not legal:
            raise NotImplementedError(f"{self.ruleset}: the action universe is read at the start of a game")
        kinds = type(legal[0]).KINDS
        with_fields = [k.name for k in kinds if k.fields]
        if with_fields:
            raise NotImplementedError(
                f"{self.ruleset}: kinds {with_fields} take fields; override _action_universe (docs/api.md, Hooks)"
            )
        return tuple(self.parse_action(k.name) for k in kinds)

    def _explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused; called only on refusal, so it may be slow."""
        reason = self._component_refusal(action)
        return f"{action} is not legal now" if reason is None else reason

    def parse_action(self, text: str) -> Action:
        """The action ``text`` writes, or ``IllegalAction``. A compiled override takes ``object``, so that
        it refuses anything else alike in both builds (docs/build.md)."""
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def game_stats(self, moves: Sequence[Move]) -> dict[str, list[float]]:
        """Per-seat statistics of a finished game for designers' reports (``siedler experiment``): name ->
        one number per seat (``nan`` for none). ``moves`` is what was played, as ``(turn, seat, action)``;
        a rule set reads only those and the finished game, never what was hidden while it ran. Placeholder:
        the rule set's first override replaces it (and adds the components' with ``_component_stats``)."""
        return self._component_stats(moves)

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _check_viewer(self, seat: object) -> int | None:
        """``seat``, refused if it is neither a seat of this game nor a spectator (``None``).

        ``view`` takes any object and checks it here: annotated ``int | None``, a compiled ``view`` would
        refuse other types with mypyc's ``TypeError`` (and take ``True`` for seat 1) before this check.
        """
        if seat is None or (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.num_players):
            return seat
        raise ValueError(f"seat index must be None or 0-{self.num_players - 1}, not {seat!r}")

    def _resample_hidden(self, seat: int | None) -> None:
        """Deal anew, with ``self.rng``, everything ``seat`` may not know (``None``: a spectator), as
        ``determinize`` asks on a fresh copy whose generator is already replaced. A rule set with hidden
        cards declares them here once (``siedler.core.hidden.redeal`` deals rows of counts); one without
        hides nothing but its generator, which ``determinize`` replaces itself."""

    def _export(self) -> dict[str, Any]:
        raise NotImplementedError

    def _imported_seat(self, value: Any) -> int:
        """A seat read from an exported state (``_import``): a malformed one is refused as a bad state."""
        seat = int(value)
        if not 0 <= seat < self.num_players:
            raise RecordError(f"{value!r} is not a seat index")
        return seat

    def _import(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        """An event in words for ``viewer``'s log (``None``: a spectator's); rule sets override it for their own
        events, and tell a sentence about the viewer to them in the second person (``siedler.core.i18n.Voice``)."""
        words = self._component_words(kind, data, lang, viewer)
        return f"{kind} {data}" if words is None else words

    def action_label(self, action: Action, lang: str = "en") -> str:
        """An action in words for menus and buttons (``lang`` is ``en`` or ``de``); the notation by default."""
        label = self._component_label(action, lang)
        return str(action) if label is None else label

    def action_parts(self, action: Action, lang: str = "en") -> list[tuple[str, str]] | None:
        """``action`` as a person composes it: ``(field, words)`` for each of its kind's ``steps``, in their
        order, so that a table offers a kind with many variants step by step (what, which, to whom, for
        what) instead of one long list. ``None`` for a kind without fields, for an action without one of them,
        or where ``field_words`` has no words for one: the table lists that kind's actions then."""
        spec = action.KINDS.spec(action) if isinstance(action, Action) else None
        if spec is None or not spec.steps:
            return None
        parts = []
        for name in spec.steps:
            index = spec.fields.index(name) + 1
            words = self.field_words(action, name, index, lang) if index < len(action) else None
            if words is None:  # a field it has no words for, or leaves out (Year of Plenty's one resource)
                return None
            parts.append((name, words))
        return parts

    def field_words(self, action: Action, name: str, index: int, lang: str) -> str | None:
        """The value of ``action``'s field ``name`` (``action[index]``) in words a player reads (a place as
        the board shows it, a seat by its player's name, never an index), or ``None`` for none; the rule
        set's override words its own fields and leaves the rest to ``super()``, which asks the components."""
        for component in self.components:
            words = component.field_words(self, action, name, index, lang)
            if words is not None:
                return words
        return None

    def action_warning(self, action: Action, lang: str = "en") -> str | None:
        """What ``action`` gives away for good, in words, where that is a building, a unit or a card (the
        table asks the player to confirm it first, and cancelling loses nothing); ``None`` for any other."""
        return None

    def action_target(self, action: Action) -> str | None:
        """Where on the table a player points to choose ``action``, or ``None`` for a menu choice.

        A target names something the view draws: ``"node:12"``, ``"edge:12-13"``, ``"hex:F"`` on a board,
        ``"card:<id>"`` or ``"pile:<name>"`` in card zones. The browser highlights every target of a legal
        action and offers the actions sharing one target when it is clicked, so it never parses a rule set's
        notation; a rule set declares it with each action kind (``ActionKind.target``), and without it the
        action is still offered in a menu.
        It must depend on the action alone (servers cache it); ``action_label`` may depend on the position.
        """
        return action.KINDS.target(action) if isinstance(action, Action) else None

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        """The position as text for a terminal, as ``seat`` may see it; rule sets draw their own."""
        import json

        view = self.view(seat)
        return "\n".join([json.dumps(view, indent=1, ensure_ascii=False), *self._component_text(view, lang)])

    # ------------------------------------------------------------------ the components' parts
    # The family's implementations of these hooks ask the components through these helpers: for the words,
    # the notation and refusals first (a component answers only for its own kinds and events), for the
    # rest adding their parts after the rule set's.
    def _component_words(self, kind: str, data: dict[str, Any], lang: str, viewer: int | None) -> str | None:
        for component in self.components:
            words = component.describe(self, kind, data, lang, viewer)
            if words is not None:
                return words
        return None

    def _component_label(self, action: Action, lang: str) -> str | None:
        for component in self.components:
            label = component.action_label(self, action, lang)
            if label is not None:
                return label
        return None

    def _component_parse(self, text: object) -> Action | None:
        if isinstance(text, str):
            for component in self.components:
                found = component.parse_action(self, text)
                if found is not None:
                    return found
        return None

    def _component_refusal(self, action: Action) -> str | None:
        for component in self.components:
            reason = component.explain_illegal(self, action)
            if reason is not None:
                return reason
        return None

    def _component_universe(self) -> tuple[Action, ...]:
        return tuple([a for component in self.components for a in component.action_universe(self)])

    def _component_text(self, view: dict[str, Any], lang: str) -> list[str]:
        lines = [component.render_text(self, view, lang) for component in self.components]
        return [line for line in lines if line is not None]

    def _component_stats(self, moves: Sequence[Move]) -> dict[str, list[float]]:
        stats: dict[str, list[float]] = {}
        for component in self.components:
            stats.update(component.game_stats(self, moves))
        return stats

    def _component_view(self, seat: int | None, view: dict[str, Any]) -> None:
        for component in self.components:
            component.view(self, seat, view)

    # ------------------------------------------------------------------ the public API
    @property
    def num_players(self) -> int:
        return len(self.players)

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = () if self.is_over else self._generate_legal()
            self._legal = legal
        return legal

    def apply(self, action: Action | str) -> None:
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if not (_NATIVE and _holds_itself(legal, action)) and action not in legal:
            raise IllegalAction(self._refusal(action))
        if type(action) is tuple:  # a plain tuple equal to a legal action: handlers read its named fields
            action = legal[legal.index(action)]
        self._legal = None
        self._handlers[action[0]](self, action)  # the action's _do_<kind> method
        self._history.append(action)
        self._nactions += 1

    def _refusal(self, action: Action) -> str:
        if self.is_over:
            return f"the game is over; {action} cannot be played"
        return self._explain_illegal(action)

    def why_illegal(self, action: Action | str) -> str | None:
        """Why ``apply(action)`` would be refused (``None`` if it is legal), without changing the game.

        Text that does not parse gets the parser's message. Servers and front-ends show the reason to the
        player; asking costs a legality test, and the explanation is composed only for a refused action.
        """
        try:
            if isinstance(action, str):
                action = self.parse_action(action)
            if action in self.legal_actions():
                return None
            return self._refusal(action)
        except (ValueError, TypeError, IndexError, KeyError) as exc:
            return str(exc) or f"{action!r} is not an action"

    def is_legal(self, action: Action | str) -> bool:
        try:
            if isinstance(action, str):
                action = self.parse_action(action)
        except IllegalAction:
            return False
        return action in self.legal_actions()

    def _clear_history(self) -> None:
        """Forget the actions played: the game's position becomes its start (``from_state``, ``determinize``)."""
        self._history_shared = None
        self._history = []

    @property
    def history(self) -> list[Action]:
        return _walk(self._history_shared, self._history)

    @property
    def num_actions(self) -> int:
        return self._nactions

    def copy(self) -> Self:
        """A game that can be played on independently; cheap, because search bots call it constantly.

        The copy is allocated without ``__init__`` (which would set up a new game) and filled by
        ``_copy_into``, in which each class copies its own fields: compiled classes keep their fields in
        slots, not in a ``__dict__`` that one copy could duplicate. The components are copied with it, and
        a family's per-hook tuples bound to the copies (``_collect_hooks``).
        """
        cls = type(self)
        new: Self = cls.__new__(cls)
        self._copy_into(new)
        return new

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A copy in which everything hidden from ``seat`` is resampled consistently with what it has seen
        (OpenSpiel's ``resample_from_infostate``), seeded by ``rng``, the caller's own generator.

        Others' hands and cards, the order of decks and every future die or draw (a new seed and generator)
        are drawn anew; what ``seat`` sees, ``view(seat)``, is the same. The copy is a position to search
        from, not a record: it keeps no history, log or start state (which would tell the real seed's
        story), and logs nothing. Two games that ``seat`` cannot tell apart give the same copy for the same
        ``rng`` state, so a bot deciding on the copy cannot depend on what it may not know.
        """
        seat = self._check_viewer(seat)
        new = self.copy()
        new.seed = rng.getrandbits(SEED_BITS)
        new.rng = Rng(new.seed)
        new._clear_history()
        new._events_shared = None
        new._events = []
        new._nevents = 0
        new.logging = False
        new._start_state = None
        new._partial = False
        new._legal = None
        new._resample_hidden(seat)
        for component in new.components:
            component.resample_hidden(new, seat)
        return new

    def _copy_into(self, new: Self) -> None:
        """Copy this class's fields into ``new``, a blank instance of the same class (see ``copy``).

        Every class that declares fields overrides it, calling ``super()`` first, and copies each of its
        fields: mutable ones (the flat lists) duplicated, the rest (immutable or shared) as they are.
        """
        new.ruleset = self.ruleset
        new.players = self.players
        new.seed = self.seed
        new.game_id = self.game_id
        new.options = self.options
        new.rng = self.rng.copy()
        new.to_act = self.to_act
        new.is_over = self.is_over
        new.winner = self.winner
        # What this game played and logged since its last copy becomes a chunk that both share.
        if self._history:
            self._history_shared = _freeze(self._history_shared, self._history)
            self._history = []
        new._history_shared = self._history_shared
        new._history = []
        new._nactions = self._nactions
        if self._events:
            self._events_shared = _freeze(self._events_shared, self._events)
            self._events = []
        new._events_shared = self._events_shared
        new._events = []
        new._nevents = self._nevents
        new.logging = self.logging
        new._legal = self._legal
        new._start_state = self._start_state
        new._partial = self._partial
        comps = self.components
        new.components = tuple([c.copy() for c in comps]) if comps else comps
        new._handlers = self._handlers

    # ------------------------------------------------------------------ events (the log in words)
    def _emit(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, audience: tuple[int, ...] = ()
    ) -> None:
        """Log an event; ``secret`` is merged into ``data`` only for the seats in ``audience``. Frequent
        events are recorded with ``_note`` instead.

        The dicts are kept as tuples of their items (a tuple of four, where a noted event's has five), so
        that an event whose values are ints and strings holds nothing the garbage collector tracks, like a
        noted one: a dict in the log would keep every later link of the chain tracked, and walked."""
        if not self.logging:
            return
        hidden = (tuple(secret.items()), audience) if secret else None
        self._events.append((self._nactions, kind, tuple(data.items()), hidden))
        self._nevents += 1

    def _note(
        self, kind: str, fields: tuple[Any, ...], secret: tuple[Any, ...] = (), audience: tuple[int, ...] = ()
    ) -> None:
        """Log an event as its kind and ``fields`` alone (and ``secret``, the fields only the seats in
        ``audience`` see): ints, strings and tuples of them, which its reader (``_event_kinds[kind]``, or a
        component's) turns into its data when the log is read.

        Recording is a tuple and a link of the chain, no dict or list: a log of such events costs little
        to keep, and the garbage collector, finding nothing in it that could hold a cycle, stops walking it.
        """
        if self.logging:
            self._events.append((self._nactions, kind, fields, secret, audience))
            self._nevents += 1

    def _event_data(self, kind: str, fields: tuple[Any, ...], secret: tuple[Any, ...] | None) -> dict[str, Any]:
        """The data of an event recorded with ``_note``: the class's reader of ``kind``, else a component's."""
        reader = self._event_kinds.get(kind)
        for component in self.components:
            if reader is None:
                reader = type(component)._event_kinds.get(kind)
        if reader is None:
            raise KeyError(f"event kind {kind!r} has no reader")
        return reader(fields, secret)

    def events(self, seat: int | None = None, since: int = 0, lang: str | None = None) -> list[dict[str, Any]]:
        """The log as ``seat`` may see it, from event number ``since`` on; with ``lang``, each gets its text,
        composed now (the log keeps no words). A game made with ``log=False`` has none."""
        tail = self._newest_events(self._nevents - max(since, 0))
        out = []
        for number, item in enumerate(tail, self._nevents - len(tail)):
            kind: str = item[1]
            if len(item) == 5:  # noted: fields, made into the data now
                told = bool(item[3]) and seat is not None and seat in item[4]
                merged = self._event_data(kind, item[2], item[3] if told else None)
            else:  # emitted: the items of its dicts
                merged = dict(item[2])
                hidden = item[3]
                if hidden is not None and seat is not None and seat in hidden[1]:
                    merged.update(hidden[0])
            entry: dict[str, Any] = {"n": number, "action": item[0], "kind": kind, "data": merged}
            if lang:
                entry["text"] = self.describe(kind, merged, lang, seat)
            out.append(entry)
        return out

    def _events_back(self) -> Iterator[tuple[Any, ...]]:
        """The events the log holds as ``_newest_events`` gives them, newest first, read only as far as
        the caller goes (a rule set looking back for the event that began what it finishes)."""
        yield from reversed(self._events)
        chain = self._events_shared
        while chain is not None:
            chain, chunk = chain
            yield from reversed(chunk)

    def _newest_events(self, count: int) -> list[tuple[Any, ...]]:
        """The ``count`` newest events as the log holds them (fewer where it holds fewer), oldest first:
        tuples of an emitted event's ``(action, kind, items, hidden)`` or a noted one's ``(action, kind,
        fields, secret, audience)``, for the engine's own readers (a snapshot, a rule set's look back)."""
        return _newest(self._events_shared, self._events, count)

    @property
    def num_events(self) -> int:
        return self._nevents

    # ------------------------------------------------------------------ records and states
    def record(self, actions: Sequence[str] | None = None) -> dict[str, Any]:
        """The game's record. ``actions``: every action's text, for a game resumed from a snapshot
        (``siedler.core.snapshot``), which holds only the actions applied since (see ``state``)."""
        texts = self._texts(actions)
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "seed": str(self.seed),
            "game_id": self.game_id,
            "commitment": commitment(self.game_id, self.seed),
            "players": list(self.players),
            "actions": texts,
            "result": self.result(),
        }
        if self._start_state is not None:
            rec["start_state"] = self._start_state
        # What ``siedler verify`` compares its replay with: the whole position where the record ends (the
        # game's end, or where a server stopped it), hidden parts too.
        state = self.position()
        state["actions"] = texts
        rec["final_state_sha256"] = state_digest(state)
        return rec

    def result(self) -> dict[str, Any]:
        return {
            "over": self.is_over,
            "winner": self.winner,
            "scores": self.scores() if self.is_over else None,
            "actions": self._nactions,
        }

    def state(self, actions: Sequence[str] | None = None) -> dict[str, Any]:
        """The full state, hidden parts and generator included (for saves, puzzles and tests).

        A game resumed from a snapshot (``siedler.core.snapshot``) holds only the actions applied since:
        its state and record need every action's text, ``actions`` (the last ones must be those it holds).
        """
        state = self.position()
        state["actions"] = self._texts(actions)
        return state

    def position(self) -> dict[str, Any]:
        """``state()`` without its actions: the position alone, at a cost that does not grow with the game's
        length (what a snapshot keeps; the actions are the record's)."""
        return {
            "format": STATE_FORMAT,
            "version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "seed": str(self.seed),
            "game_id": self.game_id,
            "players": list(self.players),
            "rng": self.rng.drawn,
            "start_state": self._start_state,
            "over": self.is_over,
            "winner": self.winner,
            "to_act": self.to_act,
            "game": self._export_all(),
        }

    def _texts(self, actions: Sequence[str] | None) -> list[str]:
        """Every action's text: the history's, or ``actions`` checked against what the game holds."""
        held = [str(a) for a in self.history]
        if actions is None:
            texts = held
        else:
            texts = list(actions)
            if len(texts) != self._nactions or (held and texts[-len(held) :] != held):
                raise RecordError(
                    f"the {len(texts)} action texts given are not this game's {self._nactions} actions "
                    f"(it holds the last {len(held)} of them)"
                )
        if self._partial and len(texts) != self._nactions:
            raise RecordError(
                f"this game was resumed from a snapshot and holds {len(held)} of its {self._nactions} actions: "
                "give every action's text"
            )
        return texts

    def _export_all(self) -> dict[str, Any]:
        """The rule set's export with each component's part merged in (``state()["game"]``)."""
        data = self._export()
        for component in self.components:
            data.update(component.export(self))
        return data

    def _load(self, data: dict[str, Any]) -> None:
        """Overwrite this freshly set-up game with an exported state."""
        try:
            self._import(data["game"])
            for component in self.components:
                component.load(self, data["game"])
            self.rng.resume(data["rng"])
            self.is_over = bool(data["over"])
            self.winner = data["winner"]
            self.to_act = data["to_act"]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"state is malformed: {type(exc).__name__}: {exc}") from exc
        self._legal = None

    def _finish(self, winner: int | None) -> None:
        """End the game, won by ``winner`` (``None``: nobody). Rule sets extend it with what else ends (a
        phase), calling ``super()`` last so that the ``over`` event's scores are final."""
        self.is_over = True
        self.winner = winner
        self.to_act = None
        self._emit("over", {"winner": winner, "scores": self.scores()})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle through ``state()``, so compiled classes and components pickle as plain Python would; a
        logging game keeps its log."""
        from .registry import _rebuild

        events = _walk(self._events_shared, self._events) if self.logging else []
        return (_rebuild, (self.state(), self.logging, events))

    def __iter__(self) -> Iterator[Action]:  # pragma: no cover - guard against accidental iteration
        raise TypeError("iterate over game.legal_actions() or game.history, not the game")


_HANDLERS: dict[tuple[type, tuple[type, ...]], dict[str, Callable[[Any, Action], None]]] = {}


def _handlers_of(cls: type[Game], components: tuple[Component[Any], ...]) -> dict[str, Callable[[Any, Action], None]]:
    """The handlers of a game of ``cls`` with ``components``: the class's, and a ``ComponentHandler`` for
    each kind of each component; made once per class and kinds of components, and shared."""
    if not components:
        return cls._class_handlers
    key = (cls, tuple([type(c) for c in components]))
    found = _HANDLERS.get(key)
    if found is None:
        found = dict(cls._class_handlers)
        for index, component in enumerate(components):
            for kind, method in type(component)._handlers.items():
                if kind in found:
                    raise ValueError(f"action kind {kind!r} of {type(component).__name__} is already handled")
                found[kind] = ComponentHandler(index, method)
        _HANDLERS[key] = found
    return found
