"""Soldiers & Armies' actions: the Catan kinds (``end`` moved to the combat phase) and the armies' own.

Notation (added to docs/notation.md; ``@N`` is a seat's index, from 0: ``@0`` is seat 1)::

    march                     leave the trade/build phase for the movement phase
    buy                       take the free development card, then the movement phase
    recruit cavalry 12        buy a unit (infantry, cavalry, artillery or the nuke) at your building 12
    wall 12                   a city wall under your city 12
    upgrade 12 | promote infantry 12   the Variante: infantry to cavalry; a victory-point card upgrades a unit
    move 12>15                the army at 12 to 15, along a shortest way (beyond 3 steps: wood + grain each)
    fight                     leave the movement phase for the combat phase
    attack 12>13 | attack 12>robber    the army at 12 attacks what stands at 13, or the robber
    resist | capitulate       the defender's answer to an attack
    continue | retreat 11 | retreat    the attacker after a round: fight on, or withdraw (to 11, or stay)
    conquer | raze            a destroyed settlement: take its place (and its cut-off roads), or leave it
    tribute wood              the resource given up after losing to the robber
    nuke F                    fire the nuke at hex F
    sellcard knight 1ore @2   offer @2 a knight for 1 ore; buycard knight 1ore @2: ask @2 for one
    sellplace 12 2ore @2      offer @2 your settlement or city at 12 for 2 ore; buyplace 12 2ore @2: ask for @2's
    sellfish 3 1wool @2       (with the Fishermen) offer @2 a fish token worth 3 for 1 wool; buyfish: ask for one
    agree | refuse            the answer of the seat addressed
    address @2                compose a trade of anything with @2, in steps (the offer's goods follow):
      give wood | give card knight | give fish 3 | give place 12 | give road 12-13   a good you give
      ask ore | ask card monopoly | ask fish 2 | ask place 20 | ask road 19-20       a good you ask for
      send | drop             send the offer (then agree | refuse | counter), or drop it
    counter                   answer an offer with your own (composed with give, ask, send)
    ally 19 @0 | neutral 19   an army next to a battle, by its owner's choice: join @0's side, or stay out
    end                       end the turn (in the combat phase)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from siedler.core.actions import ActionKind, ActionKinds, digits, field
from siedler.core.errors import IllegalAction
from siedler.core.hexgrid import Topology
from siedler.games.catan.actions import (
    KINDS,
    CatanAction,
    bundle_text,
    bundles,
    parse_bundle,
    resource,
    seat_index,
    seat_kind,
)
from siedler.games.catan.rules import DEV_CARDS, NUM_RESOURCES, RESOURCES

from .rules import UNITS

#: Trades between players ("Es kann grundsätzlich alles mit den Mitspielern gehandelt werden"): the current
#: player offers (sell) or asks for (buy) a development card, a settlement or city, or a fish token.
TRADE_KINDS = ("sellcard", "buycard", "sellplace", "buyplace", "sellfish", "buyfish")
TRADE_GOODS = {"card": "a development card", "place": "a settlement or city", "fish": "a fish token"}
TRADE_EXAMPLES = {
    "sellcard": "knight 1ore+1wool @2",
    "buycard": "knight 1ore+1wool @2",
    "sellplace": "12 2ore @2",
    "buyplace": "12 2ore @2",
    "sellfish": "3 1wool @2",
    "buyfish": "3 1wool @2",
}
#: The values of fish tokens, as written.
TOKENS = ("1", "2", "3")
#: What a composed trade holds ("alles ... inklusive Entwicklungskarten, Siedlungen / Städten, Fischen"): a
#: good is one of these with its item (a resource's or card's index, a token's value, an intersection, a
#: path's index). A trade stores a good as one number, ``good * GOOD_SPAN + item``.
GOODS = ("resource", "card", "fish", "place", "road")
RESOURCE_GOOD, CARD_GOOD, FISH_GOOD, PLACE_GOOD, ROAD_GOOD = range(len(GOODS))
GOOD_SPAN = 1024
#: The steps of a composed trade and its answers: declared once here, read by the view (``draft``).
COMPOSE_KINDS = ("address", "give", "ask", "send", "drop", "counter")


def good_code(good: int, item: int) -> int:
    return good * GOOD_SPAN + item


def good_parts(code: int) -> tuple[int, int]:
    """(good, item) of a good's number."""
    return code // GOOD_SPAN, code % GOOD_SPAN


