"""What players see (``view``) and the log in words (``describe``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.game import Move
from siedler.core.i18n import in_every_language
from siedler.core.options import options_copy

from .rules import DEV_CARDS, RESOURCES
from .snapshot import SnapshotMixin, _named
from .stats import catan_stats
from .words import describe_event


@mypyc_attr(allow_interpreted_subclasses=True)
class ViewMixin(SnapshotMixin):
    """What players see (``view``, ``scores``) and the log in words; exports live in ``snapshot``.

    The view names a rule set's things by the rule set's own names, never by the base game's: a rule set
    whose development cards, awards or pieces are others sets these names, and its catalog gives their
    words (``catan.card.<name>``, ``page.dev.<name>``, ``page.awards.<name>``...)."""

    #: The development cards by card index, as the view names them.
    card_names: ClassVar[tuple[str, ...]] = DEV_CARDS
    #: The view's flags of the two awards (the longest road's, the largest army's): "" for one the rule
    #: set has not.
    award_names: ClassVar[tuple[str, str]] = ("longest_road", "largest_army")
    #: The view's count of the knights a player has played.
    army_name: ClassVar[str] = "knights"

    def scores(self) -> list[int]:
        return [self.total_vp(p) for p in range(self.num_players)]

    def game_stats(self, moves: Sequence[Move]) -> dict[str, list[float]]:
        return catan_stats(moves, self.num_players)

    # ------------------------------------------------------------------ views
    def view(self, seat: object) -> dict[str, Any]:
        """Exactly what ``seat`` may know (``None``: a spectator): others' cards only as counts."""
        seat = self._check_viewer(seat)
        n = self.num_players
        public = self.public_points()
        players = []
        for p in range(n):
            entry: dict[str, Any] = {
                "seat": p,
                "name": self.players[p],
                "vp": public[p],
                "cards": sum(self.hands[p * 5 : p * 5 + 5]),
                "dev_cards": sum(self.dev_hand[p * 5 : p * 5 + 5]),
                self.army_name: self.knights[p],
                "road_length": self.road_len[p],
                "pieces": {
                    "road": self.pieces[p * 3],
                    "settlement": self.pieces[p * 3 + 1],
                    "city": self.pieces[p * 3 + 2],
                },
                "harbors": sorted(
                    {
                        "3:1" if k == 5 else RESOURCES[k]
                        for k in (self.board.node_harbor[b] for b in self.buildings[p])
                        if k >= 0
                    }
                ),
            }
            for award, holder in zip(self.award_names, (self.longest_road, self.largest_army), strict=True):
                if award:
                    entry[award] = holder == p
            if p == seat or self.is_over:
                entry["vp_total"] = self.total_vp(p)
            entry.update(self._player_extra(p))
            players.append(entry)
        view: dict[str, Any] = {
            "ruleset": self.ruleset,
            "options": options_copy(self.options),
            "seat": seat,
            "players": players,
            "board": self._board_view(),
            "pieces": self._pieces_view(),
            "legend": self._legend(),
            "names": {"robber": in_every_language(self.robber_word)},
            "bank": _named(self.bank, RESOURCES),
            "dev_deck": sum(self.dev_deck),
            "costs": self._costs_view(),
            "phase": self._phase_view(),
            "turn": self.turn,
            "current": self.current,
            "to_act": self.to_act,
            "dice": list(self.dice) if self.dice else None,
            "victory_points": self.victory_target(seat if seat is not None else self.current),
            "discarding": {str(p): k for p, k in enumerate(self.discard_left) if k},
            "free_roads": self.free_roads,
            "offer": self._offer_view(),
            "over": self.is_over,
            "winner": self.winner,
        }
        if seat is not None:
            base = seat * 5
            view["you"] = {
                "hand": _named(self.hands[base : base + 5], RESOURCES),
                "dev_cards": _named(self.dev_hand[base : base + 5], self.card_names),
                "dev_cards_new": _named(self.dev_new, self.card_names) if seat == self.current else {},
                "rates": _named(self.rates[base : base + 5], RESOURCES),
                "dev_played": self.dev_played if seat == self.current else False,
            }
            text = self.action_set.text
            view["legal"] = [text.get(a) or str(a) for a in self.legal_actions()] if seat == self.to_act else []
        if self.is_over:
            view["final"] = [
                {"seat": p, "name": self.players[p], "vp": self.total_vp(p), "vp_cards": self.dev_hand[p * 5 + 1]}
                for p in range(n)
            ]
        view.update(self._view_extra(seat))
        return view

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _phase_view(self) -> str:
        """The phase as the view names it: the engine's, unless the rule set tells it apart (its catalog
        names it, ``catan.phase.<name>`` and ``page.phases.<name>``)."""
        return self.phase_names[self.phase]

    def _costs_view(self) -> dict[str, dict[str, int]]:
        """The building cost card: each of ``_purchases`` with its price, every resource named."""
        return {
            piece: {r: n for r, n in zip(RESOURCES, cost, strict=True) if n}
            for piece, cost in self._purchases().items()
        }

    def _purchases(self) -> dict[str, tuple[int, ...]]:
        """What a player can build or buy in this rule set, by the view's names, with its price in resources
        by index: exactly the rule set's own purchases (a rule set with other pieces lists its own)."""
        rules = self.rules
        return {
            "road": rules.road_cost,
            "settlement": rules.settlement_cost,
            "city": rules.city_cost,
            "development": rules.development_cost,
        }

    def _player_extra(self, seat: int) -> dict[str, Any]:
        """A variant's public figures for one player (shown beside his name): numbers, texts or flags."""
        return {}

    def _legend(self) -> dict[str, Any]:
        """How to draw what the browser does not know (docs/protocol.md, "Rendering contract"): variants add
        their piece kinds and terrains here instead of special cases in the page."""
        return {"pieces": {}, "terrains": {}}

    def _board_view(self) -> dict[str, Any]:
        topo = self.board.topology
        data = self.board.to_json()
        data["nodes"] = [list(xy) for xy in topo.node_xy]
        data["edges"] = [list(e) for e in topo.edge_nodes]
        return data

    def _pieces_view(self) -> list[dict[str, Any]]:
        topo = self.board.topology
        out: list[dict[str, Any]] = []
        for node, owner in enumerate(self.node_owner):
            if owner >= 0:
                out.append({"kind": "city" if self.node_level[node] == 2 else "settlement", "at": node, "owner": owner})
        for e, owner in enumerate(self.edge_owner):
            if owner >= 0:
                out.append({"kind": "road", "at": topo.edge_label(e), "owner": owner})
        if self.robber >= 0:
            out.append({"kind": "robber", "at": topo.hex_labels[self.robber]})
        return out

    def _offer_view(self) -> dict[str, Any] | None:
        if self.offer is None:
            return None
        return {
            "from": self.current,
            "give": _named(list(self.offer[1]), RESOURCES),
            "want": _named(list(self.offer[2]), RESOURCES),
            "to": None if self.offer[3] < 0 else self.offer[3],
            "waiting": list(self.offer_pending),
            "accepted": list(self.offer_accepted),
            "text": str(self.offer),
        }

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        return describe_event(kind, data, lang, self.players, self.robber_name(lang), viewer, self.board)
