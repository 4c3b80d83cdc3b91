"""The numbers of a Catan rule set (costs, decks, pieces, map), read from TOML data files.

A variant's data file, in its own package, names the file it extends (``extends =
"siedler.games.catan:data/base.toml"``) and lists only what differs, so a designer changes a cost or a deck by
editing data, not code; the merge is ``siedler.core.data``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from siedler.core.data import DataError, load_data, number, table

RESOURCES = ("wood", "brick", "wool", "grain", "ore")
NUM_RESOURCES: Final = 5
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
KNIGHT: Final = 0
VICTORY_POINT: Final = 1
ROAD_BUILDING: Final = 2
YEAR_OF_PLENTY: Final = 3
MONOPOLY: Final = 4
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}

Cost = tuple[int, int, int, int, int]


#: The package holding the family's data files (the base game's); a variant's are in its own package.
DATA_PACKAGE = "siedler.games.catan"

#: The dots under each number token: how many of the 36 rolls of two dice give that number.
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def _cost(d: dict[str, Any], piece: str, source: str) -> Cost:
    spec = table(d, f"costs.{piece}", source)
    unknown = set(spec) - set(RESOURCES)
    if unknown:
        raise DataError(f"{source}: costs.{piece} names unknown resources {sorted(unknown)}")
    w, b, s, g, o = (number(spec, r, f"{source}: costs.{piece}", 0) for r in RESOURCES)
    return (w, b, s, g, o)


@dataclass(frozen=True)
class CatanRules:
    bank_per_resource: int
    road_cost: Cost
    settlement_cost: Cost
    city_cost: Cost
    development_cost: Cost
    max_roads: int
    max_settlements: int
    max_cities: int
    deck: tuple[int, int, int, int, int]
    longest_road_min: int
    largest_army_min: int
    award_points: int
    victory_points: int
    discard_above: int
    map: dict[str, Any]


@cache
def rules_from(name: str, package: str = DATA_PACKAGE) -> CatanRules:
    """The rules of the data file ``data/<name>`` of ``package``."""
    d = load_data(package, f"data/{name}")
    src = f"{package}/data/{name}"
    k, v, r, y, m = (number(d, f"deck.{card}", src, 0) for card in DEV_CARDS)
    return CatanRules(
        bank_per_resource=number(d, "bank.per_resource", src),
        road_cost=_cost(d, "road", src),
        settlement_cost=_cost(d, "settlement", src),
        city_cost=_cost(d, "city", src),
        development_cost=_cost(d, "development", src),
        max_roads=number(d, "pieces.road", src),
        max_settlements=number(d, "pieces.settlement", src),
        max_cities=number(d, "pieces.city", src),
        deck=(k, v, r, y, m),
        longest_road_min=number(d, "awards.longest_road_min", src),
        largest_army_min=number(d, "awards.largest_army_min", src),
        award_points=number(d, "awards.points", src),
        victory_points=number(d, "victory.points", src),
        discard_above=number(d, "victory.discard_above", src),
        map=table(d, "map", src) | {"terrain_resource": table(d, "terrain_resource", src)},
    )
