"""The Catan board-game configurations every property test runs over.

Each entry is (rule set, options, player counts). Variants add themselves here so the base game's
invariants are checked on them too.
"""

from __future__ import annotations

from typing import Any

CONFIGS: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("base", {}, (3, 4)),
    ("base", {"board": "beginner", "max_offers": 0}, (4,)),
    ("harbormaster", {}, (3, 4)),
    ("fishermen", {}, (3, 4)),
    ("fishermen", {"board": "beginner", "max_offers": 0}, (4,)),
    ("resource-realms", {}, (3, 4)),
    ("base", {"harbormaster": True, "fishermen": True}, (3, 4)),
    ("soldiers-and-armies", {}, (2, 4)),
    ("soldiers-and-armies", {"harbormaster": True, "fishermen": True, "combat_variant": True}, (3,)),
    ("baden-wuerttemberg", {}, (3, 4)),
    ("baden-wuerttemberg", {"founding": "variable"}, (4,)),
]
