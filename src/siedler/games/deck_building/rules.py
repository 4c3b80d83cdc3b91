"""The numbers of the game (starting deck, supply, costs, effects, draw rules) read from TOML editions.

An edition file may extend another and list only its changes (merged by ``siedler.core.data``). On top
of the edition, a game's options ``deck``, ``supply`` and ``costs`` overlay a designer's own changes, so a
modified edition is played without touching code; each distinct combination is parsed once and cached.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources as importlib_resources
from typing import Any

from siedler.core.data import load_data
from siedler.core.errors import OptionError
from siedler.core.options import table_option

from .cards import ACTION_CARDS, CARD_INDEX, CARDS, NUM_BASIC, NUM_CARDS, NUM_RESOURCES

DATA_PACKAGE = "siedler.games.deck_building"


@cache
def editions() -> tuple[str, ...]:
    """The edition files shipped in the package (``standard`` first): the data files that name a ``title``
    (the bots' weights, ``value.toml``, lie beside them and are no edition)."""
    folder = importlib_resources.files(DATA_PACKAGE).joinpath("data")
    files = [p for p in folder.iterdir() if p.name.endswith(".toml")]
    names = sorted(p.name[:-5] for p in files if "title" in tomllib.loads(p.read_text(encoding="utf-8")))
    return tuple(sorted(names, key=lambda n: n != "standard"))


def option_form(option: str) -> dict[str, Any]:
    """How the lobby's form fills the option ``deck``, ``supply`` or ``costs``: a count per card, or a price
    per card in basic cards, starting from the chosen edition's numbers (``Option.form``)."""
    values = {edition: load_data(DATA_PACKAGE, f"data/{edition}.toml")[option] for edition in editions()}
    form: dict[str, Any] = {"rows": list(CARDS if option == "deck" else ACTION_CARDS), "words": "cards"}
    if option == "costs":
        form |= {"columns": list(CARDS[:NUM_BASIC]), "column_words": "cards"}
    return form | {"base": {"by": "edition", "values": values}}


@dataclass(frozen=True)
class Cost:
    """What buying one card takes from the buyer."""

    #: Units of each basic card (resources, then terrain) to pay.
    pay: tuple[int, ...]
    #: Cards that must be held unplayed, by kind (shown and kept, or given back to the supply).
    hold: tuple[int, ...]
    #: Cards given back from the hand to the supply, by kind.
    give_back: tuple[int, ...]
    #: ``(card, count)`` for every basic card paid: the loops of the payment check.
    kinds: tuple[tuple[int, int], ...]
    #: ``(card, count)`` given back to the supply.
    returns: tuple[tuple[int, int], ...]
    #: ``(card, count)`` for every card held, and how many resource cards are held (not spare).
    holds: tuple[tuple[int, int], ...]
    held_resources: int

    @property
    def units(self) -> int:
        return sum(self.pay)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {CARDS[k]: n for k, n in enumerate(self.pay) if n}
        shown = [CARDS[k] for k in range(NUM_CARDS) for _ in range(self.hold[k] - self.give_back[k])]
        if shown:
            out["show"] = shown
        back = [CARDS[k] for k in range(NUM_CARDS) for _ in range(self.give_back[k])]
        if back:
            out["give_back"] = back
        return out


@dataclass(frozen=True)
class DeckRules:
    edition: str
    title: str
    deck: tuple[int, ...]
    supply: tuple[int, ...]
    costs: tuple[Cost | None, ...]
    settlement_resources: int
    city_resources: int
    bandit_draw: int
    knight_draw: int
    knight_discard: int
    defender_draw: int
    harbor_draw: int
    road_resources: tuple[int, ...]
    road_extra_resources: int
    opening_hand: int
    draw_min: int
    refill_below: int
    refill_to: int
    cities_in_hand: int

    def road_group(self, n: int) -> int:
        """Resources of choice from ``n`` roads played together."""
        table = self.road_resources
        if n <= len(table):
            return table[n - 1] if n > 0 else 0
        return table[-1] + (n - len(table)) * self.road_extra_resources

    def totals(self, players: int = 2) -> tuple[int, ...]:
        """How many cards of each kind the game holds: every starting deck plus the supply."""
        return tuple(players * d + s for d, s in zip(self.deck, self.supply))


#: The largest count an option may set (cards in a deck or pile, a cost, an effect): far above any edition's
#: own numbers, and small enough that a game built from it stays small.
MAX_COUNT = 99


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise OptionError(f"{what} must be a whole number from 0 to {MAX_COUNT}, not {value!r}")
    return value


def _card(name: Any, what: str) -> int:
    k = CARD_INDEX.get(name) if isinstance(name, str) else None
    if k is None:
        raise OptionError(f"{what}: {name!r} is not a card ({', '.join(CARDS)})")
    return k


def _counts(table: Mapping[str, Any], what: str) -> tuple[int, ...]:
    counts = [0] * NUM_CARDS
    for name, n in table.items():
        counts[_card(name, what)] = _count(n, f"{what}: {name}")
    return tuple(counts)


def _cost(card: str, spec: Any) -> Cost | None:
    what = f"the cost of {card}"
    if spec is None:
        return None
    if not isinstance(spec, Mapping):
        raise OptionError(f"{what} must be a table like {{wood = 1, brick = 1}}, not {spec!r}")
    pay = [0] * NUM_BASIC
    hold = [0] * NUM_CARDS
    back = [0] * NUM_CARDS
    for key, value in spec.items():
        if key in ("show", "give_back"):
            if not isinstance(value, list):
                raise OptionError(f"{what}: {key} must be a list of card names")
            for name in value:
                k = _card(name, f"{what} ({key})")
                hold[k] += 1
                if key == "give_back":
                    back[k] += 1
            continue
        k = _card(key, what)
        if k >= NUM_BASIC:
            raise OptionError(f"{what}: only resources and terrain are paid; {key!r} belongs in show or give_back")
        pay[k] = _count(value, f"{what}: {key}")
    kinds = tuple((k, n) for k, n in enumerate(pay) if n)
    returns = tuple((k, n) for k, n in enumerate(back) if n)
    holds = tuple((k, n) for k, n in enumerate(hold) if n)
    return Cost(tuple(pay), tuple(hold), tuple(back), kinds, returns, holds, sum(hold[:NUM_RESOURCES]))


def normalise(options: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The three override options as plain tables (so records hold JSON objects, never JSON text)."""
    return {name: table_option(options.get(name), name, "card names") for name in ("deck", "supply", "costs")}


#: The whole numbers of the [effects] and [turn] tables, by their DeckRules field names.
EFFECTS = (
    "settlement_resources",
    "city_resources",
    "bandit_draw",
    "knight_draw",
    "knight_discard",
    "defender_draw",
    "harbor_draw",
    "road_extra_resources",
)
TURN = ("opening_hand", "draw_min", "refill_below", "refill_to")

_RULES: dict[str, DeckRules] = {}


def rules_for(edition: str, deck: Mapping[str, Any], supply: Mapping[str, Any], costs: Mapping[str, Any]) -> DeckRules:
    key = json.dumps([edition, deck, supply, costs], sort_keys=True, default=str)
    rules = _RULES.get(key)
    if rules is None:
        rules = _build(edition, deck, supply, costs)
        _RULES[key] = rules
    return rules


def _build(edition: str, deck: Mapping[str, Any], supply: Mapping[str, Any], costs: Mapping[str, Any]) -> DeckRules:
    if edition not in editions():
        raise OptionError(f"unknown edition {edition!r} (editions: {', '.join(editions())})")
    d = load_data(DATA_PACKAGE, f"data/{edition}.toml")
    cost_specs = {**d["costs"], **costs}
    cost_list: list[Cost | None] = [None] * NUM_CARDS
    for name, spec in cost_specs.items():
        cost_list[_card(name, "costs")] = _cost(name, spec)
    rules_supply = _counts({**d["supply"], **supply}, "supply")
    for k, n in enumerate(rules_supply):
        if n and cost_list[k] is None:
            raise OptionError(f"{CARDS[k]} is in the supply but has no cost")
    eff, turn = d["effects"], d["turn"]
    road = eff["road_resources"]
    if not road or any(_count(x, "effects.road_resources") < 0 for x in road):
        raise OptionError("effects.road_resources must list at least one count")
    rules = DeckRules(
        edition=edition,
        title=str(d.get("title", edition)),
        deck=_counts({**d["deck"], **deck}, "deck"),
        supply=rules_supply,
        costs=tuple(cost_list),
        road_resources=tuple(road),
        cities_in_hand=max(1, _count(d["win"]["cities_in_hand"], "win.cities_in_hand")),
        **{name: _count(eff[name], f"effects.{name}") for name in EFFECTS},
        **{name: _count(turn[name], f"turn.{name}") for name in TURN},
    )
    return rules
