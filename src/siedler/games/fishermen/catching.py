"""Catching fish: the lake and the fishing grounds on the board, the robber beside it, tokens drawn on a
roll and for the second founding settlement, the limit of 7 and the reshuffled supply."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from siedler.core.hexgrid import Axial, Topology
from siedler.games.catan.board import Board
from siedler.games.catan.state import NOBODY, CatanState

from .board import LAKE, FishingGround, fishing_grounds, inland, with_lake
from .data import RULES
from .events import FISHERMEN_EVENTS
from .holdings import fish_action_set
from .state import BOOT, LAKE_NUMBERS, MAX_HELD, FishermenState

#: What the tokens buy, as ``fish_action_set`` takes it.
COSTS = tuple(RULES.costs.items())


def shipped_grounds(topo: Topology, numbers: list[int]) -> tuple[FishingGround, ...]:
    """The rule book's fishing grounds bearing ``numbers``, in the order of their places."""
    return tuple([shipped_ground(topo, sea, number) for sea, number in zip(RULES.ground_places, numbers, strict=True)])


@cache
def shipped_ground(topo: Topology, sea: Axial, number: int) -> FishingGround:
    """One of the rule book's fishing grounds: made once per board shape, place and number (36 of them), as
    every new game deals the numbers anew. Made ground by ground rather than once per order of numbers, as
    a benchmark's few hundred games meet most of the 720 orders only once."""
    return fishing_grounds(topo, (sea,), (number,))[0]


@cache
def other_seats(players: int) -> tuple[tuple[int, ...], ...]:
    """``other_seats(n)[seat]``: the other seats, in seat order."""
    return tuple(tuple(q for q in range(players) if q != p) for p in range(players))


