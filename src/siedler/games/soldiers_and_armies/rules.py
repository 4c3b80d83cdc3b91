"""The numbers of Soldiers & Armies: pieces, dice and the costs of units, walls and the nuke.

They live in ``catan/data/soldiers-and-armies.toml`` beside the base-game numbers the rule set changes; the
costs can be replaced per game by the option ``army_costs`` (a table like the data file's), so a designer
tries other prices without editing code or data.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from siedler.core.data import load_data, number, table
from siedler.core.errors import OptionError
from siedler.core.options import table_option
from siedler.games.catan.rules import RESOURCES, Cost

DATA_PACKAGE = "siedler.games.soldiers_and_armies"
DATA_FILE = "soldiers-and-armies.toml"
SOURCE = f"{DATA_PACKAGE}/data/{DATA_FILE}"

UNITS = ("infantry", "cavalry", "artillery")
INFANTRY: Final = 0
CAVALRY: Final = 1
ARTILLERY: Final = 2
#: What can be bought besides the base game's pieces, and the price of a move beyond the free ones.
PURCHASES = (*UNITS, "wall", "nuke", "move")


@dataclass(frozen=True)
class ArmyRules:
    pieces: tuple[int, int, int]  # infantry, cavalry, artillery per player
    walls: int
    nukes: int
    walls_per_city: int
    hand_limit_per_wall: int
    free_moves: int
    max_dev_cards: int
    trade_goods: int  # the most goods on each side of a composed trade
    nuke_range: int
    variant_city_points: int
    variant_victory_point_cards: int
    unit_dice: tuple[int, int, int]
    settlement_die: int
    city_die: int
    variant_city_die: int
    robber_die: int
    costs: dict[str, Cost]


def _cost(spec: Any, what: str) -> Cost:
    if not isinstance(spec, Mapping):
        raise OptionError(f'{what} must be a table of resources, like {{"ore": 1}}')
    unknown = set(spec) - set(RESOURCES)
    if unknown:
        raise OptionError(f"{what} names unknown resources {sorted(unknown)}")
    counts = []
    for r in RESOURCES:
        n = spec.get(r, 0)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 19:
            raise OptionError(f"{what}.{r} must be a whole number from 0 to 19, not {n!r}")
        counts.append(n)
    if not any(counts) and what.split(".")[-1] != "move":
        raise OptionError(f"{what} must cost something")
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def cost_overrides(value: Any) -> dict[str, Any]:
    """The option ``army_costs`` as a plain table of known purchases and resources."""
    given = table_option(value, "army_costs", "purchases")
    unknown = set(given) - set(PURCHASES)
    if unknown:
        raise OptionError(
            f"option 'army_costs' names unknown purchases {sorted(unknown)} (known: {', '.join(PURCHASES)})"
        )
    return given


def army_costs_form() -> dict[str, Any]:
    """How the lobby's form fills the option ``army_costs``: a price in resources per purchase, starting from
    the data file's (``Option.form``)."""
    base = table(load_data(DATA_PACKAGE, f"data/{DATA_FILE}"), "army_costs", SOURCE)
    return {"rows": list(PURCHASES), "words": "pieces", "columns": list(RESOURCES), "column_words": "resources",
            "base": base}  # fmt: skip


def army_rules(overrides: Mapping[str, Any]) -> ArmyRules:
    """The rules with the option ``army_costs`` applied; cached per distinct table."""
    return _army_rules(json.dumps(cost_overrides(overrides), sort_keys=True))


@cache
def _army_rules(key: str) -> ArmyRules:
    d = load_data(DATA_PACKAGE, f"data/{DATA_FILE}")
    specs = {**table(d, "army_costs", SOURCE), **json.loads(key)}
    costs = {name: _cost(specs.get(name), f"army_costs.{name}") for name in PURCHASES}
    a, dice = "army", "dice"
    return ArmyRules(
        pieces=(
            number(d, f"{a}.infantry", SOURCE),
            number(d, f"{a}.cavalry", SOURCE),
            number(d, f"{a}.artillery", SOURCE),
        ),
        walls=number(d, f"{a}.walls", SOURCE),
        nukes=number(d, f"{a}.nukes", SOURCE),
        walls_per_city=number(d, f"{a}.walls_per_city", SOURCE),
        hand_limit_per_wall=number(d, f"{a}.hand_limit_per_wall", SOURCE),
        free_moves=number(d, f"{a}.free_moves", SOURCE),
        max_dev_cards=number(d, f"{a}.max_dev_cards", SOURCE),
        trade_goods=number(d, f"{a}.trade_goods", SOURCE),
        nuke_range=number(d, f"{a}.nuke_range", SOURCE),
        variant_city_points=number(d, f"{a}.variant_city_points", SOURCE),
        variant_victory_point_cards=number(d, f"{a}.variant_victory_point_cards", SOURCE),
        unit_dice=(
            number(d, f"{dice}.infantry", SOURCE),
            number(d, f"{dice}.cavalry", SOURCE),
            number(d, f"{dice}.artillery", SOURCE),
        ),
        settlement_die=number(d, f"{dice}.settlement", SOURCE),
        city_die=number(d, f"{dice}.city", SOURCE),
        variant_city_die=number(d, f"{dice}.variant_city", SOURCE),
        robber_die=number(d, f"{dice}.robber", SOURCE),
        costs=costs,
    )
