"""Catan actions, their notation, and the set of interned action objects for one board.

Notation (see docs/notation.md; ``@N`` is a seat's index, from 0: ``@0`` is seat 1, ``@2`` seat 3):

    roll | end | buy | knight | roadbuilding | accept | decline | withdraw
    settle 12 | city 12 | road 12-13          nodes are numbered in reading order on the text board
    robber F | robber F @2                     move the robber to hex F (and steal from @2)
    discard wood | monopoly ore | plenty wood ore
    bank wool>ore                              trade with the bank at your best rate
    offer 1wood+1brick>1ore | offer 2wool>1ore @2   offer to everyone, or to @2
    confirm @2                                  trade with @2, who accepted
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from siedler.core.actions import Action, ActionKind, ActionKinds, digits, field
from siedler.core.errors import IllegalAction
from siedler.core.hexgrid import Topology

from .rules import NUM_RESOURCES, RESOURCE_INDEX, RESOURCES

#: The notation's words for people (``siedler rules``, ``siedler play``'s help), in every language.
NOTATION_KEY = "catan.notation"

Bundle = tuple[int, int, int, int, int]

# Alternative names accepted when parsing (English synonyms and the German terms of the rule text).
RESOURCE_ALIASES = {
    **RESOURCE_INDEX,
    "lumber": 0,
    "holz": 0,
    "clay": 1,
    "lehm": 1,
    "sheep": 2,
    "wolle": 2,
    "weide": 2,
    "wheat": 3,
    "getreide": 3,
    "korn": 3,
    "erz": 4,
    "stone": 4,
}


def bundle_text(b: Bundle) -> str:
    return "+".join(f"{n}{RESOURCES[r]}" for r, n in enumerate(b) if n)


class CatanAction(Action):
    """A Catan action; its fields by name (which kinds have which is declared in ``KINDS`` below)."""

    __slots__ = ()
    node = field(1)  # settle, city
    edge = field(1)  # road: the path's index
    node_a = field(2)  # road: its two intersections
    node_b = field(3)
    hex = field(1)  # robber: the hex's index
    label = field(2)  # robber: the hex's label
    victim = field(3)  # robber: the seat robbed, -1 for nobody
    resource = field(1)  # discard, monopoly, plenty
    second = field(2)  # plenty: the second resource, when the bank holds two
    give = field(1)  # bank: a resource; offer: a bundle
    get = field(2)  # bank
    want = field(2)  # offer
    to = field(3)  # offer: the seat addressed, -1 for everyone
    seat = field(1)  # confirm


def bundles(max_cards: int, exclude: frozenset[int] = frozenset()) -> list[Bundle]:
    """Every non-empty multiset of at most ``max_cards`` resources avoiding the types in ``exclude``."""
    allowed = [r for r in range(NUM_RESOURCES) if r not in exclude]
    out = []
    for size in range(1, max_cards + 1):
        for combo in combinations_with_replacement(allowed, size):
            b = [0] * NUM_RESOURCES
            for r in combo:
                b[r] += 1
            out.append(tuple(b))
    return out  # type: ignore[return-value]


class ActionSet:
    """Every action object a game on this topology can use, built once and shared by all such games.

    Legal-action generation then hands out these objects instead of allocating, and ``apply`` finds them
    by identity. A rule set with kinds of its own subclasses it and names its action class (whose ``KINDS``
    are then the ones its actions are written and read with).
    """

    action_class: type[CatanAction] = CatanAction

    def __init__(self, topo: Topology, num_players: int, offer_max_cards: int) -> None:
        A = self.action_class
        self.topology = topo
        self.ROLL, self.END, self.BUY = A("roll"), A("end"), A("buy")
        self.KNIGHT, self.ROAD_BUILDING = A("knight"), A("roadbuilding")
        self.ACCEPT, self.DECLINE, self.WITHDRAW = A("accept"), A("decline"), A("withdraw")
        self.SETTLE = tuple(A("settle", n) for n in range(topo.num_nodes))
        self.CITY = tuple(A("city", n) for n in range(topo.num_nodes))
        self.ROAD = tuple(A("road", e, a, b) for e, (a, b) in enumerate(topo.edge_nodes))
        # ROBBER[h][victim + 1]; victim -1 means nobody to steal from.
        self.ROBBER = tuple(
            tuple(A("robber", h, topo.hex_labels[h], v) for v in range(-1, num_players)) for h in range(len(topo.hexes))
        )
        self.DISCARD = tuple(A("discard", r) for r in range(NUM_RESOURCES))
        self.MONOPOLY = tuple(A("monopoly", r) for r in range(NUM_RESOURCES))
        self.PLENTY = {(a, b): A("plenty", a, b) for a in range(NUM_RESOURCES) for b in range(a, NUM_RESOURCES)}
        self.PLENTY_ONE = tuple(A("plenty", r) for r in range(NUM_RESOURCES))
        self.BANK = tuple(tuple(A("bank", g, t) for t in range(NUM_RESOURCES)) for g in range(NUM_RESOURCES))
        self.CONFIRM = tuple(A("confirm", p) for p in range(num_players))
        # OFFERS[seat] = ((give, (offer actions...)), ...) grouped by what is given, for fast filtering.
        gives = bundles(offer_max_cards)
        self.OFFERS: tuple[tuple[tuple[Bundle, tuple[CatanAction, ...]], ...], ...] = tuple(
            tuple(
                (
                    give,
                    tuple(
                        A("offer", give, want, to)
                        for want in bundles(offer_max_cards, frozenset(r for r in range(NUM_RESOURCES) if give[r]))
                        for to in (-1, *[q for q in range(num_players) if q != seat])
                    ),
                )
                for give in gives
            )
            for seat in range(num_players)
        )
        self.canon: dict[Any, CatanAction] = {}
        for item in self._all():
            self.canon[item] = item
        #: Notation of every action, written once: views list the legal actions as text after every move,
        #: and a main-phase list holds hundreds of trade offers.
        self.text: dict[Any, str] = {item: str(item) for item in self.canon}
        self.num_players = num_players
        self.offer_max_cards = offer_max_cards
        self.label_to_hex = {label: i for i, label in enumerate(topo.hex_labels)}

    def _all(self) -> list[CatanAction]:
        out = [
            self.ROLL,
            self.END,
            self.BUY,
            self.KNIGHT,
            self.ROAD_BUILDING,
            self.ACCEPT,
            self.DECLINE,
            self.WITHDRAW,
            *self.SETTLE,
            *self.CITY,
            *self.ROAD,
            *self.DISCARD,
            *self.MONOPOLY,
            *self.PLENTY.values(),
            *self.PLENTY_ONE,
            *self.CONFIRM,
        ]
        for row in self.ROBBER:
            out.extend(row)
        for row in self.BANK:
            out.extend(row)
        for per_seat in self.OFFERS:
            for _, offers in per_seat:
                out.extend(offers)
        return out

    # ------------------------------------------------------------------ parsing
    def parse(self, text: object) -> CatanAction:
        """Read notation; tolerant of case, spacing and German resource names, strict about meaning."""
        found: CatanAction = self.action_class.KINDS.parse(self, text)
        return found

    def node(self, word: str) -> int:
        if not digits(word) or int(word) >= self.topology.num_nodes:
            raise IllegalAction(f"{word!r} is not an intersection (0-{self.topology.num_nodes - 1})")
        return int(word)

    def edge(self, word: str) -> int:
        a, sep, b = word.partition("-")
        if not sep or not digits(a) or not digits(b):
            raise IllegalAction(f"{word!r} is not a path; write two intersections like 12-13")
        key = (min(int(a), int(b)), max(int(a), int(b)))
        if key not in self.topology.edge_index:
            raise IllegalAction(f"intersections {a} and {b} are not joined by a path")
        return self.topology.edge_index[key]

    def hex(self, word: str) -> int:
        label = word.upper()
        if label not in self.label_to_hex:
            raise IllegalAction(f"{word!r} is not a hex (hexes are labelled A-{self.topology.hex_labels[-1]})")
        return self.label_to_hex[label]

    def offer(self, args: list[str]) -> CatanAction:
        to = -1
        if args and args[-1].startswith("@"):
            to = seat_index(args[-1], self.num_players) if args[-1] != "@*" else -1
            args = args[:-1]
        give_text, sep, want_text = "".join(args).partition(">")
        if not sep:
            raise IllegalAction("write 'offer <give>><want>', e.g. 'offer 1wood+1brick>1ore'")
        give, want = parse_bundle(give_text), parse_bundle(want_text)
        found = self.canon.get(("offer", give, want, to))
        if found is None:
            raise IllegalAction(
                f"offers give and take 1-{self.offer_max_cards} cards of different resources, to everyone "
                f"or one other seat; {' '.join(args)!r} is not such an offer"
            )
        return found


def _one(args: list[str], kind: str) -> str:
    if len(args) != 1:
        raise IllegalAction(f"{kind!r} takes exactly one argument")
    return args[0]


def seat_kind(name: str, phase: str, pick: Callable[[Any], Any]) -> ActionKind:
    """A kind whose one field is a seat, written ``name @N``; ``pick`` gives the action set's row of its
    interned actions by seat."""
    return ActionKind(
        name,
        ("seat",),
        (phase,),
        write=lambda a: f"{name} @{a.seat}",
        read=lambda s, args: pick(s)[seat_index(_one(args, name), s.num_players)],
    )


def seat_index(word: str, players: int) -> int:
    """A seat written in the notation (``@2``: an index from 0) for a game of ``players``; every rule set's
    parser reads seats here, so that each refuses a bad one in the same words."""
    w = word.lstrip("@")
    if not digits(w) or int(w) >= players:
        raise IllegalAction(f"{word!r} is not a seat (seat indices are @0-@{players - 1}; @0 is seat 1)")
    return int(w)


def resource(word: str) -> int:
    r = RESOURCE_ALIASES.get(word.strip().lower())
    if r is None:
        raise IllegalAction(f"{word!r} is not a resource ({', '.join(RESOURCES)})")
    return r


_BUNDLE_PART = re.compile(r"^([0-9]*)([a-zäöü]+)$")  # ASCII digits: \d takes any script\'s


def parse_bundle(text: str) -> Bundle:
    counts = [0] * NUM_RESOURCES
    for part in text.split("+"):
        m = _BUNDLE_PART.match(part.strip())
        if not m:
            raise IllegalAction(f"{part!r} is not a count and a resource, like 2wool")
        counts[resource(m.group(2))] += int(m.group(1) or 1)
    return tuple(counts)  # type: ignore[return-value]


def _read_plenty(s: ActionSet, args: list[str]) -> CatanAction:
    if len(args) == 1:
        return s.PLENTY_ONE[resource(args[0])]
    if len(args) != 2:
        raise IllegalAction("write 'plenty <resource> <resource>'")
    a, b = sorted((resource(args[0]), resource(args[1])))
    return s.PLENTY[(a, b)]


def _read_robber(s: ActionSet, args: list[str]) -> CatanAction:
    if not 1 <= len(args) <= 2:
        raise IllegalAction("write 'robber <hex>' or 'robber <hex> @<seat>'")
    victim = seat_index(args[1], s.num_players) if len(args) == 2 else -1
    return s.ROBBER[s.hex(args[0])][victim + 1]


def _read_bank(s: ActionSet, args: list[str]) -> CatanAction:
    give, _, get = "".join(args).partition(">")
    if not get:
        raise IllegalAction("write 'bank <give>><get>', e.g. 'bank wool>ore'")
    return s.BANK[resource(give)][resource(get)]


def _to(seat: int) -> str:
    return f" @{seat}" if seat >= 0 else ""


def _node_kind(name: str, phases: tuple[str, ...], pick: Callable[[ActionSet], tuple[CatanAction, ...]]) -> ActionKind:
    """A kind played on an intersection (``settle 12``), from the set's per-node tuple ``pick``."""
    return ActionKind(
        name,
        ("node",),
        phases,
        write=lambda a: f"{name} {a.node}",
        read=lambda s, args: pick(s)[s.node(_one(args, name))],
        target=lambda a: f"node:{a.node}",
    )


