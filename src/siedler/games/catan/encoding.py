"""The observation of the Catan family's board games, from ``view(seat)`` (``siedler.envs``: every rule set
registered with ``register_catan`` names this module). Every field is listed, with its shape, in
docs/rl.md. Seats are relative: row 0 is the viewer, row 1 the next seat, and so on, so one policy serves
every seat.

A rule set or an extension with fields of its own adds a :class:`CatanPart` (its package's ``encoding``
module): fields fixed within a game, after the harbours, or fields of every step, at the end. Any other part
of its view is encoded by its numbers (``Leaves``), without code.

The environments take the observation from the state (``observe``), without building the view, where every
extension switched on has a part and every part reads the state too (``CatanPart.reads_state``): the
built-in ones all do. Otherwise, a third party's extension say, they encode ``view(seat)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, cast

import numpy as np

from siedler.core.game import Game
from siedler.envs.encoding import Encoder, Layout, Leaves, Vector, relative
from siedler.games.catan.game import CatanGame
from siedler.games.catan.observing import PLAYER_NUMBERS, CatanReader
from siedler.games.catan.rules import RESOURCES
from siedler.games.catan.state import CatanState

#: Harbour types by the view's names: one per resource, then the 3:1 harbour.
HARBORS = (*RESOURCES, "3:1")
PIECES = ("road", "settlement", "city")
#: View keys this encoder reads by name; any other top-level or player key is a rule set's or an
#: extension's, encoded by a part (``CatanPart.known``) or by its numbers (``Leaves``).
KNOWN = frozenset(
    (
        *("ruleset", "options", "seat", "players", "board", "pieces", "legend", "names", "bank", "dev_deck"),
        *("phase", "turn", "current", "to_act", "dice", "victory_points", "discarding", "free_roads", "offer"),
        *("over", "winner", "you", "legal"),
    )
)
KNOWN_PLAYER = frozenset((*PLAYER_NUMBERS, "seat", "name", "pieces", "harbors", "vp_total"))


class CatanPart:
    """A rule set's or an extension's own fields of the Catan observation (docs/rl.md), and, where it
    ``reads_state``, the numbers its view adds, read from the state (``player_figures``, ``figures``,
    ``observe``): exactly those of the view, which tests/envs/test_envs.py checks. An extension's part finds
    its component by its place in ``game.components`` (``place_of``), never by keeping it: a copied or
    unpickled game holds components of its own."""

    #: The view's top-level keys it encodes: left out of the numbers read without code (``extra``).
    known: frozenset[str] = frozenset()
    #: Whether the hooks of the state below give what the view shows: a part that leaves them (a third
    #: party's written for the view) makes its configuration's observation go through the view.
    reads_state: ClassVar[bool] = False

    def add_board(self, layout: Layout, reference: dict[str, Any]) -> None:
        """Declare the fields that stay fixed within a game (they follow the harbours)."""

    def start(self, view: dict[str, Any], base: Vector) -> None:
        """A new game: write those fields into ``base`` from its first view."""

    def add_fields(self, layout: Layout, reference: dict[str, Any]) -> None:
        """Declare the fields written at every step (they follow all the others)."""

    def encode(self, view: dict[str, Any], me: int, out: Vector) -> None:
        """Write those fields for the seat ``me`` into ``out``."""

    def player_figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        """The entries the part's extension adds to ``seat``'s player entry of the view (its numbers are
        read without code, as the view's)."""
        return {}

    def figures(self, game: CatanGame, seat: int) -> dict[str, Any]:
        """The top-level entries the part's extension adds to ``view(seat)`` whose numbers are read without
        code (not those it encodes itself, ``known``)."""
        return {}

    def observe(self, game: CatanGame, me: int, out: Vector) -> None:
        """``encode``, from the state: write the part's fields of every step for the seat ``me``."""


def place_of(game: Game, kind: type[Any]) -> int:
    """The place of the component of class ``kind`` in ``game.components``: the same in every game of the
    configuration, so a part reads ``game.components[place]`` in each."""
    return next(i for i, c in enumerate(game.components) if isinstance(c, kind))


def encoder(game: Game, reference: dict[str, Any], parts: Sequence[object], own: Sequence[CatanPart] = ()) -> Encoder:
    """The observation of ``game``'s configuration (a game of the family): ``parts`` are its extensions'
    (``CatanPart``), ``own`` the rule set's; every terrain its boards may hold comes from the ``_terrains``
    hook. It reads the state where every extension switched on has a part and every part reads the state."""
    catan = cast(CatanState, game)
    extensions = [p for p in parts if isinstance(p, CatanPart)]
    covered = len(extensions) == len(game.components)
    return CatanEncoder(
        reference, catan._terrains(), catan.phase_names, [*extensions, *own], catan.phase_aliases, covered
    )


class CatanEncoder(Encoder):
    def __init__(
        self,
        reference: dict[str, Any],
        terrains: Iterable[str],
        phases: Sequence[str],
        parts: Sequence[CatanPart] = (),
        aliases: Mapping[str, str] | None = None,
        state: bool = True,
    ) -> None:
        """``reference``: a seat's view of a fresh game of the configuration (only its shape is used);
        ``terrains``: every terrain its boards may hold (the rule set's ``_terrains`` hook); ``phases``: the
        names of its phases (``phase_names``); ``parts``: the rule set's and its extensions' own fields;
        ``aliases``: the view's other names of some of those phases (``phase_aliases``); ``state``: whether
        every extension switched on has a part (``encoder``); ``observe`` then reads the state where every
        part does too (``CatanPart.reads_state``)."""
        board = reference["board"]
        n = self.players = len(reference["players"])
        hex_labels = {h["id"]: i for i, h in enumerate(board["hexes"])}
        edge_labels = {f"{a}-{b}": i for i, (a, b) in enumerate(board["edges"])}
        hexes, nodes, edges = len(board["hexes"]), len(board["nodes"]), len(board["edges"])
        self.terrains = {name: i for i, name in enumerate(sorted(terrains))}
        self.phases = {name: i for i, name in enumerate(phases)}
        self.phase_count = len(self.phases)
        self.phases.update({alias: self.phases[name] for alias, name in (aliases or {}).items()})
        self.parts = tuple(parts)
        known = KNOWN.union(*(part.known for part in self.parts))
        extra_player = {k: v for k, v in reference["players"][0].items() if k not in KNOWN_PLAYER}
        self.player_leaves = Leaves(extra_player, n)
        self.leaves = Leaves({k: v for k, v in reference.items() if k not in known}, n)
        lay = self.layout = Layout()
        self.at_terrain = lay.add("hex_terrain", hexes, len(self.terrains))
        self.at_number = lay.add("hex_number", hexes)
        self.at_harbor = lay.add("node_harbor", nodes, len(HARBORS))
        for part in self.parts:
            part.add_board(lay, reference)
        self.at_robber = lay.add("robber", hexes)
        self.at_buildings = lay.add("buildings", nodes, 2, n)
        self.at_roads = lay.add("roads", edges, n)
        self.at_players = lay.add("players", n, len(PLAYER_NUMBERS) + len(PIECES) + len(self.player_leaves))
        # From players on, the fields are one row that encode writes at once: keep these in this order.
        lay.add("you", 4 * len(RESOURCES) + 2)
        lay.add("public", self.public_size)
        lay.add("offer", self.offer_size)
        lay.add("extra", len(self.leaves))
        for part in self.parts:
            part.add_fields(lay, reference)
        #: Where each piece on the board is written, by kind and place: the owner's relative seat is added.
        self.piece_at: dict[str, dict[Any, int]] = {
            "robber": {label: self.at_robber + i for label, i in hex_labels.items()},
            "road": {label: self.at_roads + i * n for label, i in edge_labels.items()},
            "settlement": {node: self.at_buildings + node * 2 * n for node in range(nodes)},
            "city": {node: self.at_buildings + (node * 2 + 1) * n for node in range(nodes)},
        }
        self.base = np.zeros(lay.size, dtype=np.float32)
        self.no_offer = [0.0] * self.offer_size
        self.state = state and all(part.reads_state for part in self.parts)

    def reader_for(self, game: Game) -> CatanReader | None:
        """Where the parts read the state (``state``): the numbers ``encode(game.view(seat), seat)`` reads,
        from the state (``CatanReader``): the same public counts and the seat's own cards, the rule set's own
        numbers from the hooks the view calls (``_player_extra``, ``_view_extra``, ``_costs_view``), the
        parts' from theirs, without building the rest of the view (the board, the texts of the legal
        actions)."""
        return CatanReader(self, cast(CatanGame, game)) if self.state else None

    def start(self, view: dict[str, Any]) -> None:
        base = self.base
        base[:] = 0
        board, terrains = view["board"], len(self.terrains)
        for i, h in enumerate(board["hexes"]):
            kind = self.terrains.get(h["terrain"])
            if kind is not None:
                base[self.at_terrain + i * terrains + kind] = 1
            base[self.at_number + i] = h["number"] or 0
        for harbor in board["harbors"]:
            kind = HARBORS.index(harbor["type"])
            for node in harbor["nodes"]:
                base[self.at_harbor + node * len(HARBORS) + kind] = 1
        for part in self.parts:
            part.start(view, base)

    def encode(self, view: dict[str, Any], me: int) -> Vector:
        out = self.base.copy()
        n = self.players
        marked = []
        piece_at = self.piece_at
        for piece in view["pieces"]:
            places = piece_at.get(piece["kind"])  # pieces of other kinds are a part's (or the board's)
            if places is not None:
                owner = piece.get("owner")
                marked.append(places[piece["at"]] + (0 if owner is None else (owner - me) % n))
        out[marked] = 1
        # players, you, public, offer and extra lie end to end: one row, written at once.
        row: list[float] = []
        players = view["players"]
        for i in range(n):
            entry = players[(me + i) % n]
            row.extend([entry.get(k, 0) for k in PLAYER_NUMBERS])  # a rule set may have no knights or awards
            pieces = entry["pieces"]
            row.extend([pieces.get(k, 0) for k in PIECES])  # a rule set may have no cities
            if len(self.player_leaves):
                row.extend(self.player_leaves.read(entry, me))
        you = view["you"]
        hand, cards, new, rates = you["hand"], you["dev_cards"], you["dev_cards_new"], you["rates"]
        row.extend([hand[r] for r in RESOURCES])
        row.extend(cards.values())  # by card index, whatever the rule set calls its cards
        row.extend([new.get(c, 0) for c in cards])
        row.extend([rates[r] for r in RESOURCES])
        row.extend((you["dev_played"], players[me].get("vp_total", 0)))
        row.extend(self._public(view, me))
        offer = view["offer"]
        row.extend(self._offer(offer, me) if offer is not None else self.no_offer)
        if len(self.leaves):
            row.extend(self.leaves.read(view, me))
        out[self.at_players : self.at_players + len(row)] = row
        for part in self.parts:
            part.encode(view, me, out)
        return out

    @property
    def public_size(self) -> int:
        return len(RESOURCES) + self.phase_count + 2 * self.players + 6 + self.players

    @property
    def offer_size(self) -> int:
        return 2 * len(RESOURCES) + 4 * self.players + 1

    def _public(self, view: dict[str, Any], me: int) -> list[float]:
        n = self.players
        row: list[float] = [view["bank"][r] for r in RESOURCES]
        phase = [0.0] * self.phase_count
        phase[self.phases[view["phase"]]] = 1
        row += phase
        row += _one_hot(relative(view["current"], me, n), n)
        row += _one_hot(None if view["to_act"] is None else relative(view["to_act"], me, n), n)
        dice = view["dice"] or (0, 0)
        row += (view["dev_deck"], view["turn"], dice[0], dice[1], view["victory_points"], view["free_roads"])
        discarding = [0.0] * n
        for seat, left in view["discarding"].items():
            discarding[relative(int(seat), me, n)] = left
        return row + discarding

    def _offer(self, offer: dict[str, Any], me: int) -> list[float]:
        n = self.players
        row = [float(offer["give"][r]) for r in RESOURCES] + [float(offer["want"][r]) for r in RESOURCES]
        row += _one_hot(relative(offer["from"], me, n), n)
        to = offer["to"]
        row += _one_hot(n if to is None or to < 0 else relative(to, me, n), n + 1)
        for key in ("waiting", "accepted"):
            seats = [0.0] * n
            for seat in offer[key]:
                seats[relative(seat, me, n)] = 1
            row += seats
        return row


def _one_hot(index: int | None, size: int) -> list[float]:
    row = [0.0] * size
    if index is not None:
        row[index] = 1
    return row
