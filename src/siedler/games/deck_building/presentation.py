"""What players see (``view``, ``render_text``), scores and words for logs and menus."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.game import Move
from siedler.core.i18n import text
from siedler.core.options import options_copy

from .cards import (
    BANDIT,
    CARDS,
    CITY,
    HARBOR,
    KNIGHT,
    NUM_BASIC,
    NUM_RESOURCES,
    RESOURCES,
    SETTLEMENT,
    card_name,
)
from .payment import TRADED, plan
from .snapshot import SnapshotMixin, _counted, _names
from .state import MAIN, NOBODY, PHASE_NAMES, STEAL, C
from .stats import deck_stats
from .terminal import render
from .words import counted, describe_event, paid_text


@mypyc_attr(allow_interpreted_subclasses=True)
class ViewMixin(SnapshotMixin):
    """What players see (``view``, ``render_text``), scores and words; exports live in ``snapshot``."""

    # ------------------------------------------------------------------ scores and views
    def cities_owned(self, seat: int) -> int:
        """Stadt cards the seat owns in any zone: public, since every purchase is seen."""
        return (
            self.hands[seat * C + CITY]
            + self.draw[seat].count(CITY)
            + self.discard[seat].count(CITY)
            + self.laid[seat].count(CITY)
            + (1 if self.taken == CITY and self.target == seat else 0)
        )

    def scores(self) -> list[int]:
        """Stadt cards owned; the winner is decided by Stadt cards in hand, not by this score."""
        return [self.cities_owned(p) for p in range(self.num_players)]

    def game_stats(self, moves: Sequence[Move]) -> dict[str, list[float]]:
        return deck_stats(moves, self.num_players)

    def view(self, seat: object) -> dict[str, Any]:
        """Exactly what ``seat`` may know (``None``: a spectator); the format is in docs/rules/deck-building.md."""
        seat = self._check_viewer(seat)
        rules = self.rules
        players = [
            {
                "seat": p,
                "name": self.players[p],
                "hand": self.hand_size(p),
                "draw": len(self.draw[p]),
                "discard": {
                    "count": len(self.discard[p]),
                    "top": CARDS[self.discard[p][-1]] if self.discard[p] else None,
                },
                "laid_out": _names(self.laid[p]),
                "cities": self.cities_owned(p),
            }
            for p in range(self.num_players)
        ]
        view: dict[str, Any] = {
            "ruleset": self.ruleset,
            "options": options_copy(self.options),
            "edition": rules.title,
            "seat": seat,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "current": self.current,
            "to_act": self.to_act,
            "over": self.is_over,
            "winner": self.winner,
            "cities_to_win": rules.cities_in_hand,
            "players": players,
            "supply": {CARDS[k]: self.supply[k] for k in range(C) if rules.costs[k] is not None or self.supply[k]},
            "costs": {CARDS[k]: cost.to_json() for k, cost in enumerate(rules.costs) if cost is not None},
            "table": self._table_view(seat),
            "attack": None
            if self.attack == NOBODY
            else {
                "card": CARDS[self.attack],
                "attacker": self.current,
                "target": self.target,
                "reflected": self.reflections,
            },
            "discarding": {"seat": self.target, "left": self.discard_left} if self.discard_left else None,
            "taken": (CARDS[self.taken] if seat is not None else "hidden") if self.phase == STEAL else None,
        }
        if seat is not None:
            view["you"] = {"hand": _names([k for k in range(C) for _ in range(self.hands[seat * C + k])])}
            view["legal"] = [str(a) for a in self.legal_actions()] if seat == self.to_act else []
        if self.is_over:
            view["final"] = [
                {
                    "seat": p,
                    "name": self.players[p],
                    "won": self.winner == p,
                    "cities_in_hand": self.hands[p * C + CITY],
                    "cities": self.cities_owned(p),
                    "cards": self.hand_size(p) + len(self.draw[p]) + len(self.discard[p]) + len(self.laid[p]),
                }
                for p in range(self.num_players)
            ]
        return view

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        """The current player's unspent purchasing power: laid-out units, traded units, any-resources;
        and, for him alone (it counts the seas in his hand), what a Hafen would draw now."""
        pool = self.pool
        return {
            "cards": _counted(pool[:NUM_BASIC]),
            "traded": _counted(pool[TRADED : TRADED + NUM_RESOURCES], RESOURCES),
            "any": self.wild,
            "harbor_draws": self.harbor_draw(seat) if seat == self.current and self.phase == MAIN else None,
        }

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as text (``terminal.render`` of the view)."""
        return render(self.view(seat), lang)

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        return describe_event(kind, data, lang, self.players, viewer)

    def field_words(self, action: Action, name: str, index: int, lang: str) -> str | None:
        """A trade's resources by name (two given, one got): the table composes the many trades in steps."""
        if action[0] == "trade":
            return str(card_name(action[index], lang))
        return super().field_words(action, name, index, lang)

    def action_label(self, action: Action, lang: str = "en") -> str:
        kind = action[0]
        if kind in ("end", "reflect", "allow", "keep", "return"):
            return text(f"deck_building.label.{kind}", lang)
        if kind == "road":  # "1x Strasse -> 1 Meer": a road alone yields no resource, only counts for a Hafen
            gain = self.rules.road_group(action[1])
            return text(
                "deck_building.label.road" if gain else "deck_building.label.road_alone",
                lang,
                n=action[1],
                gain=counted("resource", gain, lang),
            )
        if kind == "trade":
            a, b, c = (card_name(k, lang) for k in action[1:])
            return text("deck_building.label.trade", lang, a=a, b=b, c=c)
        card = card_name(action[1], lang)
        if kind in ("lay", "discard"):
            return text(f"deck_building.label.{kind}", lang, card=card)
        if kind == "play":
            k, rules = action[1], self.rules
            gains = {SETTLEMENT: rules.settlement_resources, CITY: rules.city_resources}
            if k in gains:
                effect = text("deck_building.label.gain", lang, gain=counted("resource", gains[k], lang))
            else:
                n = (
                    self.harbor_draw(self.current)
                    if k == HARBOR
                    else {BANDIT: rules.bandit_draw, KNIGHT: rules.knight_draw}.get(k, rules.defender_draw)
                )
                effect = text("deck_building.label.draws", lang, count=counted("card", n, lang))
            return text("deck_building.label.play", lang, card=card, effect=effect)
        return self._buy_label(action[1], card, lang)

    def _buy_label(self, k: int, card: str, lang: str) -> str:
        """The purchase and what it would pay with, so a player sees which cards it lays out."""
        cost = self.rules.costs[k]
        pay = plan(cost, self.pool, self.wild, self.hands, self.current * C) if cost is not None else None
        label = text("deck_building.label.buy", lang, card=card)
        if pay is None or cost is None:
            return label
        data = {
            "table": [r for r in range(NUM_BASIC) for _ in range(pay.units[r])]
            + [r for r in range(NUM_RESOURCES) for _ in range(pay.traded[r])],
            "cards": [r for r in range(NUM_BASIC) for _ in range(pay.hand[r])],
            "any": pay.wild,
            "trades": pay.trades,
            "returned": [r for r, n in cost.returns for _ in range(n)],
        }
        return label + paid_text(data, lang)
