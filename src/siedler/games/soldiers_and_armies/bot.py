"""What the bots know of Soldiers & Armies (``siedler.bots.knowledge``): the Catan family's value with each
strength point of the seat's armies on top (``data/value.toml``), its trades, and this greedy play: build as
the Catan greedy does, guard buildings that a hostile army
stands next to, arm itself with what it has to spare (a unit of a kind drawn at random among those it can
pay for, walls, the nuke), march armies next to the foreign building they beat most often, attack when the
odds of a round favour it (``odds.beats``), never capitulate, fire the nuke where it hurts the leader most.
Its purchases are drawn at random among what it can pay for, so that a study of the costs
(``bench/soldiers_costs.py``) sees every kind bought."""

from __future__ import annotations

import random as _random
from dataclasses import replace
from typing import cast

from siedler.bots.knowledge import Knowledge
from siedler.core.actions import Action
from siedler.core.data import load_data
from siedler.core.game import Game
from siedler.games.catan.bot import TRADER as CATAN_TRADER
from siedler.games.catan.bot.greedy import _best, _road_value, catan_strategy, node_value
from siedler.games.catan.bot.trade import exchange_gain
from siedler.games.catan.bot.value import catan_features, catan_position
from siedler.games.catan.rules import NUM_RESOURCES
from siedler.games.catan.state import CITIES, MAIN, PIECE_KINDS, SETTLEMENTS

from .actions import (
    CARD_GOOD,
    COMPOSE_KINDS,
    FISH_GOOD,
    PLACE_GOOD,
    RESOURCE_GOOD,
    TRADE_KINDS,
    good_code,
    good_parts,
    trade_good,
)
from .game import SoldiersGame
from .odds import beats
from .state import ALLIANCE, BATTLE, CARD_REPLY, COMBAT, COMPOSE, CONQUEST, DEFEND, MOVEMENT, TRADE_REPLY, TRIBUTE

WEIGHTS = load_data("siedler.games.soldiers_and_armies", "data/value.toml")


def _threatened(game: SoldiersGame, seat: int) -> list[int]:
    """Own buildings with no army of their own and a hostile army next to them."""
    ao, nodes = game.army_owner, game.board.topology.node_nodes
    return [n for n in game.buildings[seat] if ao[n] != seat and any(ao[m] >= 0 and ao[m] != seat for m in nodes[n])]


def _defence(game: SoldiersGame, target: int) -> int:
    """The sides (plus walls) the target of an attack rolls with."""
    if game.army_owner[target] >= 0:
        return game.army_die(target)
    return game.building_die(target) + game.walls[target]


#: Cards a player keeps in hand before it spends on arms rather than saving toward a city or settlement.
SPARE_CARDS = 5
#: The most armies it keeps on the board; more are not moved or fed with units.
MAX_ARMIES = 3
#: The chance of a wall when one can be paid for and nothing better is to be bought.
WALL_CHANCE = 0.5


def _favoured(game: SoldiersGame, node: int, target: int) -> bool:
    """Whether the army at ``node`` wins a round against ``target`` more often than not."""
    walls = game.walls[target] if game.army_owner[target] < 0 else 0
    sides = game.army_die(target) if game.army_owner[target] >= 0 else game.building_die(target)
    return beats(game.army_die(node), sides, walls) > 0.5


def _arm(game: SoldiersGame, seat: int, by_kind: dict[str, list[Action]], rng: _random.Random) -> Action | None:
    """A unit, the nuke or a wall, bought from a hand with cards to spare."""
    if sum(game.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]) < SPARE_CARDS:
        return None
    recruits = by_kind.get("recruit", [])
    nukes = [a for a in recruits if a[2] == 3]
    if nukes:
        return nukes[0]
    armies = set(game.armies_of(seat))
    units = [a for a in recruits if a[2] < 3 and (len(armies) < MAX_ARMIES or a[1] in armies)]
    if units:
        kind = rng.choice(sorted({a[2] for a in units}))
        return max((a for a in units if a[2] == kind), key=lambda a: (a[1] in armies, _frontier(game, seat, a[1])))
    walls = by_kind.get("wall", [])
    if walls and rng.random() < WALL_CHANCE:
        return walls[0]
    return None


def _frontier(game: SoldiersGame, seat: int, node: int) -> int:
    """Foreign buildings within two intersections of ``node``: where an army finds targets."""
    nodes, owner = game.board.topology.node_nodes, game.node_owner
    near = {m for n in nodes[node] for m in (n, *nodes[n])}
    return sum(1 for m in near if owner[m] >= 0 and owner[m] != seat)


