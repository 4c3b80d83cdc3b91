"""What ``siedler report`` says about an experiment's rows: per arm and, for two or more arms, each arm
against the first (paired by game index, since arms share their seeds).

Pure data: the figures and tables are drawn from these by ``siedler.cli.report``.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from siedler.core.seats import seat_words

from .stats import Difference, WinRate, paired_means, paired_proportions, welch

Row = Mapping[str, Any]
STAT_PREFIX = "stat_"


@dataclass(frozen=True)
class Rates:
    """Win rates of one arm, by a key (seat, turn-order position, bot), with their 95% intervals."""

    labels: tuple[str, ...]
    rates: tuple[WinRate, ...]


@dataclass(frozen=True)
class StatEffect:
    """One rule-set statistic: its mean for the winners and for the other seats, and their difference."""

    name: str
    winners: float
    others: float
    difference: Difference | None  # None when either group has fewer than 2 values


@dataclass(frozen=True)
class ArmReport:
    name: str
    games: int
    no_winner: int
    aborted: int
    seats: Rates
    positions: Rates | None  # by turn order (0: who moved first), when the rule set says who started
    bots: Rates
    turns: tuple[int, ...]
    points: tuple[tuple[float, ...], ...]  # [seat][turn]: mean points at the start of each turn
    stats: tuple[StatEffect, ...]


@dataclass(frozen=True)
class Comparison:
    """Arm ``arm`` against the first arm (``base``): paired differences, arm minus base."""

    arm: str
    base: str
    seats: tuple[Difference, ...]
    positions: tuple[Difference, ...]
    bots: tuple[Difference, ...]
    no_winner: Difference
    turns: Difference | None
    #: Per game, each statistic's mean over the seats with a value; games where an arm has none left out.
    stat_means: tuple[tuple[str, Difference | None], ...]


@dataclass(frozen=True)
class Forced:
    """The seats of an intervention arm with a forced choice (``forced`` in the rows): their wins and,
    against the same seats of the same games in ``base``, the arm without the choice (see ``base_arm``), the
    paired difference in wins and in each statistic (per game, the mean over those seats)."""

    arm: str
    base: str
    choices: tuple[str, ...]
    rate: WinRate
    wins: Difference | None
    stats: tuple[tuple[str, Difference | None], ...]


@dataclass(frozen=True)
class Report:
    experiment: Mapping[str, Any]
    arms: tuple[ArmReport, ...]
    comparisons: tuple[Comparison, ...]
    stat_names: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    forced: tuple[Forced, ...] = ()


def stat_names(rows: Sequence[Row]) -> tuple[str, ...]:
    return tuple(k[len(STAT_PREFIX) :] for k in rows[0] if k.startswith(STAT_PREFIX)) if rows else ()


def position(row: Row, seat: int) -> int | None:
    """A seat's place in the turn order (0 moved first), if the rule set says who started."""
    start = row.get("start_player")
    return None if start is None else (seat - start) % len(row["seats"])


#: Whether a game's winner (a seat) counts as a win for a seat, a turn-order position, a bot.
WinTest = Callable[[Row, int], bool]


def _won(row: Row, test: WinTest) -> bool:
    winner = row["winner"]
    return winner is not None and test(row, winner)


def _rates(rows: Sequence[Row], labels: Sequence[str], tests: Sequence[WinTest], shares: Sequence[float]) -> Rates:
    n = len(rows)
    rates = tuple(
        WinRate.of(label, sum(1 for r in rows if _won(r, test)), n, share)
        for label, test, share in zip(labels, tests, shares)
    )
    return Rates(tuple(labels), rates)


def _seat_test(seat: int) -> WinTest:
    return lambda _row, winner: winner == seat


def _position_test(place: int) -> WinTest:
    return lambda row, winner: position(row, winner) == place


def _bot_test(bot: str) -> WinTest:
    return lambda row, winner: row["seats"][winner] == bot


