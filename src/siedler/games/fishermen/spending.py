"""Spending fish (exact sets of tokens for five actions) and passing the old boot, with their notation."""

from __future__ import annotations

from siedler.core.actions import Action
from siedler.games.catan.rules import NUM_RESOURCES
from siedler.games.catan.state import NOBODY, PIECE_KINDS, ROAD_BUILDING, ROADS, CatanState

from .actions import FishAction
from .catching import Catching
from .holdings import Holding
from .state import BOOT_EXTRA


def holds_cards(hands: list[int], seat: int) -> bool:
    """Whether ``seat`` holds a resource card (``hands`` as ``CatanState.hands``): unrolled, as this is on
    the hot path of a fishing game's main phase."""
    b = seat * NUM_RESOURCES
    return bool(hands[b] or hands[b + 1] or hands[b + 2] or hands[b + 3] or hands[b + 4])


class Spending(Catching):
    def legal_extra(self, game: CatanState, seat: int, acts: list[Action]) -> None:
        """Fish to spend and the boot to pass."""
        holding = self.fish_held[seat]
        if holding.pays:
            self._legal_fish(game, seat, holding, acts)
        if self.boot == seat:
            self._legal_boot(game, seat, acts)

    def _legal_boot(self, game: CatanState, seat: int, acts: list[Action]) -> None:
        """The boot may go to any other player with as many or more public points (hidden cards unseen)."""
        vp = game.public_points()
        mine, boot = vp[seat], self.fish_action_set.BOOT
        for q in self._others[seat]:  # appended one by one: no list made on the way, as it runs every turn
            if vp[q] >= mine:
                acts.append(boot[q])

    def _legal_fish(self, game: CatanState, seat: int, holding: Holding, acts: list[Action]) -> None:
        """The fish actions the holding pays for that the position allows. This runs in a third of the main
        phases of a fishing game, so it works on the holding's precomputed actions and checks the position
        as cheaply as it can: uses are looked at in the order of their cost, only as far as the tokens
        reach."""
        if game.robber >= 0:
            acts.extend(holding.robber)
        if not holding.steal_all[seat]:
            return
        hands = game.hands
        others = self._others[seat]
        for q in others:
            if not holds_cards(hands, q):  # the rarer case: some victims are left out
                steal = holding.steal
                acts.extend([a for v in others if holds_cards(hands, v) for a in steal[v]])
                break
        else:  # everyone holds a card: the same tokens pay whoever the victim, with no list made on the way
            acts.extend(holding.steal_all[seat])
        if not holding.take_all:
            return
        bank = game.bank
        if bank[0] and bank[1] and bank[2] and bank[3] and bank[4]:
            acts.extend(holding.take_all)
        else:
            take = holding.take
            for r in range(NUM_RESOURCES):
                if bank[r]:
                    acts.extend(take[r])
        if holding.road and game.pieces[seat * PIECE_KINDS + ROADS] and game._can_place_road(seat):
            acts.extend(holding.road)
        if holding.card and any(game.dev_deck) and game._card_room(seat):
            acts.extend(holding.card)

    def _do_fish(self, game: CatanState, action: FishAction) -> None:
        seat, use, arg, (t1, t2, t3) = game.current, action.use, action.arg, action.tokens
        table = self.fish_action_set
        handed_in = table.code(action.tokens)
        # A legal action's tokens are in the holding, so what is left is a holding too.
        self.fish_held[seat] = table.HOLDINGS[self.fish_held[seat].code - handed_in]
        spent = self.fish_spent
        spent[0] += t1
        spent[1] += t2
        spent[2] += t3
        if game.logging:
            game._note("fish", (seat, use, table.HOLDINGS[handed_in].values, arg))
        if use == "robber":
            game.robber = NOBODY
        elif use == "steal":
            game._steal(seat, arg)
        elif use == "take":
            game.bank[arg] -= 1
            game.hands[seat * NUM_RESOURCES + arg] += 1
        elif use == "road":
            game._bought(seat)  # a road or a card is bought with fish, as with resources
            game.free_roads = 1
            game.phase = ROAD_BUILDING
        else:
            game._bought(seat)
            game._draw_development(seat)

    def _do_boot(self, game: CatanState, action: FishAction) -> None:
        seat, to = game.current, action.seat
        self.boot = to
        game._emit("boot_pass", {"seat": seat, "to": to})
        game._check_win(seat)  # rid of the boot, he may have reached his target

    def extra_target(self, game: CatanState, seat: int) -> int:
        return BOOT_EXTRA if seat == self.boot else 0

    def action_universe(self, game: CatanState) -> tuple[Action, ...]:
        interned = self.fish_action_set
        return (*interned.FISH.values(), *interned.BOOT)

    def parse_action(self, game: CatanState, text: str) -> Action | None:
        words = text.strip().lower().split()
        return self.fish_action_set.parse(words) if words else None
