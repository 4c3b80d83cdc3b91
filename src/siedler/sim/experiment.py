"""Experiments: a rule set, arms (option sets) to compare, bots per seat, games per arm and a seed.

Every arm plays the same game indices with the same base seed, so game ``i`` of each arm has the same game
seed and the same bot seeds: arms differ only in their options, and their comparison is paired (a
difference is not seed noise). A game is played by ``siedler.sim.runner`` like any simulation; the
experiment adds to its result what designers analyse: the arm, the turn order, every seat's points at the
start of each turn and the rule set's own per-seat statistics (the ``game_stats`` hook).

An experiment file (TOML)::

    name = "Balanced boards"
    ruleset = "base"
    seats = ["greedy", "greedy", "greedy", "greedy"]   # bot specs, as for `siedler simulate --seats`
    games = 400                        # per arm
    seed = 1
    rotate = true                      # optional: rotate the bots one seat per game
    margin = 0.03                      # optional: the smallest win-rate difference that matters
    [options]                          # optional: options every arm shares
    turn_limit = 200
    [[arms]]
    name = "random"
    [[arms]]
    name = "balanced"
    options = { board = "balanced" }
    [[arms]]                           # an intervention arm: random boards, and seat 0's bot
    name = "cards first"               # buys a development card at its first chance
    force = [{ seat = 0, when = "first", kind = "buy" }]

A force (``siedler.bots.forced``) names actions by their kind and fields, as the rule set declares them;
the seat is an index into ``seats`` (from 0), and the force moves with that seat's bot when seats rotate.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from siedler.bots.forced import Force
from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game, Move
from siedler.core.registry import get_ruleset, new_game

from .config import SimConfig, parse_seats
from .runner import GameResult, map_games, play_indexed

#: The keys an experiment file may have; anything else is refused (a typo must not pass silently).
FILE_KEYS = frozenset(
    {"name", "ruleset", "seats", "games", "seed", "options", "rotate", "arms", "max_actions", "margin"}
)
ARM_KEYS = frozenset({"name", "options", "force"})
FORCE_KEYS = frozenset({"seat", "when", "kind", "fields"})
#: No turn counter in the rule set (the hook's moves then carry this turn).
NO_TURN = -1

Row = dict[str, Any]


@dataclass(frozen=True)
class Arm:
    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Choices forced on seats (an intervention arm): each an index into the experiment's seats and a force.
    forces: tuple[tuple[int, Force], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "options": dict(self.options)}
        if self.forces:  # an arm without forces is written as before forces existed
            data["force"] = [{"seat": seat, **force.to_json()} for seat, force in self.forces]
        return data


@dataclass(frozen=True)
class Experiment:
    """An experiment as read from its file; ``configs()`` gives each arm's checked simulation config."""

    name: str
    ruleset: str
    seats: tuple[str, ...]
    arms: tuple[Arm, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    rotate: bool = False
    max_actions: int = 200_000
    #: The smallest difference that matters: the wins' (a number), or a table by question (``wins`` and
    #: statistics' names); ``None``: the default (``siedler.sim.questions``).
    margin: float | Mapping[str, float] | None = None

    def configs(self) -> list[SimConfig]:
        """Each arm's config (shared options, then the arm's), checked: an ``OptionError`` names the arm."""
        out = []
        for arm in self.arms:
            config = SimConfig(
                self.ruleset,
                self.seats,
                self.games,
                self.seed,
                {**self.options, **arm.options},
                self.rotate,
                max_actions=self.max_actions,
                forces=self._forces(arm),
            )
            try:
                out.append(config.checked())
            except OptionError as exc:
                raise OptionError(f"arm {arm.name!r}: {exc}") from None
        if isinstance(self.margin, Mapping):
            known = {"wins", *stat_names(out)}
            unknown = sorted(set(self.margin) - known)
            if unknown:
                names = ", ".join(sorted(known))
                raise OptionError(f"margin: no question {', '.join(unknown)}; the questions: {names}")
        return out

    def _forces(self, arm: Arm) -> tuple[tuple[Force, ...], ...]:
        """The arm's forces per seat (empty without any); a seat index outside ``seats`` is refused."""
        if not arm.forces:
            return ()
        for seat, _ in arm.forces:
            if not 0 <= seat < len(self.seats):
                raise OptionError(
                    f"arm {arm.name!r}: a force's seat is an index into seats, 0 to {len(self.seats) - 1}; not {seat}"
                )
        return tuple(tuple(f for s, f in arm.forces if s == seat) for seat in range(len(self.seats)))

    def with_games(self, games: int) -> Experiment:
        return replace(self, games=games)

    def to_json(self) -> dict[str, Any]:
        """Everything the rows depend on: a resumed run must have the same (``--games`` may grow)."""
        return {
            "name": self.name,
            "ruleset": self.ruleset,
            "seats": list(self.seats),
            "arms": [a.to_json() for a in self.arms],
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "rotate": self.rotate,
            "max_actions": self.max_actions,
            **({"margin": self.margin if isinstance(self.margin, float) else dict(self.margin)} if self.margin else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Experiment:
        unknown = set(data) - FILE_KEYS
        if unknown:
            raise OptionError(f"unknown key(s) {', '.join(sorted(unknown))}; an experiment has {_keys(FILE_KEYS)}")
        for key in ("ruleset", "seats", "games"):
            if key not in data:
                raise OptionError(f"the experiment needs {key!r}")
        arms_data = data.get("arms") or [{"name": "default"}]
        if not isinstance(arms_data, list) or not all(isinstance(a, dict) for a in arms_data):
            raise OptionError("arms are tables: [[arms]] with a name and options")
        arms = tuple(_arm(a, i) for i, a in enumerate(arms_data))
        names = [a.name for a in arms]
        if len(set(names)) != len(names):
            raise OptionError(f"arm names must differ: {names}")
        games, seed = data["games"], data.get("seed", 0)
        for key, value in (("games", games), ("seed", seed), ("max_actions", data.get("max_actions", 1))):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{key} must be a whole number, not {value!r}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise OptionError("options are a table: [options] with name = value")
        return cls(
            name=str(data.get("name", "experiment")),
            ruleset=get_ruleset(str(data["ruleset"])).name,
            seats=parse_seats(data["seats"]),
            arms=arms,
            games=games,
            seed=seed,
            options=options,
            rotate=bool(data.get("rotate", False)),
            max_actions=data.get("max_actions", 200_000),
            margin=_margin(data.get("margin")),
        )


def _keys(keys: frozenset[str]) -> str:
    return ", ".join(sorted(keys))


def _margin(value: Any) -> float | dict[str, float] | None:
    """``margin = 0.03`` or ``margin = { wins = 0.03, bought_bandit = 0.2 }``: positive numbers."""
    if value is None:
        return None
    table = value if isinstance(value, dict) else {"": value}
    for name, number in table.items():
        if isinstance(number, bool) or not isinstance(number, int | float) or not number > 0:
            what = f"margin {name!r}" if name else "margin"
            raise OptionError(f"{what} is the smallest difference that matters, a number above 0; not {number!r}")
    return {k: float(v) for k, v in table.items()} if isinstance(value, dict) else float(value)


def _arm(data: Mapping[str, Any], index: int) -> Arm:
    unknown = set(data) - ARM_KEYS
    if unknown:
        raise OptionError(f"arm {index}: unknown key(s) {', '.join(sorted(unknown))}; an arm has {_keys(ARM_KEYS)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise OptionError(f"arm {index}: options are a table, like options = {{ turn_limit = 200 }}")
    name = str(data.get("name", f"arm {index}"))
    forces = data.get("force", [])
    if not isinstance(forces, list) or not all(isinstance(f, dict) for f in forces):
        raise OptionError(f"arm {name!r}: force is a list of tables, like [[arms.force]] with seat, when and kind")
    try:
        return Arm(name, options, tuple(_force(f) for f in forces))
    except OptionError as exc:
        raise OptionError(f"arm {name!r}: {exc}") from None


def _force(data: Mapping[str, Any]) -> tuple[int, Force]:
    """One ``[[arms.force]]`` table: the seat it is forced on, and the force (checked later, per game)."""
    unknown = set(data) - FORCE_KEYS
    if unknown:
        raise OptionError(f"unknown key(s) {', '.join(sorted(unknown))} in a force; a force has {_keys(FORCE_KEYS)}")
    missing = [key for key in ("seat", "when", "kind") if key not in data]
    if missing:
        raise OptionError(f"a force needs {', '.join(map(repr, missing))}")
    seat, fields = data["seat"], data.get("fields", {})
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise OptionError(f"a force's seat is an index into seats (a whole number), not {seat!r}")
    if not isinstance(fields, dict):
        raise OptionError('a force\'s fields are a table, like fields = { unit = "artillery" }')
    return seat, Force.of(data["when"], data["kind"], fields)


def load_experiment(path: Path) -> Experiment:
    """The experiment in a TOML file; an ``OptionError`` says what is wrong with it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise OptionError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{path} is not valid TOML: {exc}") from None
    return Experiment.from_json(data)


class MoveLog:
    """Watches a game being played (``play_out``'s ``watch``): every move with its turn, and every seat's
    points at the first move of each turn. Points are the rule set's ``scores()``: read for the finished
    game's report, never shown to a bot."""

    __slots__ = ("_turn", "moves", "points")

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.points: list[list[int]] = []
        self._turn = NO_TURN - 1

    def __call__(self, game: Game, seat: int, action: Action) -> None:
        # Called for every move of every game (a few hundred a game): kept to a few attribute reads.
        try:
            turn: int = game.turn  # type: ignore[attr-defined]
        except AttributeError:
            turn = NO_TURN
        if turn != self._turn:
            self._turn = turn
            self.points.append(game.scores())
        self.moves.append((turn, seat, action))


def stat_names(configs: Sequence[SimConfig]) -> list[str]:
    """The per-seat statistics the arms' rule set reports, in its order (arms with extensions may add)."""
    names: dict[str, None] = {}
    for config in configs:
        game = new_game(config.ruleset, players=len(config.seats), seed=0, options=dict(config.options))
        names.update(dict.fromkeys(game.game_stats([])))
    return list(names)


#: One game of an experiment: the arm's index and name, its config, the game index, the stat names.
Job = tuple[int, str, SimConfig, int, tuple[str, ...]]


def play_row(job: Job) -> Row:
    """Play one game of one arm and make its results row (module level: it is sent to worker processes)."""
    arm_index, arm, config, index, names = job
    log = MoveLog()
    game, result = play_indexed(config, index, watch=log)
    forced = [" and ".join(f.label for f in seat) or None for seat in config.forces_for(index)]
    return make_row(arm_index, arm, game, result, log, names, forced or [None] * game.num_players)


def make_row(
    arm_index: int,
    arm: str,
    game: Game,
    result: GameResult,
    log: MoveLog,
    names: Sequence[str],
    forced: Sequence[str | None],
) -> Row:
    stats = game.game_stats(log.moves)
    players = game.num_players
    start = getattr(game, "start_player", None)
    row: Row = {
        "arm": arm,
        "arm_index": arm_index,
        **result,
        "forced": list(forced),
        "start_player": start if isinstance(start, int) and not isinstance(start, bool) else None,
        "points_by_turn": [*log.points, result["scores"]],
    }
    for name in names:
        values = stats.get(name)
        row[f"stat_{name}"] = (
            [None if math.isnan(v) else float(v) for v in values] if values is not None else [None] * players
        )
    return row


def jobs(experiment: Experiment, configs: Sequence[SimConfig], done: set[tuple[int, int]]) -> list[Job]:
    """The games still to play, game by game across the arms (an interrupted run stays paired)."""
    names = tuple(stat_names(configs))
    return [
        (a, arm.name, config, i, names)
        for i in range(experiment.games)
        for a, (arm, config) in enumerate(zip(experiment.arms, configs))
        if (a, i) not in done
    ]


def run_local(todo: Sequence[Job], configs: Sequence[SimConfig], workers: int) -> Iterator[Row]:
    """Rows in job order, played in this process or ``workers`` local processes."""
    return map_games(play_row, todo, workers, configs[0], freeze_gc=True)
