"""Hand-built positions for the variant rule tests, on the beginner board of any Catan rule set.

The board's intersections and hexes are drawn in ``tests/catan/positions.py``; for the Fishermen the desert
J is the lake (its intersections 20 21 22 31 32 33) and the fishing grounds on the beginner board are::

    number 8 at 1 2 3 (tip 2)      5 at 15 25 26 (tip 25)   9 at 36 37 46 (tip 36)
    number 10 at 48 49 50 (tip 49) 4 at 38 39 47 (tip 39)   6 at 0 7 8 (tip 8)

A position edits a fresh game's exported state and loads it with ``siedler.from_state``; the bank, the
development deck and the fish supply are derived from what the players hold, so the import's conservation
checks pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import siedler
from siedler.core.game import Game
from tests.catan.positions import RESOURCES

Tokens = tuple[int, int, int]
GROUNDS = {8: (1, 2, 3), 5: (15, 25, 26), 9: (36, 37, 46), 10: (48, 49, 50), 4: (38, 39, 47), 6: (0, 7, 8)}
LAKE_NODES = (20, 21, 22, 31, 32, 33)
FISH_IN_GAME = (11, 10, 8)


def position(
    ruleset: str = "base",
    players: int = 4,
    *,
    options: Mapping[str, Any] | None = None,
    settlements: Mapping[int, Iterable[int]] | None = None,
    cities: Mapping[int, Iterable[int]] | None = None,
    roads: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    dev_cards: Mapping[int, Mapping[str, int]] | None = None,
    phase: str = "main",
    current: int = 0,
    robber: str | None = "J",
    longest_road: int = -1,
    fish: Mapping[int, Tokens] | None = None,
    boot: int | None = None,
    spent: Tokens = (0, 0, 0),
    **fields: Any,
) -> Game:
    """A game in the position described; ``fish`` maps a seat to its tokens (ones, twos, threes),
    ``boot`` names the holder of the old boot, ``spent`` the tokens already handed in; ``fields``
    overrides any other key of the state's ``game`` part."""
    game = siedler.new_game(
        ruleset, players=players, seed=1, options={"board": "beginner", "max_offers": 0, **(options or {})}
    )
    state = game.state()
    g = state["game"]
    g["settlements"] = [[n, p] for p, nodes in (settlements or {}).items() for n in nodes]
    g["cities"] = [[n, p] for p, nodes in (cities or {}).items() for n in nodes]
    g["roads"] = [[e, p] for p, edges in (roads or {}).items() for e in edges]
    bank, deck = g["bank"], g["dev_deck"]
    for p in range(players):
        hand = {r: (hands or {}).get(p, {}).get(r, 0) for r in RESOURCES}
        held = {c: (dev_cards or {}).get(p, {}).get(c, 0) for c in deck}
        for r in RESOURCES:
            bank[r] -= hand[r]
        for c in deck:
            deck[c] -= held[c]
        g["players"][p].update(hand=hand, dev_cards=held)
    g.update(
        phase=phase,
        current=current,
        robber=robber,
        longest_road=longest_road,
        setup_step=2 * players,
        dice=[2, 3] if phase == "main" else None,
    )
    if "fish" in g:
        g["fish"] = fish_part(g["fish"], players, fish or {}, boot, spent)
    g.update(fields)
    state["to_act"] = current
    return siedler.from_state(state)


def fish_part(
    default: dict[str, Any], players: int, held: Mapping[int, Tokens], boot: int | None, spent: Tokens
) -> dict[str, Any]:
    supply = list(FISH_IN_GAME)
    for v in range(3):
        supply[v] -= spent[v] + sum(t[v] for t in held.values())
    assert min(supply) >= 0, "more fish tokens than the game has"
    return {
        "supply": {"1": supply[0], "2": supply[1], "3": supply[2], "boot": 0 if boot is not None else 1},
        "spent": {"1": spent[0], "2": spent[1], "3": spent[2]},
        "held": [dict(zip(("1", "2", "3"), held.get(p, (0, 0, 0)), strict=True)) for p in range(players)],
        "boot": boot,
        "grounds": default["grounds"],
    }


def tokens(game: Game, seat: int) -> Tokens:
    """The fish tokens ``seat`` holds, as (ones, twos, threes), from its own view."""
    yours = game.view(seat)["fish"]["yours"]
    return (yours["1"], yours["2"], yours["3"])


def events_of(game: Game, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e["data"] for e in game.events(seat) if e["kind"] == kind]


def roll(game: Game, total: int, then: Callable[[Game], bool] = lambda g: True) -> Game:
    """The position after the player to move rolls ``total`` (and ``then`` holds of the result).

    The generator state is part of a position, so the test picks one whose roll comes out as it needs;
    the roll itself is the engine's, whichever way it draws the dice.
    """
    for candidate in range(100_000):
        rolled = game.copy()
        rolled.rng.resume(candidate)
        rolled.apply("roll")
        if sum(rolled.view(None)["dice"]) == total and then(rolled):
            return rolled
    raise AssertionError("no generator state gives that roll")  # pragma: no cover
