"""Spending fish (exact sets of tokens for five actions) and passing the old boot, with their notation."""

from __future__ import annotations

from typing import Any

from siedler.core.actions import Action
from siedler.games.catan.rules import NUM_RESOURCES
from siedler.games.catan.state import NOBODY, PIECE_KINDS, ROAD_BUILDING, ROADS

from .actions import FishAction, Holding, token_values
from .state import FishermenState


class SpendingMixin(FishermenState):
    def _legal_extra(self, seat: int, acts: list[Action]) -> None:
        """Fish to spend and the boot to pass."""
        super()._legal_extra(seat, acts)
        holding = self.fish_held[seat]
        if holding.pays:
            self._legal_fish(seat, holding, acts)
        if self.boot == seat:
            self._legal_boot(seat, acts)

    def _legal_boot(self, seat: int, acts: list[Action]) -> None:
        """The boot may go to any other player with as many or more public points (hidden cards unseen)."""
        vp = self.public_points()
        mine, boot = vp[seat], self.fish_action_set.BOOT
        acts.extend([boot[q] for q in self._others[seat] if vp[q] >= mine])

    def _legal_fish(self, seat: int, holding: Holding, acts: list[Action]) -> None:
        """The fish actions the holding pays for that the position allows. This runs in a third of the main
        phases of a fishing game, so it works on the holding's precomputed actions and checks the position
        as cheaply as it can: uses are looked at in the order of their cost, only as far as the tokens
        reach."""
        if self.robber >= 0:
            acts.extend(holding.robber)
        if not holding.steal_all[seat]:
            return
        hands = self.hands
        others = self._others[seat]
        victims = [
            q
            for q in others
            # A hand is NUM_RESOURCES (5) counts: unrolled, this is the hot path of a fishing game's main phase.
            if hands[q * 5] or hands[q * 5 + 1] or hands[q * 5 + 2] or hands[q * 5 + 3] or hands[q * 5 + 4]
        ]
        if len(victims) == len(others):  # the same tokens pay whoever the victim
            acts.extend(holding.steal_all[seat])
        else:
            steal = holding.steal
            for q in victims:
                acts.extend(steal[q])
        if not holding.take_all:
            return
        bank = self.bank
        if bank[0] and bank[1] and bank[2] and bank[3] and bank[4]:
            acts.extend(holding.take_all)
        else:
            take = holding.take
            for r in range(NUM_RESOURCES):
                if bank[r]:
                    acts.extend(take[r])
        if holding.road and self.pieces[seat * PIECE_KINDS + ROADS] and self._can_place_road(seat):
            acts.extend(holding.road)
        if holding.card and any(self.dev_deck):
            acts.extend(holding.card)

    def _do_fish(self, action: FishAction) -> None:
        seat, use, arg, (t1, t2, t3) = self.current, action.use, action.arg, action.tokens
        table = self.fish_action_set
        # A legal action's tokens are in the holding, so what is left is a holding too.
        self.fish_held[seat] = table.HOLDINGS[self.fish_held[seat].code - table.code(action.tokens)]
        spent = self.fish_spent
        spent[0] += t1
        spent[1] += t2
        spent[2] += t3
        if self.logging:
            data: dict[str, Any] = {"seat": seat, "use": use, "tokens": token_values(action.tokens)}
            if use == "steal":
                data["victim"] = arg
            elif use == "take":
                data["resource"] = arg
            self._emit("fish", data)
        if use == "robber":
            self.robber = NOBODY
        elif use == "steal":
            self._steal(seat, arg)
        elif use == "take":
            self.bank[arg] -= 1
            self.hands[seat * NUM_RESOURCES + arg] += 1
        elif use == "road":
            self.free_roads = 1
            self.phase = ROAD_BUILDING
        else:
            self._draw_development(seat)

    def _do_boot(self, action: FishAction) -> None:
        seat, to = self.current, action.seat
        self.boot = to
        self._emit("boot_pass", {"seat": seat, "to": to})
        self._check_win(seat)  # rid of the boot, he may have reached his target

    def victory_target(self, seat: int) -> int:
        if seat == self.boot:
            return super().victory_target(seat) + self._boot_extra
        return super().victory_target(seat)

    def action_universe(self) -> tuple[Action, ...]:
        interned = self.fish_action_set
        return (*super().action_universe(), *interned.FISH.values(), *interned.BOOT)

    def parse_action(self, text: object) -> Action:
        if isinstance(text, str):
            words = text.strip().lower().split()
            found = self.fish_action_set.parse(words) if words else None
            if found is not None:
                return found
        return super().parse_action(text)