def _points(rows: Sequence[Row], players: int) -> tuple[tuple[float, ...], ...]:
    """Mean points per seat at the start of each turn; a finished game keeps its final points, so that the
    curves do not drop as short games leave. Cut at the 95th percentile of game length."""
    lengths = sorted(len(r["points_by_turn"]) for r in rows)
    if not lengths:
        return tuple(() for _ in range(players))
    cut = lengths[min(len(lengths) - 1, int(0.95 * len(lengths)))]
    curves = []
    for seat in range(players):
        curve = []
        for t in range(cut):
            values = [r["points_by_turn"][min(t, len(r["points_by_turn"]) - 1)][seat] for r in rows]
            curve.append(statistics.fmean(values))
        curves.append(tuple(curve))
    return tuple(curves)


def _stat_effects(rows: Sequence[Row], names: Sequence[str]) -> tuple[StatEffect, ...]:
    effects = []
    for name in names:
        winners: list[float] = []
        others: list[float] = []
        for r in rows:
            if r["winner"] is None:
                continue
            for seat, value in enumerate(r[STAT_PREFIX + name]):
                if value is not None and not math.isnan(value):
                    (winners if seat == r["winner"] else others).append(value)
        diff = welch(winners, others) if len(winners) >= 2 and len(others) >= 2 else None
        effects.append(
            StatEffect(
                name,
                statistics.fmean(winners) if winners else math.nan,
                statistics.fmean(others) if others else math.nan,
                diff,
            )
        )
    return tuple(effects)


def _arm(name: str, rows: Sequence[Row], players: int, bots: Sequence[str], names: Sequence[str]) -> ArmReport:
    seat_labels = [seat_words(p) for p in range(players)]
    seats = _rates(rows, seat_labels, [_seat_test(p) for p in range(players)], [1 / players] * players)
    positions = None
    if rows and all(r.get("start_player") is not None for r in rows):
        labels = [f"moves {p + 1}." for p in range(players)]
        positions = _rates(rows, labels, [_position_test(p) for p in range(players)], [1 / players] * players)
    shares = [sum(r["seats"].count(b) for r in rows) / max(1, len(rows) * players) for b in bots]
    return ArmReport(
        name,
        len(rows),
        sum(1 for r in rows if r["outcome"] == "no_winner"),
        sum(1 for r in rows if r["outcome"] == "aborted"),
        seats,
        positions,
        _rates(rows, list(bots), [_bot_test(b) for b in bots], shares),
        tuple(r["turns"] for r in rows if r["turns"] is not None),
        _points(rows, players),
        _stat_effects(rows, names),
    )


def _paired_wins(a: Mapping[int, Row], b: Mapping[int, Row], test: WinTest) -> Difference:
    common = sorted(set(a) & set(b))
    return paired_proportions([(_won(a[i], test), _won(b[i], test)) for i in common])


def _seat_mean(row: Row, name: str) -> float | None:
    """A statistic's mean over the seats that have a value (a first purchase's turn: those who made it)."""
    values = [v for v in row[STAT_PREFIX + name] if v is not None and not math.isnan(v)]
    return statistics.fmean(values) if values else None


def _paired_stat(a: Mapping[int, Row], b: Mapping[int, Row], common: Sequence[int], name: str) -> Difference | None:
    pairs = [(_seat_mean(a[i], name), _seat_mean(b[i], name)) for i in common]
    both = [(x, y) for x, y in pairs if x is not None and y is not None]
    return paired_means([x for x, _ in both], [y for _, y in both]) if len(both) >= 2 else None