def _march(game: SoldiersGame, seat: int, legal: list[Action]) -> Action:
    """A free move of an army that has no target yet and has not moved, to a place next to a building or
    army it beats more often than not; else on to the combat phase."""
    moves = []
    reach: dict[int, list[int]] = {}
    for a in legal:
        if a[0] != "move":
            continue
        start = a[1]
        if game.moved[start] or game._targets(seat, start):
            continue
        if start not in reach:
            reach[start] = game._distances(seat, start, game.army_rules.free_moves)
        steps = reach[start][a[2]]
        if steps < 0:
            continue
        good = [t for t in game._targets(seat, a[2]) if _favoured(game, start, t)]
        if good:
            moves.append((len(good), -steps, a))
    if moves:
        return max(moves, key=lambda m: (m[0], m[1]))[2]
    return legal[0]  # fight


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
    arms = _arm(game, seat, by_kind, rng)
    if arms is not None:
        return arms
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
    strong = [a for a in attacks if a[2] >= 0 and _favoured(game, a[1], a[2])]
    if strong:
        return max(strong, key=lambda a: game.army_die(a[1]) - _defence(game, a[2]))
    robber = [a for a in attacks if a[2] < 0 and game.army_die(a[1]) >= 10]
    if robber:
        return robber[0]
    return next(a for a in legal if a[0] == "end")


def _alliance(game: SoldiersGame, seat: int, legal: list[Action]) -> Action:
    """An army next to a battle: a party brings its own in (more units to lose before the battle is lost);
    a third player helps the defender against an attacker who leads him in points, else stays out."""
    attacker, defender = game.battle[:2]
    joins = [a for a in legal if a[0] == "ally"]
    if seat in (attacker, defender):
        return joins[0]
    points = game.public_points()
    help_defender = [a for a in joins if a[2] == defender and points[attacker] > points[seat]]
    return help_defender[0] if help_defender else legal[-1]


#: Fish a resource is worth: the Fishermen's bank price of one ("4 fish").
FISH_PER_CARD = 4
#: Resource cards a development card is worth (it is drawn free here, and each one is a choice later).
CARD_WORTH = 1.5


def _answer(game: SoldiersGame, legal: list[Action]) -> Action:
    """A trade put to it, weighed in resource cards: a settlement or city is worth more than any offer can
    pay (a point and its production), so it takes one offered and never gives one away; a development card
    is worth one and a half; a fish token its fish at the bank's price."""
    offer = game.card_offer
    agree = next((a for a in legal if a[0] == "agree"), None)
    if offer is None or agree is None:
        return legal[-1]  # refuse
    kind, paid = offer[0], sum(offer.bundle)
    worth = {"place": float("inf"), "card": CARD_WORTH, "fish": offer[1] / FISH_PER_CARD}[trade_good(kind)]
    good_deal = worth > paid if kind.startswith("sell") else worth < paid
    return agree if good_deal else legal[-1]


#: Resource cards a road is worth in a composed trade: its price.
ROAD_WORTH = 2.0


def _worth(code: int) -> float:
    """A good of a composed trade weighed in resource cards, as ``_answer`` weighs the single goods: a
    settlement or city above any price."""
    good, item = good_parts(code)
    if good == RESOURCE_GOOD:
        return 1.0
    if good == CARD_GOOD:
        return CARD_WORTH
    if good == FISH_GOOD:
        return item / FISH_PER_CARD
    return float("inf") if good == PLACE_GOOD else ROAD_WORTH


def _answer_composed(game: SoldiersGame, seat: int, legal: list[Action]) -> Action:
    """A composed offer put to it: agreed when it gives up no building and gets at least the worth it gives
    (``_worth``); never countered."""
    refuse = next(a for a in legal if a[0] == "refuse")
    if not any(a[0] == "agree" for a in legal):
        return refuse
    gets, gives = game.draft_give, game.draft_ask  # the offerer's sides: the bot gets what he gives
    if any(good_parts(c)[0] == PLACE_GOOD for c in gives):
        return refuse
    fair = sum(_worth(c) for c in gets) >= sum(_worth(c) for c in gives)
    return next(a for a in legal if a[0] == "agree") if fair else refuse


def _wish(game: SoldiersGame, seat: int) -> tuple[int, int, int] | None:
    """A one-for-one trade toward its aim: (seat asked, resource given, resource asked), the resource it has
    most to spare for the first its aim lacks, with the player holding the most resource cards (a good as
    worth as it gets, so it never gives away more than it gets)."""
    cost = _aim(game, seat)
    base = seat * NUM_RESOURCES
    hand = game.hands[base : base + NUM_RESOURCES]
    missing = [r for r in range(NUM_RESOURCES) if hand[r] < cost[r]]
    spare = max(range(NUM_RESOURCES), key=lambda r: (hand[r] - cost[r], -r))
    if not missing or hand[spare] - cost[spare] < 1:
        return None
    others = [p for p in range(game.num_players) if p != seat and not game.out[p]]
    cards = [sum(game.hands[p * NUM_RESOURCES : p * NUM_RESOURCES + NUM_RESOURCES]) for p in others]
    if not others or not max(cards):
        return None
    return others[cards.index(max(cards))], spare, missing[0]


