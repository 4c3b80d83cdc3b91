"""The Catan observation read from the state, compiled: a learner's step spends most of its time here.

``CatanEncoder.observe`` hands a game it has started on to a :class:`CatanReader`, which writes the same
numbers ``encode(view(seat), seat)`` would (tests/envs/test_envs.py compares the two) without building the
view. It lives in a module of its own so that the compiled build compiles it: the encoder's class derives
from the environments' ``Encoder``, which runs interpreted.

The board's pieces change a few times in a game, the figures at every step: each seat's board (the fixed
fields with the pieces and the robber marked) is kept, with the owners it was marked from, and marked
again, in place, only where they differ.
"""

from __future__ import annotations

from struct import Struct
from typing import Any

from .game import CatanGame

#: The encoder's vectors (numpy arrays) and ``Leaves``: this module names no type of the environments'
#: modules, which need numpy and gymnasium (the ``rl`` extra), absent where the compiled build is made.
Vector = Any
Leaves = Any

#: The bytes of a float32, the vectors' numbers.
FLOAT_BYTES = 4
#: The public numbers of each player's view entry, in this order, then the pieces left (the encoder's
#: ``PIECES``): the last two are the awards' flags, by the view's names.
PLAYER_NUMBERS = ("vp", "cards", "dev_cards", "knights", "road_length", "longest_road", "largest_army")
AWARDS = PLAYER_NUMBERS[-2:]


class Marked:
    """One seat's board: the vector with its pieces marked, and the owners, levels and robber it was marked
    from. Its vector is never handed out, only copies of it, so it is marked again in place."""

    def __init__(self, vector: Vector, nodes: int, edges: int):
        self.vector = vector
        self.node_owner = [-1] * nodes
        self.node_level = [0] * nodes
        self.edge_owner = [-1] * edges
        self.robber = -1

    def holds(self, g: CatanGame) -> bool:
        """Whether ``g``'s pieces and robber are those marked."""
        return (
            g.robber == self.robber
            and g.edge_owner == self.edge_owner
            and g.node_owner == self.node_owner
            and g.node_level == self.node_level
        )