def _compare(
    base: str,
    base_rows: Sequence[Row],
    arm: str,
    rows: Sequence[Row],
    players: int,
    bots: Sequence[str],
    names: Sequence[str],
) -> Comparison:
    a = {r["game"]: r for r in rows}
    b = {r["game"]: r for r in base_rows}
    common = sorted(set(a) & set(b))
    with_turns = [i for i in common if a[i]["turns"] is not None and b[i]["turns"] is not None]
    turns = (
        paired_means([a[i]["turns"] for i in with_turns], [b[i]["turns"] for i in with_turns])
        if len(with_turns) >= 2
        else None
    )
    has_positions = all(r.get("start_player") is not None for r in [*rows, *base_rows])
    totals = tuple((n, _paired_stat(a, b, common, n)) for n in names)
    return Comparison(
        arm,
        base,
        tuple(_paired_wins(a, b, _seat_test(p)) for p in range(players)),
        tuple(_paired_wins(a, b, _position_test(p)) for p in range(players)) if has_positions else (),
        tuple(_paired_wins(a, b, _bot_test(bot)) for bot in bots),
        paired_proportions([(a[i]["outcome"] != "win", b[i]["outcome"] != "win") for i in common]),
        turns,
        totals,
    )


def forced_seats(row: Row) -> list[int]:
    """The seats with a forced choice in this game (rows written before forces existed have none)."""
    return [p for p, label in enumerate(row.get("forced") or ()) if label]


def seats_mean(row: Row, name: str, seats: Sequence[int]) -> float | None:
    values = [v for v in (row[STAT_PREFIX + name][p] for p in seats) if v is not None and not math.isnan(v)]
    return statistics.fmean(values) if values else None


def base_arm(experiment: Mapping[str, Any], arm: str) -> str:
    """The arm an intervention arm is compared with: the first arm with the same options and no forced
    choice (so one file can cross prices with choices), else the experiment's first arm."""
    arms = experiment["arms"]
    options = next(a.get("options") or {} for a in arms if a["name"] == arm)
    same = [a["name"] for a in arms if not a.get("force") and (a.get("options") or {}) == options]
    return same[0] if same else str(arms[0]["name"])


def _forced(arm: str, rows: Sequence[Row], base: str, base_rows: Sequence[Row], names: Sequence[str]) -> Forced | None:
    games = [(r, forced_seats(r)) for r in rows]
    games = [(r, seats) for r, seats in games if seats]
    if not games:
        return None
    players = len(games[0][0]["seats"])
    wins = sum(1 for r, seats in games if r["winner"] in seats)
    share = statistics.fmean(len(seats) / players for _, seats in games)
    choices = tuple(dict.fromkeys(r["forced"][p] for r, seats in games for p in seats))
    rate = WinRate.of("forced seats", wins, len(games), share)
    by_game = {r["game"]: r for r in base_rows if base != arm}
    paired = [(r, by_game[r["game"]], seats) for r, seats in games if r["game"] in by_game]
    if not paired:
        return Forced(arm, base, choices, rate, None, ())
    difference = paired_proportions([(r["winner"] in seats, b["winner"] in seats) for r, b, seats in paired])
    stats = []
    for name in names:
        both = [(seats_mean(r, name, seats), seats_mean(b, name, seats)) for r, b, seats in paired]
        kept = [(x, y) for x, y in both if x is not None and y is not None]
        stats.append((name, paired_means([x for x, _ in kept], [y for _, y in kept]) if len(kept) >= 2 else None))
    return Forced(arm, base, choices, rate, difference, tuple(stats))


def analyse(experiment: Mapping[str, Any], rows: Sequence[Row]) -> Report:
    """The report's figures: every arm, then every arm after the first against the first."""
    if not rows:
        raise ValueError("no results to report")
    arm_names = [a["name"] for a in experiment["arms"]]
    by_arm = {name: [r for r in rows if r["arm"] == name] for name in arm_names}
    players = len(rows[0]["seats"])
    bots = tuple(dict.fromkeys(experiment["seats"]))
    names = stat_names(rows)
    arms = tuple(_arm(name, by_arm[name], players, bots, names) for name in arm_names if by_arm[name])
    played = [name for name in arm_names if by_arm[name]]
    comparisons = tuple(
        _compare(played[0], by_arm[played[0]], name, by_arm[name], players, bots, names) for name in played[1:]
    )
    bases = {name: base_arm(experiment, name) for name in played}
    forced = (_forced(name, by_arm[name], bases[name], by_arm[bases[name]], names) for name in played)
    return Report(experiment, arms, comparisons, names, players, bots, tuple(f for f in forced if f is not None))
