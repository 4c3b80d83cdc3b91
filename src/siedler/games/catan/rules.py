"""The numbers of a Catan rule set (costs, decks, pieces, map), read from TOML data files.

A variant's data file names the file it extends (``extends = "base.toml"``) and lists only what differs,
so a designer changes a cost or a deck by editing data, not code.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources as importlib_resources
from typing import Any

RESOURCES = ("wood", "brick", "wool", "grain", "ore")
NUM_RESOURCES = 5
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}

Cost = tuple[int, int, int, int, int]


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict) and key not in ("costs",):
            out[key] = _merge(out[key], value)
        elif key == "costs" and isinstance(value, dict):
            merged = dict(out.get(key, {}))
            merged.update(value)  # a cost is replaced whole, never mixed with the base cost
            out[key] = merged
        else:
            out[key] = value
    return out


@cache
def load_data(name: str) -> dict[str, Any]:
    text = importlib_resources.files("siedler.games.catan.data").joinpath(name).read_text("utf-8")
    data = tomllib.loads(text)
    parent = data.pop("extends", None)
    return _merge(load_data(parent), data) if parent else data


def _cost(spec: dict[str, int]) -> Cost:
    unknown = set(spec) - set(RESOURCES)
    if unknown:
        raise ValueError(f"unknown resources in cost: {sorted(unknown)}")
    return tuple(int(spec.get(r, 0)) for r in RESOURCES)  # type: ignore[return-value]


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

    @property
    def deck_size(self) -> int:
        return sum(self.deck)


@cache
def rules_from(name: str) -> CatanRules:
    d = load_data(name)
    costs, pieces, awards, victory = d["costs"], d["pieces"], d["awards"], d["victory"]
    return CatanRules(
        bank_per_resource=int(d["bank"]["per_resource"]),
        road_cost=_cost(costs["road"]),
        settlement_cost=_cost(costs["settlement"]),
        city_cost=_cost(costs["city"]),
        development_cost=_cost(costs["development"]),
        max_roads=int(pieces["road"]),
        max_settlements=int(pieces["settlement"]),
        max_cities=int(pieces["city"]),
        deck=tuple(int(d["deck"].get(c, 0)) for c in DEV_CARDS),  # type: ignore[arg-type]
        longest_road_min=int(awards["longest_road_min"]),
        largest_army_min=int(awards["largest_army_min"]),
        award_points=int(awards["points"]),
        victory_points=int(victory["points"]),
        discard_above=int(victory["discard_above"]),
        map=d["map"] | {"terrain_resource": d["terrain_resource"]},
    )
