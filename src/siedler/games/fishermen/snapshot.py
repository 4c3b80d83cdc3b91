"""The Fishermen's part of the exported state, and its import with the conservation checks (the tokens,
the old boot, the grounds); the views are in ``presentation.py``."""

from __future__ import annotations

from typing import Any

from siedler.core.errors import RecordError
from siedler.games.catan.snapshot import _named, _unnamed
from siedler.games.catan.state import NOBODY, CatanState

from .board import fishing_grounds
from .catching import COSTS
from .data import RULES
from .holdings import fish_action_set
from .spending import Spending
from .state import BOOT, SUPPLY, VALUES
from .tokens import Tokens


class FishermenSnapshot(Spending):
    def export(self, game: CatanState) -> dict[str, Any]:
        return {
            "fish": {
                "supply": _named(list(self.fish_supply), SUPPLY),
                "spent": _named(list(self.fish_spent), VALUES),
                "held": [_named(list(self.held_tokens(p)), VALUES) for p in range(game.num_players)],
                "boot": self.boot if self.boot >= 0 else None,
                "grounds": [{"sea": list(g.sea), "number": g.number} for g in self.fish_grounds],
            }
        }

    def load(self, game: CatanState, data: dict[str, Any]) -> None:
        n, fish = game.num_players, data["fish"]
        grounds = fish["grounds"]
        places = [(int(g["sea"][0]), int(g["sea"][1])) for g in grounds]
        self._set_grounds(game, fishing_grounds(game.board.topology, places, [int(g["number"]) for g in grounds]))
        supply = _unnamed(fish["supply"], SUPPLY, "fish supply")
        spent = _unnamed(fish["spent"], VALUES, "spent fish")
        if len(fish["held"]) != n:
            raise RecordError(f"fish tokens are listed for {len(fish['held'])} players, not {n}")
        held: list[Tokens] = []
        for p, entry in enumerate(fish["held"]):
            ones, twos, threes = _unnamed(entry, VALUES, f"player {p} fish")
            if ones + twos + threes > RULES.max_held:
                raise RecordError(
                    f"player {p} holds {ones + twos + threes} fish tokens, at most {RULES.max_held} allowed"
                )
            held.append((ones, twos, threes))
        boot = NOBODY if fish["boot"] is None else game._imported_seat(fish["boot"])
        for v in range(3):
            total = supply[v] + spent[v] + sum(tokens[v] for tokens in held)
            if total != RULES.fish[v]:
                raise RecordError(f"{total} fish tokens showing {v + 1} in the game, it has {RULES.fish[v]}")
        if supply[BOOT] + (boot >= 0) != RULES.boots:
            raise RecordError("the old boot must be either in the supply or with one player")
        self.fish_supply = list(supply)
        self.fish_spent = list(spent)
        self.boot = boot
        self.fish_action_set = interned = fish_action_set(n, COSTS, RULES.max_held)
        self.fish_held = [interned.holding(tokens) for tokens in held]
