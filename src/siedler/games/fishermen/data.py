"""The Fishermen's numbers, read once from ``data/fishermen.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from siedler.core.data import DataError, load_data, number

Axial = tuple[int, int]

DATA_PACKAGE = "siedler.games.fishermen"
SOURCE = f"{DATA_PACKAGE}/data/fishermen.toml"

#: The actions fish buy, in the order of their cost (checked on loading: legal-action generation relies on it).
USES = ("robber", "steal", "take", "road", "card")


@dataclass(frozen=True)
class FishermenRules:
    #: Fish tokens in the game by value: (ones, twos, threes).
    fish: tuple[int, int, int]
    boots: int
    max_held: int
    boot_extra_points: int
    costs: dict[str, int]
    lake_replaces: str
    lake_numbers: tuple[int, ...]
    ground_numbers: tuple[int, ...]
    ground_places: tuple[Axial, ...]
    beginner_numbers: tuple[int, ...]


def load() -> FishermenRules:
    return parse(load_data(DATA_PACKAGE, "data/fishermen.toml"))


def parse(d: dict[str, Any]) -> FishermenRules:
    """The rules from the data file's tables, refusing what the engine cannot play."""
    grounds = d["grounds"]
    rules = FishermenRules(
        fish=(
            number(d, "tokens.fish.1", SOURCE),
            number(d, "tokens.fish.2", SOURCE),
            number(d, "tokens.fish.3", SOURCE),
        ),
        boots=number(d, "tokens.boot", SOURCE),
        max_held=number(d, "tokens.max_held", SOURCE),
        boot_extra_points=number(d, "boot.extra_points", SOURCE),
        costs={use: number(d, f"costs.{use}", SOURCE) for use in USES},
        lake_replaces=str(d["lake"]["replaces"]),
        lake_numbers=tuple(int(n) for n in d["lake"]["numbers"]),
        ground_numbers=tuple(int(n) for n in grounds["numbers"]),
        ground_places=tuple((int(q), int(r)) for q, r in grounds["places"]),
        beginner_numbers=tuple(int(n) for n in grounds["beginner"]),
    )
    if sorted(rules.beginner_numbers) != sorted(rules.ground_numbers):
        raise DataError(f"{SOURCE}: the beginner numbers must be the fishing grounds' numbers")
    if [rules.costs[use] for use in USES] != sorted(rules.costs.values()):
        raise DataError(f"{SOURCE}: the costs must rise in the order {', '.join(USES)}")
    if len(rules.ground_places) != len(rules.ground_numbers):
        raise DataError(f"{SOURCE}: one number per fishing ground")
    return rules


RULES = load()
