"""The full export of a Catan position (``state()``) and its import, checked (``from_state``)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from siedler.core.errors import RecordError
from siedler.core.seats import seat_words

from .actions import action_set
from .board import Board
from .explain import ExplainMixin
from .longest_road import longest_trail
from .rules import DEV_CARDS, RESOURCES
from .state import NOBODY


def _named(values: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {name: values[i] for i, name in enumerate(names)}


def _unnamed(data: dict[str, Any], names: tuple[str, ...], what: str) -> list[int]:
    unknown = set(data) - set(names)
    if unknown:
        raise RecordError(f"{what} names unknown kinds {sorted(unknown)}")
    values = [int(data.get(name, 0)) for name in names]
    if any(v < 0 for v in values):
        raise RecordError(f"{what} holds a negative count")
    return values


@mypyc_attr(allow_interpreted_subclasses=True)
class SnapshotMixin(ExplainMixin):
    """``_export`` and ``_import``: what ``state()`` holds, and a position read back, checked whole."""

    def _export(self) -> dict[str, Any]:
        topo = self.board.topology
        n = self.num_players
        data = {
            "board": self.board.to_json(),
            "phase": self.phase_names[self.phase],
            "current": self.current,
            "turn": self.turn,
            "start_player": self.start_player,
            "setup_step": self.setup_step,
            "last_settlement": self.last_settlement,
            "robber": topo.hex_labels[self.robber] if self.robber >= 0 else None,
            "robber_return": self.phase_names[self.robber_return],
            "dice": list(self.dice) if self.dice else None,
            "dev_played": self.dev_played,
            "offers_made": self.offers_made,
            "free_roads": self.free_roads,
            "offer": str(self.offer) if self.offer else None,
            "offer_pending": list(self.offer_pending),
            "offer_accepted": list(self.offer_accepted),
            "longest_road": self.longest_road,
            "largest_army": self.largest_army,
            "bank": _named(self.bank, RESOURCES),
            "dev_deck": _named(self.dev_deck, DEV_CARDS),
            "dev_spent": _named(self.dev_spent, DEV_CARDS),
            "dev_new": _named(self.dev_new, DEV_CARDS),
            "players": [
                {
                    "hand": _named(self.hands[p * 5 : p * 5 + 5], RESOURCES),
                    "dev_cards": _named(self.dev_hand[p * 5 : p * 5 + 5], DEV_CARDS),
                    "knights": self.knights[p],
                    "discard": self.discard_left[p],
                }
                for p in range(n)
            ],
            "settlements": [
                [node, o] for node, o in enumerate(self.node_owner) if o >= 0 and self.node_level[node] == 1
            ],
            "cities": [[node, o] for node, o in enumerate(self.node_owner) if o >= 0 and self.node_level[node] == 2],
            "roads": [[topo.edge_label(e), o] for e, o in enumerate(self.edge_owner) if o >= 0],
        }
        data.update(self._export_extra())
        return data

    def _import(self, data: dict[str, Any]) -> None:
        n = self.num_players
        self.board = Board.from_json(data["board"], self._terrains())
        topo = self.board.topology
        self.action_set = action_set(topo, n, self.options["offer_max_cards"])
        phase_index = {name: i for i, name in enumerate(self.phase_names)}
        self.phase = phase_index[data["phase"]]
        self.robber_return = phase_index[data["robber_return"]]
        self.current = self._imported_seat(data["current"])
        self.turn = int(data["turn"])
        self.start_player = self._imported_seat(data["start_player"])
        self.setup_order = self._founding_order()
        self.setup_step = int(data["setup_step"])
        order, step = self.setup_order, self.setup_step
        if data["phase"] in ("setup_settlement", "setup_road") and not (
            0 <= step < len(order) and order[step] == self.current
        ):
            raise RecordError(
                f"founding step {step} from start player {seat_words(self.start_player)} is not "
                f"{seat_words(self.current)}'s"
            )
        self.last_settlement = int(data["last_settlement"])
        self.robber = self.action_set.label_to_hex[data["robber"]] if data["robber"] is not None else NOBODY
        self.dice = (int(data["dice"][0]), int(data["dice"][1])) if data["dice"] else None
        self.dev_played = bool(data["dev_played"])
        self.offers_made = int(data["offers_made"])
        self.free_roads = int(data["free_roads"])
        self.offer = self.action_set.parse(data["offer"]) if data["offer"] else None
        self.offer_pending = tuple(self._imported_seat(p) for p in data["offer_pending"])
        self.offer_accepted = [self._imported_seat(p) for p in data["offer_accepted"]]
        self.longest_road = int(data["longest_road"])
        self.largest_army = int(data["largest_army"])
        self.bank = _unnamed(data["bank"], RESOURCES, "bank")
        self.dev_deck = _unnamed(data["dev_deck"], DEV_CARDS, "dev_deck")
        self.dev_spent = _unnamed(data["dev_spent"], DEV_CARDS, "dev_spent")
        self.dev_new = _unnamed(data["dev_new"], DEV_CARDS, "dev_new")
        players = data["players"]
        if len(players) != n:
            raise RecordError(f"state lists {len(players)} players for {n} seats")
        self.hands, self.dev_hand, self.knights, self.discard_left = [], [], [], []
        for p, entry in enumerate(players):
            self.hands += _unnamed(entry["hand"], RESOURCES, f"player {p} hand")
            self.dev_hand += _unnamed(entry["dev_cards"], DEV_CARDS, f"player {p} dev_cards")
            self.knights.append(int(entry["knights"]))
            self.discard_left.append(int(entry["discard"]))
        self._import_pieces(data)
        self._check_conservation()
        self._import_extra(data)

    def _import_pieces(self, data: dict[str, Any]) -> None:
        rules, n = self.rules, self.num_players
        topo = self.board.topology
        self._clear_board()
        for level, key in ((1, "settlements"), (2, "cities")):
            for node, owner in data[key]:
                node, owner = int(node), self._imported_seat(owner)
                if not 0 <= node < topo.num_nodes or self.blocked[node]:
                    raise RecordError(f"{key[:-1]} at {node} is off the board or breaks the distance rule")
                self.node_owner[node] = owner
                self.node_level[node] = level
                self.blocked[node] = 1
                for m in topo.node_nodes[node]:
                    self.blocked[m] = 1
                self.buildings[owner] = (*self.buildings[owner], node)
                self.pieces[owner * 3 + level] -= 1
                self.vp[owner] += level
                if self.board.node_harbor[node] >= 0:
                    self._open_harbor(owner, self.board.node_harbor[node])
        for label, owner in data["roads"]:
            a, _, b = str(label).partition("-")
            ends = (min(int(a), int(b)), max(int(a), int(b)))
            if ends not in topo.edge_index:
                raise RecordError(f"road {label} is not a path on this board")
            e, owner = topo.edge_index[ends], self._imported_seat(owner)
            if self.edge_owner[e] >= 0:
                raise RecordError(f"road {label} is listed twice")
            self.edge_owner[e] = owner
            self.roads[owner] = (*self.roads[owner], e)
            self.pieces[owner * 3] -= 1
        if min(self.pieces) < 0:
            raise RecordError("a player has more pieces on the board than the game provides")
        for p in range(n):
            self.road_len[p] = longest_trail(p, self.roads[p], topo.edge_nodes, self.node_owner)
        for award in (self.longest_road, self.largest_army):
            if award >= 0:
                self.vp[self._imported_seat(award)] += rules.award_points

    def _check_conservation(self) -> None:
        n = self.num_players
        for r, name in enumerate(RESOURCES):
            total = self.bank[r] + sum(self.hands[p * 5 + r] for p in range(n))
            if total != self.rules.bank_per_resource:
                raise RecordError(
                    f"{name}: bank and hands hold {total} cards, the game has {self.rules.bank_per_resource}"
                )
        for c, name in enumerate(DEV_CARDS):
            total = self.dev_deck[c] + self.dev_spent[c] + sum(self.dev_hand[p * 5 + c] for p in range(n))
            if total != self.rules.deck[c]:
                raise RecordError(
                    f"{name} cards: deck, hands and played hold {total}, the game has {self.rules.deck[c]}"
                )
        if sum(self.knights) != self.dev_spent[0]:
            raise RecordError("knights played by the players do not match the knight cards spent")