def _resource_kind(
    name: str, phases: tuple[str, ...], pick: Callable[[ActionSet], tuple[CatanAction, ...]]
) -> ActionKind:
    """A kind naming one resource (``discard wood``), from the set's per-resource tuple ``pick``."""
    return ActionKind(
        name,
        ("resource",),
        phases,
        write=lambda a: f"{name} {RESOURCES[a.resource]}",
        read=lambda s, args: pick(s)[resource(_one(args, name))],
    )


#: Development cards other than victory points may be played before rolling too.
_ROLL_OR_MAIN = ("roll", "main")
#: Every Catan action kind, declared once; variants extend it (``KINDS.extended(...)``).
KINDS = ActionKinds(
    ActionKind("roll", phases=("roll",)),
    ActionKind("end", phases=("main",)),
    _node_kind("settle", ("setup_settlement", "main"), lambda s: s.SETTLE),
    _node_kind("city", ("main",), lambda s: s.CITY),
    ActionKind(
        "road",
        ("edge", "node_a", "node_b"),
        ("setup_road", "main", "road_building"),
        write=lambda a: f"road {a.node_a}-{a.node_b}",
        read=lambda s, args: s.ROAD[s.edge(_one(args, "road"))],
        target=lambda a: f"edge:{a.node_a}-{a.node_b}",
    ),
    ActionKind("buy", phases=("main",)),
    ActionKind("knight", phases=_ROLL_OR_MAIN),
    ActionKind("roadbuilding", phases=_ROLL_OR_MAIN),
    ActionKind(
        "plenty",
        ("resource", "second"),
        _ROLL_OR_MAIN,
        write=lambda a: "plenty " + " ".join(RESOURCES[r] for r in a[1:]),
        read=_read_plenty,
    ),
    _resource_kind("monopoly", _ROLL_OR_MAIN, lambda s: s.MONOPOLY),
    _resource_kind("discard", ("discard",), lambda s: s.DISCARD),
    ActionKind(
        "robber",
        ("hex", "label", "victim"),
        ("robber",),
        write=lambda a: f"robber {a.label}{_to(a.victim)}",
        read=_read_robber,
        target=lambda a: f"hex:{a.label}",
    ),
    ActionKind(
        "bank",
        ("give", "get"),
        ("main",),
        write=lambda a: f"bank {RESOURCES[a.give]}>{RESOURCES[a.get]}",
        read=_read_bank,
    ),
    ActionKind(
        "offer",
        ("give", "want", "to"),
        ("main",),
        write=lambda a: f"offer {bundle_text(a.give)}>{bundle_text(a.want)}{_to(a.to)}",
        read=lambda s, args: s.offer(args),
    ),
    ActionKind("accept", phases=("offer_reply",)),
    ActionKind("decline", phases=("offer_reply",)),
    seat_kind("confirm", "offer_confirm", lambda s: s.CONFIRM),
    ActionKind("withdraw", phases=("offer_confirm",)),
)
CatanAction.KINDS = KINDS


@cache
def action_set(topo: Topology, num_players: int, offer_max_cards: int) -> ActionSet:
    return ActionSet(topo, num_players, offer_max_cards)