def _trader_offer(game: Game, seat: int, best_other: float) -> Action | None:
    """The search bots' offers, decided outside their look-ahead (so the greedy rollouts, which never
    offer, stay as they are): the family's resource offer, else the first step of a composed one-for-one
    trade (``_wish``, at most one offer a turn) when receiving the lacking resource for the spare one is
    worth more by their value than their best other move."""
    found = CATAN_TRADER.offer(game, seat, best_other)
    g = cast(SoldiersGame, game)
    if found is not None or g.phase != MAIN or g.offers_made:
        return found
    wish = _wish(g, seat)
    if wish is None:
        return None
    receive, pay = [0] * NUM_RESOURCES, [0] * NUM_RESOURCES
    receive[wish[2]], pay[wish[1]] = 1, 1
    if exchange_gain(g, seat, tuple(receive), tuple(pay)) <= best_other:
        return None
    return next((a for a in g.legal_actions() if a[0] == "address" and a[1] == wish[0]), None)


def _compose(game: SoldiersGame, seat: int, legal: list[Action]) -> Action:
    """The next step of its own composed trade (the search bots', ``_trader_offer``): give the spare
    resource, ask for the lacking one, send; a draft it did not plan (none: it never counters) is dropped."""
    s, wish = game.soldier_set, _wish(game, seat)
    drop = s.DROP
    if wish is None or game.draft_seats != (seat, wish[0]):
        return drop
    give, ask = good_code(RESOURCE_GOOD, wish[1]), good_code(RESOURCE_GOOD, wish[2])
    step = s.GIVE[give] if not game.draft_give else s.ASK[ask] if not game.draft_ask else s.SEND
    return step if step in legal else drop


def soldiers_strategy(game: Game, seat: int, rng: _random.Random) -> Action | None:
    g = cast(SoldiersGame, game)
    legal = list(g.legal_actions())
    phase = g.phase
    if phase == MAIN:
        return _main(g, seat, legal, rng)
    if phase == MOVEMENT:
        return _march(g, seat, legal)
    if phase == COMBAT:
        return _combat(g, seat, legal)
    if phase == DEFEND:
        return next(a for a in legal if a[0] == "resist")
    if phase == BATTLE:
        seat_, target = g.battle[0], g.battle[2]
        lead = g.battle[4]
        standing = g.army_owner[target] >= 0 or g.node_owner[target] >= 0
        if g.army_owner[lead] == seat_ and standing and _favoured(g, lead, target):
            return legal[0]  # continue
        return legal[-1]  # retreat
    if phase == CONQUEST:
        return legal[0]  # conquer
    if phase == TRIBUTE:
        hand = g.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        return max(legal, key=lambda a: hand[a[1]])
    if phase == ALLIANCE:
        return _alliance(g, seat, legal)
    if phase == CARD_REPLY:
        return _answer(g, legal)
    if phase == COMPOSE:
        return _compose(g, seat, legal)
    if phase == TRADE_REPLY:
        return _answer_composed(g, seat, legal)
    return catan_strategy(game, seat, rng)


def _armies(game: Game, seat: int) -> float:
    """The strength points of the seat's armies."""
    g = cast(SoldiersGame, game)
    return float(sum(g.army_die(n) for n, owner in enumerate(g.army_owner) if owner == seat))


def soldiers_value(game: Game, seat: int) -> float:
    return catan_position(game, seat) + float(WEIGHTS["soldiers"]["army"]) * _armies(game, seat)


def soldiers_features(game: Game, seat: int) -> dict[str, float]:
    """The family's features of a running game and the seat's army strength."""
    found = catan_features(game, seat)
    found["army"] = _armies(game, seat)
    return found


def _trader_answer(game: Game, seat: int) -> Action | None:
    """The search bots' answer to a composed offer put to them: agreed when their value (``soldiers_value``)
    is no lower after the trade, so they never give away more than they get by it; the family's answer to
    the shared resource offers otherwise."""
    g = cast(SoldiersGame, game)
    if g.phase == COMPOSE:  # its own offer, composed step by step
        return _compose(g, seat, list(g.legal_actions()))
    if g.phase != TRADE_REPLY:
        return CATAN_TRADER.answer(game, seat)
    legal = g.legal_actions()
    agree = next((a for a in legal if a[0] == "agree"), None)
    refuse = next(a for a in legal if a[0] == "refuse")
    if agree is None:
        return refuse
    trial = g.copy()
    trial.apply(agree)
    return agree if soldiers_value(trial, seat) >= soldiers_value(g, seat) else refuse


#: The family's trades with other players; the trades of goods (cards, buildings, fish) and the steps of a
#: composed trade are left out of the search bots' look-ahead too: they answer single goods by it, composed
#: offers by their value (``_trader_answer``), and offer neither.
TRADER = replace(
    CATAN_TRADER,
    decided_kinds=CATAN_TRADER.decided_kinds | frozenset(TRADE_KINDS) | frozenset(COMPOSE_KINDS),
    answer=_trader_answer,
    offer=_trader_offer,
)
#: The lobby's levels (docs/bots.md, "Levels"): armies make a search iteration dearer than on the plain
#: board, so Hard searches 400 (under a second on one core at the 99th percentile).
LEVELS = {"easy": "greedy", "medium": "value", "hard": "mcts:iterations=400,guard_ms=10000"}
KNOWLEDGE = Knowledge(
    strategy=soldiers_strategy, value=soldiers_value, trader=TRADER, levels=LEVELS, features=soldiers_features
)
