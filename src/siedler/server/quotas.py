"""How much one client's games may store: actions per hour for their bots and stand-ins.

A game of bots with no delay stores thousands of actions a second; one address running a few of them
filled a database with hundreds of thousands of rows a minute. Each game is charged to the client that
created it (``Room.owner``), and its bots wait for the quota instead of failing: the game goes on, only
more slowly. People's own moves are bounded by the request and message rates (``limits.py``). Like every
limit, the quota lives in memory: a game resumed after a restart has no owner and is not charged.
"""

from __future__ import annotations

from .config import Settings
from .limits import TokenBucket

#: Seconds a bot over its quota waits at most before it asks again (the room's other concerns go on).
LONGEST_WAIT = 5.0


class ActionQuota:
    def __init__(self, settings: Settings) -> None:
        per_hour = settings.bot_actions_per_hour
        self._bucket = TokenBucket(per_hour / 3600, per_hour)

    def take(self, owner: str | None) -> float:
        """Charge one bot action to ``owner``: 0 if it may store it now, else the seconds to wait first."""
        if owner is None:
            return 0.0
        return min(self._bucket.take(owner), LONGEST_WAIT)
