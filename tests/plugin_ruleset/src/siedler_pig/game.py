"""The rules of Pig: on your turn, roll the die as often as you like, adding each roll to the turn's total;
``hold`` banks that total and passes the die, a 1 loses it and passes the die. First to the target wins."""

from __future__ import annotations

from typing import Any, Self

from siedler.core import Action, Game
from siedler.core.actions import ActionKind, ActionKinds


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
        """Pig has no hidden information: every seat and spectators see the same."""
        self._check_viewer(seat)
        return {"phase": "over" if self.is_over else "play", **self._export()}

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

    def describe(self, kind: str, data: dict[str, Any], lang: str = "en", viewer: int | None = None) -> str:
        # A sentence about the viewer is told to them ("You roll 3"): a whole sentence per person, never a
        # pasted "You" (Pig speaks English only; the project's rule sets use siedler.core.i18n.Voice).
        seat = data.get("seat", data.get("winner"))
        you = seat is not None and seat == viewer
        name = "You" if you else self.players[seat] if seat is not None else ""
        if kind == "roll":
            verb = "roll" if you else "rolls"
            return f"{name} {verb} {data['die']}" + (": the turn is lost" if data["die"] == 1 else "")
        if kind == "hold":
            return f"{name} {'hold and bank' if you else 'holds and banks'} {data['points']}"
        if kind == "over":
            return f"{name} {'win' if you else 'wins'} with {max(data['scores'])} points"
        return super().describe(kind, data, lang, viewer)
