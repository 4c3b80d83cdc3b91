"""What players see of Baden-Württemberg Catan: the view's map (fields, towns, landmarks and their outside
pictures, award fields, build-cost cards), the log and menu labels in words, refusals, the text board."""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.i18n import Voice, in_every_language, text
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.places import places
from siedler.games.catan.rules import MONOPOLY, RESOURCES
from siedler.games.catan.state import NUM_DEV_CARDS, PIECE_KINDS, SETTLEMENTS
from siedler.games.catan.words import bundle, resource_names

from .game import BWRulesGame
from .map import CITY_FIELD, LANDMARK_FIELD, REWARD_RESOURCES

NS = "baden_wuerttemberg"
_FIELD_KINDS = {CITY_FIELD: "city", LANDMARK_FIELD: "landmark"}
#: The development cards by the base game's card index: Erfindung, Errungenschaft, Straßenbau, Erfolgreiche
#: Erfindung, Handel ("Es gibt drei verschiedene Arten von Entwicklungskarten").
CARDS = ("invention", "achievement", "road_building", "successful_invention", "trade")
#: The two award fields: "Längste Handelsstraße" and "Größter Erfinder".
AWARDS = ("longest_trade_road", "greatest_inventor")
#: Each award of the log's events (the shared mechanics name them) as this game names it.
_AWARD_OF = dict(zip(("longest_road", "largest_army"), AWARDS, strict=True))


def _card(card: int, lang: str) -> str:
    return text(f"catan.card.{CARDS[card]}", lang)


def _reward_words(reward: dict[str, Any], lang: str) -> str:
    if reward["kind"] == REWARD_RESOURCES:
        names = resource_names(lang)
        return ", ".join(f"{n} {names[RESOURCES.index(r)]}" for r, n in reward["resources"].items())
    return text(f"{NS}.board.reward_{reward['kind']}", lang)


