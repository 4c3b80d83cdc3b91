"""Fingerprints of fixed-seed games: what refactoring the engine must leave exactly as it was.

Each configuration (every rule set, and the extensions combined) plays a few random games with fixed seeds;
the actions, the full states along the way, the events each seat sees, the views at the end and the log's
words in both languages are hashed separately, so that a failing comparison says which part moved.

Regenerate ``fingerprints.json`` (``python -m tests.contracts.fingerprint``) only for a change that is meant
to alter games, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import siedler

GOLDEN = Path(__file__).with_name("fingerprints.json")
GAMES = 3
STATE_EVERY = 40

#: (name, rule set, options, players): every rule set, and the Catan extensions alone and together.
CONFIGS: list[tuple[str, str, dict[str, Any], int]] = [
    ("base-3", "base", {}, 3),
    ("base-4-beginner", "base", {"board": "beginner", "max_offers": 0}, 4),
    ("base-4-balanced", "base", {"board": "balanced"}, 4),
    ("harbormaster-4", "harbormaster", {}, 4),
    ("fishermen-3", "fishermen", {}, 3),
    ("fishermen-4-beginner", "fishermen", {"board": "beginner"}, 4),
    ("base-both-4", "base", {"harbormaster": True, "fishermen": True}, 4),
    ("resource-realms-4", "resource-realms", {}, 4),
    ("resource-realms-both-3", "resource-realms", {"harbormaster": True, "fishermen": True}, 3),
    ("deck-building", "deck-building", {}, 2),
    ("soldiers-and-armies-3", "soldiers-and-armies", {}, 3),
    ("soldiers-and-armies-both-4", "soldiers-and-armies", {"harbormaster": True, "fishermen": True}, 4),
    ("soldiers-and-armies-variant-2", "soldiers-and-armies", {"combat_variant": True, "board": "beginner"}, 2),
    ("baden-wuerttemberg-4", "baden-wuerttemberg", {}, 4),
    ("baden-wuerttemberg-variable-3", "baden-wuerttemberg", {"founding": "variable"}, 3),
]


def _digest(items: list[Any]) -> str:
    text = json.dumps(items, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprint(ruleset: str, options: dict[str, Any], players: int) -> dict[str, str]:
    """The hashes of ``GAMES`` random games of one configuration."""
    parts: dict[str, list[Any]] = {"actions": [], "states": [], "events": [], "views": [], "words": []}
    for seed in range(GAMES):
        game = siedler.new_game(ruleset, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over and game.num_actions < 3000:
            game.apply(rng.choice(game.legal_actions()))
            if game.num_actions % STATE_EVERY == 0:
                parts["states"].append(game.state())
        parts["actions"].append([str(a) for a in game.history])
        parts["states"].append(game.state())
        seats: list[int | None] = [None, *range(players)]
        parts["events"].append([game.events(seat) for seat in seats])
        parts["views"].append([game.view(seat) for seat in seats])
        parts["words"].append([e["text"] for lang in ("en", "de") for e in game.events(0, lang=lang)])
    return {name: _digest(items) for name, items in parts.items()}


def all_fingerprints() -> dict[str, dict[str, str]]:
    return {name: fingerprint(rs, opts, n) for name, rs, opts, n in CONFIGS}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(all_fingerprints(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
