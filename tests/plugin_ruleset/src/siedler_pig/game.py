"""The rules of Pig: on your turn, roll the die as often as you like, adding each roll to the turn's total;
``hold`` banks that total and passes the die, a 1 loses it and passes the die. First to the target wins."""

from __future__ import annotations

from typing import Any, Self

from siedler.core import Action, Game
from siedler.core.actions import ActionKind, ActionKinds
from siedler.core.i18n import Voice, text


class PigAction(Action):
    """Pig's actions. Each kind is declared once: its fields (none here), the phases it is played in, and
    (left to the defaults) its notation, which is just its name, and its click target: none, a menu choice."""

    __slots__ = ()
    KINDS = ActionKinds(ActionKind("roll", phases=("play",)), ActionKind("hold", phases=("play",)))


class PigActions:
    """The interned actions: legal generation hands these out, and notation is read back into them."""

    ROLL = PigAction("roll")
    HOLD = PigAction("hold")
    canon = {tuple(a): a for a in (ROLL, HOLD)}


ROLL, HOLD = PigActions.ROLL, PigActions.HOLD


class PigGame(Game):
    banked: list[int]
    current: int
    turn_total: int
    last_roll: int

    def _copy_into(self, new: Self) -> None:
        """``copy()`` fills a blank game through this: each field, the one mutable list duplicated."""
        super()._copy_into(new)
        new.banked = self.banked[:]
        new.current = self.current
        new.turn_total = self.turn_total
        new.last_roll = self.last_roll

    def _setup(self) -> None:
        self.banked = [0] * self.num_players
        self.current = 0
        self.turn_total = 0
        self.last_roll = 0
        self.to_act = 0

    # ------------------------------------------------------------------ legality and actions
    def _generate_legal(self) -> tuple[Action, ...]:
        # Holding nothing would pass the turn without playing; a turn starts with a roll.
        return (ROLL, HOLD) if self.turn_total else (ROLL,)

    def _explain_illegal(self, action: Action) -> str:
        if action == HOLD:
            return "hold is not legal now: roll at least once first"
        return super()._explain_illegal(action)

    def parse_action(self, text: str) -> Action:
        found: PigAction = PigAction.KINDS.parse(PigActions, text)
        return found

    def _do_roll(self, action: Action) -> None:
        self.last_roll = self.rng.die()
        self._emit("roll", {"seat": self.current, "die": self.last_roll})
        if self.last_roll == 1:
            self._pass()
        else:
            self.turn_total += self.last_roll

    def _do_hold(self, action: Action) -> None:
        seat = self.current
        self.banked[seat] += self.turn_total
        self._emit("hold", {"seat": seat, "points": self.turn_total})
        if self.banked[seat] >= self.options["target"]:
            self._finish(seat)
        else:
            self._pass()

    def _pass(self) -> None:
        self.turn_total = 0
        self.current = self.to_act = (self.current + 1) % self.num_players

    # ------------------------------------------------------------------ what players see and what is saved
    def scores(self) -> list[int]:
        return list(self.banked)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Pig has no hidden information: every seat and spectators see the same. The players' rows and the
        cost card are what the table shows beside its layer; the layer draws the die and the totals."""
        self._check_viewer(seat)
        players = [{"seat": p, "name": name, "score": self.banked[p]} for p, name in enumerate(self.players)]
        return {
            "phase": "over" if self.is_over else "play",
            "target": self.options["target"],
            "players": players,
            "costs": {"hold": {"roll": 1}},  # the cost card: banking the turn's points takes a roll first
            **self._export(),
        }

    def _export(self) -> dict[str, Any]:
        return {
            "banked": list(self.banked),
            "current": self.current,
            "turn_total": self.turn_total,
            "last_roll": self.last_roll,
        }

    def _import(self, data: dict[str, Any]) -> None:
        self.banked = [int(n) for n in data["banked"]]
        if len(self.banked) != self.num_players:
            raise ValueError("one banked total per player")
        self.current = int(data["current"])
        self.turn_total = int(data["turn_total"])
        self.last_roll = int(data["last_roll"])

    def action_label(self, action: Action, lang: str = "en") -> str:
        """The menu's words for an action, from Pig's catalog (``pig.label.<kind>``)."""
        return text(f"pig.label.{action[0]}", lang, points=self.turn_total)

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        """The log in words from Pig's own catalog (``locale/<lang>.toml``), a sentence about the viewer told
        to them in the second person (``pig.log_you``)."""
        say = Voice(self.players, lang, viewer, "pig.nobody").say
        if kind == "roll":
            return say("pig.log.lost" if data["die"] == 1 else "pig.log.roll", data["seat"], die=data["die"])
        if kind == "hold":
            return say("pig.log.hold", data["seat"], points=data["points"])
        if kind == "over":
            return say("pig.log.wins", data["winner"], points=max(data["scores"]))
        return super().describe(kind, data, lang, viewer)
