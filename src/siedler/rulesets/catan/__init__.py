"""Mechanics shared by every board-game rule set of the Catan family (base game and its variants)."""

from .actions import CatanAction
from .game import CATAN_OPTIONS, CatanGame
from .rules import DEV_CARDS, RESOURCES, CatanRules, rules_from

FAMILY = "catan"

__all__ = ["CATAN_OPTIONS", "DEV_CARDS", "FAMILY", "RESOURCES", "CatanAction", "CatanGame", "CatanRules",
           "rules_from"]
