"""Components: what an extension (a boolean option of a family's rule sets) adds to a game, as an object the
game holds, not as a class composed with the rule set's.

A game made with extensions switched on holds one component of each (``game.components``, in the order of
the extensions' names) and calls them at fixed points, passing itself: a component keeps no reference to
its game, so copying a game copies its components' own state and nothing is rebound. The game's class is
always the rule set's own (compiled) class, whatever is switched on.

The hooks declared here are the ones any family's game calls. ``Game`` itself calls ``setup``, the copy,
``export``/``load``, ``resample_hidden`` and the handlers of the component's own action kinds
(``_do_<kind>(game, action)``, collected like a game's); the family's implementations of the words, the
notation and the view (``describe``, ``action_label``, ``parse_action``, ``explain_illegal``,
``action_universe``, ``render_text``, ``game_stats``, ``view``) ask the components first or add their parts
(``Game`` has a helper for each). A family declares its own hooks on a subclass (the Catan family's
``siedler.games.catan.component.CatanComponent``). A component serves a hook by defining the method; the
game finds, once per game, the components serving each hot hook (``serving``), so a game without
extensions pays nothing for them. See docs/api.md, "Components".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from mypy_extensions import mypyc_attr

from .actions import Action

if TYPE_CHECKING:
    from .game import Game, Move

#: The game a component's hooks receive (a family's component names its family's game class).
G = TypeVar("G")


@mypyc_attr(allow_interpreted_subclasses=True)
class Component(Generic[G]):
    """One extension's rules and state in one game. Subclasses take no constructor arguments: ``setup``
    prepares a new game's component, ``load`` an imported one's."""

    #: ``kind -> method(component, game, action)``: the component's ``_do_<kind>`` methods, once per class.
    _handlers: ClassVar[dict[str, Callable[[Any, Any, Action], None]]] = {}

    #: ``kind -> reader``: the event kinds the component records with ``game._note`` (see ``Game._event_kinds``).
    _event_kinds: ClassVar[dict[str, Callable[[tuple[Any, ...], tuple[Any, ...] | None], dict[str, Any]]]] = {}

    def __init_subclass__(cls) -> None:
        # No ``super().__init_subclass__()``: compiled code refuses it (see ``Game.__init_subclass__``).
        cls._handlers = {name[4:]: getattr(cls, name) for name in dir(cls) if name.startswith("_do_")}

    # ------------------------------------------------------------------ the game's life (called by Game)
    def setup(self, game: G) -> None:
        """A new game: called once the rule set's ``_setup`` is done (its board and its generator's first
        draws are there), in the order of ``game.components``."""

    def copy(self) -> Self:
        """An independent copy for ``game.copy()``: a blank component filled by ``_copy_into``."""
        new = type(self)()
        self._copy_into(new)
        return new

    def _copy_into(self, new: Self) -> None:
        """Copy this class's fields into ``new``, duplicating the mutable ones; a subclass with fields
        calls ``super()`` first, as the game's classes do."""

    def export(self, game: G) -> dict[str, Any]:
        """The component's part of ``state()["game"]``: its own top-level keys, as JSON."""
        return {}

    def load(self, game: G, data: dict[str, Any]) -> None:
        """Read the component's part back from ``data`` (the whole ``state()["game"]``), after the rule
        set's ``_import``; refuse what cannot be with ``RecordError``."""

    def resample_hidden(self, game: G, seat: int | None) -> None:
        """Deal anew, with ``game.rng``, what of the component's ``seat`` may not know (``determinize``),
        after the rule set's ``_resample_hidden``."""

    # ------------------------------------------------------------------ asked by the family's implementations
    def parse_action(self, game: G, text: str) -> Action | None:
        """The component's action that ``text`` writes, ``None`` if it writes none of its kinds."""
        return None

    def action_universe(self, game: G) -> tuple[Action, ...]:
        """Every action of the component's own kinds this game can offer (after the rule set's)."""
        return ()

    def explain_illegal(self, game: G, action: Action) -> str | None:
        """Why ``action``, one of the component's kinds, is refused now; ``None`` for any other."""
        return None

    def describe(self, game: G, kind: str, data: dict[str, Any], lang: str, viewer: int | None) -> str | None:
        """An event of the component's in words for ``viewer``; ``None`` for any other event."""
        return None

    def action_label(self, game: G, action: Action, lang: str) -> str | None:
        """One of the component's actions in words for a menu; ``None`` for any other."""
        return None

    def field_words(self, game: G, action: Action, name: str, index: int, lang: str) -> str | None:
        """A field of one of the component's actions in words for the table's composer (``""``: nothing to
        choose in it for this action); ``None`` for any other."""
        return None

    def render_text(self, game: G, view: dict[str, Any], lang: str) -> str | None:
        """Lines under the rule set's text board, drawn from ``view`` alone; ``None`` for none."""
        return None

    def game_stats(self, game: G, moves: Sequence[Move]) -> dict[str, list[float]]:
        """Per-seat statistics of a finished game (the ``game_stats`` hook), merged with the rule set's."""
        return {}

    def view(self, game: G, seat: int | None, view: dict[str, Any]) -> None:
        """Add what ``seat`` may know of the component to the finished ``view``: its own top-level key,
        figures in ``view["players"]`` entries, parts of the board, pieces, legend entries."""


def serving(components: Sequence[Any], hook: str, base: type) -> tuple[int, ...]:
    """The indices of the components whose class defines ``hook`` itself rather than inheriting ``base``'s
    placeholder: a game loops over these alone, so a hook nobody serves costs an empty loop."""
    placeholder = getattr(base, hook)
    return tuple([i for i, c in enumerate(components) if getattr(type(c), hook) is not placeholder])


class ComponentHandler:
    """The game's handler for one action kind of one component (``Game._handlers``): it finds the component
    in the game it is called with, so copies of a game share it."""

    def __init__(self, index: int, method: Callable[[Any, Any, Action], None]) -> None:
        self.index = index
        self.method = method

    def __call__(self, game: Game, action: Action) -> None:
        self.method(game.components[self.index], game, action)
