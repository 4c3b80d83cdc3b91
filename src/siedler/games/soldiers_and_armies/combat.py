"""The combat phase: battles round by round, alliances, conquest, the robber, the nuke, capitulation and
complete annihilation.

Every die is drawn from the game's generator through ``_roll_die`` and logged as a public event.
An alliance ("Bündnis", docs/rules/soldiers-and-armies.md) fights as one army, as the odds calculator
(``odds.py``) computes it: the armies one intersection from the target that their owners brought in (each
army by its owner's choice, the attacker's and the defender's own too) roll one die, their best unit's, and
sacrifice in the text's order over all their units; armies allied with an attacked building cover it.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.seats import seat_words
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.rules import NUM_RESOURCES, VICTORY_POINT
from siedler.games.catan.state import CITIES, NUM_DEV_CARDS, PIECE_KINDS, ROADS, ROBBER, SETTLEMENTS

from .actions import ROBBER_TARGET, STAY, SoldierAction
from .armies import ArmyMixin
from .odds import building_rolls
from .rules import UNITS
from .state import (
    ALLIANCE,
    ANNIHILATED,
    BATTLE,
    CAPITULATED,
    COMBAT,
    CONQUEST,
    DEFEND,
    IN_GAME,
    TARGET_ARMY,
    TARGET_BUILDING,
    TRIBUTE,
    UNIT_KINDS,
)

#: A member of a side in a battle: (intersection, whether it is a building rather than an army).
Member = tuple[int, bool]


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@mypyc_attr(allow_interpreted_subclasses=True)
class CombatMixin(ArmyMixin):
    def _roll_die(self, sides: int) -> int:
        """One combat die with ``sides`` sides, from the game's generator (tests fix dice by choosing the
        generator's position in the state: ``tests/soldiers_and_armies/positions.py``, ``with_dice``)."""
        return self.rng.below(sides) + 1

    # ------------------------------------------------------------------ what may be attacked
    def _targets(self, seat: int, node: int) -> list[int]:
        """Intersections next to the army at ``node`` holding another player's army, or another player's
        building that no army of his covers."""
        no, ao = self.node_owner, self.army_owner
        return [
            m
            for m in self.board.topology.node_nodes[node]
            if (ao[m] >= 0 and ao[m] != seat) or (ao[m] < 0 and no[m] >= 0 and no[m] != seat)
        ]

    def _legal_combat(self) -> tuple[Action, ...]:
        seat, s = self.current, self.soldier_set
        acts: list[Action] = [s.END]
        robber_nodes = self.board.topology.hex_nodes[self.robber] if self.robber >= 0 else ()
        withdrawn = self.withdrawn
        for node in self.armies_of(seat):
            if node in withdrawn:  # "sodass kein Angriff mehr möglich ist"
                continue
            acts.extend(s.ATTACK[(node, m)] for m in self._targets(seat, node))
            if not self.robber_fought and node in robber_nodes:
                acts.append(s.ATTACK[(node, ROBBER_TARGET)])
        at = self.nuke_node[seat]
        if at >= 0:
            topo = self.board.topology
            near = [topo.hexes[h] for h in topo.node_hexes[at]]
            reach = self.army_rules.nuke_range
            for h, xy in enumerate(topo.hexes):
                if not self.nuked[h] and min(hex_distance(xy, c) for c in near) <= reach:
                    acts.append(s.NUKE[h])
        return tuple(acts)

    def _legal_battle(self) -> tuple[Action, ...]:
        s = self.soldier_set
        seat, lead = self.battle[0], self.battle[4]
        if self.army_owner[lead] != seat:  # the leading army fell: the others fight on or withdraw with it
            return (s.CONTINUE, s.RETREAT_STAY)
        places = [
            m
            for m in self.board.topology.node_nodes[lead]
            if self.army_owner[m] < 0 and self.node_owner[m] in (-1, seat) and not self._targets(seat, m)
        ]
        return (s.CONTINUE, *(s.RETREAT[m] for m in places)) if places else (s.CONTINUE, s.RETREAT_STAY)

    # ------------------------------------------------------------------ starting a battle
    def _do_attack(self, action: SoldierAction) -> None:
        seat, node, target = self.current, action.at, action.dest
        if target == ROBBER_TARGET:
            self._fight_robber(seat, node)
            return
        defender = self.army_owner[target]
        kind = TARGET_ARMY
        if defender < 0:
            defender, kind = self.node_owner[target], TARGET_BUILDING
        self.battle = (seat, defender, target, kind, node)
        self.phase = DEFEND
        self.to_act = defender
        self._emit("attack", {"seat": seat, "defender": defender, "from": node, "at": target})

    def _do_resist(self, action: SoldierAction) -> None:
        """The battle begins; first the owner of every other army next to the target decides whether it
        joins ("Bündnis"): "Spieler Rot kann sich nun dazu entscheiden, die Artillerie ... in den Kampf
        hineinzubringen, muss dies aber nicht". The attacker's armies are asked first, then the others' in
        turn order from him; each owner decides army by army."""
        seat, defender, target, _, lead = self.battle
        self._emit("resist", {"seat": defender})
        n, ao = self.num_players, self.army_owner
        near = [m for m in self.board.topology.node_nodes[target] if m != lead and ao[m] >= 0 and not self.out[ao[m]]]
        self.allies = ()
        self.ally_pending = tuple(sorted(near, key=lambda m: ((ao[m] - seat) % n, m)))
        if self.ally_pending:
            self.phase = ALLIANCE
            self.to_act = ao[self.ally_pending[0]]
        else:
            self._round()

    def _legal_alliance(self) -> tuple[Action, ...]:
        """The army asked about joins the side of its owner, if he is a party to the battle; a third player
        chooses a side, the one his other armies already joined if any (he fights on one side), or stays out."""
        s, node = self.soldier_set, self.ally_pending[0]
        owner, sides = self.army_owner[node], self.battle[:2]
        if owner in sides:
            joined: tuple[int, ...] = (owner,)
        else:
            taken = {side for m, side in self.allies if self.army_owner[m] == owner}
            joined = tuple(p for i, p in enumerate(sides) if not taken or i in taken)
        return (*(s.ALLY[node][p] for p in joined), s.NEUTRAL[node])

    def _specific_reason(self, action: CatanAction) -> str:
        """Why an army's answer is refused: another army is asked now, or it may not join that side; why an
        army that withdrew may not attack."""
        if action[0] == "attack" and self.phase == COMBAT and action[1] in self.withdrawn:
            return f"the army at {action[1]} withdrew from a battle in this combat phase and attacks no more in it"
        if action[0] not in ("ally", "neutral") or not self.ally_pending:
            return super()._specific_reason(action)
        node, asked = action[1], self.ally_pending[0]
        if node != asked:
            return f"the army asked about now is the one at {asked}"
        sides = [a[2] for a in self._legal_alliance() if a[0] == "ally"]
        return "the army at {} may join only the side of {}".format(
            node, " or ".join(seat_words(p, self.players[p]) for p in sides)
        )

    def _do_ally(self, action: SoldierAction) -> None:
        self._answer_alliance(action.at, 0 if action.side == self.battle[0] else 1)

    def _do_neutral(self, action: SoldierAction) -> None:
        self._answer_alliance(action.at, -1)

    def _answer_alliance(self, node: int, side: int) -> None:
        owner = self.army_owner[node]
        if side >= 0:
            self.allies = (*self.allies, (node, side))
        self._emit("alliance", {"seat": owner, "at": node, "side": self.battle[side] if side >= 0 else None})
        self.ally_pending = self.ally_pending[1:]
        if self.ally_pending:
            self.to_act = self.army_owner[self.ally_pending[0]]
        else:
            self._round()

    def _do_continue(self, action: SoldierAction) -> None:
        self._round()

    def _do_retreat(self, action: SoldierAction) -> None:
        seat, lead, dest = self.battle[0], self.battle[4], action.at
        if dest != STAY:
            base_from, base_to = lead * UNIT_KINDS, dest * UNIT_KINDS
            for u in range(UNIT_KINDS):
                self.units[base_to + u] = self.units[base_from + u]
                self.units[base_from + u] = 0
            self.army_owner[dest], self.army_owner[lead] = seat, -1
            self.moved[dest], self.moved[lead] = self.moved[lead], 0
        self.withdrawn = (*self.withdrawn, lead if dest == STAY else dest)
        self._emit("retreat", {"seat": seat, "from": lead, "to": dest})
        self._end_battle()

    def _end_battle(self) -> None:
        self.battle = ()
        self.allies = ()
        self.ally_pending = ()
        self.conquest = -1
        if not self.is_over:
            self.phase = COMBAT
            self.to_act = self.current
            if self.out[self.current]:  # the attacker lost his last possession
                self._do_end(self.soldier_set.END)
            else:
                self._check_win(self.current)  # an award a loss moved to him

    # ------------------------------------------------------------------ one round
    def _members(self) -> tuple[list[Member], list[Member]]:
        """Each side's members in the order they bear losses: the attacker's leading army, his other armies
        brought in, then his allies'; the target army, the defender's armies brought in, then his allies', then
        an attacked building. A side fights as one army until all of it is gone; a building bears losses only
        when no army of its side is left to cover it."""
        seat, defender, target, kind, lead = self.battle
        ao = self.army_owner
        attackers: list[Member] = [(lead, False)] if ao[lead] == seat else []
        defenders: list[Member] = [(target, False)] if kind == TARGET_ARMY and ao[target] == defender else []
        principal = (seat, defender)
        # Allies were asked the party's own armies in turn order; a party's own armies go first on its side.
        for node, side in sorted(self.allies, key=lambda a: ao[a[0]] != principal[a[1]]):
            if ao[node] >= 0:
                (defenders if side else attackers).append((node, False))
        if kind == TARGET_BUILDING and self.node_owner[target] == defender:
            defenders.append((target, True))
        return attackers, defenders

    def building_die(self, node: int) -> int:
        a = self.army_rules
        if self.node_level[node] == 1:
            return a.settlement_die
        return a.variant_city_die if self.weak_cities else a.city_die

    def side_die(self, members: list[Member]) -> tuple[int, int, int, bool]:
        """The one die a side rolls: ``(node, sides, bonus, is_building)`` of the member that rolls it ("Die
        Kampfstärke ... wird ermittelt": one strength per side, so an alliance rolls as one army with all
        its units). A building adds its walls; where armies cover it, the side rolls the building's die if it
        is the stronger (``odds.building_rolls``): an alliance never weakens a defended building."""
        at, sides, _ = self._bearer(members)
        node, is_building = members[-1]
        if is_building:
            die, bonus = self.building_die(node), self.walls[node]
            if not sides or building_rolls(sides, die, bonus):
                return node, die, bonus, True
        return at, sides, 0, False

    def _bearer(self, members: list[Member]) -> tuple[int, int, bool]:
        """The member that bears the side's loss, the die of the side's best unit, and whether the member is
        the building: the first army holding the best unit; the building when no army of the side stands."""
        at, sides = members[-1][0], 0
        for node, is_building in members:
            die = 0 if is_building else self.army_die(node)
            if die > sides:
                sides, at = die, node
        return at, sides, not sides

    def _roll_side(self, members: list[Member]) -> tuple[list[list[int]], int, tuple[int, int, bool]]:
        """A side's one roll as ``[[node, sides, roll, bonus]]``, its total, and the member that bears a loss
        (``_bearer``)."""
        at, sides, bonus, _ = self.side_die(members)
        roll = self._roll_die(sides)
        return [[at, sides, roll, bonus]], roll + bonus, self._bearer(members)

    def _round(self) -> None:
        self._check_weak_cities()
        seat, defender, target = self.battle[:3]
        attackers, defenders = self._members()
        a_rolls, a_best, a_bears = self._roll_side(attackers)
        d_rolls, d_best, d_bears = self._roll_side(defenders)
        won = a_best > d_best  # "Ein Unentschieden gilt immer als Niederlage des Angreifers."
        loser_at = d_bears[0] if won else a_bears[0]
        building = won and d_bears[2]
        loser = self.node_owner[loser_at] if building else self.army_owner[loser_at]
        loss = self._sacrifice_building(loser_at) if building else self._sacrifice_unit(loser_at)
        if building and loss != "turned":  # a city reduced or a settlement destroyed: awards follow it
            self._award_changes()
        self._emit(
            "combat",
            {
                "seat": seat,
                "defender": defender,
                "at": target,
                "attack": a_rolls,
                "defence": d_rolls,
                "won": won,
                "loser_at": loser_at,
                "loss": loss,
            },
        )
        if loss == "settlement" and won:
            self._check_annihilation(defender, seat)
            if self.is_over:
                return
            if self.pieces[seat * PIECE_KINDS + SETTLEMENTS] and not self.out[seat]:
                self.phase = CONQUEST
                self.conquest = target
                self.to_act = seat
                return
            self._end_battle()
            return
        self._check_annihilation(loser, seat if won else defender)
        if self.is_over:
            return
        attackers, defenders = self._members()
        if not attackers or not defenders or self.out[seat] or self.out[defender]:
            self._end_battle()
        else:
            self.phase = BATTLE
            self.to_act = seat

    def _sacrifice_unit(self, node: int) -> str:
        """The army at ``node`` loses a level: "zuerst alle Artillerie-Einheiten ..., dann alle
        Kavallerie-Einheiten und dann erst kommen die Infanterie-Einheiten aus dem Spiel". A unit whose
        lower piece is not in its owner's supply leaves the board instead. Returns the unit that lost."""
        seat, base = self.army_owner[node], node * UNIT_KINDS
        units, supply = self.units, self.unit_supply
        for u in (2, 1, 0):
            if units[base + u]:
                units[base + u] -= 1
                supply[seat * UNIT_KINDS + u] += 1
                if u and supply[seat * UNIT_KINDS + u - 1]:
                    units[base + u - 1] += 1
                    supply[seat * UNIT_KINDS + u - 1] -= 1
                if not any(units[base : base + UNIT_KINDS]):
                    self.army_owner[node] = -1
                    self.moved[node] = 0
                return UNITS[u]
        return ""

    def _sacrifice_building(self, node: int) -> str:
        """A building is first turned upside down, a turned one downgraded a level. Returns ``turned``,
        ``city`` (now a settlement) or ``settlement`` (destroyed)."""
        if not self.turned[node]:
            self.turned[node] = 1
            return "turned"
        if self.node_level[node] == 2 and self._city_to_settlement(node):
            return "city"
        if self.node_owner[node] >= 0:
            self._remove_building(node)
        return "settlement"

    def _check_weak_cities(self) -> None:
        """The Variante: once every player in the game has at least 5 points, cities defend with a d10."""
        if not self.variant or self.weak_cities:
            return
        points = self.public_points()
        needed = self.army_rules.variant_city_points
        if all(points[p] >= needed for p in range(self.num_players) if not self.out[p]):
            self.weak_cities = True
            self._emit("weak_cities", {})

    # ------------------------------------------------------------------ conquest
    def _do_conquer(self, action: SoldierAction) -> None:
        seat, loser, node = self.battle[0], self.battle[1], self.conquest
        self._place_settlement(seat, node)
        taken = self._take_cut_off_roads(seat, loser, node)
        self._emit("conquer", {"seat": seat, "victim": loser, "at": node, "roads": taken})
        self._end_battle()
        self._check_win(seat)

    def _do_raze(self, action: SoldierAction) -> None:
        self._emit("raze", {"seat": self.battle[0], "at": self.conquest})
        self._end_battle()

    def _take_cut_off_roads(self, seat: int, loser: int, node: int) -> list[str]:
        """The loser's roads touching ``node`` that no longer reach one of his buildings: "alle angrenzenden
        Straßen ..., die nun ohne Verbindung zu einer gleichfarbigen Siedlung / Stadt sind" (the adjacent
        ones only; his roads further on stay his). As many as the conqueror has road pieces for."""
        topo = self.board.topology
        moved: list[str] = []
        for e in topo.node_edges[node]:
            if self.edge_owner[e] != loser or self._reaches_building(loser, e, node):
                continue
            if not self.pieces[seat * PIECE_KINDS + ROADS]:
                break
            self._hand_road(e, loser, seat)
            moved.append(topo.edge_label(e))
        self._recount_roads()
        return moved

    def _reaches_building(self, seat: int, start: int, node: int) -> bool:
        """Whether ``seat``'s road ``start``, leaving ``node``, connects along his roads to one of his
        buildings; another player's building cuts the way."""
        topo = self.board.topology
        eo, no = self.edge_owner, self.node_owner
        seen = {node}
        frontier = [n for n in topo.edge_nodes[start] if n != node]
        while frontier:
            v = frontier.pop()
            if v in seen:
                continue
            seen.add(v)
            if no[v] == seat:
                return True
            if no[v] >= 0:
                continue
            for e in topo.node_edges[v]:
                if eo[e] == seat:
                    frontier.extend(n for n in topo.edge_nodes[e] if n not in seen)
        return False

    def _hand_road(self, e: int, loser: int, seat: int) -> None:
        self.edge_owner[e] = seat
        self.roads[loser] = tuple(x for x in self.roads[loser] if x != e)
        self.roads[seat] = (*self.roads[seat], e)
        self.pieces[loser * PIECE_KINDS + ROADS] += 1
        self.pieces[seat * PIECE_KINDS + ROADS] -= 1

    # ------------------------------------------------------------------ the robber
    def _fight_robber(self, seat: int, node: int) -> None:
        """One round against the robber ("der Räuber ... mit einem W6"); a tie is the army's loss."""
        self.robber_fought = True
        sides = self.army_die(node)
        roll, robber_roll = self._roll_die(sides), self._roll_die(self.army_rules.robber_die)
        won = roll > robber_roll
        self._emit(
            "robber_fight",
            {"seat": seat, "from": node, "sides": sides, "roll": roll, "robber": robber_roll, "won": won},
        )
        if won:
            self.robber_return = COMBAT
            self.phase = ROBBER
        elif any(self.hands[seat * NUM_RESOURCES : seat * NUM_RESOURCES + NUM_RESOURCES]):
            self.phase = TRIBUTE

    def _legal_tribute(self) -> tuple[Action, ...]:
        seat, hands = self.current, self.hands
        return tuple(self.soldier_set.TRIBUTE[r] for r in range(NUM_RESOURCES) if hands[seat * NUM_RESOURCES + r])

    def _do_tribute(self, action: SoldierAction) -> None:
        seat, r = self.current, action.resource
        self.hands[seat * NUM_RESOURCES + r] -= 1
        self.bank[r] += 1
        self._emit("tribute", {"seat": seat, "resource": r})
        self.phase = COMBAT

    # ------------------------------------------------------------------ the nuke
    def _do_nuke(self, action: SoldierAction) -> None:
        """ "Alle an diesem Feld stehenden Siedlungen und Städte werden um eine Stufe abgewertet, d. h. eine
        Stadt mit Stadtmauern verliert eine Mauer, eine Stadt ohne Stadtmauer wird zur Siedlung, eine
        Siedlung wird entfernt." Units are not affected."""
        seat, h = self.current, action.hex
        self.nuke_node[seat] = -1
        self.nuked[h] = 1
        hits: list[list[Any]] = []
        victims: list[int] = []
        for node in self.board.topology.hex_nodes[h]:
            owner = self.node_owner[node]
            if owner < 0:
                continue
            if self.node_level[node] == 2 and self.walls[node]:
                self.walls[node] -= 1
                self.wall_supply[owner] += 1
                hits.append([node, owner, "wall"])
            elif self.node_level[node] == 2:
                hits.append([node, owner, "city" if self._city_to_settlement(node) else "settlement"])
            else:
                self._remove_building(node)
                hits.append([node, owner, "settlement"])
            victims.append(owner)
        self._emit("nuke", {"seat": seat, "hex": action.label, "hits": hits})
        if hits:
            self._award_changes()
        for owner in sorted(set(victims)):
            self._check_annihilation(owner, seat)
        if not self.is_over and self.out[seat]:
            self._do_end(self.soldier_set.END)
        elif not self.is_over:
            self._check_win(seat)  # an award the hit moved to him

    # ------------------------------------------------------------------ leaving the game
    def _do_capitulate(self, action: SoldierAction) -> None:
        """ "Kapituliert ein Spieler, so hat er alle seine Siedlungen / Städte, Straßen / Schiffe, Rohstoff- /
        Entwicklungs- / Fortschrittskarten sowie militärischen Einheiten einem anderen Spieler (dem
        Angreifer) zu übergeben und erhält die Hälfte seiner aktuellen Siegpunktzahl (eventuell aufrunden)."
        Pieces the attacker has no room for in his supply leave the board."""
        seat, loser = self.battle[0], self.battle[1]
        self.final_vp[loser] = (self.total_vp(loser) + 1) // 2
        self.out[loser] = CAPITULATED
        self._emit("capitulate", {"seat": loser, "to": seat, "score": self.final_vp[loser]})
        self._hand_over_buildings(loser, seat)
        for e in list(self.roads[loser]):
            if self.pieces[seat * PIECE_KINDS + ROADS]:
                self._hand_road(e, loser, seat)
            else:
                self._drop_road(e, loser)
        self._hand_over_armies(loser, seat)
        self._hand_over_cards(loser, seat)
        self._refresh_rates(seat)
        self._recount_roads()
        self._award_changes()
        self.battle = ()
        self._last_one_standing()
        if not self.is_over:
            self._end_battle()
            self._check_win(seat)

    def _hand_over_buildings(self, loser: int, seat: int) -> None:
        for node in sorted(self.buildings[loser]):
            self._hand_over_building(node, seat)

    def _hand_over_building(self, node: int, seat: int) -> None:
        """The building at ``node`` to ``seat``, as his own piece: a city where his supply has a city, else
        a settlement where it has one, else it leaves the board; the walls his supply holds pieces for (the
        others back to the giver's supply). It stays turned if it was: its owner changes, not its state."""
        pieces = self.pieces
        level, walls, turned = self.node_level[node], self.walls[node], self.turned[node]
        self._remove_building(node)
        if level == 2 and pieces[seat * PIECE_KINDS + CITIES]:
            self._place_settlement(seat, node)
            self.node_level[node] = 2
            pieces[seat * PIECE_KINDS + SETTLEMENTS] += 1
            pieces[seat * PIECE_KINDS + CITIES] -= 1
            self.vp[seat] += 1
            kept = min(walls, self.wall_supply[seat])
            self.walls[node] = kept
            self.wall_supply[seat] -= kept
        elif pieces[seat * PIECE_KINDS + SETTLEMENTS]:
            self._place_settlement(seat, node)
        if self.node_owner[node] == seat:
            self.turned[node] = turned

    def _hand_over_armies(self, loser: int, seat: int) -> None:
        supply = self.unit_supply
        for node in self.armies_of(loser):
            base = node * UNIT_KINDS
            self.army_owner[node] = -1
            for u in range(UNIT_KINDS):
                n = self.units[base + u]
                supply[loser * UNIT_KINDS + u] += n
                kept = min(n, supply[seat * UNIT_KINDS + u])
                self.units[base + u] = kept
                supply[seat * UNIT_KINDS + u] -= kept
            if any(self.units[base : base + UNIT_KINDS]):
                self.army_owner[node] = seat
            self.moved[node] = 0
        if self.nuke_node[loser] >= 0 and self.nuke_node[seat] < 0:
            self.nuke_node[seat] = self.nuke_node[loser]
        self.nuke_node[loser] = -1

    def _hand_over_cards(self, loser: int, to: int) -> None:
        """Resource and development cards to ``to`` (none to the bank: the totals stay), except the
        victory-point cards: "Siegpunktchips oder –karten werden aus dem Spiel genommen und nicht übergeben"
        (capitulation), "... alle Rohstoff-, Handelswaren- und Entwicklungs- / Fortschrittskarten außer den
        Siegpunktkarten" (annihilation). ``to`` takes cards only while he holds fewer than the most a player
        may ("Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen"), in the order of the card kinds;
        the rest leave the game with the victory-point cards (among the played ones)."""
        moved = [0] * NUM_RESOURCES
        for r in range(NUM_RESOURCES):
            moved[r] = self.hands[loser * NUM_RESOURCES + r]
            self.hands[to * NUM_RESOURCES + r] += moved[r]
            self.hands[loser * NUM_RESOURCES + r] = 0
        cards = 0
        dev = self.dev_hand
        for c in range(NUM_DEV_CARDS):
            held = dev[loser * NUM_DEV_CARDS + c]
            dev[loser * NUM_DEV_CARDS + c] = 0
            room = max(0, self.army_rules.max_dev_cards - self._dev_held(to))
            taken = 0 if c == VICTORY_POINT else min(held, room)
            dev[to * NUM_DEV_CARDS + c] += taken
            self.dev_spent[c] += held - taken
            cards += taken
        self._emit("cards_taken", {"seat": to, "victim": loser, "resources": sum(moved), "dev_cards": cards})

    def _drop_road(self, e: int, seat: int) -> None:
        self.edge_owner[e] = -1
        self.roads[seat] = tuple(x for x in self.roads[seat] if x != e)
        self.pieces[seat * PIECE_KINDS + ROADS] += 1

    def _check_annihilation(self, seat: int, by: int) -> None:
        """ "Besitzt ein Spieler keine Siedlungen und militärischen Einheiten mehr, so gilt dies als
        „komplette Vernichtung“": he leaves with no points, and whoever destroyed his last possession takes
        his resource and development cards. His roads leave the board."""
        if seat < 0 or self.out[seat] != IN_GAME or self.buildings[seat]:
            return
        if seat in self.army_owner or self.nuke_node[seat] >= 0:
            return
        self.out[seat] = ANNIHILATED
        self.final_vp[seat] = 0
        self._emit("annihilated", {"seat": seat, "by": by})
        for e in list(self.roads[seat]):
            self._drop_road(e, seat)
        self._hand_over_cards(seat, by)
        self._recount_roads()
        self._last_one_standing()

    def _last_one_standing(self) -> None:
        """ "Ein Spieler bleibt als einziger noch im Spiel." wins."""
        left = [p for p in range(self.num_players) if self.out[p] == IN_GAME]
        if len(left) == 1 and not self.is_over:
            self._finish(left[0])