def trade_good(kind: str) -> str:
    """What a trade kind trades: ``card``, ``place`` or ``fish``."""
    return kind.removeprefix("sell").removeprefix("buy")


#: The notation's words for people (``siedler rules``, ``siedler play``'s help), in every language.
NOTATION_KEY = "soldiers.notation"

#: Units as written, the nuke after them (``recruit nuke 12``).
RECRUITS = (*UNITS, "nuke")
NUKE_UNIT = 3
#: The robber as an attack's target (``attack 12>robber``).
ROBBER_TARGET = -1
#: A retreat that stays put (no intersection to withdraw to).
STAY = -1


class SoldierAction(CatanAction):
    """An army action; its fields by name (which kinds have which is declared in ``SOLDIER_KINDS``)."""

    __slots__ = ()
    at = field(1)  # recruit, wall, upgrade, promote: the intersection; move, attack: the army's; retreat: where to
    dest = field(2)  # move: where to; attack: the target's intersection (-1: the robber)
    unit = field(2)  # recruit, promote: the unit (0 infantry, 1 cavalry, 2 artillery, 3 the nuke)
    card = field(1)  # sellcard, buycard: the development card traded
    token = field(1)  # sellfish, buyfish: the value of the fish token traded (1-3)
    bundle = field(2)  # trades (sellcard, buyplace...): the resources paid for what is traded
    # ``at`` (field 1): sellplace, buyplace: the intersection of the settlement or city traded
    side = field(2)  # ally: the seat whose side the army at ``at`` joins
    good = field(1)  # give, ask: what kind of good (an index of ``GOODS``)
    item = field(2)  # give, ask: which one (see ``GOODS``)
    written = field(3)  # give, ask: the good as the notation writes it (``wood``, ``card knight``...)
    # ``to`` (field 3, as an offer's): trades: the seat addressed


def _one(args: list[str], kind: str) -> str:
    if len(args) != 1:
        raise IllegalAction(f"{kind!r} takes exactly one argument")
    return args[0]


def _unit(word: str, allowed: tuple[str, ...] = RECRUITS) -> int:
    w = word.lower()
    if w not in allowed:
        raise IllegalAction(f"{word!r} is not one of {', '.join(allowed)}")
    return RECRUITS.index(w)


