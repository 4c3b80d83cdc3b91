"""The Fishermen's numbers, read once from ``data/fishermen.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

Axial = tuple[int, int]

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
    return parse(tomllib.loads(resources.files(__package__).joinpath("data/fishermen.toml").read_text("utf-8")))


def parse(d: dict[str, Any]) -> FishermenRules:
    """The rules from the data file's tables, refusing what the engine cannot play."""
    tokens, grounds = d["tokens"], d["grounds"]
    rules = FishermenRules(
        fish=(int(tokens["fish"]["1"]), int(tokens["fish"]["2"]), int(tokens["fish"]["3"])),
        boots=int(tokens["boot"]),
        max_held=int(tokens["max_held"]),
        boot_extra_points=int(d["boot"]["extra_points"]),
        costs={use: int(d["costs"][use]) for use in USES},
        lake_replaces=str(d["lake"]["replaces"]),
        lake_numbers=tuple(int(n) for n in d["lake"]["numbers"]),
        ground_numbers=tuple(int(n) for n in grounds["numbers"]),
        ground_places=tuple((int(q), int(r)) for q, r in grounds["places"]),
        beginner_numbers=tuple(int(n) for n in grounds["beginner"]),
    )
    if sorted(rules.beginner_numbers) != sorted(rules.ground_numbers):
        raise ValueError("fishermen.toml: the beginner numbers must be the fishing grounds' numbers")
    if [rules.costs[use] for use in USES] != sorted(rules.costs.values()):
        raise ValueError(f"fishermen.toml: the costs must rise in the order {', '.join(USES)}")
    if len(rules.ground_places) != len(rules.ground_numbers):
        raise ValueError("fishermen.toml: one number per fishing ground")
    return rules


RULES = load()
