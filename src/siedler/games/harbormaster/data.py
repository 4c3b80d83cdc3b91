"""The Harbormaster's numbers, read once from ``data/harbormaster.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class HarbormasterRules:
    #: Harbour points by building level (index 1: settlement, 2: city).
    points_by_level: tuple[int, int, int]
    min_points: int
    card_points: int
    extra_target: int


def load() -> HarbormasterRules:
    d = tomllib.loads(resources.files(__package__).joinpath("data/harbormaster.toml").read_text("utf-8"))
    hp = d["harbor_points"]
    return HarbormasterRules(
        points_by_level=(0, int(hp["settlement"]), int(hp["city"])),
        min_points=int(d["card"]["min_points"]),
        card_points=int(d["card"]["victory_points"]),
        extra_target=int(d["victory"]["extra_points"]),
    )


RULES = load()
