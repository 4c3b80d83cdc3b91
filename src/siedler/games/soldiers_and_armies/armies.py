"""Units, walls and the nuke: buying them, moving armies, and what armies block.

The trade/build phase is the shared ``main`` phase, left by ``march`` (or by ``buy``, the free development
card, which the rule text allows only to a player who bought and played nothing this turn).
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.games.catan.longest_road import longest_trail
from siedler.games.catan.rules import NUM_RESOURCES, VICTORY_POINT, Cost
from siedler.games.catan.state import CITIES, NUM_DEV_CARDS, PIECE_KINDS, SETTLEMENTS

from .actions import NUKE_UNIT, SoldierAction
from .rules import ARTILLERY, CAVALRY, INFANTRY, UNITS
from .state import COMBAT, MOVEMENT, UNIT_KINDS, SoldiersState


@mypyc_attr(allow_interpreted_subclasses=True)
class ArmyMixin(SoldiersState):
    # ------------------------------------------------------------------ armies
    def army_die(self, node: int) -> int:
        """The sides of the die an army rolls: that of its best unit."""
        units, base = self.units, node * UNIT_KINDS
        for u in (ARTILLERY, CAVALRY, INFANTRY):
            if units[base + u]:
                return self.army_rules.unit_dice[u]
        return 0

    def armies_of(self, seat: int) -> list[int]:
        return [n for n, o in enumerate(self.army_owner) if o == seat]

    def _hostile_army(self, node: int, seat: int) -> bool:
        o = self.army_owner[node]
        return o >= 0 and o != seat

    def _add_unit(self, seat: int, node: int, unit: int) -> None:
        self.army_owner[node] = seat
        self.units[node * UNIT_KINDS + unit] += 1
        self.unit_supply[seat * UNIT_KINDS + unit] -= 1

    def _pay(self, seat: int, cost: Cost) -> None:
        """Every purchase pays here (roads, settlements, cities, units, walls): a player who paid for
        something gets no free development card this turn."""
        self.purchased = True
        super()._pay(seat, cost)

    def _bought(self, seat: int) -> None:
        """A purchase by other means: "wenn man nichts gekauft hat (keine Straßen, Siedlungen, Städte,
        militärische Einheiten etc.)" names what is bought, not how it is paid, so a road or a card bought
        with fish, or a good bought from a player, counts as paying for it does."""
        if seat == self.current:
            self.purchased = True

    def _card_room(self, seat: int) -> bool:
        """ "Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen": however a card comes."""
        return self._dev_held(seat) < self.army_rules.max_dev_cards

    def _dev_held(self, seat: int) -> int:
        return sum(self.dev_hand[seat * NUM_DEV_CARDS : seat * NUM_DEV_CARDS + NUM_DEV_CARDS])

    def _barren(self, hex_index: int) -> bool:
        """A nuked hex "liefert keine Erträge mehr", the Fishermen's lake too."""
        return bool(self.nuked[hex_index])

    # ------------------------------------------------------------------ blocking (like the knights of Cities & Knights)
    def _road_spots(self, seat: int) -> list[int]:
        """Empty paths touching the seat's network, not through another player's building or army."""
        topo = self.board.topology
        edge_nodes, node_edges = topo.edge_nodes, topo.node_edges
        eo, no, ao = self.edge_owner, self.node_owner, self.army_owner
        spots: set[int] = set()
        for e in self.roads[seat]:
            for n in edge_nodes[e]:
                if (no[n] >= 0 and no[n] != seat) or (ao[n] >= 0 and ao[n] != seat):
                    continue
                for e2 in node_edges[n]:
                    if eo[e2] < 0:
                        spots.add(e2)
        for n in self.buildings[seat]:
            for e2 in node_edges[n]:
                if eo[e2] < 0:
                    spots.add(e2)
        return sorted(spots)

    def _can_place_road(self, seat: int) -> bool:
        return bool(self._road_spots(seat))

    def _settlement_spots(self, seat: int) -> list[int]:
        """The shared spots, but none where another player's army stands."""
        ao = self.army_owner
        return [n for n in super()._settlement_spots(seat) if ao[n] < 0 or ao[n] == seat]

    # ------------------------------------------------------------------ the trade/build phase
    def _legal_main(self) -> tuple[Action, ...]:
        seat = self.current
        hand = self.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]
        s = self.soldier_set
        acts: list[Action] = [s.MARCH]
        if self._free_card_allowed(seat):
            acts.append(self.action_set.BUY)
        building: list[Action] = []
        self._legal_building(seat, hand, building)
        acts.extend(a for a in building if a[0] != "buy")  # development cards are not bought
        self._legal_purchases(seat, acts)
        self._legal_development(seat, acts, before_roll=False)
        self._legal_trades(seat, hand, acts)
        self._legal_goods_trades(seat, acts)
        out = self.out
        if any(out):  # no offers to players who left the game
            acts = [a for a in acts if a[0] != "offer" or a[3] < 0 or not out[a[3]]]
        self._legal_extra(seat, acts)
        return tuple(acts)

    def _free_card_allowed(self, seat: int) -> bool:
        """ "vor der Bewegungsphase eine Karte ziehen, wenn man nichts gekauft hat ... und auch keine
        Entwicklungskarte ausgespielt hat. Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen.\""""
        return not self.purchased and not self.dev_played and self._card_room(seat) and any(self.dev_deck)

    def _legal_purchases(self, seat: int, acts: list[Action]) -> None:
        a, s = self.army_rules, self.soldier_set
        costs, level, walls = a.costs, self.node_level, self.walls
        mine = sorted(self.buildings[seat])
        for u, name in enumerate(UNITS):
            if self.unit_supply[seat * UNIT_KINDS + u] and self._can_pay(seat, costs[name]):
                row = s.RECRUIT[u]
                acts.extend(row[n] for n in mine)
        if self.nukes_left[seat] and self._can_pay(seat, costs["nuke"]):
            row = s.RECRUIT[NUKE_UNIT]
            acts.extend(row[n] for n in mine)
        if self.wall_supply[seat] and self._can_pay(seat, costs["wall"]):
            acts.extend(s.WALL[n] for n in mine if level[n] == 2 and walls[n] < a.walls_per_city)
        if not self.variant:
            return
        units, ao = self.units, self.army_owner
        if self.unit_supply[seat * UNIT_KINDS + CAVALRY] and self._can_pay(seat, costs["infantry"]):
            acts.extend(s.UPGRADE[n] for n in range(len(ao)) if ao[n] == seat and units[n * UNIT_KINDS + INFANTRY])
        if not self.dev_played and self._playable(seat, VICTORY_POINT):
            for u in (INFANTRY, CAVALRY):
                if self.unit_supply[seat * UNIT_KINDS + u + 1]:
                    row = s.PROMOTE[u]
                    acts.extend(row[n] for n in range(len(ao)) if ao[n] == seat and units[n * UNIT_KINDS + u])

    def _do_recruit(self, action: SoldierAction) -> None:
        seat, node, unit = self.current, action.at, action.unit
        if unit == NUKE_UNIT:
            self._pay(seat, self.army_rules.costs["nuke"])
            self.nukes_left[seat] -= 1
            self.nuke_node[seat] = node
        else:
            self._pay(seat, self.army_rules.costs[UNITS[unit]])
            self._add_unit(seat, node, unit)
        self._emit("recruit", {"seat": seat, "unit": unit, "at": node})

    def _do_wall(self, action: SoldierAction) -> None:
        seat, node = self.current, action.at
        self._pay(seat, self.army_rules.costs["wall"])
        self.walls[node] += 1
        self.wall_supply[seat] -= 1
        self._emit("wall", {"seat": seat, "at": node})

    def _do_upgrade(self, action: SoldierAction) -> None:
        """The Variante: "Für den Preis einer Infanterie kann auch eine bestehende Infanterie zur
        Kavallerie aufgewertet werden.\""""
        seat, node = self.current, action.at
        self._pay(seat, self.army_rules.costs["infantry"])
        self._promote_unit(seat, node, INFANTRY)
        self._emit("upgrade", {"seat": seat, "at": node, "unit": INFANTRY})

    def _do_promote(self, action: SoldierAction) -> None:
        """The Variante: a victory-point card played in the trade/build phase upgrades one unit."""
        seat, node, unit = self.current, action.at, action.unit
        self._spend(seat, VICTORY_POINT)
        self._promote_unit(seat, node, unit)
        self._emit("upgrade", {"seat": seat, "at": node, "unit": unit})

    def _promote_unit(self, seat: int, node: int, unit: int) -> None:
        base = node * UNIT_KINDS
        self.units[base + unit] -= 1
        self.units[base + unit + 1] += 1
        self.unit_supply[seat * UNIT_KINDS + unit] += 1
        self.unit_supply[seat * UNIT_KINDS + unit + 1] -= 1

    def _do_buy(self, action: Action) -> None:
        """The free development card, drawn on the way to the movement phase."""
        self._draw_development(self.current)
        self._enter_movement()

    def _do_march(self, action: SoldierAction) -> None:
        self._enter_movement()

    def _enter_movement(self) -> None:
        self.phase = MOVEMENT
        if self.logging:
            self._emit("phase", {"seat": self.current, "phase": "movement"})

    # ------------------------------------------------------------------ the movement phase
    def _distances(self, seat: int, start: int, limit: int) -> list[int]:
        """Steps from ``start`` to each intersection (-1: out of reach) the army there can pass to within
        ``limit`` steps: along paths, never through another player's army. Legal generation needs only
        these counts, so it searches no further than the player can pay for."""
        node_nodes, ao = self.board.topology.node_nodes, self.army_owner
        dist = [-1] * len(ao)
        dist[start] = 0
        frontier = [start]
        steps = 0
        while frontier and steps < limit:
            steps += 1
            nxt = []
            for v in frontier:
                for w in node_nodes[v]:
                    if dist[w] < 0:
                        o = ao[w]
                        if o < 0 or o == seat:
                            dist[w] = steps
                            nxt.append(w)
            frontier = nxt
        return dist

    def _way(self, seat: int, start: int, dest: int) -> list[int]:
        """A shortest way (the intersections after ``start``) to ``dest``, the first found breadth-first in
        the board's order of neighbours; ``[]`` if the army cannot get there."""
        node_nodes, ao = self.board.topology.node_nodes, self.army_owner
        parent = {start: start}
        frontier = [start]
        while frontier and dest not in parent:
            nxt = []
            for v in frontier:
                for w in node_nodes[v]:
                    if w not in parent:
                        o = ao[w]
                        if o < 0 or o == seat:
                            parent[w] = v
                            nxt.append(w)
            frontier = nxt
        if dest not in parent or dest == start:
            return []
        way = [dest]
        while parent[way[-1]] != start:
            way.append(parent[way[-1]])
        return way[::-1]

    def _move_cost_steps(self, start: int, steps: int) -> int:
        """How many of ``steps`` further intersections must be paid for."""
        free = max(0, self.army_rules.free_moves - self.moved[start])
        return max(0, steps - free)

    def _affordable_steps(self, seat: int) -> int:
        """Paid steps the seat's hand pays for (as many as the board has intersections when moving is free)."""
        cost, hands, base = self.army_rules.costs["move"], self.hands, seat * NUM_RESOURCES
        paid = [hands[base + r] // c for r, c in enumerate(cost) if c]
        return min(paid) if paid else len(self.army_owner)

    def _legal_movement(self) -> tuple[Action, ...]:
        seat, s = self.current, self.soldier_set
        acts: list[Action] = [s.FIGHT]
        affordable = self._affordable_steps(seat)
        no, ao, free_moves, moved = self.node_owner, self.army_owner, self.army_rules.free_moves, self.moved
        nodes = range(len(ao))
        for start in self.armies_of(seat):
            dist = self._distances(seat, start, max(0, free_moves - moved[start]) + affordable)
            row = s.MOVE[start]
            acts.extend([row[d] for d in nodes if dist[d] > 0 and ao[d] < 0 and (no[d] < 0 or no[d] == seat)])
        return tuple(acts)

    def _do_move(self, action: SoldierAction) -> None:
        seat, start, dest = self.current, action.at, action.dest
        way = self._way(seat, start, dest)
        paid = self._move_cost_steps(start, len(way))
        if paid:
            cost = self.army_rules.costs["move"]
            self._pay_for_steps(seat, tuple(c * paid for c in cost))
        base_from, base_to = start * UNIT_KINDS, dest * UNIT_KINDS
        for u in range(UNIT_KINDS):
            self.units[base_to + u] = self.units[base_from + u]
            self.units[base_from + u] = 0
        self.army_owner[dest], self.army_owner[start] = seat, -1
        self.moved[dest], self.moved[start] = self.moved[start] + len(way), 0
        if self.logging:
            self._emit("move", {"seat": seat, "from": start, "way": way, "paid": paid})

    def _pay_for_steps(self, seat: int, cost: tuple[int, ...]) -> None:
        """Moving is not buying: it pays the bank without counting as a purchase."""
        hands, bank, base = self.hands, self.bank, seat * NUM_RESOURCES
        for r in range(NUM_RESOURCES):
            hands[base + r] -= cost[r]
            bank[r] += cost[r]

    def _do_fight(self, action: SoldierAction) -> None:
        self.phase = COMBAT
        self.robber_fought = False
        self.withdrawn = ()
        if self.logging:
            self._emit("phase", {"seat": self.current, "phase": "combat"})

    # ------------------------------------------------------------------ pieces on and off the board
    def _refresh_blocked(self, node: int) -> None:
        """The distance rule around ``node`` after a building there was removed."""
        topo, no, blocked = self.board.topology, self.node_owner, self.blocked
        for m in (node, *topo.node_nodes[node]):
            blocked[m] = 1 if no[m] >= 0 or any(no[k] >= 0 for k in topo.node_nodes[m]) else 0

    def _refresh_rates(self, seat: int) -> None:
        """The seat's bank rates from the harbours of the buildings it still has."""
        base = seat * NUM_RESOURCES
        for r in range(NUM_RESOURCES):
            self.rates[base + r] = 4
        for n in self.buildings[seat]:
            harbor = self.board.node_harbor[n]
            if harbor >= 0:
                self._open_harbor(seat, harbor)

    def _remove_building(self, node: int) -> None:
        """Take the building at ``node`` off the board, into its owner's supply (its walls into his)."""
        self._building_changed(node)
        seat, level = self.node_owner[node], self.node_level[node]
        self.wall_supply[seat] += self.walls[node]
        self.walls[node] = 0
        self.turned[node] = 0
        self.node_owner[node] = -1
        self.node_level[node] = 0
        self.pieces[seat * PIECE_KINDS + (CITIES if level == 2 else SETTLEMENTS)] += 1
        self.vp[seat] -= level
        self.buildings[seat] = tuple(n for n in self.buildings[seat] if n != node)
        self._refresh_blocked(node)
        self._refresh_rates(seat)
        self._recount_roads()

    def _city_to_settlement(self, node: int) -> bool:
        """A city becomes a settlement (its walls go back to the supply); without a settlement piece in
        the owner's supply it is removed instead. Whether a settlement remains."""
        seat = self.node_owner[node]
        if not self.pieces[seat * PIECE_KINDS + SETTLEMENTS]:
            self._remove_building(node)
            return False
        self._building_changed(node)
        self.wall_supply[seat] += self.walls[node]
        self.walls[node] = 0
        self.turned[node] = 0
        self.node_level[node] = 1
        self.pieces[seat * PIECE_KINDS + CITIES] += 1
        self.pieces[seat * PIECE_KINDS + SETTLEMENTS] -= 1
        self.vp[seat] -= 1
        return True

    def _recount_roads(self) -> None:
        topo = self.board.topology
        for p in range(self.num_players):
            self.road_len[p] = longest_trail(p, self.roads[p], topo.edge_nodes, self.node_owner)
        self._update_longest_road()