class CatanReader:
    """The fields of one configuration's Catan observation, read from the state of one game at a time.

    Built by ``CatanEncoder.start_game`` from the encoder's offsets, parts and leaves: it reads them once,
    then only the game."""

    def __init__(self, encoder: Any, game: CatanGame) -> None:
        """The fields of ``encoder`` (a ``CatanEncoder``) in ``game``, which it has started on: each road's
        and the robber's place by the engine's indices, and the numbers of the view's top level read once
        (the cost card's)."""
        self.game = game
        self.base = encoder.base
        self.players: int = encoder.players
        self.at_buildings: int = encoder.at_buildings
        topo = game.board.topology
        piece_at = encoder.piece_at
        self.road_at: list[int] = [piece_at["road"][topo.edge_label(e)] for e in range(len(topo.edge_nodes))]
        self.robber_at: list[int] = [piece_at["robber"][label] for label in topo.hex_labels]
        self.at_players: int = encoder.at_players
        self.phases: dict[str, int] = encoder.phases
        self.phase_count: int = encoder.phase_count
        self.parts: tuple[Any, ...] = encoder.parts
        self.player_leaves: Leaves = encoder.player_leaves
        self.with_player_leaves = len(self.player_leaves) > 0
        self.no_offer: list[float] = encoder.no_offer
        # The cost card is the rules' (fixed in a game): its numbers in ``extra`` are read once; the parts'
        # (``figures``) and the rule set's own numbers there (``_view_extra``), if any, at every step.
        leaves: Leaves = encoder.leaves
        self.extra_costs: list[float] = leaves.read({"costs": game._costs_view()}, 0)
        figured: set[str] = set()
        for part in self.parts:
            figured.update(part.figures(game, 0))
        self.extra_own = any(path[0] not in figured and path[0] != "costs" for path, _ in leaves.paths)
        self.extra_at = [i for i, (path, _) in enumerate(leaves.paths) if path[0] != "costs"]
        self.extra_figures = leaves.only(_not_costs)
        self.boards: dict[int, Marked] = {}
        # The row runs from the players' field to the end of ``extra`` (the fields laid end to end).
        row = encoder.layout.offsets["extra"] + len(leaves) - self.at_players
        #: Packs the row of floats as float32 into the vector (``observe``).
        self.packer = Struct(f"={row}f")

    def observe(self, g: CatanGame, seat: int) -> Vector:
        """``seat``'s observation: its board copied, the figures written in one row, the parts' fields."""
        out = self._board(g, seat).copy()
        self._figures(g, seat, out)
        return out

    def observe_into(self, g: CatanGame, seat: int, out: Vector) -> None:
        """``observe``, written into ``out`` (a contiguous float32 vector of the layout's size: a vector
        environment's row of its batch)."""
        out[:] = self._board(g, seat)
        self._figures(g, seat, out)

    def _board(self, g: CatanGame, seat: int) -> Vector:
        """``seat``'s board with ``g``'s pieces and robber marked (never handed out: only copies of it)."""
        marked = self.boards.get(seat)
        if marked is None:
            marked = self.boards[seat] = Marked(self.base.copy(), len(g.node_owner), len(g.edge_owner))
        if not marked.holds(g):
            self._follow(marked, g, seat)
        return marked.vector

    def _figures(self, g: CatanGame, seat: int, out: Vector) -> None:
        """Everything but the board into ``out``, which holds ``seat``'s board: the figures, the parts'."""
        # One row of floats, packed into the vector's float32 memory at once: a third of the cost of numpy's
        # conversion of a list (which converts ints at twice the cost of floats).
        row: list[float] = []
        self._players(g, seat, row)
        self._you(g, seat, row)
        self._public(g, seat, row)
        if g.offer is not None:
            self._offer(g, seat, row)
        else:
            row.extend(self.no_offer)
        row.extend(self._extra(g, seat))
        self.packer.pack_into(out, self.at_players * FLOAT_BYTES, *row)
        for part in self.parts:
            part.observe(g, seat, out)

    def _follow(self, marked: Marked, g: CatanGame, seat: int) -> None:
        """Mark ``g``'s buildings, roads and robber for ``seat`` (owners relative to it) where they differ
        from those ``marked`` holds: a road built, a settlement founded or upgraded, the robber moved."""
        vector = marked.vector
        if g.robber != marked.robber:
            if marked.robber >= 0:
                vector[self.robber_at[marked.robber]] = 0
            if g.robber >= 0:
                vector[self.robber_at[g.robber]] = 1
            marked.robber = g.robber
        owners, levels, held, held_levels = g.node_owner, g.node_level, marked.node_owner, marked.node_level
        for node in range(len(owners)):
            owner, level = owners[node], levels[node]
            if owner != held[node] or level != held_levels[node]:
                if held[node] >= 0:
                    vector[self._building(node, held[node], held_levels[node], seat)] = 0
                if owner >= 0:
                    vector[self._building(node, owner, level, seat)] = 1
                held[node], held_levels[node] = owner, level
        n, road_at, edges, held_edges = self.players, self.road_at, g.edge_owner, marked.edge_owner
        for edge in range(len(edges)):
            owner = edges[edge]
            if owner != held_edges[edge]:
                if held_edges[edge] >= 0:
                    vector[road_at[edge] + (held_edges[edge] - seat) % n] = 0
                if owner >= 0:
                    vector[road_at[edge] + (owner - seat) % n] = 1
                held_edges[edge] = owner

    def _building(self, node: int, owner: int, level: int, seat: int) -> int:
        """Where a settlement (level 1) or city (level 2) of ``owner`` at ``node`` is marked for ``seat``."""
        n = self.players
        return self.at_buildings + (node * 2 + (1 if level == 2 else 0)) * n + (owner - seat) % n

    def _players(self, g: CatanGame, seat: int, row: list[float]) -> None:
        """Each player's public numbers (``PLAYER_NUMBERS``), pieces left and leaves, from ``seat`` on."""
        n = self.players
        public = g.public_points()
        knights = g.army_name == "knights"
        longest = g.award_names[0] == AWARDS[0]
        largest = g.award_names[1] == AWARDS[1]
        hands, dev_hand, pieces = g.hands, g.dev_hand, g.pieces
        for i in range(n):
            p = (seat + i) % n
            row.append(float(public[p]))
            row.append(float(_total(hands, p * 5, 5)))
            row.append(float(_total(dev_hand, p * 5, 5)))
            row.append(float(g.knights[p]) if knights else 0.0)
            row.append(float(g.road_len[p]))
            row.append(1.0 if longest and g.longest_road == p else 0.0)
            row.append(1.0 if largest and g.largest_army == p else 0.0)
            _extend(row, pieces, p * 3, 3)
            if self.with_player_leaves:
                row.extend(self.player_leaves.read(self._player_entry(g, p), seat))

    def _player_entry(self, g: CatanGame, p: int) -> dict[str, Any]:
        """The numbers of a player's view entry that ``player_leaves`` reads: a rule set's other names of
        the knights and the awards, and its ``_player_extra``."""
        entry: dict[str, Any] = {g.army_name: g.knights[p]}
        if g.award_names[0]:
            entry[g.award_names[0]] = g.longest_road == p
        if g.award_names[1]:
            entry[g.award_names[1]] = g.largest_army == p
        entry.update(g._player_extra(p))
        for part in self.parts:
            entry.update(part.player_figures(g, p))
        return entry

    def _you(self, g: CatanGame, seat: int, row: list[float]) -> None:
        """The seat's own cards, new cards, bank rates, whether it played a card and its points."""
        base = seat * 5
        current = seat == g.current
        cards = len(g.card_names)
        _extend(row, g.hands, base, 5)
        _extend(row, g.dev_hand, base, cards)
        if current:
            _extend(row, g.dev_new, 0, cards)
        else:
            row.extend([0.0] * cards)
        _extend(row, g.rates, base, 5)
        row.append(1.0 if current and g.dev_played else 0.0)
        row.append(float(g.total_vp(seat)))

    def _public(self, g: CatanGame, me: int, row: list[float]) -> None:
        """The bank, the phase, who plays and who acts, the deck, the turn, the dice, the target, the free
        roads and what each seat has left to discard."""
        n = self.players
        _extend(row, g.bank, 0, len(g.bank))
        _one_hot(row, self.phases[g._phase_view()], self.phase_count)
        _one_hot(row, (g.current - me) % n, n)
        to_act = g.to_act
        _one_hot(row, -1 if to_act is None else (to_act - me) % n, n)
        dice = g.dice
        row.append(float(sum(g.dev_deck)))
        row.append(float(g.turn))
        row.append(float(dice[0]) if dice is not None else 0.0)
        row.append(float(dice[1]) if dice is not None else 0.0)
        row.append(float(g.victory_target(me)))
        row.append(float(g.free_roads))
        for i in range(n):
            row.append(float(g.discard_left[(me + i) % n]))

    def _offer(self, g: CatanGame, me: int, row: list[float]) -> None:
        """The open offer: what it gives and wants, who made it, to whom, who is still asked, who accepted."""
        offer = g.offer
        assert offer is not None
        n = self.players
        give: tuple[int, ...] = offer[1]
        want: tuple[int, ...] = offer[2]
        row.extend([float(k) for k in give])
        row.extend([float(k) for k in want])
        _one_hot(row, (g.current - me) % n, n)
        to: int = offer[3]
        _one_hot(row, n if to < 0 else (to - me) % n, n + 1)
        for seats in (g.offer_pending, g.offer_accepted):
            flags = [0.0] * n
            for s in seats:
                flags[(s - me) % n] = 1.0
            row.extend(flags)

    def _extra(self, g: CatanGame, seat: int) -> list[float]:
        """The numbers the view adds at its top level: the cost card's, and the rule set's and the parts'."""
        if not self.extra_at:
            return self.extra_costs
        figures = g._view_extra(seat) if self.extra_own else {}
        for part in self.parts:
            figures.update(part.figures(g, seat))
        extra = list(self.extra_costs)  # 0 where the others are
        for i, value in zip(self.extra_at, self.extra_figures.read(figures, seat), strict=True):
            extra[i] = value
        return extra


def _not_costs(path: tuple[Any, ...]) -> bool:
    """Whether a leaf of the view's top level is not the cost card's (read once per game)."""
    return bool(path[0] != "costs")


def _extend(row: list[float], values: list[int], start: int, count: int) -> None:
    """``values[start : start + count]`` as floats, to the end of ``row``."""
    for i in range(start, start + count):
        row.append(float(values[i]))


def _total(values: list[int], start: int, count: int) -> int:
    """``sum(values[start : start + count])`` without the slice's list."""
    total = 0
    for i in range(start, start + count):
        total += values[i]
    return total


def _one_hot(row: list[float], index: int, size: int) -> None:
    """``size`` flags, ``index``'s set (none for -1), to the end of ``row``."""
    for i in range(size):
        row.append(1.0 if i == index else 0.0)