class SoldierActionSet:
    """Every army action of a game on this topology, made once and shared by all such games."""

    def __init__(self, topo: Topology, num_players: int, max_cards: int) -> None:
        A = SoldierAction
        self.topology = topo
        n = topo.num_nodes
        self.MARCH, self.FIGHT, self.END = A("march"), A("fight"), A("end")
        self.RESIST, self.CAPITULATE, self.CONTINUE = A("resist"), A("capitulate"), A("continue")
        self.CONQUER, self.RAZE = A("conquer"), A("raze")
        self.RECRUIT = tuple(tuple(A("recruit", node, u) for node in range(n)) for u in range(len(RECRUITS)))
        self.WALL = tuple(A("wall", node) for node in range(n))
        self.UPGRADE = tuple(A("upgrade", node) for node in range(n))
        self.PROMOTE = tuple(tuple(A("promote", node, u) for node in range(n)) for u in range(2))
        #: MOVE[a][b]: the army at a moves to b (a row per intersection; ``move a>a`` is never legal).
        self.MOVE = tuple(tuple(A("move", a, b) for b in range(n)) for a in range(n))
        self.ATTACK = {(a, b): A("attack", a, b) for a in range(n) for b in (*topo.node_nodes[a], ROBBER_TARGET)}
        self.RETREAT = tuple(A("retreat", node) for node in range(n))
        self.RETREAT_STAY = A("retreat", STAY)
        self.NUKE = tuple(A("nuke", h, topo.hex_labels[h]) for h in range(len(topo.hexes)))
        self.TRIBUTE = tuple(A("tribute", r) for r in range(NUM_RESOURCES))
        self.label_to_hex = {label: i for i, label in enumerate(topo.hex_labels)}
        self.AGREE, self.REFUSE = A("agree"), A("refuse")
        #: ALLY[node][seat]: the army at node joins seat's side; NEUTRAL[node]: it stays out.
        self.ALLY = tuple(tuple(A("ally", node, p) for p in range(num_players)) for node in range(n))
        self.NEUTRAL = tuple(A("neutral", node) for node in range(n))
        #: TRADES[kind][to][good]: the trades of one good (a card, an intersection, a fish token's value - 1)
        #: with seat ``to``, one per bundle of resources, in the order of ``BUNDLES``: legal generation keeps
        #: a whole row, or filters it by the bundles the hand pays.
        self.BUNDLES = tuple(bundles(max_cards))
        #: A good's field: a card's index, an intersection, a fish token's value (from 1).
        goods = {"card": range(len(DEV_CARDS)), "place": range(n), "fish": range(1, len(TOKENS) + 1)}
        self.TRADES = {
            kind: tuple(
                tuple(tuple(A(kind, good, b, to) for b in self.BUNDLES) for good in goods[trade_good(kind)])
                for to in range(num_players)
            )
            for kind in TRADE_KINDS
        }
        self.canon: dict[Any, SoldierAction] = {}
        simple = (self.MARCH, self.FIGHT, self.END, self.RESIST, self.CAPITULATE, self.CONTINUE, self.CONQUER)
        for a in (*simple, self.RAZE, self.RETREAT_STAY, self.AGREE, self.REFUSE):
            self.canon[a] = a
        self.trade_by_fields = {
            tuple(a): a for per_seat in self.TRADES.values() for per_good in per_seat for row in per_good for a in row
        }
        self.num_players = num_players
        self.max_cards = max_cards
        #: The steps of a composed trade: ADDRESS[seat]; GIVE[code], ASK[code] by a good's number.
        self.ADDRESS = tuple(A("address", p) for p in range(num_players))
        items = (range(NUM_RESOURCES), range(len(DEV_CARDS)), range(1, len(TOKENS) + 1), range(n))
        codes = [good_code(g, i) for g, rng in enumerate(items) for i in rng]
        codes += [good_code(ROAD_GOOD, e) for e in range(topo.num_edges)]
        self.GIVE = {c: A("give", *good_parts(c), self.good_words(c)) for c in codes}
        self.ASK = {c: A("ask", *good_parts(c), self.good_words(c)) for c in codes}
        self.SEND, self.DROP, self.COUNTER = A("send"), A("drop"), A("counter")
        for a in (self.SEND, self.DROP, self.COUNTER):
            self.canon[a] = a

    def universe(self) -> tuple[SoldierAction, ...]:
        """Every army action, each once, in a fixed order (the environments' action space)."""
        return (
            *self.canon.values(),
            *(a for per_unit in self.RECRUIT for a in per_unit),
            *self.WALL,
            *self.UPGRADE,
            *(a for per_unit in self.PROMOTE for a in per_unit),
            *(a for row in self.MOVE for a in row if a.at != a.dest),
            *self.ATTACK.values(),
            *self.RETREAT,
            *self.NUKE,
            *self.TRIBUTE,
            *(a for per_seat in self.ALLY for a in per_seat),
            *self.NEUTRAL,
            *self.trade_by_fields.values(),
            *self.ADDRESS,
            *self.GIVE.values(),
            *self.ASK.values(),
        )

    def parse(self, words: list[str]) -> SoldierAction | None:
        """The army action ``words`` write, ``None`` if they write no kind of Soldiers & Armies' own."""
        found: SoldierAction | None = OWN_KINDS.read(self, words[0], words[1:])
        return found

    def node(self, word: str) -> int:
        if not digits(word) or int(word) >= self.topology.num_nodes:
            raise IllegalAction(f"{word!r} is not an intersection (0-{self.topology.num_nodes - 1})")
        return int(word)

    def pair(self, args: list[str], kind: str, robber: bool = False) -> tuple[int, int]:
        a, sep, b = "".join(args).partition(">")
        if not sep:
            raise IllegalAction(f"write '{kind} <from>><to>', e.g. '{kind} 12>13'")
        if robber and b == "robber":
            return self.node(a), ROBBER_TARGET
        return self.node(a), self.node(b)

    def move(self, args: list[str]) -> SoldierAction:
        a, b = self.pair(args, "move")
        if a == b:
            raise IllegalAction("an army moves to another intersection")
        return self.MOVE[a][b]

    def attack(self, args: list[str]) -> SoldierAction:
        a, b = self.pair(args, "attack", robber=True)
        found = self.ATTACK.get((a, b))
        if found is None:
            raise IllegalAction(f"intersections {a} and {b} are not neighbours: an army attacks its neighbour")
        return found

    def retreat(self, args: list[str]) -> SoldierAction:
        if not args:
            return self.RETREAT_STAY
        return self.RETREAT[self.node(_one(args, "retreat"))]

    def ally(self, args: list[str]) -> SoldierAction:
        if len(args) != 2:
            raise IllegalAction("write 'ally <intersection> @<seat>': the army there joins that seat's side")
        return self.ALLY[self.node(args[0])][seat_index(args[1], self.num_players)]

    def recruit(self, args: list[str]) -> SoldierAction:
        if len(args) != 2:
            raise IllegalAction(f"write 'recruit <{'|'.join(RECRUITS)}> <intersection>'")
        return self.RECRUIT[_unit(args[0])][self.node(args[1])]

    def promote(self, args: list[str]) -> SoldierAction:
        if len(args) != 2:
            raise IllegalAction("write 'promote <infantry|cavalry> <intersection>'")
        return self.PROMOTE[_unit(args[0], UNITS[:2])][self.node(args[1])]

    def trade(self, kind: str, args: list[str]) -> SoldierAction:
        good, example = trade_good(kind), TRADE_EXAMPLES[kind]
        if len(args) != 3 or not args[2].startswith("@"):
            raise IllegalAction(f"write '{kind} <{good}> <resources> @<seat>', e.g. '{kind} {example}'")
        seat = seat_index(args[2], self.num_players)
        found = self.trade_by_fields.get((kind, self.good(good, args[0]), parse_bundle(args[1]), seat))
        if found is None:
            raise IllegalAction(f"{TRADE_GOODS[good]} is traded for 1-{self.max_cards} resource cards")
        return found

    def good(self, good: str, word: str) -> int:
        """What a trade's first word names: a development card, an intersection, a fish token's value."""
        if good == "place":
            return self.node(word)
        if good == "fish":
            if word not in TOKENS:
                raise IllegalAction(f"{word!r} is not a fish token's value ({', '.join(TOKENS)})")
            return int(word)
        card = word.replace("-", "_")
        if card not in DEV_CARDS:
            raise IllegalAction(f"{word!r} is not a development card ({', '.join(DEV_CARDS)})")
        return DEV_CARDS.index(card)

    def composed(self, kind: str, args: list[str]) -> SoldierAction:
        """``give``/``ask`` and a good: a resource (``wood``), or ``card knight``, ``fish 3``, ``place 12``,
        ``road 12-13``."""
        table = self.GIVE if kind == "give" else self.ASK
        if len(args) == 1 and args[0].lower() in RESOURCES:
            return table[good_code(RESOURCE_GOOD, RESOURCES.index(args[0].lower()))]
        if len(args) != 2 or args[0].lower() not in GOODS[1:]:
            raise IllegalAction(
                f"write '{kind} <resource>' or '{kind} card|fish|place|road <which>', e.g. '{kind} wood', "
                f"'{kind} card knight', '{kind} fish 3', '{kind} place 12', '{kind} road 12-13'"
            )
        good, word = GOODS.index(args[0].lower()), args[1]
        if good == ROAD_GOOD:
            a, _, b = word.partition("-")
            ends = sorted((self.node(a), self.node(b))) if b else [-1, -1]
            edge = self.topology.edge_index.get((ends[0], ends[1]), -1)
            if edge < 0:
                raise IllegalAction(f"{word!r} is not a path (write its two intersections, e.g. 12-13)")
            return table[good_code(ROAD_GOOD, edge)]
        item = self.good(GOODS[good], word)
        return table[good_code(good, item)]

    def good_words(self, code: int) -> str:
        """A good as the notation writes it after ``give``/``ask``."""
        good, item = good_parts(code)
        if good == RESOURCE_GOOD:
            return RESOURCES[item]
        if good == CARD_GOOD:
            return f"card {DEV_CARDS[item]}"
        if good == ROAD_GOOD:
            return f"road {self.topology.edge_label(item)}"
        return f"{GOODS[good]} {item}"

    def hex(self, word: str) -> int:
        label = word.upper()
        if label not in self.label_to_hex:
            raise IllegalAction(f"{word!r} is not a hex (hexes are labelled A-{self.topology.hex_labels[-1]})")
        return self.label_to_hex[label]


