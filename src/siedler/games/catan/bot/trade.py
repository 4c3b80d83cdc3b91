"""Trades with other players for the Catan board games, decided for the value and MCTS bots.

An offer is made when the exchange raises the bot's value by the weights' ``gain`` and more than its best
other move, and is plausible for the partners: the others hold the cards wanted (together, as the bank
shows), the bot gives at least as many cards as it asks for, and the offer goes to everyone but is only
confirmed with a player not leading. An answer accepts what raises the bot's value by ``gain`` and refuses
whatever helps a player ``leader_margin`` points ahead of it or more.
"""

from __future__ import annotations

from typing import cast

from siedler.bots.evaluate import evaluate
from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.rules import NUM_RESOURCES
from siedler.games.catan.state import MAIN, OFFER_CONFIRM, OFFER_REPLY

from .greedy import others_hold
from .value import WEIGHTS, wanted_build

#: Offers, which the search bots leave out of their look-ahead (an offer is worth what the answer makes of
#: it): this module decides resource offers; a rule set with trades of its own adds their kinds to its
#: ``Trader`` (its bot module).
DECIDED_KINDS: frozenset[str] = frozenset({"offer"})


def withhold(game: Game) -> None:
    """No more offers in ``game``, a fresh determinized copy that a search plays on (``Trader.withhold``):
    it decides offers only outside the search, and the greedy rollouts never offer. A rule set whose trades
    of goods count toward the same cap loses them from the search too, as it should: its trader decides
    them outside the search as well."""
    cast(CatanGame, game).max_offers = 0


def exchange_gain(
    game: CatanGame, seat: int, receive: tuple[int, ...], pay: tuple[int, ...], now: float | None = None
) -> float:
    """How much ``seat``'s value rises if it receives ``receive`` and pays ``pay`` (counts per resource);
    ``now``: the value as it is, when the caller has it."""
    after = game.copy()
    base = seat * NUM_RESOURCES
    for r in range(NUM_RESOURCES):
        after.hands[base + r] += receive[r] - pay[r]
    return evaluate(after, seat) - (evaluate(game, seat) if now is None else now)


def _leads(game: CatanGame, seat: int, other: int) -> bool:
    points = game.public_points()
    return points[other] - points[seat] >= int(WEIGHTS["trade"]["leader_margin"])


def answer(game: Game, seat: int) -> Action | None:
    """The bot's answer to an offer (``OFFER_REPLY``) or its choice among those who accepted its own
    (``OFFER_CONFIRM``); ``None`` in any other phase."""
    g = cast(CatanGame, game)
    if g.phase not in (OFFER_REPLY, OFFER_CONFIRM) or g.offer is None:
        return None
    legal = cast(tuple[CatanAction, ...], g.legal_actions())
    offer, gain = g.offer, float(WEIGHTS["trade"]["gain"])
    if g.phase == OFFER_REPLY:
        good = not _leads(g, seat, g.current) and exchange_gain(g, seat, offer.give, offer.want) >= gain
        wanted = "accept" if good else "decline"
        return next((a for a in legal if a[0] == wanted), legal[-1])
    confirms = [a for a in legal if a[0] == "confirm" and not _leads(g, seat, a.seat)]
    if confirms and exchange_gain(g, seat, offer.want, offer.give) >= gain:
        return min(confirms, key=lambda a: g.public_points()[a.seat])
    return next(a for a in legal if a[0] == "withdraw")


def offer(game: Game, seat: int, best_other: float) -> Action | None:
    """An offer to everyone worth more than ``best_other`` (the gain of the bot's best other move), if any:
    one card its next build lacks (and the others hold) for one or two that build does not need, at most
    one offer a turn."""
    g = cast(CatanGame, game)
    if g.phase != MAIN or g.offers_made:
        return None
    pool, now = others_hold(g, seat), evaluate(g, seat)
    base = seat * NUM_RESOURCES
    hand = g.hands[base : base + NUM_RESOURCES]
    cost = wanted_build(g, seat)
    lacking = [r for r in range(NUM_RESOURCES) if hand[r] < cost[r] and pool[r]]
    spare = [hand[r] - cost[r] for r in range(NUM_RESOURCES)]
    if not lacking or max(spare) < 1:
        return None
    threshold = max(float(WEIGHTS["trade"]["gain"]), best_other)
    best: tuple[float, Action] | None = None
    for a in cast(tuple[CatanAction, ...], g.legal_actions()):
        if a[0] != "offer" or a.to >= 0 or sum(a.want) != 1 or sum(a.give) > 2:
            continue
        if not any(a.want[r] for r in lacking) or any(n > max(0, spare[r]) for r, n in enumerate(a.give)):
            continue  # only what its next build lacks, for what that build does not need
        gain = exchange_gain(g, seat, a.want, a.give, now)
        if gain > threshold and (best is None or gain > best[0]):
            best = (gain, a)
    return best[1] if best is not None else None