class Catching(FishermenState):
    inland_terrain: ClassVar[tuple[str, ...]] = (RULES.lake_replaces,)
    _event_kinds: ClassVar = FISHERMEN_EVENTS

    def setup(self, game: CatanState) -> None:
        """The tokens and the boot in the supply, and the fishing grounds' numbers: the rule book's for the
        beginner board, else shuffled (after the rule set's own set-up has drawn what it draws)."""
        n = game.num_players
        self.boot = NOBODY
        self.fish_supply = [*RULES.fish, RULES.boots]
        self.fish_spent = [0, 0, 0]
        self.fish_action_set = fish_action_set(n, COSTS, RULES.max_held)
        self.fish_held = [self.fish_action_set.EMPTY] * n
        self._others = other_seats(n)
        numbers = list(RULES.ground_numbers)
        if game.options["board"] == "beginner":
            numbers = list(RULES.beginner_numbers)
        else:
            game.rng.shuffle(numbers)
        self._set_grounds(game, shipped_grounds(game.board.topology, numbers))

    def make_board(self, game: CatanState, board: Board) -> Board:
        """The rule set's board with the lake in the desert's place (random boards keep it inland)."""
        spots = board.hexes_of(RULES.lake_replaces)
        if not spots:
            return board
        if not inland(board.topology, spots[0]):
            raise ValueError(f"this map has its {RULES.lake_replaces} on the coast, where the lake may not lie")
        return with_lake(board, spots[0])

    def _set_grounds(self, game: CatanState, grounds: tuple[FishingGround, ...]) -> None:
        self.fish_grounds = grounds
        catch: dict[int, tuple[int, ...]] = {}
        for g in grounds:
            catch[g.number] = catch.get(g.number, ()) + g.nodes
        self.fish_catch = catch
        self.fish_ground_nodes = frozenset(n for g in grounds for n in g.nodes)
        lakes = game.board.hexes_of(LAKE)
        self.lake = lakes[0] if lakes else NOBODY
        self.lake_nodes = game.board.topology.hex_nodes[self.lake] if lakes else ()
        self.fish_nodes = self.fish_ground_nodes | frozenset(self.lake_nodes)
        self._fish_income = {}

    def initial_robber(self, game: CatanState, hex_index: int) -> int:
        """The robber waits beside the board; the first 7 (or knight) brings it on."""
        return NOBODY

    def terrains(self, game: CatanState) -> dict[str, str]:
        return {LAKE: ""}

    # ------------------------------------------------------------------ catching fish
    def after_production(self, game: CatanState, total: int) -> None:
        """Fish for the grounds and the lake with ``total``.
        About half the rolls of a fishing game bring fish, so what each seat is owed is looked up, not
        recounted from the buildings."""
        # A blocked lake (the robber on it, or the hex barren: a nuked lake "liefert keine Erträge mehr")
        # yields nothing: its income is looked up under the negative total.
        lake = self.lake
        blocked = game.robber == lake or (lake >= 0 and game._barren(lake))
        key = -total if blocked else total
        owed = self._fish_income.get(key)
        if owed is None:
            owed = self._fish_income[key] = self._income(game, total, key < 0)
        # The roller draws first, then the others in turn order (``owed`` is by seat): two passes.
        current = game.current
        for seat, count in owed:
            if seat >= current:
                self._give_fish(game, seat, count)
        for seat, count in owed:
            if seat < current:
                self._give_fish(game, seat, count)

    def _income(self, game: CatanState, total: int, lake_blocked: bool) -> tuple[tuple[int, int], ...]:
        """``(seat, tokens)`` owed when ``total`` is rolled, by seat."""
        nodes = self.fish_catch.get(total, ())
        if total in LAKE_NUMBERS and not lake_blocked:
            nodes = nodes + self.lake_nodes
        owner, level = game.node_owner, game.node_level
        owed = [0] * game.num_players
        for node in nodes:
            if owner[node] >= 0:
                owed[owner[node]] += level[node]
        return tuple((seat, count) for seat, count in enumerate(owed) if count)

    def building_changed(self, game: CatanState, node: int) -> None:
        if node in self.fish_nodes:
            self._fish_income = {}  # replaced, not cleared: copies of the game share the old one

    def founding_yield(self, game: CatanState, seat: int, node: int) -> None:
        if node in self.fish_ground_nodes:
            self._give_fish(game, seat, 1)

    def _give_fish(self, game: CatanState, seat: int, count: int) -> None:
        """Draw ``count`` tokens face down for ``seat``, up to the most a player may hold; the old boot, if
        drawn, is shown at once and takes the place of a fish token."""
        supply, interned = self.fish_supply, self.fish_action_set
        before = self.fish_held[seat]
        code, room = before.code, MAX_HELD - before.count
        for i in range(count):
            if room <= 0:
                game._emit("fish_full", {"seat": seat, "max": MAX_HELD, "missed": count - i})
                break
            left = supply[0] + supply[1] + supply[2] + supply[3] or self._reshuffle_spent(game)
            if not left:
                break  # every token is in someone's hand
            pick = game.rng.below(left)  # a token drawn face down: each equally likely
            if pick >= left - supply[BOOT]:  # the boot is no fish token: it is shown at once, takes no room
                supply[BOOT] -= 1
                self.boot = seat
                game._emit("boot_drawn", {"seat": seat})
                continue
            kind = 0 if pick < supply[0] else 1 if pick < supply[0] + supply[1] else 2
            supply[kind] -= 1
            code += interned.STEP[kind]
            room -= 1
        if code != before.code:
            self.fish_held[seat] = interned.HOLDINGS[code]
            if game.logging:  # the tokens drawn are a holding too: the difference of the two codes
                drawn = interned.HOLDINGS[code - before.code].values
                game._note("fish_catch", (seat, len(drawn)), (drawn,), (seat,))

    def _reshuffle_spent(self, game: CatanState) -> int:
        """The supply is empty: the tokens handed in become the new one. Returns how many that is."""
        spent, supply = self.fish_spent, self.fish_supply
        left = spent[0] + spent[1] + spent[2]
        if left:
            game._emit("fish_reshuffle", {"count": left})
            supply[0], supply[1], supply[2] = spent
            spent[0] = spent[1] = spent[2] = 0
        return left
