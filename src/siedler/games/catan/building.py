"""Settlements, cities and roads: where they may go, what they cost, and the longest-road award."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action

from .actions import CatanAction
from .board import GENERIC
from .longest_road import longest_trail
from .rules import NUM_RESOURCES, Cost
from .state import (
    CITIES,
    MAIN,
    NOBODY,
    PIECE_KINDS,
    ROAD_BUILDING,
    ROADS,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    CatanState,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class BuildingMixin(CatanState):
    # ------------------------------------------------------------------ where things may go
    def _road_spots(self, seat: int) -> list[int]:
        """Empty paths touching the seat's network, not through another player's building."""
        topo = self.board.topology
        edge_nodes, node_edges = topo.edge_nodes, topo.node_edges
        eo, no = self.edge_owner, self.node_owner
        # A list and marks rather than a set: cheaper compiled, and this runs on most main-phase steps.
        listed = [False] * len(eo)
        spots: list[int] = []
        for e in self.roads[seat]:
            for n in edge_nodes[e]:
                o = no[n]
                if o >= 0 and o != seat:
                    continue
                for e2 in node_edges[n]:
                    if eo[e2] < 0 and not listed[e2]:
                        listed[e2] = True
                        spots.append(e2)
        for n in self.buildings[seat]:
            for e2 in node_edges[n]:
                if eo[e2] < 0 and not listed[e2]:
                    listed[e2] = True
                    spots.append(e2)
        spots.sort()
        return spots

    def _can_place_road(self, seat: int) -> bool:
        """Whether ``_road_spots(seat)`` is non-empty, stopping at the first spot: legality checks that only
        need to know (a variant's free road) should not pay for the whole sorted list."""
        topo = self.board.topology
        edge_nodes, node_edges = topo.edge_nodes, topo.node_edges
        eo, no = self.edge_owner, self.node_owner
        for n in self.buildings[seat]:
            for e2 in node_edges[n]:
                if eo[e2] < 0:
                    return True
        for e in self.roads[seat]:
            for n in edge_nodes[e]:
                if no[n] < 0 or no[n] == seat:
                    for e2 in node_edges[n]:
                        if eo[e2] < 0:
                            return True
        return False

    def _settlement_spots(self, seat: int) -> list[int]:
        """Free intersections two paths from any building and on the seat's own road."""
        edge_nodes = self.board.topology.edge_nodes
        blocked = self.blocked
        listed = [False] * len(blocked)  # marks, as in _road_spots
        spots: list[int] = []
        for e in self.roads[seat]:
            for n in edge_nodes[e]:
                if not blocked[n] and not listed[n]:
                    listed[n] = True
                    spots.append(n)
        spots.sort()
        return spots

    def _can_pay(self, seat: int, cost: Cost) -> bool:
        hands = self.hands
        base = seat * NUM_RESOURCES
        return (
            hands[base] >= cost[0]
            and hands[base + 1] >= cost[1]
            and hands[base + 2] >= cost[2]
            and hands[base + 3] >= cost[3]
            and hands[base + 4] >= cost[4]
        )

    def _pay(self, seat: int, cost: Cost) -> None:
        hands, bank = self.hands, self.bank
        base = seat * NUM_RESOURCES
        for r in range(NUM_RESOURCES):
            c = cost[r]
            if c:
                hands[base + r] -= c
                bank[r] += c

    def _legal_building(self, seat: int, hand: list[int], acts: list[Action]) -> None:
        """Affordable building spots; ``hand`` is the seat's five resource counts (sliced once per call)."""
        rules, interned, pieces, slot = self.rules, self.action_set, self.pieces, seat * PIECE_KINDS
        h0, h1, h2, h3, h4 = hand
        c = rules.road_cost
        if pieces[slot + ROADS] and h0 >= c[0] and h1 >= c[1] and h2 >= c[2] and h3 >= c[3] and h4 >= c[4]:
            road = interned.ROAD
            acts.extend([road[e] for e in self._road_spots(seat)])
        c = rules.settlement_cost
        if pieces[slot + SETTLEMENTS] and h0 >= c[0] and h1 >= c[1] and h2 >= c[2] and h3 >= c[3] and h4 >= c[4]:
            settle = interned.SETTLE
            acts.extend([settle[n] for n in self._settlement_spots(seat)])
        c = rules.city_cost
        if pieces[slot + CITIES] and h0 >= c[0] and h1 >= c[1] and h2 >= c[2] and h3 >= c[3] and h4 >= c[4]:
            city, level = interned.CITY, self.node_level
            acts.extend([city[n] for n in sorted(self.buildings[seat]) if level[n] == 1])
        c = rules.development_cost
        if h0 >= c[0] and h1 >= c[1] and h2 >= c[2] and h3 >= c[3] and h4 >= c[4] and any(self.dev_deck):
            acts.append(interned.BUY)

    def _legal_setup_settlement(self) -> tuple[Action, ...]:
        settle, blocked = self.action_set.SETTLE, self.blocked
        return tuple(settle[n] for n in self._setup_nodes() if not blocked[n])

    def _setup_nodes(self) -> range:
        """Intersections open for founding; variants can narrow this."""
        return range(self.board.topology.num_nodes)

    def _legal_setup_road(self) -> tuple[Action, ...]:
        road, eo = self.action_set.ROAD, self.edge_owner
        return tuple(road[e] for e in self.board.topology.node_edges[self.last_settlement] if eo[e] < 0)

    def _legal_road_building(self) -> tuple[Action, ...]:
        road = self.action_set.ROAD
        return tuple(road[e] for e in self._road_spots(self.current))

    # ------------------------------------------------------------------ building
    def _do_settle(self, action: CatanAction) -> None:
        seat, node = self.current, action.node
        if self.phase == MAIN:
            self._pay(seat, self.rules.settlement_cost)
        self._place_settlement(seat, node)
        if self.phase == SETUP_SETTLEMENT:
            self.last_settlement = node
            if self.setup_step >= self.num_players:
                self._founding_yield(seat, node)
            self.phase = SETUP_ROAD
        else:
            self._check_win(seat)

    def _place_settlement(self, seat: int, node: int) -> None:
        if self._on_building:
            self._building_changed(node)
        topo = self.board.topology
        self.node_owner[node] = seat
        self.node_level[node] = 1
        blocked = self.blocked
        blocked[node] = 1
        for m in topo.node_nodes[node]:
            blocked[m] = 1
        self.pieces[seat * PIECE_KINDS + SETTLEMENTS] -= 1
        self.vp[seat] += 1
        self.buildings[seat] = (*self.buildings[seat], node)
        harbor = self.board.node_harbor[node]
        if harbor >= 0:
            self._open_harbor(seat, harbor)
        if self.logging:
            self._note("build", (seat, "settlement", node))
        # Another player's road through this intersection is cut here.
        eo = self.edge_owner
        owners = [eo[e] for e in topo.node_edges[node] if eo[e] >= 0 and eo[e] != seat]
        cut = {q for q in owners if owners.count(q) >= 2}
        for q in sorted(cut):
            self.road_len[q] = longest_trail(q, self.roads[q], topo.edge_nodes, self.node_owner)
        if cut:
            self._update_longest_road()
        self._award_changes()

    def _open_harbor(self, seat: int, kind: int) -> None:
        rates = self.rates
        base = seat * NUM_RESOURCES
        if kind == GENERIC:
            for r in range(NUM_RESOURCES):
                if rates[base + r] > 3:
                    rates[base + r] = 3
        else:
            rates[base + kind] = 2

    def _founding_yield(self, seat: int, node: int) -> None:
        """The second founding settlement yields one card per adjacent producing hex; then the components'
        ``founding_yield``."""
        gained = [0] * NUM_RESOURCES
        resource = self.board.resource
        for h in self.board.topology.node_hexes[node]:
            r = resource[h]
            if r >= 0 and self.bank[r] > 0:
                self.bank[r] -= 1
                self.hands[seat * NUM_RESOURCES + r] += 1
                gained[r] += 1
        if any(gained):
            self._note("produce", (tuple([x for r, n in enumerate(gained) if n for x in (seat, r, n)]),))
        if self._on_founding:
            for component in self._on_founding:
                component.founding_yield(self, seat, node)

    def _do_city(self, action: CatanAction) -> None:
        seat, node = self.current, action.node
        if self._on_building:
            self._building_changed(node)
        self._pay(seat, self.rules.city_cost)
        self.node_level[node] = 2
        self.pieces[seat * PIECE_KINDS + SETTLEMENTS] += 1
        self.pieces[seat * PIECE_KINDS + CITIES] -= 1
        self.vp[seat] += 1
        if self.logging:
            self._note("build", (seat, "city", node))
        self._award_changes()
        self._check_win(seat)

    def _do_road(self, action: CatanAction) -> None:
        seat, edge = self.current, action.edge
        phase = self.phase
        if phase == MAIN:
            self._pay(seat, self.rules.road_cost)
        self.edge_owner[edge] = seat
        self.roads[seat] = (*self.roads[seat], edge)
        self.pieces[seat * PIECE_KINDS + ROADS] -= 1
        if self.logging:
            self._note("build", (seat, "road", f"{action.node_a}-{action.node_b}"))
        topo = self.board.topology
        self.road_len[seat] = longest_trail(seat, self.roads[seat], topo.edge_nodes, self.node_owner)
        if phase == SETUP_ROAD:
            self._next_founding_step()
            return
        self._update_longest_road()
        if phase == ROAD_BUILDING:
            self.free_roads -= 1
            if self.free_roads <= 0 or not self.pieces[seat * PIECE_KINDS + ROADS] or not self._road_spots(seat):
                self.free_roads = 0
                self.phase = MAIN
        self._check_win(seat)

    def _next_founding_step(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ the longest road
    def _update_longest_road(self) -> None:
        lengths, holder = self.road_len, self.longest_road
        best = max(lengths)
        if holder >= 0 and lengths[holder] >= self.rules.longest_road_min and lengths[holder] == best:
            return  # the holder keeps the card on a tie
        leaders = [p for p, n in enumerate(lengths) if n == best]
        new = leaders[0] if best >= self.rules.longest_road_min and len(leaders) == 1 else NOBODY
        if new != holder:
            points = self.rules.award_points
            if holder >= 0:
                self.vp[holder] -= points
            if new >= 0:
                self.vp[new] += points
            self.longest_road = new
            if self.logging:
                self._note("award", ("longest_road", new, holder))
