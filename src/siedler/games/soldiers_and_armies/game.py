"""Soldiers & Armies' turn on the shared Catan mechanics: set-up with a settlement and a city, the four
phases, production that skips nuked hexes, the 7 with walls, 13 points, and players leaving the game."""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.errors import RecordError
from siedler.core.game import Move
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.rules import DEV_CARDS, NUM_RESOURCES, VICTORY_POINT
from siedler.games.catan.state import CITIES, NUM_DEV_CARDS, PIECE_KINDS, SETTLEMENTS, SETUP_SETTLEMENT

from .actions import soldier_action_set
from .presentation import SoldiersViewMixin
from .rules import army_rules
from .state import ALLIANCE, BATTLE, CARD_REPLY, COMBAT, COMPOSE, CONQUEST, DEFEND, MOVEMENT, TRADE_REPLY, TRIBUTE
from .stats import soldier_stats


@mypyc_attr(allow_interpreted_subclasses=True)
class SoldiersGame(SoldiersViewMixin):
    """The rule set's game class: the end of the chain state <- armies <- combat <- presentation."""

    def _setup(self) -> None:
        super()._setup()
        self.army_rules = army_rules(self.options["army_costs"])
        self.variant = bool(self.options["combat_variant"])
        self.soldier_set = soldier_action_set(self.board.topology, self.num_players, self.options["offer_max_cards"])
        self._clear_armies()
        n = self.num_players
        self.out = [0] * n
        self.final_vp = [0] * n
        self.purchased = False
        self.robber_fought = False
        self.withdrawn = ()
        self.battle = ()
        self.conquest = -1
        self.weak_cities = False
        self.card_offer = None
        self.allies = ()
        self.ally_pending = ()
        self.draft_seats = ()
        self.draft_give = ()
        self.draft_ask = ()
        if self.variant:  # "Die Siegpunktkarten in den Entwicklungskarten bleiben im Spiel"
            self.dev_deck[VICTORY_POINT] += self.army_rules.variant_victory_point_cards

    def _action_universe(self) -> tuple[Action, ...]:
        """The Catan actions, then the armies' own; ``end`` is in both, as one tuple."""
        return (*super()._action_universe(), *self.soldier_set.universe())

    def parse_action(self, text: object) -> Action:
        if isinstance(text, str):
            words = text.strip().lower().split()
            found = self.soldier_set.parse(words) if words else None
            if found is not None:
                return found
        return super().parse_action(text)

    # ------------------------------------------------------------------ set-up: a settlement, then a city
    def _do_settle(self, action: CatanAction) -> None:
        """ "Jeder Spieler beginnt mit einer Siedlung und einer Stadt": the second founding round (in
        reverse order, as the base game's) places the city, which yields as the base game's second
        settlement does."""
        founding_city = self.phase == SETUP_SETTLEMENT and self.setup_step >= self.num_players
        seat, node = self.current, action.node
        super()._do_settle(action)
        if founding_city:
            self.node_level[node] = 2
            self.pieces[seat * PIECE_KINDS + SETTLEMENTS] += 1
            self.pieces[seat * PIECE_KINDS + CITIES] -= 1
            self.vp[seat] += 1
            self._emit("build", {"seat": seat, "piece": "city", "at": node})
            self._award_changes()

    # ------------------------------------------------------------------ the phases
    def _generate_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == MOVEMENT:
            return self._legal_movement()
        if phase == COMBAT:
            return self._legal_combat()
        if phase == DEFEND:
            return (self.soldier_set.RESIST, self.soldier_set.CAPITULATE)
        if phase == BATTLE:
            return self._legal_battle()
        if phase == CONQUEST:
            return (self.soldier_set.CONQUER, self.soldier_set.RAZE)
        if phase == TRIBUTE:
            return self._legal_tribute()
        if phase == ALLIANCE:
            return self._legal_alliance()
        if phase == CARD_REPLY:
            return self._legal_card_reply()
        if phase == COMPOSE:
            return self._legal_compose()
        if phase == TRADE_REPLY:
            return self._legal_trade_reply()
        return super()._generate_legal()

    def _produce(self, total: int) -> None:
        """The shared production, without the nuked hexes ("liefert keine Erträge mehr")."""
        if not any(self.nuked):
            super()._produce(total)
            return
        nuked = self.nuked
        self._yield([(h, r) for h, r in self.board.number_hexes.get(total, ()) if not nuked[h]])

    def _hand_limit(self, seat: int) -> int:
        """ "Bei einer gewürfelten „7“ darf man zehn Karten auf der Hand halten, plus zwei je Stadtmauer."""
        walls = sum(self.walls[n] for n in self.buildings[seat])
        return super()._hand_limit(seat) + self.army_rules.hand_limit_per_wall * walls

    def _do_end(self, action: CatanAction) -> None:
        """The turn ends in the combat phase; players who left the game are skipped."""
        self.moved = [0] * len(self.moved)
        self.purchased = False
        self.robber_fought = False
        self.withdrawn = ()
        super()._do_end(action)
        n = self.num_players
        while not self.is_over and self.out[self.current]:
            self.current = (self.current + 1) % n
            self.to_act = self.current
            self._check_win(self.current)

    def _do_offer(self, action: CatanAction) -> None:
        super()._do_offer(action)
        self.offer_pending = tuple(p for p in self.offer_pending if not self.out[p])
        if self.offer_pending:
            self.to_act = self.offer_pending[0]
        else:
            self._close_offer()

    # ------------------------------------------------------------------ points
    def total_vp(self, seat: int) -> int:
        """Buildings, awards and variants' cards: victory-point cards are out of the deck, and in the
        Variante they score nothing."""
        return self.vp[seat] + self.extra_vp(seat)

    def scores(self) -> list[int]:
        return [self.final_vp[p] if self.out[p] else self.total_vp(p) for p in range(self.num_players)]

    def game_stats(self, moves: Sequence[Move]) -> dict[str, list[float]]:
        stats = super().game_stats(moves)
        stats.update(soldier_stats(moves, self.num_players))
        return stats

    def _update_largest_army(self, seat: int) -> None:
        """ "Die „Größte Rittermacht“ bleibt aus dem Spiel." """

    def _check_conservation(self) -> None:
        n = self.num_players
        for r in range(NUM_RESOURCES):
            if self.bank[r] + sum(self.hands[p * NUM_RESOURCES + r] for p in range(n)) != self.rules.bank_per_resource:
                raise RecordError("bank and hands do not hold every resource card of the game")
        for c, name in enumerate(DEV_CARDS):
            total = self.dev_deck[c] + self.dev_spent[c] + sum(self.dev_hand[p * NUM_DEV_CARDS + c] for p in range(n))
            expected = self.rules.deck[c]
            if c == VICTORY_POINT and self.options["combat_variant"]:
                expected += army_rules(self.options["army_costs"]).variant_victory_point_cards
            if total != expected:
                raise RecordError(f"{name} cards: deck, hands and played hold {total}, the game has {expected}")