def _node_kind(name: str, phase: str, pick: Any) -> ActionKind:
    return ActionKind(
        name,
        ("at",),
        (phase,),
        write=lambda a: f"{name} {a.at}",
        read=lambda s, args: pick(s)[s.node(_one(args, name))],
        target=lambda a: f"node:{a.at}",
    )


def _battle_kind(name: str, phase: str, reachable: bool = True) -> ActionKind:
    """An answer in a battle without fields, pointed at in the table's combat panel (``battle:<name>``)."""
    return ActionKind(name, phases=(phase,), target=lambda a: f"battle:{name}", reachable=reachable)


def _trade_kind(name: str) -> ActionKind:
    """A trade with one seat, a good for resources: ``sellcard knight 1ore @2``, ``buyplace 12 2ore @1``,
    ``sellfish 3 1wool @2``. The Fishermen's tokens exist only with the Fishermen: random games of the rule
    set alone never reach their trades (the rule tests and the Fishermen's configurations do)."""
    good = trade_good(name)
    field_name = {"card": "card", "place": "at", "fish": "token"}[good]

    def words(value: int) -> str:
        return DEV_CARDS[value] if good == "card" else str(value)

    return ActionKind(
        name,
        (field_name, "bundle", "to"),
        ("main",),
        write=lambda a: f"{name} {words(a[1])} {bundle_text(a.bundle)} @{a.to}",
        read=lambda s, args: s.trade(name, args),
        reachable=good != "fish",
        steps=(field_name, "to", "bundle"),  # what, to whom, for what
    )