@mypyc_attr(allow_interpreted_subclasses=True)
class BWGame(BWRulesGame):
    """The rule set's game class."""

    robber_word: ClassVar[str] = f"{NS}.robber"
    card_names: ClassVar[tuple[str, ...]] = CARDS
    award_names: ClassVar[tuple[str, str]] = AWARDS
    army_name: ClassVar[str] = "inventions"

    def parse_action(self, text: object) -> Action:
        """``inventor F @2`` (and ``erfinder``) is read as ``robber F @2``."""
        if isinstance(text, str):
            word, _, rest = text.strip().partition(" ")
            if word.lower() in ("inventor", "erfinder"):
                text = f"robber {rest}"
        return super().parse_action(text)

    # ------------------------------------------------------------------ the view
    def _purchases(self) -> dict[str, tuple[int, ...]]:
        """The build-cost card: "Straße bauen", "Rathaus bauen", "Wahrzeichen errichten",
        "Entwicklungskarte kaufen"."""
        rules = self.rules
        return {
            "road": rules.road_cost,
            "town_hall": rules.settlement_cost,
            "landmark": self.bw.landmark_cost,
            "development": rules.development_cost,
        }

    def _legend(self) -> dict[str, Any]:
        """A town hall stands where the shared mechanics put a settlement: drawn as one, named as itself."""
        legend = super()._legend()
        legend["pieces"]["settlement"] = {"label": in_every_language("page.pieces.town_hall")}
        return legend

    def _reward_view(self, index: int) -> dict[str, Any]:
        landmark = self.bw.landmarks[index]
        out: dict[str, Any] = {"kind": landmark.reward}
        if landmark.reward == REWARD_RESOURCES:
            out["resources"] = {RESOURCES[r]: n for r, n in enumerate(landmark.resources) if n}
        return out

    def _board_view(self) -> dict[str, Any]:
        """The shared board view (hexes with q, r, terrain and number; nodes; edges), with the fields: every
        city and landmark field with its town, and for a landmark field its landmark, reward and builder."""
        data = super()._board_view()
        fields = []
        for node, kind in enumerate(self.bw.field_kind):
            if kind in _FIELD_KINDS:
                entry: dict[str, Any] = {"node": node, "kind": _FIELD_KINDS[kind], "town": self.bw.town[node]}
                if kind == LANDMARK_FIELD:
                    index = self.bw.landmark_at[node]
                    entry["landmark"] = self.bw.landmarks[index].key
                    entry["name"] = in_every_language(f"{NS}.landmark.{self.bw.landmarks[index].key}")
                    entry["reward"] = self._reward_view(index)
                    entry["built"] = self.landmark_owner[index] >= 0
                fields.append(entry)
        data["fields"] = fields
        data["inventor_start"] = self.board.topology.hex_labels[self.bw.inventor]
        return data

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        """The landmarks' outside pictures (the builder's town hall on each), the two award fields (the
        holder's town hall), the build-cost cards dealt (face up), the trade card's 2:1, the inventor."""
        data = super()._view_extra(seat)
        data[NS] = {
            "outside": [
                {
                    "landmark": lm.key,
                    "name": in_every_language(f"{NS}.landmark.{lm.key}"),
                    "town": lm.town,
                    "node": lm.node,
                    "reward": self._reward_view(i),
                    "town_hall": self.landmark_owner[i] if self.landmark_owner[i] >= 0 else None,
                }
                for i, lm in enumerate(self.bw.landmarks)
            ],
            "awards": {
                award: holder if holder >= 0 else None
                for award, holder in zip(AWARDS, (self.longest_road, self.largest_army), strict=True)
            },
            "cost_cards": [
                {"seat": p, "card": c, "towns": [self.bw.town[n] for n in self.bw.cards[c].nodes]}
                for p, c in enumerate(self.cost_cards)
                if c >= 0
            ],
            "trade_card": self.trade_card,
            "inventor": self.board.topology.hex_labels[self.robber],
        }
        return data

    def _player_extra(self, seat: int) -> dict[str, Any]:
        data = super()._player_extra(seat)
        # No cities in this game: the supply of pieces is roads and town halls (the shared "settlement").
        data["pieces"] = {"road": self.pieces[seat * PIECE_KINDS], "settlement": self.pieces[seat * PIECE_KINDS + 1]}
        data["town_halls"] = self.pieces[seat * PIECE_KINDS + SETTLEMENTS]
        data["landmarks"] = sum(1 for p in self.landmark_owner if p == seat)
        return data

    # ------------------------------------------------------------------ words
    def _place(self, node: int, lang: str) -> str:
        """An intersection by its town's name (the map prints it), else in the words of its hexes."""
        return self.bw.town[node] or places(self.board, lang).nodes[node]

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        """The shared log with this game's names (town halls, inventions, the awards), and its own events."""
        say = Voice(self.players, lang, viewer, "catan.word.nobody").say
        seat = data.get("seat")
        if kind == "build" and data["piece"] == "settlement":
            return say(f"{NS}.log.town_hall", seat, at=self._place(data["at"], lang))
        if kind == "play":
            return say(f"{NS}.log.play", seat, card=_card(data["card"], lang))
        if kind == "buy":
            card = data.get("card")
            named = f" ({_card(card, lang)})" if card is not None else ""
            return say(f"{NS}.log.buy", seat, card=named)
        if kind == "award":
            award = text(f"{NS}.award.{_AWARD_OF[data['award']]}", lang)
            if data["seat"] < 0:
                return text(f"{NS}.log.award_lost", lang, award=award)
            return say(f"{NS}.log.award", seat, award=award)
        if kind == "cost_card":
            towns = ", ".join(self.bw.town[n] for n in self.bw.cards[data["card"]].nodes)
            return say(f"{NS}.log.cost_card", seat, towns=towns)
        if kind == "landmark":
            landmark = self.bw.landmarks[data["landmark"]]
            name = text(f"{NS}.landmark.{landmark.key}", lang)
            return say(f"{NS}.log.landmark", seat, landmark=name, town=landmark.town)
        if kind == "reward":
            return say(f"{NS}.log.reward", seat, gains=bundle(data["gains"], lang))
        return super().describe(kind, data, lang, viewer)

    def action_label(self, action: Action, lang: str = "en") -> str:
        kind = action[0]
        named = action if isinstance(action, CatanAction) else CatanAction(*action)
        if kind == "settle":
            return text(f"{NS}.label.settle", lang, self._place(named.node, lang))
        if kind == "landmark":
            landmark = self.bw.landmarks[self.bw.landmark_at[named.node]]
            return text(f"{NS}.label.landmark", lang, text(f"{NS}.landmark.{landmark.key}", lang), landmark.town)
        if kind in ("trade", "knight", "roadbuilding", "noroad"):
            return text(f"{NS}.label.{kind}", lang)
        if kind == "plenty":
            res = resource_names(lang)
            return text(f"{NS}.label.plenty", lang, " + ".join(res[r] for r in action[1:]))
        return super().action_label(action, lang)

    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        """The shared text board, then the towns on their intersections, the landmarks with their rewards or
        builders, and the inventions each player has played; all read from the view."""
        view = self.view(seat)
        lines = [super().render_text(seat, lang)]
        fields = view["board"]["fields"]
        lines.append(", ".join(f"{f['town']} {f['node']}" for f in fields if f["kind"] == "city"))
        lines.append(text(f"{NS}.board.fields", lang) + ":")
        for entry in view[NS]["outside"]:
            name = text(f"{NS}.landmark.{entry['landmark']}", lang)
            owner = entry["town_hall"]
            if owner is not None:
                state = text(f"{NS}.board.built", lang, view["players"][owner]["name"])
            else:
                state = text(f"{NS}.board.unbuilt", lang, _reward_words(entry["reward"], lang))
            lines.append(f"  {entry['town']} {entry['node']}: {name} ({state})")
        inventions = ", ".join(f"{p['name']} {p['inventions']}" for p in view["players"])
        lines.append(f"{text('page.fields.inventions', lang)}: {inventions}")
        if view[NS]["trade_card"]:
            lines.append(text(f"{NS}.board.trade_card", lang))
        return "\n".join(lines)

    # ------------------------------------------------------------------ refusals
    def _specific_reason(self, action: CatanAction) -> str:
        kind, seat = action[0], self.to_act
        assert seat is not None
        field_kind = self.bw.field_kind
        if kind == "settle" and field_kind[action.node] != CITY_FIELD:
            return f"a town hall goes only on a city field; intersection {action.node} is none"
        if kind == "landmark":
            node = action.node
            if field_kind[node] != LANDMARK_FIELD:
                return f"intersection {node} is not a landmark field"
            if self.landmark_owner[self.bw.landmark_at[node]] >= 0:
                return f"the landmark of {self.bw.town[node]} stands already"
            if not self._halls_left(seat):
                return "a landmark needs one of your town halls for its picture, and you have none left"
            if not self._can_pay(seat, self.bw.landmark_cost):
                cost = ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(self.bw.landmark_cost) if n)
                return f"a landmark costs {cost}"
            return f"landmark field {node} is not at the end of one of your roads"
        if kind == "trade":
            return self._card_reason(seat, action)
        if kind == "noroad":
            return "only a landmark's free road may be left unbuilt, and none is waiting"
        if kind == "road" and self.edge_owner[action.edge] < 0:
            reason = super()._specific_reason(action)
            if "does not connect" in reason:
                return (
                    f"{reason}: a road passes a city field only where you have a town hall, "
                    "a landmark field only once its landmark stands"
                )
            return reason
        return super()._specific_reason(action)

    def _card_reason(self, seat: int, action: Action) -> str:
        if action[0] != "trade":
            return super()._card_reason(seat, action)
        if self.dev_played:
            return "only one development card may be played per turn"
        if self.dev_hand[seat * NUM_DEV_CARDS + MONOPOLY] <= self.dev_new[MONOPOLY]:
            return "you hold no trade card (Handel) bought before this turn"
        return "not now"
