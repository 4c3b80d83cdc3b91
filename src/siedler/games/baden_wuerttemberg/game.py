"""Baden-Württemberg Catan's rules on the shared Catan mechanics (rule text ``baden-wuerttemberg.md``,
rulings in ``docs/rules/baden-wuerttemberg.md``).

The shared mechanics bring dice, production, the 7 (the inventor is the robber under another name),
player trades with the player whose turn it is, development cards and the longest road. What differs:
the fixed map with city and landmark fields, town halls (the settlements of this game, one point each and
no distance rule: only city fields take them), roads that pass a city field only through one's own town
hall and a landmark field only once its landmark stands, landmarks with their rewards, the build-cost
cards (or the variable founding), 3:1 with the bank and 2:1 after the card Handel, awards worth one town
hall each, and 12 or 10 points to win.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.errors import RecordError
from siedler.games.catan import CatanGame
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.board import Board
from siedler.games.catan.rules import MONOPOLY, NUM_RESOURCES, rules_from
from siedler.games.catan.state import (
    MAIN,
    NOBODY,
    PIECE_KINDS,
    ROAD_BUILDING,
    ROADS,
    ROLL,
    SETTLEMENTS,
    SETUP_SETTLEMENT,
)

from .actions import BWActionSet, bw_action_set
from .map import CITY_FIELD, FREE, LANDMARK_FIELD, REWARD_DEVELOPMENT, REWARD_ROAD, BWMap, bw_map

VARIABLE = "variable"


@mypyc_attr(allow_interpreted_subclasses=True)
class BWRulesGame(CatanGame):
    rules: ClassVar = rules_from("baden-wuerttemberg.toml", "siedler.games.baden_wuerttemberg")

    bw: BWMap
    bw_set: BWActionSet
    landmark_owner: list[int]  # by landmark: the seat that built it, NOBODY while it stands outside the map
    cost_cards: list[int]  # by seat: the build-cost card dealt (its index in the data), -1 in variable founding
    trade_card: bool  # "Handel" was played this turn: 2:1 with the bank until the turn ends
    landmark_road: bool  # the free road being placed is a landmark's reward, which may be left unbuilt

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.bw = self.bw
        new.bw_set = self.bw_set
        new.landmark_owner = self.landmark_owner[:]
        new.cost_cards = self.cost_cards[:]
        new.trade_card = self.trade_card
        new.landmark_road = self.landmark_road

    # ------------------------------------------------------------------ setting up
    def _load_map(self) -> None:
        self.bw = bw_map(tuple(sorted(self._terrains().items())))

    def _make_board(self) -> Board:
        return self.bw.board

    def _initial_robber(self) -> int:
        """ "Die Figur „Erfinder“ kommt auf das Weideland mit der „12“ südlich von Sinsheim." """
        return self.bw.inventor

    def _clear_board(self) -> None:
        """Without harbours, everyone trades 3:1 with the bank ("grundsätzlich beliebig oft 3:1")."""
        super()._clear_board()
        self.rates = [self.bw.rate] * (self.num_players * NUM_RESOURCES)

    def _setup(self) -> None:
        self._load_map()
        super()._setup()
        n = self.num_players
        self.bw_set = bw_action_set(self.board.topology, n, self.options["offer_max_cards"])
        self.action_set = self.bw_set
        self.landmark_owner = [NOBODY] * len(self.bw.landmarks)
        self.cost_cards = [-1] * n
        self.trade_card = False
        self.landmark_road = False
        if self.options["founding"] != VARIABLE:
            self._deal_cost_cards(list(self.setup_order[:n]))

    def _founding_order(self) -> tuple[int, ...]:
        """The variable founding's three town halls: clockwise, then counter-clockwise, then clockwise again."""
        order = super()._founding_order()
        if self.options["founding"] == VARIABLE:
            return order + order[: self.num_players]
        return order

    def _deal_cost_cards(self, order: list[int]) -> None:
        """Each player draws a build-cost card, puts a town hall on each of its three city fields and takes
        its start resources; no roads at the start. Then the first player rolls."""
        deck = list(range(len(self.bw.cards)))
        self.rng.shuffle(deck)
        for seat in order:
            index = deck.pop()
            card = self.bw.cards[index]
            self.cost_cards[seat] = index
            self._emit("cost_card", {"seat": seat, "card": index})
            for node in card.nodes:
                self._place_settlement(seat, node)
            for r in range(NUM_RESOURCES):
                self.bank[r] -= card.resources[r]
                self.hands[seat * NUM_RESOURCES + r] += card.resources[r]
            self._emit("produce", {"gains": {str(seat): list(card.resources)}})
        self.setup_step = len(self.setup_order)
        self.current = self.to_act = self.start_player
        self.phase = ROLL

    def _legal_setup_settlement(self) -> tuple[Action, ...]:
        """The variable founding: any free city field."""
        settle, owner = self.action_set.SETTLE, self.node_owner
        return tuple(settle[n] for n in self.bw.city_fields if owner[n] < 0)

    def _do_settle(self, action: CatanAction) -> None:
        """In the variable founding no roads are placed; the third town hall brings one card of each
        adjacent hex ("Start-Rohstoffe ... der Landschaftsfelder, an die sein zuletzt platziertes Rathaus
        grenzt")."""
        if self.phase != SETUP_SETTLEMENT:
            super()._do_settle(action)
            return
        seat, node = self.current, action.node
        self._place_settlement(seat, node)
        if self.setup_step >= 2 * self.num_players:
            self._founding_yield(seat, node)
        self._next_founding_step()

    # ------------------------------------------------------------------ where roads, town halls and landmarks go
    def _passable(self, seat: int, node: int) -> bool:
        """Whether ``seat``'s road may continue through ``node``: a free intersection, a city field with his
        own town hall, a landmark field whose landmark stands (built by anyone)."""
        kind = self.bw.field_kind[node]
        if kind == FREE:
            return True
        if kind == CITY_FIELD:
            return self.node_owner[node] == seat
        return self.landmark_owner[self.bw.landmark_at[node]] >= 0

    def _road_spots(self, seat: int) -> list[int]:
        """Free paths at one of the seat's town halls, or continuing one of his roads through an intersection
        it may pass."""
        topo = self.board.topology
        edge_nodes, node_edges, eo = topo.edge_nodes, topo.node_edges, self.edge_owner
        spots = {e for n in self.buildings[seat] for e in node_edges[n] if eo[e] < 0}
        for e in self.roads[seat]:
            for n in edge_nodes[e]:
                if self._passable(seat, n):
                    spots.update(e2 for e2 in node_edges[n] if eo[e2] < 0)
        return sorted(spots)

    def _can_place_road(self, seat: int) -> bool:
        return bool(self._road_spots(seat))

    def _settlement_spots(self, seat: int) -> list[int]:
        """Free city fields that one of the seat's roads touches."""
        edge_nodes, kind, owner = self.board.topology.edge_nodes, self.bw.field_kind, self.node_owner
        return sorted({n for e in self.roads[seat] for n in edge_nodes[e] if kind[n] == CITY_FIELD and owner[n] < 0})

    def _landmark_spots(self, seat: int) -> list[int]:
        """Landmark fields without their landmark that one of the seat's roads touches."""
        edge_nodes, kind = self.board.topology.edge_nodes, self.bw.field_kind
        built, at = self.landmark_owner, self.bw.landmark_at
        return sorted(
            {n for e in self.roads[seat] for n in edge_nodes[e] if kind[n] == LANDMARK_FIELD and built[at[n]] < 0}
        )

    def _halls_left(self, seat: int) -> int:
        return self.pieces[seat * PIECE_KINDS + SETTLEMENTS]

    def _legal_extra(self, seat: int, acts: list[Action]) -> None:
        super()._legal_extra(seat, acts)
        if self._halls_left(seat) and self._can_pay(seat, self.bw.landmark_cost):
            landmark = self.bw_set.LANDMARK
            acts.extend(landmark[n] for n in self._landmark_spots(seat))

    # ------------------------------------------------------------------ landmarks
    def _do_landmark(self, action: CatanAction) -> None:
        """The landmark goes on its field, neutral from then on; its builder puts a town hall on its picture
        outside the map (one point) and takes the reward."""
        seat, node = self.current, action.node
        index = self.bw.landmark_at[node]
        landmark = self.bw.landmarks[index]
        self._pay(seat, self.bw.landmark_cost)
        self.landmark_owner[index] = seat
        self.pieces[seat * PIECE_KINDS + SETTLEMENTS] -= 1
        self.vp[seat] += 1
        self._emit("landmark", {"seat": seat, "landmark": index, "at": node})
        if landmark.reward == REWARD_ROAD:
            if self.pieces[seat * PIECE_KINDS + ROADS] and self._road_spots(seat):
                self.free_roads = 1
                self.landmark_road = True
                self.phase = ROAD_BUILDING
        elif landmark.reward == REWARD_DEVELOPMENT:
            if any(self.dev_deck):
                self._take_reward_card(seat)
        else:
            taken = [min(n, self.bank[r]) for r, n in enumerate(landmark.resources)]
            for r, n in enumerate(taken):
                self.bank[r] -= n
                self.hands[seat * NUM_RESOURCES + r] += n
            self._emit("reward", {"seat": seat, "gains": taken})
        self._check_win(seat)

    def _take_reward_card(self, seat: int) -> None:
        """The landmark's card is taken, not bought: "Dies darf aber nicht eine Karte sein, die er in diesem
        Zug gekauft hat!" bars only bought cards, so this one may be played in the same turn."""
        before = self.dev_new[:]
        self._draw_development(seat)
        self.dev_new = before

    def _do_noroad(self, action: CatanAction) -> None:
        """The landmark's free road left unbuilt ("darf ... kostenlos eine Straße bauen": may, not must)."""
        self.free_roads = 0
        self.landmark_road = False
        self.phase = MAIN

    def _generate_legal(self) -> tuple[Action, ...]:
        acts = super()._generate_legal()
        return (*acts, self.bw_set.NOROAD) if self.landmark_road and self.phase == ROAD_BUILDING else acts

    # ------------------------------------------------------------------ development cards
    def _legal_development(self, seat: int, acts: list[Action], before_roll: bool) -> None:
        """Any card, before the roll as after it: "Ein Spieler, der an der Reihe ist, darf zu einem beliebigen
        Zeitpunkt seines Zuges eine Entwicklungskarte ausspielen" (the base game allows only the knight before
        rolling); the monopoly's slot holds "Handel", played as ``trade``."""
        start = len(acts)
        super()._legal_development(seat, acts, before_roll=False)
        if len(acts) > start and self._playable(seat, MONOPOLY):
            acts[start:] = [a for a in acts[start:] if a[0] != "monopoly"]
            acts.append(self.bw_set.TRADE)

    def _do_trade(self, action: CatanAction) -> None:
        """Handel: 2:1 with the bank, any resource, for the rest of the turn."""
        seat = self.current
        self._spend(seat, MONOPOLY)
        self.trade_card = True
        base, rate = seat * NUM_RESOURCES, self.bw.trade_card_rate
        for r in range(NUM_RESOURCES):
            self.rates[base + r] = min(self.rates[base + r], rate)

    def _do_road(self, action: CatanAction) -> None:
        """Straßenbau played before the roll: once its roads are placed, the turn goes on with the roll."""
        self.landmark_road = False
        super()._do_road(action)
        if self.phase == MAIN and self.dice is None:
            self.phase = ROLL

    def _do_end(self, action: CatanAction) -> None:
        if self.trade_card:
            base = self.current * NUM_RESOURCES
            self.rates[base : base + NUM_RESOURCES] = [self.bw.rate] * NUM_RESOURCES
            self.trade_card = False
        super()._do_end(action)

    # ------------------------------------------------------------------ awards: a town hall on their field
    def _update_longest_road(self) -> None:
        """The shared rule (a tie keeps the holder, a tie between others gives it to nobody), with the award
        being one of the holder's town halls: a player with none left cannot take it."""
        lengths, holder = self.road_len, self.longest_road
        best = max(lengths)
        if holder >= 0 and lengths[holder] >= self.rules.longest_road_min and lengths[holder] == best:
            return
        leaders = [p for p, n in enumerate(lengths) if n == best]
        new = NOBODY
        if best >= self.rules.longest_road_min and len(leaders) == 1 and self._halls_left(leaders[0]):
            new = leaders[0]
        if new != holder:
            self.longest_road = new
            self._move_award_hall("longest_road", holder, new)

    def _update_largest_army(self, seat: int) -> None:
        """Größter Erfinder: the first with 3 inventions played, then whoever has played more than the holder;
        like the longest trade road, it needs a town hall in the player's supply."""
        holder, played = self.largest_army, self.knights
        if (
            holder != seat
            and played[seat] >= self.rules.largest_army_min
            and (holder < 0 or played[seat] > played[holder])
            and self._halls_left(seat)
        ):
            self.largest_army = seat
            self._move_award_hall("largest_army", holder, seat)
            self._award_changes()

    def _move_award_hall(self, award: str, holder: int, new: int) -> None:
        """The former holder takes his town hall back from the award's field, the new one puts one there."""
        points = self.rules.award_points
        if holder >= 0:
            self.vp[holder] -= points
            self.pieces[holder * PIECE_KINDS + SETTLEMENTS] += 1
        if new >= 0:
            self.vp[new] += points
            self.pieces[new * PIECE_KINDS + SETTLEMENTS] -= 1
        self._emit("award", {"award": award, "seat": new, "from": holder})

    # ------------------------------------------------------------------ winning
    def victory_target(self, seat: int) -> int:
        """ "im Spiel zu dritt mindestens 12 Siegpunkte und im Spiel zu viert mindestens 10"."""
        own = self.bw.three_players if self.num_players == 3 else self.bw.four_players
        return max(super().victory_target(seat), own)

    # ------------------------------------------------------------------ the state
    def _export_extra(self) -> dict[str, Any]:
        data = super()._export_extra()
        data["baden_wuerttemberg"] = {
            "landmarks": list(self.landmark_owner),
            "cost_cards": list(self.cost_cards),
            "trade_card": self.trade_card,
            "landmark_road": self.landmark_road,
        }
        return data

    def _import(self, data: dict[str, Any]) -> None:
        self._load_map()
        super()._import(data)

    def _import_extra(self, data: dict[str, Any]) -> None:
        """The map is the rule set's, not the record's: the imported board must be it. Landmarks and awards
        each hold one town hall of their seat, outside the map."""
        super()._import_extra(data)
        mine, theirs = self.bw.board, self.board
        if (mine.topology.hexes, mine.terrain, mine.numbers) != (theirs.topology.hexes, theirs.terrain, theirs.numbers):
            raise RecordError("the board is not the Baden-Württemberg map")
        self.board = mine
        n = self.num_players
        self.bw_set = bw_action_set(mine.topology, n, self.options["offer_max_cards"])
        self.action_set = self.bw_set
        try:
            own = data["baden_wuerttemberg"]
            self.landmark_owner = [int(p) for p in own["landmarks"]]
            self.cost_cards = [int(c) for c in own["cost_cards"]]
            self.trade_card = bool(own["trade_card"])
            self.landmark_road = bool(own.get("landmark_road", False))  # records before it have none
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"Baden-Württemberg state is malformed: {exc}") from exc
        if len(self.landmark_owner) != len(self.bw.landmarks) or len(self.cost_cards) != n:
            raise RecordError("one entry per landmark and one build-cost card per seat")
        for p in self.landmark_owner:
            if p >= 0:
                self._imported_seat(p)
                self.pieces[p * PIECE_KINDS + SETTLEMENTS] -= 1
                self.vp[p] += 1
        for holder in (self.longest_road, self.largest_army):
            if holder >= 0:
                self.pieces[holder * PIECE_KINDS + SETTLEMENTS] -= 1
        if min(self.pieces) < 0:
            raise RecordError("a player has more town halls out than the game provides")
        if self.trade_card:
            base = self.current * NUM_RESOURCES
            self.rates[base : base + NUM_RESOURCES] = [self.bw.trade_card_rate] * NUM_RESOURCES