#: Soldiers & Armies' own kinds, and ``end``, which here ends the combat phase (the turn).
OWN_KINDS = ActionKinds(
    ActionKind("march", phases=("main",), target=lambda a: "phase:movement"),
    ActionKind("fight", phases=("movement",), target=lambda a: "phase:combat"),
    ActionKind("end", phases=("combat",), target=lambda a: "phase:end"),
    ActionKind(
        "recruit",
        ("at", "unit"),
        ("main",),
        write=lambda a: f"recruit {RECRUITS[a.unit]} {a.at}",
        read=lambda s, args: s.recruit(args),
        target=lambda a: f"node:{a.at}",
    ),
    _node_kind("wall", "main", lambda s: s.WALL),
    ActionKind(
        "upgrade",
        ("at",),
        ("main",),
        write=lambda a: f"upgrade {a.at}",
        read=lambda s, args: s.UPGRADE[s.node(_one(args, "upgrade"))],
        target=lambda a: f"node:{a.at}",
        reachable=False,  # the Variante's, off by default
    ),
    ActionKind(
        "promote",
        ("at", "unit"),
        ("main",),
        write=lambda a: f"promote {RECRUITS[a.unit]} {a.at}",
        read=lambda s, args: s.promote(args),
        target=lambda a: f"node:{a.at}",
        reachable=False,  # the Variante's, off by default
    ),
    ActionKind(
        "move",
        ("at", "dest"),
        ("movement",),
        write=lambda a: f"move {a.at}>{a.dest}",
        read=lambda s, args: s.move(args),
        target=lambda a: f"node:{a.dest}",
    ),
    ActionKind(
        "attack",
        ("at", "dest"),
        ("combat",),
        write=lambda a: f"attack {a.at}>{'robber' if a.dest < 0 else a.dest}",
        read=lambda s, args: s.attack(args),
        target=lambda a: f"node:{a.dest}" if a.dest >= 0 else None,
    ),
    _battle_kind("resist", "defend"),
    _battle_kind("capitulate", "defend"),
    _battle_kind("continue", "battle"),
    ActionKind(
        "retreat",
        ("at",),
        ("battle",),
        write=lambda a: f"retreat {a.at}" if a.at >= 0 else "retreat",
        read=lambda s, args: s.retreat(args),
        target=lambda a: f"node:{a.at}" if a.at >= 0 else "battle:stop",
    ),
    # Destroying a settlement takes several won rounds, and random play seldom gets there within the
    # contract test's games: the rule tests play conquest and razing from hand-built positions.
    _battle_kind("conquer", "conquest", reachable=False),
    _battle_kind("raze", "conquest", reachable=False),
    ActionKind(
        "tribute",
        ("resource",),
        ("tribute",),
        write=lambda a: f"tribute {RESOURCES[a.resource]}",
        read=lambda s, args: s.TRIBUTE[resource(_one(args, "tribute"))],
    ),
    ActionKind(
        "nuke",
        ("hex", "label"),
        ("combat",),
        write=lambda a: f"nuke {a.label}",
        read=lambda s, args: s.NUKE[s.hex(_one(args, "nuke"))],
        target=lambda a: f"hex:{a.label}",
        reachable=False,  # the dearest purchase: random play seldom saves for it (the rule tests fire it)
    ),
    *(_trade_kind(name) for name in TRADE_KINDS),
    # Every army next to a battle joins only by its owner's choice ("kann sich nun dazu entscheiden, die
    # Artillerie ... in den Kampf hineinzubringen, muss dies aber nicht"), one army at a time.
    ActionKind(
        "ally",
        ("at", "side"),
        ("alliance",),
        write=lambda a: f"ally {a.at} @{a.side}",
        read=lambda s, args: s.ally(args),
        target=lambda a: f"battle:ally:{a.side}",
    ),
    ActionKind(
        "neutral",
        ("at",),
        ("alliance",),
        write=lambda a: f"neutral {a.at}",
        read=lambda s, args: s.NEUTRAL[s.node(_one(args, "neutral"))],
        target=lambda a: "battle:neutral",
    ),
    ActionKind("agree", phases=("card_reply", "trade_reply")),
    ActionKind("refuse", phases=("card_reply", "trade_reply")),
    # A trade of anything, composed in steps: address a seat, add goods to give and to ask for, send; the
    # seat addressed agrees, refuses, or counters with an offer of its own, composed the same way.
    seat_kind("address", "main", lambda s: s.ADDRESS),
    *(
        ActionKind(
            name,
            ("good", "item", "written"),
            ("compose",),
            write=lambda a: f"{a[0]} {a.written}",
            read=lambda s, args, name=name: s.composed(name, args),  # type: ignore[misc]
            steps=("good", "item"),  # what kind of good, then which
        )
        for name in ("give", "ask")
    ),
    ActionKind("send", phases=("compose",)),
    ActionKind("drop", phases=("compose",)),
    ActionKind("counter", phases=("trade_reply",)),
)
#: Every kind a Soldiers & Armies game knows: the Catan kinds but ``end``, and its own.
SOLDIER_KINDS = ActionKinds(*(k for k in KINDS if k.name != "end"), *OWN_KINDS)
SoldierAction.KINDS = SOLDIER_KINDS


@cache
def soldier_action_set(topo: Topology, num_players: int, max_cards: int) -> SoldierActionSet:
    return SoldierActionSet(topo, num_players, max_cards)
