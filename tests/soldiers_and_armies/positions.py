"""Hand-built Soldiers & Armies positions on the beginner board (drawn in ``tests/catan/positions.py``).

A position edits a fresh game's exported state (its ``soldiers`` part included) and loads it with
``siedler.from_state``; the bank and the development deck are derived from what the players hold. Combat
dice are fixed with :func:`with_dice`, which sets the generator's position in the state (as
``tests.catan.positions.rigged`` does for the number dice): nothing of the engine is replaced, so the same
tests run on the compiled build, whose classes cannot be patched. :func:`rolled` reads the dice back from
the public log, so a test checks the dice strengths (the sides) too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import siedler
from siedler.core.game import Game
from tests.catan.positions import RESOURCES, rigged

RULESET = "soldiers-and-armies"
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
DECK = {"knight": 14, "victory_point": 0, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}
#: An army as (infantry, cavalry, artillery).
Units = tuple[int, int, int]


def position(
    players: int = 3,
    *,
    settlements: Mapping[int, Iterable[int]] | None = None,
    cities: Mapping[int, Iterable[int]] | None = None,
    roads: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    dev_cards: Mapping[int, Mapping[str, int]] | None = None,
    armies: Mapping[int, tuple[int, Units]] | None = None,
    walls: Mapping[int, int] | None = None,
    turned: Iterable[int] = (),
    nukes: Mapping[int, int] | None = None,
    phase: str = "main",
    current: int = 0,
    to_act: int | None = None,
    robber: str | None = "J",
    options: Mapping[str, Any] | None = None,
    offers_made: int = 0,
    game_keys: Mapping[str, Any] | None = None,
    **soldiers: Any,
) -> Game:
    """``armies`` maps an intersection to (owner, (infantry, cavalry, artillery)); ``walls`` an
    intersection to its walls; ``nukes`` a seat to the intersection of its nuke (bought, not fired);
    ``soldiers`` overrides any other key of the state's ``soldiers`` part, ``game_keys`` any key of the
    state's ``game`` (an extension's, such as ``harbormaster``: the holder of its card)."""
    opts = {"board": "beginner", "max_offers": 0, **(options or {})}
    game = siedler.new_game(RULESET, players=players, seed=1, options=opts)
    state = game.state()
    g = state["game"]
    g["settlements"] = [[n, p] for p, nodes in (settlements or {}).items() for n in nodes]
    g["cities"] = [[n, p] for p, nodes in (cities or {}).items() for n in nodes]
    g["roads"] = [[e, p] for p, edges in (roads or {}).items() for e in edges]
    bank = dict.fromkeys(RESOURCES, 19)
    deck = dict(DECK)
    if opts.get("combat_variant"):
        deck["victory_point"] = 5
    for p in range(players):
        hand = dict.fromkeys(RESOURCES, 0) | dict((hands or {}).get(p, {}))
        held = dict.fromkeys(DEV_CARDS, 0) | dict((dev_cards or {}).get(p, {}))
        for r in RESOURCES:
            bank[r] -= hand[r]
        for c in DEV_CARDS:
            deck[c] -= held[c]
        g["players"][p] = {"hand": hand, "dev_cards": held, "knights": 0, "discard": 0}
    g["bank"], g["dev_deck"] = bank, deck
    g["dev_spent"] = dict.fromkeys(DEV_CARDS, 0)
    g["dev_new"] = dict.fromkeys(DEV_CARDS, 0)
    g["phase"], g["current"], g["robber"] = phase, current, robber
    g["setup_step"] = 2 * players
    g["dice"] = [2, 3]
    g["offers_made"] = offers_made
    g["longest_road"] = -1
    s = g["soldiers"]
    s["armies"] = [[n, owner, *units, 0] for n, (owner, units) in (armies or {}).items()]
    s["walls"] = [[n, w] for n, w in (walls or {}).items()]
    s["turned"] = list(turned)
    s["nukes"] = [[(nukes or {}).get(p, -1), 0 if p in (nukes or {}) else 1] for p in range(players)]
    s.update(soldiers)
    g.update(game_keys or {})
    state["to_act"] = current if to_act is None else to_act
    return siedler.from_state(state)


def with_dice(game: Game, dice: Iterable[tuple[int, int]]) -> Game:
    """The same position, with the generator set so that the next combat dice, as ``(sides, roll)`` pairs
    in the order the game rolls them, come out as ``dice``. Each round is rigged before the action that
    rolls it: the game then rolls its own dice, and a die of other sides than the script's gives another
    roll, which :func:`rolled` shows."""
    script = list(dice)
    return rigged(game, lambda rng: all(rng.below(sides) + 1 == roll for sides, roll in script))


def rolled(game: Game) -> list[tuple[int, int]]:
    """The dice of the last combat round or robber fight, ``(sides, roll)`` in the order rolled, as the
    public log shows them."""
    for e in reversed(game.events(None)):
        d = e["data"]
        if e["kind"] == "combat":
            return [(sides, roll) for _, sides, roll, _ in (*d["attack"], *d["defence"])]
        if e["kind"] == "robber_fight":
            return [(d["sides"], d["roll"]), (6, d["robber"])]
    return []


def army(game: Game, node: int) -> tuple[int, Units] | None:
    """(owner, units) of the army at ``node`` as the view shows it."""
    for a in game.view(None)["soldiers"]["armies"]:
        if a["at"] == node:
            u = a["units"]
            return a["owner"], (u["infantry"], u["cavalry"], u["artillery"])
    return None


def building(game: Game, node: int) -> tuple[str, int] | None:
    for p in game.view(None)["pieces"]:
        if p["at"] == node and p["kind"] in ("settlement", "city"):
            return p["kind"], p["owner"]
    return None


def current(game: Game) -> int:
    return int(game.view(None)["current"])


def phase(game: Game) -> str:
    return str(game.view(None)["phase"])


def hand(game: Game, seat: int) -> dict[str, int]:
    return dict(game.view(seat)["you"]["hand"])


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in game.events(None) if e["kind"] == kind]


def fight(game: Game, action: str, dice: Iterable[tuple[int, int]]) -> Game:
    """``action`` played in the position rigged for ``dice`` (one round, or the robber fight), checking that
    the game rolled exactly those dice; the game after it."""
    script = list(dice)
    game = with_dice(game, script)
    game.apply(action)
    assert rolled(game) == script, f"{action!r} rolled {rolled(game)}, the script has {script}"
    return game
