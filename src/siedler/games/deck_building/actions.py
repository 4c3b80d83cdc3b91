"""Deck Building actions, their notation, and the set of interned action objects.

Notation (documented in docs/rules/deck-building.md):

    end                         end the turn: laid-out cards to the discard pile, then draw
    lay wood                    lay a card out without its action (a basic card's unit can still pay)
    play harbor                 use an action card: settlement, city, bandit, knight, defender, harbor
    road 3                      play three roads together as one group
    trade wool+wool>ore         two laid-out resource cards count as one ore
    buy city                    buy a card from the supply
    reflect | allow             answer an attack with a Ritter (Defensiv), or let it happen
    keep | return               keep the card the Bandit took, or give it back
    discard sea                 discard a hand card to a Ritter (Offensiv)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from siedler.core.actions import Action, ActionKind, ActionKinds, digits, field
from siedler.core.errors import IllegalAction

from .cards import (
    BANDIT,
    CARDS,
    CITY,
    DEFENDER,
    HARBOR,
    KNIGHT,
    NUM_CARDS,
    NUM_RESOURCES,
    ROAD,
    SETTLEMENT,
    card_named,
)

#: The notation's words for people (``siedler rules``, ``siedler play``'s help), in every language.
NOTATION_KEY = "deck_building.help.notation"

#: Cards with an action to ``play``; roads are played as a group with ``road <n>``.
PLAYABLE = (SETTLEMENT, CITY, BANDIT, KNIGHT, DEFENDER, HARBOR)
#: Cards that may also be laid out without their action. A Siedlung or Stadt laid out always makes its
#: resources available (using them is optional), so for them ``play`` is the only way out of the hand.
LAYABLE = tuple(k for k in range(NUM_CARDS) if k not in (SETTLEMENT, CITY, ROAD))


class DeckAction(Action):
    """A Deck Building action; its fields by name (which kinds have which is declared in ``KINDS`` below)."""

    __slots__ = ()
    card = field(1)  # lay, play, buy, discard
    roads = field(1)  # road: how many roads are played together
    give_a = field(1)  # trade: the two resource cards given (give_a <= give_b)
    give_b = field(2)
    get = field(3)  # trade: the resource received


class ActionSet:
    """Every action object a game can use, built once per road-group limit and shared by all games."""

    def __init__(self, max_roads: int) -> None:
        A = DeckAction
        self.END, self.REFLECT, self.ALLOW = A("end"), A("reflect"), A("allow")
        self.KEEP, self.RETURN = A("keep"), A("return")
        self.LAY = tuple(A("lay", k) if k in LAYABLE else None for k in range(NUM_CARDS))
        self.PLAY = tuple(A("play", k) if k in PLAYABLE else None for k in range(NUM_CARDS))
        self.BUY = tuple(A("buy", k) for k in range(NUM_CARDS))
        self.DISCARD = tuple(A("discard", k) for k in range(NUM_CARDS))
        self.ROAD = tuple(A("road", n) for n in range(max_roads + 1))
        #: HAND[card]: the lay and play actions a held card offers.
        self.HAND = tuple(tuple(a for a in (self.LAY[k], self.PLAY[k]) if a is not None) for k in range(NUM_CARDS))
        self.max_roads = max_roads
        #: Shared by every game on this table (see legal.py): the lay and play actions of the cards held,
        #: by which cards are held (a byte 0 or 1 per card).
        self.prefixes: dict[bytes, tuple[DeckAction, ...]] = {}
        #: ROAD_GROUPS[n]: the road-group actions for n held roads.
        self.ROAD_GROUPS = tuple(self.ROAD[1 : n + 1] for n in range(max_roads + 1))
        self.TRADE: dict[tuple[int, int, int], DeckAction] = {}
        for a in range(NUM_RESOURCES):
            for b in range(a, NUM_RESOURCES):
                for c in range(NUM_RESOURCES):
                    if c not in (a, b):
                        self.TRADE[(a, b, c)] = A("trade", a, b, c)
        #: The trades the laid-out units allow, by the units of each resource (bytes of 0, 1 or 2 and more).
        self.TRADES_BY_UNITS: dict[bytes, tuple[DeckAction, ...]] = {}
        for key in range(3**NUM_RESOURCES):
            have = bytes((key // 3**r) % 3 for r in range(NUM_RESOURCES))
            self.TRADES_BY_UNITS[have] = tuple(
                act for (a, b, _), act in self.TRADE.items() if (have[a] >= 2 if a == b else have[a] and have[b])
            )
        self.canon: dict[tuple[object, ...], DeckAction] = {}
        for act in (
            self.END,
            self.REFLECT,
            self.ALLOW,
            self.KEEP,
            self.RETURN,
            *self.BUY,
            *self.DISCARD,
            *self.ROAD[1:],
            *self.TRADE.values(),
            *(x for x in self.LAY + self.PLAY if x),
        ):
            self.canon[tuple(act)] = act

    def hand_actions(self, held: bytes) -> tuple[DeckAction, ...]:
        """``end``, then the lay and play actions of the cards held (a 0/1 per card), in card order."""
        acts = [self.END]
        for k in range(NUM_CARDS):
            if held[k]:
                acts.extend(self.HAND[k])
        return tuple(acts)

    # ------------------------------------------------------------------ parsing
    def parse(self, text: object) -> DeckAction:
        """Read notation; tolerant of case, spacing and German card names, strict about meaning."""
        found: DeckAction = KINDS.parse(self, text)
        return found

    def card_action(self, kind: str, args: list[str]) -> DeckAction:
        """``lay``, ``play``, ``buy`` or ``discard`` of the card named by ``args``."""
        card = _card(" ".join(args), kind)
        by_card = {"lay": self.LAY, "play": self.PLAY, "buy": self.BUY, "discard": self.DISCARD}[kind]
        found = by_card[card]
        if found is None:
            how = "road <n>" if card == ROAD else f"play {CARDS[card]}"
            raise IllegalAction(f"a {CARDS[card]} cannot be {kind}ed; write '{how}'")
        return found

    def road(self, args: list[str]) -> DeckAction:
        if len(args) != 1 or not digits(args[0]) or not 1 <= int(args[0]) <= self.max_roads:
            raise IllegalAction(f"write 'road <n>' with n from 1 to {self.max_roads}")
        return self.ROAD[int(args[0])]

    def trade(self, args: list[str]) -> DeckAction:
        return self._trade("".join(args))

    def _trade(self, text: str) -> DeckAction:
        give, sep, get = text.partition(">")
        if not sep:
            raise IllegalAction("write 'trade <card>+<card>><resource>', e.g. 'trade wool+wool>ore'")
        if "+" in give:
            first, _, second = give.partition("+")
            a, b = _card(first, "trade"), _card(second, "trade")
        elif give.startswith("2"):
            a = b = _card(give[1:], "trade")
        else:
            raise IllegalAction(f"a trade gives two resource cards, not {give!r}")
        c = _card(get, "trade")
        found = self.TRADE.get((min(a, b), max(a, b), c))
        if found is None:
            raise IllegalAction(
                "a trade gives two resource cards for one resource of another kind; "
                f"'{CARDS[a]}+{CARDS[b]}>{CARDS[c]}' is not such a trade"
            )
        return found


def _card(word: str, kind: str) -> int:
    card = card_named(word) if word else None
    if card is None:
        raise IllegalAction(f"{kind!r} needs a card ({', '.join(CARDS)}), not {word!r}")
    return card


def _card_kind(name: str, phases: tuple[str, ...], target: Callable[[DeckAction], str]) -> ActionKind:
    return ActionKind(
        name,
        ("card",),
        phases,
        write=lambda a: f"{name} {CARDS[a.card]}",
        read=lambda s, args: s.card_action(name, args),
        target=target,
    )


def _hand_card(a: DeckAction) -> str:
    return f"card:{CARDS[a.card]}"


#: Every Deck Building action kind, declared once. A card in the hand is a click on ``card:<name>``, a buy
#: one on the supply's ``pile:<name>``; road groups, trades and answers to attacks stay in the menu, each in
#: words: a click on a road would have to guess how many to play together (and one alone yields nothing).
KINDS = ActionKinds(
    ActionKind("end", phases=("main",)),
    _card_kind("lay", ("main",), _hand_card),
    _card_kind("play", ("main",), _hand_card),
    ActionKind(
        "road",
        ("roads",),
        ("main",),
        write=lambda a: f"road {a.roads}",
        read=lambda s, args: s.road(args),
    ),
    ActionKind(
        "trade",
        ("give_a", "give_b", "get"),
        ("main",),
        write=lambda a: f"trade {CARDS[a.give_a]}+{CARDS[a.give_b]}>{CARDS[a.get]}",
        read=lambda s, args: s.trade(args),
    ),
    _card_kind("buy", ("main",), lambda a: f"pile:{CARDS[a.card]}"),
    ActionKind("reflect", phases=("react",)),
    ActionKind("allow", phases=("react",)),
    ActionKind("keep", phases=("steal",)),
    ActionKind("return", phases=("steal",)),
    _card_kind("discard", ("discard",), _hand_card),
)
DeckAction.KINDS = KINDS


@cache
def action_set(max_roads: int) -> ActionSet:
    return ActionSet(max_roads)
