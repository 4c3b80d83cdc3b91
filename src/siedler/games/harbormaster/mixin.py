"""The Harbormaster: harbour points, the card that follows the most of them, and a higher victory target.

A mixin on the shared Catan mechanics (see ``siedler.core.registry.Extension``): it only overrides the
hooks ``_award_changes``, ``extra_vp`` and ``victory_target`` and adds its own view, export and log words.
The card's points live in ``extra_vp``, not in the public tally ``vp``, so whichever other awards or
variants are combined with it, each one's points stay separate and can be recomputed.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from siedler.core.errors import RecordError
from siedler.core.i18n import Voice, text
from siedler.core.seats import seat_words
from siedler.games.catan import CatanGame
from siedler.games.catan.state import NOBODY

from .data import RULES


class HarbormasterMixin(CatanGame):
    #: The seat holding the Harbormaster card, or ``NOBODY``.
    harbormaster: int

    def _setup(self) -> None:
        self.harbormaster = NOBODY
        super()._setup()

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.harbormaster = self.harbormaster

    def harbor_points(self, seat: int) -> int:
        """1 per settlement and 2 per city on a harbour (any harbour, 3:1 or 2:1)."""
        by_level, node_harbor, level = RULES.points_by_level, self.board.node_harbor, self.node_level
        return sum(by_level[level[n]] for n in self.buildings[seat] if node_harbor[n] >= 0)

    # ------------------------------------------------------------------ hooks of the shared mechanics
    adds_vp: ClassVar[bool] = True

    def extra_vp(self, seat: int) -> int:
        own = RULES.card_points if seat == self.harbormaster else 0
        return super().extra_vp(seat) + own

    def victory_target(self, seat: int) -> int:
        return super().victory_target(seat) + RULES.extra_target

    def _award_changes(self) -> None:
        """The card follows the most harbour points: the holder keeps it while he has at least the minimum
        and nobody has strictly more; otherwise it goes to the player with the most (at least the minimum),
        ties going to the first of them in turn order from the player whose turn it is. In the base game
        points only grow and only that player builds, so this is "the first to reach the minimum, or
        anyone with strictly more than the holder"; Soldaten & Armeen also destroys buildings. The card
        moves before the hooks further down run, so that they (Resource Realms' immediate win) see the
        points it brings."""
        players = self.num_players
        points = [self.harbor_points(s) for s in range(players)]
        holder, top = self.harbormaster, max(points)
        if holder < 0 or points[holder] < top or points[holder] < RULES.min_points:
            order = [(self.current + k) % players for k in range(players)]
            seat = next(s for s in order if points[s] == top) if top >= RULES.min_points else -1
            if seat != holder:
                self.harbormaster = seat
                self._emit("award", {"award": "harbormaster", "seat": seat, "from": holder, "points": top})
        super()._award_changes()

    # ------------------------------------------------------------------ presentation
    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        if kind == "award" and data.get("award") == "harbormaster" and data["seat"] >= 0:
            previous = data.get("from", NOBODY)
            key = "taken" if previous is not None and previous >= 0 else "first"
            voice = Voice(self.players, lang, viewer, "catan.word.nobody")
            fields = {"points": data.get("points", "?"), "previous": voice.who(previous)}
            return voice.say(f"harbormaster.log.{key}", data["seat"], previous, **fields)
        return super().describe(kind, data, lang, viewer)

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        return f"{super().render_text(seat, lang)}\n{harbor_text(self.view(seat), lang)}"

    def _player_extra(self, seat: int) -> dict[str, Any]:
        data = super()._player_extra(seat)
        data["harbor_points"] = self.harbor_points(seat)
        data["harbormaster"] = self.harbormaster == seat
        return data

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        data = super()._view_extra(seat)
        data["harbormaster"] = {
            "holder": self.harbormaster if self.harbormaster >= 0 else None,
            "points": [self.harbor_points(p) for p in range(self.num_players)],
            "min_points": RULES.min_points,
            "card_points": RULES.card_points,
        }
        return data

    def _export_extra(self) -> dict[str, Any]:
        data = super()._export_extra()
        data["harbormaster"] = self.harbormaster if self.harbormaster >= 0 else None
        return data

    def _import_extra(self, data: dict[str, Any]) -> None:
        super()._import_extra(data)
        holder = data["harbormaster"]
        holder = NOBODY if holder is None else self._imported_seat(holder)
        points = [self.harbor_points(p) for p in range(self.num_players)]
        # Points never shrink, so the holder is whoever first reached the minimum and was never outdone.
        if holder >= 0 and points[holder] < RULES.min_points:
            raise RecordError(
                f"{seat_words(holder, self.players[holder])} holds the Harbormaster card with only {points[holder]} "
                "harbour points"
            )
        if holder >= 0 and max(points) > points[holder]:
            raise RecordError("a player has more harbour points than the holder of the Harbormaster card")
        if holder < 0 and max(points) >= RULES.min_points:
            raise RecordError(f"nobody holds the Harbormaster card, yet a player has {max(points)} harbour points")
        self.harbormaster = holder


def harbor_text(view: dict[str, Any], lang: str) -> str:
    """The Harbormaster's line under the text board, from the view alone (like every text-board line)."""
    h, players = view["harbormaster"], view["players"]
    points = ", ".join(f"{p['name']} {n}" for p, n in zip(players, h["points"]))
    holder = players[h["holder"]]["name"] if h["holder"] is not None else text("catan.word.nobody", lang)
    return text(
        "harbormaster.board.line", lang, points=points, card=h["card_points"], min=h["min_points"], holder=holder
    )
