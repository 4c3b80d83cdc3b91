"""What the bots know of the Catan family (``siedler.bots.knowledge``): the greedy strategy, the value of a
position and trades with other players. Every board rule set registered with ``register_catan`` names this
module; a rule set with rules of its own builds on its parts in its own package's ``bot`` module."""

from siedler.bots.knowledge import Chains, Knowledge, Trader

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
KNOWLEDGE = Knowledge(
    strategy=catan_strategy, value=catan_position, trader=TRADER, features=catan_features, chains=CHAINS
)
