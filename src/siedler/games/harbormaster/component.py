"""The Harbormaster: harbour points, the card that follows the most of them, and a higher victory target.

A component of the Catan family (``siedler.games.catan.component``): it serves the hooks ``award_changes``,
``extra_vp`` and ``extra_target``, and adds its own view, export and log words. The card's points live in
``extra_vp``, not in the public tally ``vp``, so whichever other awards or extensions are combined with it,
each one's points stay separate and can be recomputed.
"""

from __future__ import annotations

from typing import Any, Self

from siedler.core.errors import RecordError
from siedler.core.i18n import Voice, text
from siedler.core.seats import seat_words
from siedler.games.catan.component import CatanComponent
from siedler.games.catan.state import NOBODY, CatanState

from .data import RULES


class Harbormaster(CatanComponent):
    #: The seat holding the Harbormaster card, or ``NOBODY``.
    holder: int

    def __init__(self) -> None:
        self.holder = NOBODY

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.holder = self.holder

    def harbor_points(self, game: CatanState, seat: int) -> int:
        """1 per settlement and 2 per city on a harbour (any harbour, 3:1 or 2:1)."""
        by_level, node_harbor, level = RULES.points_by_level, game.board.node_harbor, game.node_level
        return sum(by_level[level[n]] for n in game.buildings[seat] if node_harbor[n] >= 0)

    # ------------------------------------------------------------------ hooks of the shared mechanics
    def extra_vp(self, game: CatanState, seat: int) -> int:
        return RULES.card_points if seat == self.holder else 0

    def extra_target(self, game: CatanState, seat: int) -> int:
        return RULES.extra_target

    def award_changes(self, game: CatanState) -> None:
        """The card follows the most harbour points: the holder keeps it while he has at least the minimum
        and nobody has strictly more; otherwise it goes to the player with the most (at least the minimum),
        ties going to the first of them in turn order from the player whose turn it is. In the base game
        points only grow and only that player builds, so this is "the first to reach the minimum, or
        anyone with strictly more than the holder"; a rule set may also destroy buildings. The card moves
        before the rule set's own reaction to awards runs, so that it (an immediate win) sees the points
        it brings."""
        players = game.num_players
        points = [self.harbor_points(game, s) for s in range(players)]
        holder, top = self.holder, max(points)
        if holder < 0 or points[holder] < top or points[holder] < RULES.min_points:
            order = [(game.current + k) % players for k in range(players)]
            seat = next(s for s in order if points[s] == top) if top >= RULES.min_points else -1
            if seat != holder:
                self.holder = seat
                game._emit("award", {"award": "harbormaster", "seat": seat, "from": holder, "points": top})

    # ------------------------------------------------------------------ presentation
    def describe(self, game: CatanState, kind: str, data: dict[str, Any], lang: str, viewer: int | None) -> str | None:
        if kind == "award" and data.get("award") == "harbormaster" and data["seat"] >= 0:
            previous = data.get("from", NOBODY)
            key = "taken" if previous is not None and previous >= 0 else "first"
            voice = Voice(game.players, lang, viewer, "catan.word.nobody")
            fields = {"points": data.get("points", "?"), "previous": voice.who(previous)}
            return voice.say(f"harbormaster.log.{key}", data["seat"], previous, **fields)
        return None

    def render_text(self, game: CatanState, view: dict[str, Any], lang: str) -> str | None:
        return harbor_text(view, lang)

    def view(self, game: CatanState, seat: int | None, view: dict[str, Any]) -> None:
        for p, entry in enumerate(view["players"]):
            entry.update(self.player_figures(game, p))
        view["harbormaster"] = self.figures(game)

    def player_figures(self, game: CatanState, seat: int) -> dict[str, Any]:
        """What the view adds to a player's entry: his harbour points, and whether he holds the card."""
        return {"harbor_points": self.harbor_points(game, seat), "harbormaster": self.holder == seat}

    def figures(self, game: CatanState) -> dict[str, Any]:
        """The view's ``harbormaster`` (public): the holder, everyone's points, the rules' two figures (the
        observation reads them from here too)."""
        return {
            "holder": self.holder if self.holder >= 0 else None,
            "points": [self.harbor_points(game, p) for p in range(game.num_players)],
            "min_points": RULES.min_points,
            "card_points": RULES.card_points,
        }

    def export(self, game: CatanState) -> dict[str, Any]:
        return {"harbormaster": self.holder if self.holder >= 0 else None}

    def load(self, game: CatanState, data: dict[str, Any]) -> None:
        holder = data["harbormaster"]
        holder = NOBODY if holder is None else game._imported_seat(holder)
        points = [self.harbor_points(game, p) for p in range(game.num_players)]
        # Points never shrink, so the holder is whoever first reached the minimum and was never outdone.
        if holder >= 0 and points[holder] < RULES.min_points:
            raise RecordError(
                f"{seat_words(holder, game.players[holder])} holds the Harbormaster card with only "
                f"{points[holder]} harbour points"
            )
        if holder >= 0 and max(points) > points[holder]:
            raise RecordError("a player has more harbour points than the holder of the Harbormaster card")
        if holder < 0 and max(points) >= RULES.min_points:
            raise RecordError(f"nobody holds the Harbormaster card, yet a player has {max(points)} harbour points")
        self.holder = holder


def harbor_text(view: dict[str, Any], lang: str) -> str:
    """The Harbormaster's line under the text board, from the view alone (like every text-board line)."""
    h, players = view["harbormaster"], view["players"]
    points = ", ".join(f"{p['name']} {n}" for p, n in zip(players, h["points"]))
    holder = players[h["holder"]]["name"] if h["holder"] is not None else text("catan.word.nobody", lang)
    return text(
        "harbormaster.board.line", lang, points=points, card=h["card_points"], min=h["min_points"], holder=holder
    )
