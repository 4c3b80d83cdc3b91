"""Greedy play for Soldiers & Armies, simple for now: build as the Catan greedy does, guard buildings that a
hostile army stands next to, take the free development card, attack only with the stronger die, never
capitulate, fire the nuke where it hurts the leader most."""

from __future__ import annotations

import random as _random
from typing import cast

from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan.rules import NUM_RESOURCES
from siedler.games.catan.state import (
    BATTLE,
    CITIES,
    COMBAT,
    CONQUEST,
    DEFEND,
    MAIN,
    MOVEMENT,
    PIECE_KINDS,
    SETTLEMENTS,
    TRIBUTE,
)
from siedler.games.soldiers_and_armies import SoldiersGame

from .greedy import register_strategy
from .greedy_catan import _best, _road_value, catan_strategy, node_value


def _threatened(game: SoldiersGame, seat: int) -> list[int]:
    """Own buildings with no army of their own and a hostile army next to them."""
    ao, nodes = game.army_owner, game.board.topology.node_nodes
    return [n for n in game.buildings[seat] if ao[n] != seat and any(ao[m] >= 0 and ao[m] != seat for m in nodes[n])]


def _defence(game: SoldiersGame, target: int) -> int:
    """The sides (plus walls) the target of an attack rolls with."""
    if game.army_owner[target] >= 0:
        return game.army_die(target)
    return game.building_die(target) + game.walls[target]


def _aim(game: SoldiersGame, seat: int) -> tuple[int, ...]:
    """What to trade toward: a city, a settlement where one fits, else a road (development cards are free
    here, so the Catan greedy's aim at one is no aim)."""
    rules, pieces = game.rules, game.pieces
    if pieces[seat * PIECE_KINDS + CITIES] and any(game.node_level[n] == 1 for n in game.buildings[seat]):
        return rules.city_cost
    if pieces[seat * PIECE_KINDS + SETTLEMENTS] and game._settlement_spots(seat):
        return rules.settlement_cost
    return rules.road_cost


def _trade(game: SoldiersGame, seat: int, legal: list[Action]) -> Action | None:
    """A bank trade that brings the aim closer without giving up what it needs."""
    cost = _aim(game, seat)
    base = seat * NUM_RESOURCES
    hand = game.hands[base : base + NUM_RESOURCES]
    missing = [max(0, c - h) for c, h in zip(cost, hand, strict=True)]
    for a in legal:
        if a[0] == "bank" and missing[a[2]] and hand[a[1]] - cost[a[1]] >= game.rates[base + a[1]]:
            return a
    return None


def _main(game: SoldiersGame, seat: int, legal: list[Action], rng: _random.Random) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a[0], []).append(a)
    for kind in ("city", "settle"):
        if kind in by_kind:
            return cast(Action, _best(by_kind[kind], lambda a: node_value(game, a[1])))
    threatened = set(_threatened(game, seat))
    guards = [a for a in by_kind.get("recruit", []) if a[1] in threatened and a[2] < 3]
    if guards:
        return max(guards, key=lambda a: (a[2], rng.random()))
    walls = [a for a in by_kind.get("wall", []) if a[1] in threatened]
    if walls:
        return walls[0]
    if "knight" in by_kind:
        return by_kind["knight"][0]
    if "roadbuilding" in by_kind:
        return by_kind["roadbuilding"][0]
    if "road" in by_kind and not game._settlement_spots(seat):
        return cast(Action, _best(by_kind["road"], lambda a: _road_value(game, a)))
    trade = _trade(game, seat, legal)
    if trade is not None:
        return trade
    if "buy" in by_kind:
        return by_kind["buy"][0]
    return by_kind["march"][0]


def _combat(game: SoldiersGame, seat: int, legal: list[Action]) -> Action:
    nukes = [a for a in legal if a[0] == "nuke"]
    if nukes:
        points = game.public_points()
        leader = max((p for p in range(game.num_players) if p != seat), key=lambda p: points[p])
        hex_nodes, level, owner = game.board.topology.hex_nodes, game.node_level, game.node_owner

        def harm(a: Action) -> int:
            return sum((level[n] if owner[n] == leader else -2 * level[n]) for n in hex_nodes[a[1]] if owner[n] >= 0)

        best = max(nukes, key=harm)
        if harm(best) >= 2:
            return best
    attacks = [a for a in legal if a[0] == "attack"]
    strong = [a for a in attacks if a[2] >= 0 and game.army_die(a[1]) > _defence(game, a[2]) + 1]
    if strong:
        return max(strong, key=lambda a: game.army_die(a[1]) - _defence(game, a[2]))
    robber = [a for a in attacks if a[2] < 0 and game.army_die(a[1]) >= 10]
    if robber:
        return robber[0]
    return next(a for a in legal if a[0] == "end")


def soldiers_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(SoldiersGame, game)
    legal = list(g.legal_actions())
    phase = g.phase
    if phase == MAIN:
        return _main(g, seat, legal, rng)
    if phase == MOVEMENT:
        return legal[0]  # fight: the armies stay where they guard
    if phase == COMBAT:
        return _combat(g, seat, legal)
    if phase == DEFEND:
        return next(a for a in legal if a[0] == "resist")
    if phase == BATTLE:
        seat_, target = g.battle[0], g.battle[2]
        lead = g.battle[4]
        if g.army_owner[lead] == seat_ and g.army_die(lead) > _defence(g, target):
            return legal[0]  # continue
        return legal[-1]  # retreat
    if phase == CONQUEST:
        return legal[0]  # conquer
    if phase == TRIBUTE:
        hand = g.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        return max(legal, key=lambda a: hand[a[1]])
    return catan_strategy(game, seat, rng)


register_strategy(SoldiersGame, soldiers_strategy)
