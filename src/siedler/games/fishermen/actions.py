"""Fish actions and the old boot: their class and notation (the interned ones: ``holdings.py``).

Notation (added to docs/notation.md's Catan notation; ``@N`` is a seat's index: ``@0`` is seat 1)::

    fish robber 2            hand in tokens showing 2+ fish: the robber leaves the board
    fish steal @2 3          3 fish: a random resource card from @2
    fish take ore 2+2        4 fish: one ore from the bank
    fish road 3+2            5 fish: then place one road free (``road 12-13``)
    fish card 3+3+1          7 fish: a development card from the deck
    boot @2                  pass the old boot to @2

The tokens handed in are written by the fish each shows, highest first. No change is given, so only sets
with no token to spare are actions: their fish reach the cost, and without their smallest token they would
not (``fish robber 3`` pays 2 with a three; ``fish robber 2+1`` is refused, the one is not needed).
"""

from __future__ import annotations

from siedler.core.actions import ActionKind, ActionKinds, field
from siedler.games.catan.actions import KINDS, CatanAction
from siedler.games.catan.rules import RESOURCES

from .tokens import tokens_text

#: The notation's words for people (``siedler rules``, ``siedler play``'s help), in every language.
NOTATION_KEY = "fishermen.notation"


class FishAction(CatanAction):
    """A fish or boot action; its fields by name (declared in ``KINDS`` below)."""

    __slots__ = ()
    use = field(1)  # fish: robber, steal, take, road or card
    arg = field(2)  # fish: the seat robbed (steal), the resource taken (take), else -1
    tokens = field(3)  # fish: the tokens handed in, as counts (ones, twos, threes)


def _fish_text(a: FishAction) -> str:
    what = f" @{a.arg}" if a.use == "steal" else f" {RESOURCES[a.arg]}" if a.use == "take" else ""
    return f"fish {a.use}{what} {tokens_text(a.tokens)}"


#: The kinds Fishermen adds, declared once; fish are spent in the main phase only.
FISH_KINDS = ActionKinds(
    ActionKind("fish", ("use", "arg", "tokens"), ("main",), write=_fish_text, read=lambda t, args: t.fish(args)),
    ActionKind("boot", ("seat",), ("main",), write=lambda a: f"boot @{a.seat}", read=lambda t, args: t.boot(args)),
)
FishAction.KINDS = KINDS.extended(*FISH_KINDS)
