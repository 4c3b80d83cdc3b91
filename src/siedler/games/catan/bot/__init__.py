"""What the bots know of the Catan family (``siedler.bots.knowledge``): the greedy strategy, the value of a
position and trades with other players. Every board rule set registered with ``register_catan`` names this
module; a rule set with rules of its own builds on its parts in its own package's ``bot`` module."""

from siedler.bots.knowledge import Knowledge, Trader

from . import trade
from .greedy import catan_strategy
from .value import catan_features, catan_position

TRADER = Trader(trade.DECIDED_KINDS, trade.answer, trade.offer, trade.withhold)
KNOWLEDGE = Knowledge(strategy=catan_strategy, value=catan_position, trader=TRADER, features=catan_features)
