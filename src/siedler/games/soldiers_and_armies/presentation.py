"""Soldiers & Armies in words and data: the view (armies, walls, turned buildings, nuked hexes, the battle),
the exported state and its import, the log and the action labels."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from siedler.core.actions import Action
from siedler.core.errors import RecordError
from siedler.core.i18n import Voice, in_every_language, namespace, text
from siedler.games.catan.places import Places, places
from siedler.games.catan.rules import DEV_CARDS, RESOURCES
from siedler.games.catan.snapshot import _named
from siedler.games.catan.state import MAIN, SETUP_SETTLEMENT
from siedler.games.catan.words import bundle

from .actions import (
    FISH_GOOD,
    GOODS,
    RECRUITS,
    RESOURCE_GOOD,
    TRADE_KINDS,
    SoldierAction,
    good_code,
    good_parts,
    soldier_action_set,
    trade_good,
)
from .compose import ComposeMixin
from .odds import beats
from .rules import PURCHASES, UNITS
from .state import CARD_REPLY, MOVEMENT, TRADE_REPLY, UNIT_KINDS

OUT_NAMES = ("", "capitulated", "annihilated")
#: The terrain a nuked hex shows, drawn from the legend: "Dieses wird nun umgedreht und liefert keine Erträge mehr".
NUKED = "nuked"
#: The kinds whose label is a fixed phrase (``soldiers.label.<kind>``).
SIMPLE_LABELS = (
    "march",
    "fight",
    "end",
    "resist",
    "capitulate",
    "continue",
    "conquer",
    "raze",
    "agree",
    "refuse",
    "send",
    "drop",
    "counter",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class SoldiersViewMixin(ComposeMixin):
    #: "Die „Größte Rittermacht“ bleibt aus dem Spiel": the view has the longest road only.
    award_names: ClassVar[tuple[str, str]] = ("longest_road", "")

    # ------------------------------------------------------------------ views
    def _founds_city(self) -> bool:
        """The second founding round: "Jeder Spieler beginnt mit einer Siedlung und einer Stadt"."""
        return self.phase == SETUP_SETTLEMENT and self.setup_step >= self.num_players

    def _phase_view(self) -> str:
        return "setup_city" if self._founds_city() else super()._phase_view()

    def _purchases(self) -> dict[str, tuple[int, ...]]:
        """The buildings (no development card: "Entwicklungskarten werden nicht mehr gekauft"), then the
        units, the city wall and the nuke (a paid move's price stands at each move's target instead)."""
        purchases = {name: cost for name, cost in super()._purchases().items() if name != "development"}
        costs = self.army_rules.costs
        return purchases | {name: costs[name] for name in PURCHASES if name != "move"}

    def _armies(self) -> list[dict[str, Any]]:
        return [
            {
                "at": node,
                "owner": owner,
                "units": dict(zip(UNITS, self.units[node * UNIT_KINDS : node * UNIT_KINDS + UNIT_KINDS], strict=True)),
                "die": self.army_die(node),
                "moved": self.moved[node],
            }
            for node, owner in enumerate(self.army_owner)
            if owner >= 0
        ]

    def _battle_view(self) -> dict[str, Any] | None:
        if not self.battle:
            return None
        seat, defender, target, kind, lead = self.battle
        return {
            "attacker": seat,
            "defender": defender,
            "at": target,
            "target": "army" if kind == 0 else "building",
            "armies": [lead, *(node for node, side in self.allies if not side)],
            "conquest": self.conquest if self.conquest >= 0 else None,
            "allies": [{"at": node, "side": self.battle[side]} for node, side in self.allies],
            "waiting": list(self.ally_pending),
            **self._battle_odds(),
        }

    def _battle_odds(self) -> dict[str, Any]:
        """The die each side rolls in the next round and the attacker's exact chance to win it: public facts
        (armies, buildings, walls), so every seat sees the same figure and the table need not know the rules."""
        attackers, defenders = self._members()
        if not attackers or not defenders:
            return {"sides": {"attack": [], "defence": []}, "odds": None}
        rolling = {name: self.side_die(members) for name, members in (("attack", attackers), ("defence", defenders))}
        sides = {
            name: [{"at": at, "building": building, "die": die, "bonus": bonus}]
            for name, (at, die, bonus, building) in rolling.items()
        }
        win = beats(rolling["attack"][1], rolling["defence"][1], rolling["defence"][2])
        return {"sides": sides, "odds": {"round": f"{win.numerator}/{win.denominator}", "percent": _percent(win)}}

    def _moves_view(self, seat: int | None) -> list[dict[str, Any]]:
        """The seat's moves in its movement phase with what each costs (free steps first, then wood + grain
        per step), so the table can write the price at each target."""
        if seat is None or seat != self.to_act or self.phase != MOVEMENT:
            return []
        price = self.army_rules.costs["move"]
        reach: dict[int, list[int]] = {}
        out: list[dict[str, Any]] = []
        for action in self.legal_actions():
            if not isinstance(action, SoldierAction) or action[0] != "move":
                continue
            start, dest = action.at, action.dest
            if start not in reach:
                reach[start] = self._distances(seat, start, len(self.army_owner))
            steps = reach[start][dest]
            paid = self._move_cost_steps(start, steps)
            cost = {RESOURCES[r]: c * paid for r, c in enumerate(price) if c * paid}
            out.append({"from": start, "to": dest, "steps": steps, "paid": paid, "cost": cost})
        return out

    def _pieces_view(self) -> list[dict[str, Any]]:
        """The shared pieces; a building turned upside down ("halb abgewertet") says so, and is drawn so."""
        pieces = super()._pieces_view()
        for piece in pieces:
            if piece["kind"] in ("settlement", "city") and self.turned[piece["at"]]:
                piece["turned"] = True
        return pieces

    def _board_view(self) -> dict[str, Any]:
        """A nuked hex is turned over: it shows the terrain ``nuked`` (in the legend) and no number."""
        data = super()._board_view()
        labels = self.board.topology.hex_labels
        nuked = {labels[h] for h, x in enumerate(self.nuked) if x}
        for hx in data["hexes"]:
            if hx["id"] in nuked:
                hx["terrain"], hx["number"] = NUKED, None
        return data

    def _legend(self) -> dict[str, Any]:
        legend = super()._legend()
        legend["terrains"][NUKED] = {"color": "#3b3431", "label": in_every_language("soldiers.legend.nuked")}
        return legend

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        data = super()._view_extra(seat)
        topo = self.board.topology
        data["soldiers"] = {
            "armies": self._armies(),
            "walls": {str(n): w for n, w in enumerate(self.walls) if w},
            "turned": [n for n, t in enumerate(self.turned) if t],
            "nuked": [topo.hex_labels[h] for h, x in enumerate(self.nuked) if x],
            "nukes": {str(p): n for p, n in enumerate(self.nuke_node) if n >= 0},
            "battle": self._battle_view(),
            "moves": self._moves_view(seat),
            "robber_fought": self.robber_fought,
            "withdrawn": list(self.withdrawn),
            "free_card": self.phase == MAIN and self._free_card_allowed(self.current),
            "weak_cities": self.weak_cities,
            "card_offer": self._card_offer_view(),
            "draft": self._draft_view(),
        }
        if self.is_over:  # players who left keep the score they left with
            scores = self.scores()
            data["final"] = [{"seat": p, "name": self.players[p], "vp": scores[p]} for p in range(self.num_players)]
            if self.variant:  # victory-point cards are in the deck only in the Variante
                for row in data["final"]:
                    row["vp_cards"] = self.dev_hand[row["seat"] * 5 + 1]
        return data

    def _card_offer_view(self) -> dict[str, Any] | None:
        """The trade waiting for its answer, as public as the log that announced it: who offers whom what for
        which resources (``sell...``: the offerer gives it; ``buy...``: asks for it). What: ``card`` (a
        development card), ``at`` and ``piece`` (a settlement or city), or ``token`` (a fish token's value,
        which the offer names to everyone)."""
        offer = self.card_offer
        if offer is None:
            return None
        data: dict[str, Any] = {"from": self.current, "to": offer.to, "kind": offer[0]}
        good = trade_good(offer[0])
        if good == "card":
            data["card"] = DEV_CARDS[offer.card]
        elif good == "place":
            data.update(at=offer.at, piece=self._piece_at(offer.at))
        else:
            data["token"] = offer.token
        data.update(bundle=_named(list(offer.bundle), RESOURCES), text=str(offer))
        return data

    def _draft_view(self) -> dict[str, Any] | None:
        """The composed trade, public from its first step as at the table: who offers whom, the goods given
        and asked for (``goods_named``; a place says its piece, a road its path), whether it was sent, and
        the whole offer in the notation's words (``text``)."""
        if not self.draft_seats:
            return None
        sides = {name: self.named_goods(codes) for name, codes in (("give", self.draft_give), ("ask", self.draft_ask))}
        words = self.draft_goods()
        giver, taker = self.draft_seats[0], self.draft_seats[1]
        line = f"@{giver} gives {' + '.join(words['give']) or '-'} for {' + '.join(words['ask']) or '-'} @{taker}"
        return {"from": giver, "to": taker, **sides, "sent": self.phase == TRADE_REPLY, "text": line}

    def _piece_at(self, node: int) -> str:
        return "city" if self.node_level[node] == 2 else "settlement"

    def _player_extra(self, seat: int) -> dict[str, Any]:
        data = super()._player_extra(seat)
        base = seat * UNIT_KINDS
        data["units_left"] = dict(zip(UNITS, self.unit_supply[base : base + UNIT_KINDS], strict=True))
        data["walls_left"] = self.wall_supply[seat]
        data["nukes_left"] = self.nukes_left[seat]
        data["out"] = OUT_NAMES[self.out[seat]] or None
        if self.out[seat]:
            data["final_vp"] = self.final_vp[seat]
        return data

    # ------------------------------------------------------------------ the exported state
    def _export_extra(self) -> dict[str, Any]:
        data = super()._export_extra()
        topo = self.board.topology
        data["soldiers"] = {
            "armies": [[a["at"], a["owner"], *a["units"].values(), a["moved"]] for a in self._armies()],
            "walls": [[n, w] for n, w in enumerate(self.walls) if w],
            "turned": [n for n, t in enumerate(self.turned) if t],
            "nuked": [topo.hex_labels[h] for h, x in enumerate(self.nuked) if x],
            "nukes": [[n, left] for n, left in zip(self.nuke_node, self.nukes_left, strict=True)],
            "out": list(self.out),
            "final_vp": list(self.final_vp),
            "purchased": self.purchased,
            "robber_fought": self.robber_fought,
            "withdrawn": list(self.withdrawn),
            "battle": list(self.battle),
            "conquest": self.conquest,
            "weak_cities": self.weak_cities,
            "card_offer": str(self.card_offer) if self.card_offer else None,
            "allies": [list(a) for a in self.allies],
            "ally_pending": list(self.ally_pending),
            "draft": [list(self.draft_seats), list(self.draft_give), list(self.draft_ask)],
        }
        return data

    def _import_extra(self, data: dict[str, Any]) -> None:
        super()._import_extra(data)
        d, n = data["soldiers"], self.num_players
        self.soldier_set = soldier_action_set(self.board.topology, n, self.options["offer_max_cards"])
        self._clear_armies()
        for node, owner, inf, cav, art, moved in d["armies"]:
            node, owner = int(node), self._imported_seat(owner)
            if self.army_owner[node] >= 0 or min(inf, cav, art) < 0 or not inf + cav + art:
                raise RecordError(f"army at {node} is listed twice or holds no units")
            self.army_owner[node] = owner
            for u, count in enumerate((inf, cav, art)):
                self.units[node * UNIT_KINDS + u] = int(count)
                self.unit_supply[owner * UNIT_KINDS + u] -= int(count)
            self.moved[node] = int(moved)
        for node, w in d["walls"]:
            node, owner = int(node), self.node_owner[int(node)]
            if owner < 0 or self.node_level[node] != 2 or not 0 < int(w) <= self.army_rules.walls_per_city:
                raise RecordError(f"walls at {node} stand under no city or are too many")
            self.walls[node] = int(w)
            self.wall_supply[owner] -= int(w)
        for node in d["turned"]:
            if self.node_owner[int(node)] < 0:
                raise RecordError(f"no building at {node} to be turned")
            self.turned[int(node)] = 1
        for label in d["nuked"]:
            self.nuked[self.action_set.label_to_hex[label]] = 1
        self.nuke_node = [int(x) for x, _ in d["nukes"]]
        self.nukes_left = [int(left) for _, left in d["nukes"]]
        if min(self.unit_supply) < 0 or min(self.wall_supply) < 0 or len(self.nuke_node) != n:
            raise RecordError("a player has more units or walls on the board than the game provides")
        self.out = [int(x) for x in d["out"]]
        self.final_vp = [int(x) for x in d["final_vp"]]
        self.purchased = bool(d["purchased"])
        self.robber_fought = bool(d["robber_fought"])
        self.withdrawn = tuple(int(x) for x in d.get("withdrawn", ()))  # records before it have none
        self.battle = tuple(int(x) for x in d["battle"])
        self.conquest = int(d["conquest"])
        self.weak_cities = bool(d["weak_cities"])
        self.allies = tuple((int(node), int(side)) for node, side in d["allies"])
        self.ally_pending = tuple(int(x) for x in d["ally_pending"])
        if self.battle and len(self.battle) != 5:
            raise RecordError("a battle is (attacker, defender, target, kind, attacking army)")
        if any(side not in (0, 1) for _, side in self.allies):
            raise RecordError("an army brought into a battle fights on side 0 (the attacker's) or 1")
        if any(self.army_owner[n] < 0 for n in self.ally_pending):
            raise RecordError("an army still to be asked about joining the battle is not on the board")
        self.card_offer = self.soldier_set.parse(str(d["card_offer"]).split()) if d["card_offer"] else None
        seats, give, ask = d.get("draft", ((), (), ()))  # records before composed trades have none
        self.draft_seats = tuple(self._imported_seat(p) for p in seats)
        self.draft_give = tuple(int(c) for c in give)
        self.draft_ask = tuple(int(c) for c in ask)
        if len(self.draft_seats) not in (0, 2) or any(
            c not in self.soldier_set.GIVE for c in (*self.draft_give, *self.draft_ask)
        ):
            raise RecordError("a composed trade is (offerer, addressee) with goods the game knows")

    # ------------------------------------------------------------------ words
    def render_text(self, seat: int | None = None, lang: str = "en") -> str:
        return f"{super().render_text(seat, lang)}\n{soldiers_text(self.view(seat), lang)}"

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        voice = Voice(self.players, lang, viewer, "catan.word.nobody")
        words = describe_soldiers(kind, data, voice, self.robber_name(lang), places(self.board, lang))
        return words if words is not None else super().describe(kind, data, lang, viewer)

    def action_label(self, action: Action, lang: str = "en") -> str:
        kind = action[0]
        named = places(self.board, lang)
        if kind == "settle" and self._founds_city():
            return text("soldiers.label.found_city", lang, named.nodes[action[1]])
        if kind == "buy":
            return text("soldiers.label.buy", lang)
        if not isinstance(action, SoldierAction):
            return super().action_label(action, lang)
        if kind in TRADE_KINDS:
            good = self._good_words(action, lang)
            to = self.players[action.to]
            return text(f"soldiers.label.{kind}", lang, bundle=bundle(action.bundle, lang, " + ", ""), to=to, **good)
        if kind == "ally":
            own = self.army_owner[action.at] == action.side
            key = "soldiers.label.join" if own else "soldiers.label.ally"
            return text(key, lang, seat=self.players[action.side], at=named.nodes[action.at])
        if kind == "neutral":
            return text("soldiers.label.neutral", lang, at=named.nodes[action.at])
        if kind == "address":
            return text("soldiers.label.address", lang, to=self.players[action.seat])
        if kind in ("give", "ask"):
            good = self.named_goods((good_code(action.good, action.item),))[0]
            return text(f"soldiers.label.{kind}", lang, good=good_words(good, lang, named))
        if kind in SIMPLE_LABELS:
            return text(f"soldiers.label.{kind}", lang)
        if kind in ("recruit", "promote"):
            return text(
                f"soldiers.label.{kind}",
                lang,
                unit=text(f"soldiers.unit.{RECRUITS[action.unit]}", lang),
                at=named.nodes[action.at],
            )
        if kind in ("wall", "upgrade"):
            return text(f"soldiers.label.{kind}", lang, at=named.nodes[action.at])
        if kind == "move":
            way = self._way(self.current, action.at, action.dest)
            paid = self._move_cost_steps(action.at, len(way))
            at, to = named.nodes[action.at], named.nodes[action.dest]
            if not paid:
                return text("soldiers.label.move_free", lang, at=at, to=to, steps=len(way))
            return text("soldiers.label.move", lang, at=at, to=to, steps=len(way), paid=paid)
        if kind == "attack":
            at = named.nodes[action.at]
            if action.dest < 0:
                return text("soldiers.label.attack_robber", lang, at=at, robber=self.robber_name(lang))
            return text("soldiers.label.attack", lang, at=at, to=named.nodes[action.dest])
        if kind == "retreat":
            if action.at < 0:
                return text("soldiers.label.stay", lang)
            return text("soldiers.label.retreat", lang, at=named.nodes[action.at])
        if kind == "tribute":
            return text(
                "soldiers.label.tribute", lang, resource=text(f"catan.resource.{RESOURCES[action.resource]}", lang)
            )
        if kind == "nuke":
            return text("soldiers.label.nuke", lang, hex=named.hex(action.label))
        return str(action)

    def field_words(self, action: Action, name: str, index: int, lang: str) -> str | None:
        """The armies' fields in words: a traded place with its piece, a card, a fish token; a composed
        good's kind and which one it is; a unit; an attack's target (a place, or the robber)."""
        if not isinstance(action, SoldierAction):
            return super().field_words(action, name, index, lang)
        kind, value = action[0], action[index]
        if kind in TRADE_KINDS and name in ("at", "card", "token"):
            good = self._good_words(action, lang)
            if name == "card":
                return str(good["card"])
            if name == "token":
                return text("soldiers.good.fish", lang, token=value)
            return text("soldiers.good.place", lang, piece=good["piece"], at=good["at"])
        if kind in ("give", "ask"):
            if name == "good":
                return text(f"soldiers.good_kind.{GOODS[value]}", lang)
            good = self.named_goods((good_code(action.good, action.item),))[0]
            return good_words(good, lang, places(self.board, lang))
        if name == "unit":
            return text(f"soldiers.unit.{RECRUITS[value]}", lang)
        if name == "dest":
            if value < 0:
                return self.robber_name(lang)
            return str(places(self.board, lang).nodes[value])
        return super().field_words(action, name, index, lang)

    def action_warning(self, action: Action, lang: str = "en") -> str | None:
        """What a trade gives away beyond resources and fish (a building, a road, a development card), to
        whom; a capitulation, everything: the table asks to confirm these first."""
        if not isinstance(action, SoldierAction):
            return super().action_warning(action, lang)
        kind = action[0]
        named = places(self.board, lang)
        if kind in ("sellcard", "sellplace"):
            good = self._good_words(action, lang)
            what = good["card"] if kind == "sellcard" else text("soldiers.good.place", lang, **good)
            return text("soldiers.warn.give", lang, to=self.players[action.to], goods=what)
        if kind == "capitulate" and self.battle:
            return text("soldiers.warn.capitulate", lang, to=self.players[self.battle[0]])
        gives: tuple[int, ...] = ()
        to = -1
        if kind == "send" and self.draft_seats:
            gives, to = self.draft_give, self.draft_seats[1]
        elif kind == "agree" and self.phase == TRADE_REPLY and self.draft_seats:
            gives, to = self.draft_ask, self.draft_seats[0]
        elif kind == "agree" and self.phase == CARD_REPLY and self.card_offer is not None:
            offer = self.card_offer
            if offer[0] in ("buycard", "buyplace"):
                good = self._good_words(offer, lang)
                what = good["card"] if offer[0] == "buycard" else text("soldiers.good.place", lang, **good)
                return text("soldiers.warn.give", lang, to=self.players[self.current], goods=what)
        kept = tuple(c for c in gives if good_parts(c)[0] not in (RESOURCE_GOOD, FISH_GOOD))
        if not kept:
            return None
        goods = " + ".join(good_words(g, lang, named) for g in self.named_goods(kept))
        return text("soldiers.warn.give", lang, to=self.players[to], goods=goods)

    def _good_words(self, action: SoldierAction, lang: str) -> dict[str, Any]:
        """The fields a trade's words name its good by: ``card``; ``piece`` and ``at``; ``token``."""
        good = trade_good(action[0])
        if good == "card":
            return {"card": text(f"catan.card.{DEV_CARDS[action.card]}", lang)}
        if good == "place":
            at = places(self.board, lang).nodes[action.at]
            return {"piece": text(f"catan.piece.{self._piece_at(action.at)}", lang), "at": at}
        return {"token": action.token}


