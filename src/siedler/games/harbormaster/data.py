"""The Harbormaster's numbers, read once from ``data/harbormaster.toml``."""

from __future__ import annotations

from dataclasses import dataclass

from siedler.core.data import load_data, number

DATA_PACKAGE = "siedler.games.harbormaster"


@dataclass(frozen=True)
class HarbormasterRules:
    #: Harbour points by building level (index 1: settlement, 2: city).
    points_by_level: tuple[int, int, int]
    min_points: int
    card_points: int
    extra_target: int


def load() -> HarbormasterRules:
    d = load_data(DATA_PACKAGE, "data/harbormaster.toml")
    src = f"{DATA_PACKAGE}/data/harbormaster.toml"
    return HarbormasterRules(
        points_by_level=(0, number(d, "harbor_points.settlement", src), number(d, "harbor_points.city", src)),
        min_points=number(d, "card.min_points", src),
        card_points=number(d, "card.victory_points", src),
        extra_target=number(d, "victory.extra_points", src),
    )


RULES = load()
