"""Spending fish (exact sets of tokens for five actions) and passing the old boot, with their notation."""

from __future__ import annotations

from typing import Any

from siedler.core.actions import Action
from siedler.games.catan.state import NOBODY, ROAD_BUILDING

from .actions import Tokens, token_values
from .state import FishermenState


class SpendingMixin(FishermenState):
    def _legal_extra(self, seat: int, acts: list[Action]) -> None:
        """Fish to spend and the boot to pass (called for this class alone: no ``super()``)."""
        held, b = self.fish_held, seat * 3
        h0, h1, h2 = held[b], held[b + 1], held[b + 2]
        if h0 + 2 * h1 + 3 * h2 >= self._cheapest:
            self._legal_fish(seat, (h0, h1, h2), acts)
        if self.boot == seat:
            self._legal_boot(seat, acts)

    def _legal_boot(self, seat: int, acts: list[Action]) -> None:
        """The boot may go to any other player with as many or more public points (hidden cards unseen)."""
        vp, extra, boot = self.vp, self.extra_vp, self.fish_table.BOOT
        mine = vp[seat] + extra(seat)
        for q in self._others[seat]:
            if vp[q] + extra(q) >= mine:
                acts.append(boot[q])

    def _legal_fish(self, seat: int, held: Tokens, acts: list[Action]) -> None:
        """The fish actions ``held`` pays for that the position allows. This runs in nearly every main phase
        of a fishing game, so it works on precomputed menus and checks the position as cheaply as it can."""
        menu = self.fish_table._menus.get(held) or self.fish_table.menu(held)
        if menu.robber and self.robber >= 0:
            acts.extend(menu.robber)
        steal = menu.steal
        if steal[0]:  # the same tokens pay whoever the victim, so one victim's list says if any can
            hands = self.hands
            others = self._others[seat]
            victims = [q for q in others if hands[q * 5] or hands[q * 5 + 1] or hands[q * 5 + 2]
                       or hands[q * 5 + 3] or hands[q * 5 + 4]]
            if len(victims) == len(others):
                acts.extend(menu.steal_all[seat])
            else:
                for q in victims:
                    acts.extend(steal[q])
        if menu.take_all:
            bank = self.bank
            if bank[0] and bank[1] and bank[2] and bank[3] and bank[4]:
                acts.extend(menu.take_all)
            else:
                take = menu.take
                for r in range(5):
                    if bank[r]:
                        acts.extend(take[r])
        if menu.road and self.pieces[seat * 3] and self._can_place_road(seat):
            acts.extend(menu.road)
        if menu.card and any(self.dev_deck):
            acts.extend(menu.card)

    def _do_fish(self, action: Action) -> None:
        seat, use, arg, tokens = self.current, action[1], action[2], action[3]
        held, b = list(self.fish_held), seat * 3
        for i in range(3):
            held[b + i] -= tokens[i]
        self.fish_held = tuple(held)
        s = self.fish_spent
        self.fish_spent = (s[0] + tokens[0], s[1] + tokens[1], s[2] + tokens[2])
        data: dict[str, Any] = {"seat": seat, "use": use, "tokens": token_values(tokens)}
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
            self.hands[seat * 5 + arg] += 1
        elif use == "road":
            self.free_roads = 1
            self.phase = ROAD_BUILDING
        else:
            self._draw_development(seat)

    def _do_boot(self, action: Action) -> None:
        seat, to = self.current, action[1]
        self.boot = to
        self._emit("boot_pass", {"seat": seat, "to": to})
        self._check_win(seat)  # rid of the boot, he may have reached his target

    def victory_target(self, seat: int) -> int:
        if seat == self.boot:
            return super().victory_target(seat) + self._boot_extra
        return super().victory_target(seat)

    def parse_action(self, text: str) -> Action:
        if isinstance(text, str):
            words = text.strip().lower().split()
            if words and words[0] in ("fish", "boot"):
                return self.fish_table.parse(words)
        return super().parse_action(text)