def _percent(chance: Fraction) -> float:
    """A chance as a percentage with one decimal, for people (the exact fraction stands beside it)."""
    return round(float(chance) * 100, 1)


def describe_soldiers(kind: str, data: dict[str, Any], voice: Voice, robber: str, named: Places) -> str | None:
    """A Soldiers & Armies event in words for ``voice``'s reader, or ``None`` for an event of the shared
    mechanics; its places as ``named`` words them."""
    lang, who = voice.lang, voice.who
    seat = data.get("seat")
    node = named.nodes

    def unit(u: int) -> str:
        return text(f"soldiers.unit.{RECRUITS[u]}", lang)

    if kind == "buy":  # "darf man vor der Bewegungsphase eine Karte ziehen": a free card, not a purchase
        card = data.get("card")  # the card is told to its new holder only
        drawn = f" ({text(f'catan.card.{DEV_CARDS[card]}', lang)})" if card is not None else ""
        return voice.say("soldiers.log.free_card", seat, card=drawn)
    if kind in ("recruit", "upgrade"):
        return voice.say(f"soldiers.log.{kind}", seat, unit=unit(data["unit"]), at=node[data["at"]])
    if kind == "retreat":
        to = data["to"]
        if to < 0:  # the lead army stays where it fought
            return voice.say("soldiers.log.stay", seat)
        return voice.say("soldiers.log.retreat", seat, to=node[to])
    if kind in ("wall", "raze"):
        return voice.say(f"soldiers.log.{kind}", seat, at=node[data["at"]])
    if kind == "resist":
        return voice.say("soldiers.log.resist", seat)
    if kind == "phase":
        return voice.say(f"soldiers.log.phase_{data['phase']}", seat)
    if kind == "move":
        start, end = node[data["from"]], node[data["way"][-1] if data["way"] else data["from"]]
        if not data["paid"]:  # most moves cost nothing: no "(paid steps: 0)" on each
            return voice.say("soldiers.log.move_free", seat, start=start, end=end)
        return voice.say("soldiers.log.move", seat, start=start, end=end, paid=data["paid"])
    if kind == "attack":
        defender = data["defender"]
        return voice.say("soldiers.log.attack", seat, defender, defender=who(defender), at=node[data["at"]])
    if kind == "combat":

        def side(rolls: list[list[int]]) -> str:
            die = text("page.soldiers.die", lang, "{}")  # "d10", "W10"
            rolled = [f"{die.format(s)} {r}" + (f"+{b}" if b else "") + f" ({node[n]})" for n, s, r, b in rolls]
            return ", ".join(rolled) or "-"

        loss = text(f"soldiers.loss.{data['loss'] or 'none'}", lang, at=node[data["loser_at"]])
        # Told to the reader where they fight: "gegen dich", never "gegen du".
        return voice.say(
            "soldiers.log.combat",
            seat,
            data["defender"],
            defender=who(data["defender"]),
            attack=side(data["attack"]),
            defence=side(data["defence"]),
            loss=loss,
        )
    if kind == "robber_fight":
        key = "soldiers.log.robber_won" if data["won"] else "soldiers.log.robber_lost"
        return voice.say(key, seat, sides=data["sides"], roll=data["roll"], robber=robber, robber_roll=data["robber"])
    if kind == "tribute":
        res = text(f"catan.resource.{RESOURCES[data['resource']]}", lang)
        return voice.say("soldiers.log.tribute", seat, resource=res, robber=robber)
    if kind == "conquer":
        victim = data["victim"]
        return voice.say(
            "soldiers.log.conquer", seat, victim, victim=who(victim), at=node[data["at"]], roads=len(data["roads"])
        )
    if kind == "nuke":
        return voice.say("soldiers.log.nuke", seat, hex=named.hex(data["hex"]), hits=len(data["hits"]))
    if kind == "capitulate":
        return voice.say("soldiers.log.capitulate", seat, data["to"], to=who(data["to"]), score=data["score"])
    if kind == "annihilated":
        return voice.say("soldiers.log.annihilated", seat, data["by"], by=who(data["by"]))
    if kind == "cards_taken":
        victim = data["victim"]
        return voice.say(
            "soldiers.log.cards_taken",
            seat,
            victim,
            victim=who(victim),
            resources=data["resources"],
            dev_cards=data["dev_cards"],
        )
    if kind == "card_offer":
        key, words = f"soldiers.log.{data['kind']}", bundle(data["bundle"], lang)
        if "card" in data:
            good = {"card": text(f"catan.card.{DEV_CARDS[data['card']]}", lang)}
        elif "at" in data:
            good = {"piece": text(f"catan.piece.{data['piece']}", lang), "at": node[data["at"]]}
        else:
            good = {"token": data["token"]}
        return voice.say(key, seat, data["to"], to=who(data["to"]), bundle=words, **good)
    if kind in ("trade_draft", "trade_drop"):
        return voice.say(f"soldiers.log.{kind}", seat, data.get("to"), to=who(data.get("to")))
    if kind == "trade_offer":
        give = " + ".join([good_words(g, lang, named) for g in data["give"]])
        ask = " + ".join([good_words(g, lang, named) for g in data["ask"]])
        return voice.say("soldiers.log.trade_offer", seat, data["to"], to=who(data["to"]), give=give, ask=ask)
    if kind == "card_reply":
        return voice.say("soldiers.log.agree" if data["agreed"] else "soldiers.log.refuse", seat)
    if kind == "alliance":
        at = node[data["at"]]
        if data["side"] is None:
            return voice.say("soldiers.log.neutral", seat, at=at)
        if data["side"] == seat:
            return voice.say("soldiers.log.join", seat, at=at)
        return voice.say("soldiers.log.ally", seat, data["side"], side=who(data["side"]), at=at)
    if kind == "weak_cities":
        return text("soldiers.log.weak_cities", lang)
    return None


