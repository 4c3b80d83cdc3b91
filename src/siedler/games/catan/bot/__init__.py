"""What the bots know of the Catan family (``siedler.bots.knowledge``): the greedy strategy, the value of a
position and trades with other players. Every board rule set registered with ``register_catan`` names this
module; a rule set with rules of its own builds on its parts in its own package's ``bot`` module."""

from typing import cast

from siedler.bots.knowledge import Chains, Knowledge, Trader
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.state import MAIN, SETUP_ROAD, SETUP_SETTLEMENT

from . import trade
from .greedy import catan_strategy
from .value import catan_features, catan_position

TRADER = Trader(trade.DECIDED_KINDS, trade.answer, trade.offer, trade.withhold)


def chains(builds: frozenset[str], reached: frozenset[str]) -> Chains:
    """The value bot's two-move chains (``Knowledge.chains``) on a Catan board whose builds paid for with
    resources are ``builds``, of which a new road may open up ``reached``: a bank trade or a card's
    resources, then what they pay for; a road, then what it reaches; a knight, then the robber; a
    road-building card, then its first road."""
    return {
        "bank": builds,
        "plenty": builds | {"bank"},
        "monopoly": builds | {"bank"},
        "road": reached,
        "knight": frozenset({"robber"}),
        "roadbuilding": frozenset({"road"}),
    }


CHAINS = chains(frozenset({"city", "settle", "buy", "road"}), frozenset({"settle"}))


def founding(game: Game) -> bool:
    """Whether a Catan game is in its founding: the settlements and roads placed before the first roll."""
    return cast(CatanGame, game).phase in (SETUP_SETTLEMENT, SETUP_ROAD)


def free_turn(game: Game) -> bool:
    """Whether the seat to act is in its main phase: after its roll, building and trading until it ends the
    turn, with no die and no other seat's move in between."""
    return cast(CatanGame, game).phase == MAIN


#: The lobby's levels (docs/bots.md, "Levels"): Hard searches the founding, where the search gains over
#: ``value``'s look-ahead, and plays the rest by ``value``'s look-ahead over its own turn.
LEVELS = {"easy": "greedy", "medium": "value", "hard": "mcts:iterations=600,guard_ms=10000,turn=5"}
KNOWLEDGE = Knowledge(
    strategy=catan_strategy,
    value=catan_position,
    trader=TRADER,
    levels=LEVELS,
    features=catan_features,
    chains=CHAINS,
    founding=founding,
    turn=free_turn,
)
