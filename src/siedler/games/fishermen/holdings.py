"""Every fish and boot action of a game, made once per player count and shared, and the holdings: one
object per set of tokens a player can hold, with every fish action it pays for.

Compiled (unlike ``actions.py``, whose action class subclasses ``tuple``): the hot paths of a fishing game
read these on every main phase and every catch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from siedler.core.errors import IllegalAction
from siedler.games.catan.actions import resource, seat_index
from siedler.games.catan.rules import RESOURCES

from .actions import FISH_KINDS, FishAction
from .data import USES
from .tokens import Tokens, exact_sets, fish_in, parse_tokens, payable, token_values, tokens_text


@dataclass(frozen=True)
class Holding:
    """The fish tokens a player holds, and every fish action they pay for, grouped so that legal-action
    generation mostly extends whole tuples: per use, per victim or resource, and the common cases of every
    victim or resource. One object per set of tokens (see ``FishActionSet.holding``), so players' holdings are
    compared, copied and looked up as single references."""

    tokens: Tokens
    #: ``FishActionSet.code(tokens)``: the holding's index in ``FishActionSet.HOLDINGS``.
    code: int
    #: How many tokens: at most ``max_held``.
    count: int
    #: Whether the tokens pay for any action at all (most holdings of a game do not).
    pays: bool
    #: The tokens one by one, highest first (``token_values``), as the log records tokens caught or handed
    #: in: the difference of two holdings is a holding too, so a catch and a spend look theirs up.
    values: tuple[int, ...]
    robber: tuple[FishAction, ...]
    steal: tuple[tuple[FishAction, ...], ...]  # by victim
    steal_all: tuple[tuple[FishAction, ...], ...]  # by thief: from every other seat
    take: tuple[tuple[FishAction, ...], ...]  # by resource
    take_all: tuple[FishAction, ...]
    road: tuple[FishAction, ...]
    card: tuple[FishAction, ...]


class FishActionSet:
    """Every fish and boot action of a game with ``num_players`` seats, made once and shared."""

    def __init__(self, num_players: int, costs: tuple[tuple[str, int], ...], max_held: int) -> None:
        self.num_players = num_players
        self.costs = dict(costs)
        self.max_held = max_held
        args = {
            "robber": [-1],
            "steal": list(range(num_players)),
            "take": list(range(len(RESOURCES))),
            "road": [-1],
            "card": [-1],
        }
        self.FISH: dict[tuple[str, int, Tokens], FishAction] = {
            (use, arg, t): FishAction("fish", use, arg, t)
            for use in USES
            for arg in args[use]
            for t in exact_sets(self.costs[use], max_held)
        }
        self.BOOT = tuple(FishAction("boot", p) for p in range(num_players))
        #: A holding's code counts its ones, twos and threes in base ``max_held + 1``, so drawing or handing
        #: in a token adds or subtracts ``STEP[fish - 1]``: the hot paths never build a tuple to look one up.
        self.STEP = (1, max_held + 1, (max_held + 1) ** 2)
        #: Codes of more than ``max_held`` tokens hold ``None``: no player can have them.
        self.HOLDINGS: list[Holding] = [None] * (max_held + 1) ** 3  # type: ignore[list-item]
        for threes in range(max_held + 1):
            for twos in range(max_held + 1 - threes):
                for ones in range(max_held + 1 - threes - twos):
                    found = self._make_holding((ones, twos, threes))
                    self.HOLDINGS[found.code] = found
        self.EMPTY = self.holding((0, 0, 0))

    def code(self, tokens: Tokens) -> int:
        step = self.STEP
        return tokens[0] * step[0] + tokens[1] * step[1] + tokens[2] * step[2]

    def holding(self, tokens: Tokens) -> Holding:
        """The holding of ``tokens`` (at most ``max_held`` of them)."""
        if min(tokens) < 0 or sum(tokens) > self.max_held:
            raise ValueError(f"no player can hold the fish tokens {tokens}")
        return self.HOLDINGS[self.code(tokens)]

    def _make_holding(self, tokens: Tokens) -> Holding:
        def offers(use: str, arg: int) -> tuple[FishAction, ...]:
            return tuple(self.FISH[(use, arg, t)] for t in payable(tokens, self.costs[use], self.max_held))

        steal = tuple(offers("steal", q) for q in range(self.num_players))
        take = tuple(offers("take", r) for r in range(len(RESOURCES)))
        return Holding(
            tokens=tokens,
            code=self.code(tokens),
            count=sum(tokens),
            pays=fish_in(tokens) >= min(self.costs.values()),
            values=tuple(token_values(tokens)),
            robber=offers("robber", -1),
            steal=steal,
            steal_all=tuple(
                tuple(a for q, acts in enumerate(steal) if q != thief for a in acts)
                for thief in range(self.num_players)
            ),
            take=take,
            take_all=tuple(a for acts in take for a in acts),
            road=offers("road", -1),
            card=offers("card", -1),
        )

    def parse(self, words: list[str]) -> FishAction | None:
        """The fish or boot action ``words`` write, ``None`` if they write no such kind."""
        found: FishAction | None = FISH_KINDS.read(self, words[0], words[1:])
        return found

    def boot(self, args: list[str]) -> FishAction:
        if len(args) != 1:
            raise IllegalAction("write 'boot @<seat>'")
        return self.BOOT[seat_index(args[0], self.num_players)]

    def fish(self, args: list[str]) -> FishAction:
        if not args or args[0] not in self.costs:
            raise IllegalAction(f"write 'fish <use> ... <tokens>', the use being one of {', '.join(USES)}")
        use, rest = args[0], args[1:]
        arg = -1
        if use in ("steal", "take"):
            if len(rest) != 2:
                raise IllegalAction("write 'fish steal @<seat> <tokens>' or 'fish take <resource> <tokens>'")
            arg = seat_index(rest[0], self.num_players) if use == "steal" else resource(rest[0])
            rest = rest[1:]
        if len(rest) != 1:
            raise IllegalAction(f"write the tokens handed in as one word, like 3+1, after 'fish {use}'")
        tokens = parse_tokens(rest[0])
        found = self.FISH.get((use, arg, tokens))
        if found is None:
            cost = self.costs[use]
            raise IllegalAction(
                f"'{use}' costs {cost} fish and no change is given: hand in tokens worth at least {cost} fish "
                f"with none to spare, at most {self.max_held} (not {tokens_text(tokens) or 'none'})"
            )
        return found


@cache
def fish_action_set(num_players: int, costs: tuple[tuple[str, int], ...], max_held: int) -> FishActionSet:
    return FishActionSet(num_players, costs, max_held)