def good_words(good: dict[str, Any], lang: str, named: Places) -> str:
    """One good of a composed offer (``named_goods``) in words, its place or road as ``named`` words it."""
    kind = good["good"]
    if kind == "resource":
        return text(f"catan.resource.{good['resource']}", lang)
    if kind == "card":
        return text(f"catan.card.{good['card']}", lang)
    if kind == "place":
        piece = text(f"catan.piece.{good['piece']}", lang)
        return text("soldiers.good.place", lang, piece=piece, at=named.nodes[good["at"]])
    if kind == "road":
        return text("soldiers.good.road", lang, path=named.side(good["path"]))
    return text("soldiers.good.fish", lang, token=good["token"])


def soldiers_text(view: dict[str, Any], lang: str) -> str:
    """The armies' lines under the text board, drawn from the view alone (so nothing hidden shows)."""
    w = namespace("soldiers.board", lang)
    names = [p["name"] for p in view["players"]]
    s = view["soldiers"]
    unit_words = [text(f"soldiers.unit.{u}", lang) for u in UNITS]
    armies = [
        f"{a['at']} {names[a['owner']]} "
        + "+".join(f"{n} {word}" for n, word in zip(a["units"].values(), unit_words, strict=True) if n)
        + f" ({text('page.soldiers.die', lang, a['die'])})"
        for a in s["armies"]
    ]
    lines = [f"{w['armies']}: {'; '.join(armies) or '-'}"]
    marks = [f"{w['walls']}: " + (", ".join(f"{n} x{k}" for n, k in s["walls"].items()) or "-")]
    marks.append(f"{w['turned']}: " + (", ".join(map(str, s["turned"])) or "-"))
    marks.append(f"{w['nuked']}: " + (", ".join(s["nuked"]) or "-"))
    marks.append(f"{w['nukes']}: " + (", ".join(f"{names[int(p)]} {n}" for p, n in s["nukes"].items()) or "-"))
    lines.append(" · ".join(marks))
    battle = s["battle"]
    if battle:
        lines.append(
            w["battle"].format(attacker=names[battle["attacker"]], defender=names[battle["defender"]], at=battle["at"])
        )
    return "\n".join(lines)
