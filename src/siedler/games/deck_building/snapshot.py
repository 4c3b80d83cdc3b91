"""The full export of a Deck Building position (``state()``) and its import, checked (``from_state``)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from siedler.core.errors import RecordError

from .cards import CARD_INDEX, CARDS, NUM_BASIC, NUM_RESOURCES, RESOURCES
from .explain import ExplainMixin
from .payment import TRADED
from .state import DISCARD, NOBODY, OVER, PHASE_NAMES, POOL_SIZE, REACT, STEAL, C


def _names(cards: list[int]) -> list[str]:
    return [CARDS[k] for k in cards]


def _counted(counts: list[int], names: tuple[str, ...] = CARDS) -> dict[str, int]:
    return {names[k]: n for k, n in enumerate(counts) if n}


@mypyc_attr(allow_interpreted_subclasses=True)
class SnapshotMixin(ExplainMixin):
    """``_export`` and ``_import``: what ``state()`` holds, and a position read back, checked whole."""

    def _export(self) -> dict[str, Any]:
        return {
            "phase": PHASE_NAMES[self.phase],
            "current": self.current,
            "turn": self.turn,
            "start_player": self.start_player,
            "supply": {CARDS[k]: n for k, n in enumerate(self.supply)},
            "players": [
                {
                    "hand": _counted(self.hands[p * C : p * C + C]),
                    "draw": _names(self.draw[p]),
                    "discard": _names(self.discard[p]),
                    "laid_out": _names(self.laid[p]),
                }
                for p in range(self.num_players)
            ],
            "table": {
                "cards": _counted(self.pool[:NUM_BASIC]),
                "traded": _counted(self.pool[TRADED:], RESOURCES),
                "any": self.wild,
            },
            "attack": None
            if self.attack == NOBODY
            else {"card": CARDS[self.attack], "target": self.target, "reflections": self.reflections},
            "taken": CARDS[self.taken] if self.taken != NOBODY else None,
            "discard_left": self.discard_left,
        }

    def _import(self, data: dict[str, Any]) -> None:
        phases = {name: i for i, name in enumerate(PHASE_NAMES)}
        if data["phase"] not in phases:
            raise RecordError(f"unknown phase {data['phase']!r}")
        self.phase = phases[data["phase"]]
        self.current = self._imported_seat(data["current"])
        self.turn = int(data["turn"])
        self.start_player = self._imported_seat(data["start_player"])
        self.supply = list(_counts(data["supply"], "supply"))
        players = data["players"]
        if len(players) != self.num_players:
            raise RecordError(f"state lists {len(players)} players for {self.num_players} seats")
        self.hands = []
        for p, entry in enumerate(players):
            self.hands += _counts(entry["hand"], f"player {p} hand")
        self.draw = [_pile(e["draw"], "draw") for e in players]
        self.discard = [_pile(e["discard"], "discard") for e in players]
        self.laid = [_pile(e["laid_out"], "laid_out") for e in players]
        table = data["table"]
        self.pool = [0] * POOL_SIZE
        self.pool[:NUM_BASIC] = _counts(table["cards"], "table cards")[:NUM_BASIC]
        self.pool[TRADED:] = _counts(table["traded"], "table traded")[:NUM_RESOURCES]
        self.wild = int(table["any"])
        attack = data["attack"]
        self.attack = _card(attack["card"]) if attack else NOBODY
        self.target = self._imported_seat(attack["target"]) if attack else NOBODY
        self.reflections = int(attack["reflections"]) if attack else 0
        self.taken = _card(data["taken"]) if data["taken"] is not None else NOBODY
        self.discard_left = int(data["discard_left"])
        if self.wild < 0 or self.discard_left < 0:
            raise RecordError("a count in the state is negative")
        answering = self.phase in (REACT, STEAL, DISCARD)
        # A game can end in the middle of an attack (the Stadt cards it makes the attacker draw win at once);
        # what was left of the attack is kept, as the game was, so an ended game may hold any of it.
        if self.phase != OVER and (
            answering != (self.attack != NOBODY)
            or (self.phase == STEAL) != (self.taken != NOBODY)
            or ((self.phase == DISCARD) != (self.discard_left > 0))
        ):
            raise RecordError(f"phase {data['phase']!r} does not match the attack, taken card and discards given")
        self._check_conservation()
        self._buys = None

    def _check_conservation(self) -> None:
        """Every card of the game is in exactly one zone: the supply, a hand, a pile, laid out or taken."""
        held = list(self.supply)
        for p in range(self.num_players):
            for k in range(C):
                held[k] += self.hands[p * C + k]
            for pile in (self.draw[p], self.discard[p], self.laid[p]):
                for k in pile:
                    held[k] += 1
        if self.taken != NOBODY:
            held[self.taken] += 1
        for k, (have, total) in enumerate(zip(held, self.rules.totals(self.num_players))):
            if have != total:
                raise RecordError(f"the state holds {have} {CARDS[k]} cards; this edition has {total}")


def _card(name: Any) -> int:
    if name not in CARD_INDEX:
        raise RecordError(f"{name!r} is not a card")
    return CARD_INDEX[name]


def _counts(data: dict[str, Any], what: str) -> list[int]:
    counts = [0] * C
    for name, n in data.items():
        counts[_card(name)] = int(n)
    if any(n < 0 for n in counts):
        raise RecordError(f"{what} holds a negative count")
    return counts


def _pile(names: list[Any], what: str) -> list[int]:
    if not isinstance(names, list):
        raise RecordError(f"{what} must be a list of card names")
    return [_card(n) for n in names]
