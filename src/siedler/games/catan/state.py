"""The state every Catan rule set shares, declared once so the mechanics mixins agree on it.

Everything mutable is a flat list of ints (hands are ``hands[seat * 5 + resource]``) so that ``copy()``
is a handful of list slices; per-seat road and building sets are tuples, replaced rather than mutated.

The mechanics are one chain of classes, each subclassing the one before (``CatanState`` <- building <-
trading <- development <- explain <- snapshot <- view <- labels <- text <- ``CatanGame``), not mixins side
by side: the compiled build (mypyc) refuses multiple inheritance of classes with fields (docs/build.md).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self, cast

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.component import serving
from siedler.core.game import Game
from siedler.core.hidden import redeal
from siedler.core.i18n import text

from .actions import ActionSet, CatanAction
from .board import Board
from .component import CatanComponent
from .events import CATAN_EVENTS
from .rules import DEV_CARDS, NUM_RESOURCES, VICTORY_POINT, CatanRules

#: The Catan components' hot hooks: the game keeps, for each, the components serving it (``_collect_hooks``).
HOT_HOOKS = (
    "after_production",
    "founding_yield",
    "building_changed",
    "legal_extra",
    "award_changes",
    "extra_vp",
    "extra_target",
)
# Phases: who acts and what they may do. (``Final``: the compiled build inlines constants so declared.)
SETUP_SETTLEMENT: Final = 0
SETUP_ROAD: Final = 1
ROLL: Final = 2
DISCARD: Final = 3
ROBBER: Final = 4
MAIN: Final = 5
ROAD_BUILDING: Final = 6
OFFER_REPLY: Final = 7
OFFER_CONFIRM: Final = 8
OVER: Final = 9
#: The phases' names (``view()["phase"]``, the state, the action kinds' specs), by number; a rule set with
#: phases of its own numbers them on from ``len(PHASE_NAMES)`` and names them in its ``phase_names``.
PHASE_NAMES = (
    "setup_settlement",
    "setup_road",
    "roll",
    "discard",
    "robber",
    "main",
    "road_building",
    "offer_reply",
    "offer_confirm",
    "over",
)
NOBODY: Final = -1
#: Piece slots: ``pieces[seat * PIECE_KINDS + k]`` counts the pieces of kind ``k`` still in the supply.
ROADS: Final = 0
SETTLEMENTS: Final = 1
CITIES: Final = 2
PIECE_KINDS: Final = 3
#: Development cards per seat in ``dev_hand[seat * NUM_DEV_CARDS + card]``.
NUM_DEV_CARDS: Final = len(DEV_CARDS)


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanState(Game):
    rules: ClassVar[CatanRules]
    _event_kinds: ClassVar = CATAN_EVENTS

    board: Board
    action_set: ActionSet
    hands: list[int]
    bank: list[int]
    dev_deck: list[int]
    dev_hand: list[int]
    dev_new: list[int]
    dev_spent: list[int]  # development cards played, by kind (knights included)
    knights: list[int]
    node_owner: list[int]
    node_level: list[int]
    edge_owner: list[int]
    blocked: list[int]
    pieces: list[int]  # seat * 3 + (0 roads, 1 settlements, 2 cities) still in supply
    rates: list[int]  # seat * 5 + resource: best bank rate
    vp: list[int]  # public victory points (buildings and awards)
    road_len: list[int]
    discard_left: list[int]
    roads: list[tuple[int, ...]]
    buildings: list[tuple[int, ...]]
    offer_accepted: list[int]  # replaced, never mutated, so copies may share it
    phase: int
    current: int
    turn: int
    start_player: int
    setup_order: tuple[int, ...]
    setup_step: int
    last_settlement: int
    robber: int
    robber_return: int
    dice: tuple[int, int] | None
    dev_played: bool
    offers_made: int
    free_roads: int
    offer: CatanAction | None
    offer_pending: tuple[int, ...]
    longest_road: int
    largest_army: int
    turn_limit: int
    max_offers: int
    #: The components (every one a ``CatanComponent``), and those serving each hot hook (``HOT_HOOKS``): a game
    #: without extensions loops over empty tuples. ``_hooks_plan`` holds, per hot hook, the indices of the
    #: components serving it: found once by ``_collect_hooks`` and shared by copies, which rebind the tuples
    #: to their own components (``_bind_hooks``).
    _hooks_plan: tuple[tuple[int, ...], ...]
    _catan: tuple[CatanComponent, ...]
    _on_production: tuple[CatanComponent, ...]
    _on_founding: tuple[CatanComponent, ...]
    _on_building: tuple[CatanComponent, ...]
    _on_legal: tuple[CatanComponent, ...]
    _on_award: tuple[CatanComponent, ...]
    _on_vp: tuple[CatanComponent, ...]
    _on_target: tuple[CatanComponent, ...]
    #: The names of the game's phases, by number: the family's, and a rule set's own after them.
    phase_names: ClassVar[tuple[str, ...]] = PHASE_NAMES
    #: Phases of the view that are one of ``phase_names`` by another name (``_phase_view``), by that name.
    phase_aliases: ClassVar[dict[str, str]] = {}
    #: The catalog key of the robber's name (a rule set that calls it otherwise names its own key); every
    #: text about the robber uses it.
    robber_word: ClassVar[str] = "catan.word.robber"

    # Hooks that variants override --------------------------------------------------------------
    def robber_name(self, lang: str = "en") -> str:
        return text(self.robber_word, lang)

    #: Terrain that random boards keep off the island's edge (the components' ``inland_terrain`` too).
    inland_terrain: ClassVar[tuple[str, ...]] = ()

    def _collect_hooks(self) -> None:
        comps = tuple([c for c in self.components if isinstance(c, CatanComponent)])
        if len(comps) != len(self.components):
            raise TypeError("a game of the Catan family holds only components of the family (CatanComponent)")
        self._hooks_plan = tuple([serving(comps, hook, CatanComponent) for hook in HOT_HOOKS]) if comps else ()
        self._bind_hooks(comps)

    def _bind_hooks(self, comps: tuple[CatanComponent, ...]) -> None:
        """Set the per-hook tuples of ``comps`` (this game's components) by the plan."""
        self._catan = comps
        if not comps:  # the common case: no extensions
            self._on_production = self._on_founding = self._on_building = self._on_legal = ()
            self._on_award = self._on_vp = self._on_target = ()
            return
        production, founding, building, legal, award, vp, target = self._hooks_plan
        self._on_production = tuple([comps[i] for i in production])
        self._on_founding = tuple([comps[i] for i in founding])
        self._on_building = tuple([comps[i] for i in building])
        self._on_legal = tuple([comps[i] for i in legal])
        self._on_award = tuple([comps[i] for i in award])
        self._on_vp = tuple([comps[i] for i in vp])
        self._on_target = tuple([comps[i] for i in target])

    def victory_target(self, seat: int) -> int:
        """The points ``seat`` needs to win: the rules', raised by the components' ``extra_target``. A rule set
        may raise it too (calling ``super()``), never lower it below the rules' victory points: a lower
        target belongs in the rule set's data file."""
        target = self.rules.victory_points
        if self._on_target:  # (each hot hook checks before looping: pure Python pays for an empty loop)
            for component in self._on_target:
                target += component.extra_target(self, seat)
        return target

    def extra_vp(self, seat: int) -> int:
        """Public victory points from the components' own cards (``extra_vp``), kept apart from ``vp``."""
        points = 0
        if self._on_vp:
            for component in self._on_vp:
                points += component.extra_vp(self, seat)
        return points

    def _legal_extra(self, seat: int, acts: list[Action]) -> None:
        """A rule set adds its own main-phase actions here, appending to ``acts`` after calling ``super()``,
        which appends the components' (``legal_extra``)."""
        if self._on_legal:
            for component in self._on_legal:
                component.legal_extra(self, seat, acts)

    def _after_production(self, total: int) -> None:
        """What a roll of ``total`` (not 7) brings besides the resources, after they are paid out: the
        components' ``after_production``; a rule set's override calls ``super()`` first."""
        if self._on_production:
            for component in self._on_production:
                component.after_production(self, total)

    def _building_changed(self, node: int) -> None:
        """The building at ``node`` changes: the components' ``building_changed``. The shared mechanics call
        it before placing a settlement or a city; a rule set that changes a building otherwise (removes one,
        or turns a city back into a settlement) calls it too."""
        for component in self._on_building:
            component.building_changed(self, node)

    def _card_room(self, seat: int) -> bool:
        """Whether ``seat`` may receive one more development card, by any way (bought, drawn, traded): the
        base game sets no limit; a rule set with one ("Man darf nur 4 unaufgedeckte Entwicklungskarten
        besitzen") overrides it, and the components that hand out cards ask it."""
        return True

    def _barren(self, hex_index: int) -> bool:
        """Whether the hex no longer yields anything, whatever its number (a nuked hex): never in the base
        game. Components that yield from a hex of their own (a lake) ask it."""
        return False

    def _bought(self, seat: int) -> None:
        """``seat`` got a piece or card by a purchase that pays no resources to the bank (fish tokens, a trade
        with a player): nothing in the base game; a rule set that rewards buying nothing overrides it."""

    def _hand_limit(self, seat: int) -> int:
        """The most resource cards ``seat`` may hold when a 7 is rolled without discarding half; a rule set
        that raises it (with walls, say) adds to ``super()``'s."""
        return self.rules.discard_above

    def public_points(self) -> list[int]:
        """Everyone's victory points that all may see, by seat: buildings, awards and the components' cards.
        Without such cards this is ``vp`` itself (not to be changed by the caller), so hot paths comparing
        players' points make no call per seat."""
        if not self._on_vp:
            return self.vp
        return [self.vp[p] + self.extra_vp(p) for p in range(self.num_players)]

    def total_vp(self, seat: int) -> int:
        return self.vp[seat] + self.dev_hand[seat * NUM_DEV_CARDS + VICTORY_POINT] + self.extra_vp(seat)

    def _terrains(self) -> dict[str, str]:
        """Terrain -> resource ('' for none) that a loaded board may hold: the rule set's data file's, and
        the components' own terrains (``terrains``), which that file does not know."""
        terrains: dict[str, str] = self.rules.map["terrain_resource"]
        if self._catan:
            terrains = dict(terrains)
            for component in self._catan:
                terrains.update(component.terrains(self))
        return terrains

    def _clear_board(self) -> None:
        """No pieces on the board, every piece in its owner's supply: the start of a game, and the blank an
        imported state's pieces are placed on."""
        rules, n, topo = self.rules, self.num_players, self.board.topology
        self.node_owner = [NOBODY] * topo.num_nodes
        self.node_level = [0] * topo.num_nodes
        self.edge_owner = [NOBODY] * topo.num_edges
        self.blocked = [0] * topo.num_nodes
        self.pieces = [rules.max_roads, rules.max_settlements, rules.max_cities] * n
        self.rates = [4] * (n * NUM_RESOURCES)
        self.vp = [0] * n
        self.road_len = [0] * n
        self.roads = [()] * n
        self.buildings = [()] * n

    # Mechanics one mixin provides and another uses (and components, which get the game as a ``CatanState``)
    def _check_win(self, seat: int) -> None:
        raise NotImplementedError

    def _road_spots(self, seat: int) -> list[int]:
        raise NotImplementedError

    def _can_place_road(self, seat: int) -> bool:
        raise NotImplementedError

    def _steal(self, thief: int, victim: int) -> None:
        raise NotImplementedError

    def _draw_development(self, seat: int) -> None:
        raise NotImplementedError

    def _can_pay(self, seat: int, cost: tuple[int, int, int, int, int]) -> bool:
        raise NotImplementedError

    def _pay(self, seat: int, cost: tuple[int, int, int, int, int]) -> None:
        raise NotImplementedError

    def _open_harbor(self, seat: int, kind: int) -> None:
        raise NotImplementedError

    def _award_changes(self) -> None:
        """Called after anything that can move an award: the components' ``award_changes`` first, then what a
        rule set's override (calling ``super()`` first) adds."""
        if self._on_award:
            for component in self._on_award:
                component.award_changes(self)

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new._hooks_plan = self._hooks_plan
        new._bind_hooks(cast(tuple[CatanComponent, ...], new.components))
        new.board = self.board
        new.action_set = self.action_set
        new.hands = self.hands[:]
        new.bank = self.bank[:]
        new.dev_deck = self.dev_deck[:]
        new.dev_hand = self.dev_hand[:]
        new.dev_new = self.dev_new[:]
        new.dev_spent = self.dev_spent[:]
        new.knights = self.knights[:]
        new.node_owner = self.node_owner[:]
        new.node_level = self.node_level[:]
        new.edge_owner = self.edge_owner[:]
        new.blocked = self.blocked[:]
        new.pieces = self.pieces[:]
        new.rates = self.rates[:]
        new.vp = self.vp[:]
        new.road_len = self.road_len[:]
        new.discard_left = self.discard_left[:]
        new.roads = self.roads[:]
        new.buildings = self.buildings[:]
        new.offer_accepted = self.offer_accepted
        new.phase = self.phase
        new.current = self.current
        new.turn = self.turn
        new.start_player = self.start_player
        new.setup_order = self.setup_order
        new.setup_step = self.setup_step
        new.last_settlement = self.last_settlement
        new.robber = self.robber
        new.robber_return = self.robber_return
        new.dice = self.dice
        new.dev_played = self.dev_played
        new.offers_made = self.offers_made
        new.free_roads = self.free_roads
        new.offer = self.offer
        new.offer_pending = self.offer_pending
        new.longest_road = self.longest_road
        new.largest_army = self.largest_army
        new.turn_limit = self.turn_limit
        new.max_offers = self.max_offers

    def _founding_order(self) -> tuple[int, ...]:
        """The seats in founding order, from ``start_player``: clockwise, then back (the snake). A function
        of the start player alone, so that a loaded position (``from_state``) rebuilds it from its own
        start player rather than keeping the fresh game's."""
        n = self.num_players
        order = [(self.start_player + i) % n for i in range(n)]
        return tuple(order + order[::-1])

    def _resample_hidden(self, seat: int | None) -> None:
        """The other seats' resource cards are dealt anew (hand sizes and the bank are public, so each
        resource's total over their hands is known), and their unplayed development cards with the deck:
        the current player's cards bought this turn apart, since they may not be played yet. At the end of
        a game the victory-point cards are shown, so they stay where they are."""
        super()._resample_hidden(seat)
        others = [p for p in range(self.num_players) if p != seat]
        r, d = NUM_RESOURCES, NUM_DEV_CARDS
        hands = [self.hands[p * r : p * r + r] for p in others]
        redeal(hands, self.rng)
        bought = self.dev_new[:] if self.current in others else None
        held = {p: self.dev_hand[p * d : p * d + d] for p in others}
        if bought is not None:
            held[self.current] = [n - b for n, b in zip(held[self.current], bought, strict=True)]
        shown = (VICTORY_POINT,) if self.is_over else ()
        redeal([*held.values(), *([bought] if bought is not None else []), self.dev_deck], self.rng, shown)
        for p, hand in zip(others, hands, strict=True):
            self.hands[p * r : p * r + r] = hand
        for p, cards in held.items():
            if bought is not None and p == self.current:
                cards = [n + b for n, b in zip(cards, bought, strict=True)]
                self.dev_new = bought
            self.dev_hand[p * d : p * d + d] = cards

    def _export_extra(self) -> dict[str, Any]:
        return {}

    def _import_extra(self, data: dict[str, Any]) -> None:
        pass
