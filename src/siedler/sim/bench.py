"""The engine benchmark behind ``siedler bench``: random-game throughput and per-call costs.

Random play is the yardstick because it exercises every rule and is what Catanatron's published figures
use. Every figure is the median over repeated runs (throughput) or over many mid-game positions (per-call
costs), never a single timing; memory is measured in a separate, untimed game because tracemalloc slows
Python down several times. Throughput counts this process's CPU time (one core), so other work on the
machine does not count against it; and the rule sets are compared with the base game run by run, taking
turns, so that what remains of such noise falls on all of them alike.

Random games vary a lot in length (the standard deviation is over a third of the mean), so a handful of
games says little about a rule set's games per second: twenty games can be 15% off. The comparison of rule
sets therefore plays many more games, pools them (games / CPU seconds, which is what a simulation of
thousands of games will see) and reports a 95% confidence interval for each ratio to the base game.
"""

from __future__ import annotations

import math
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from siedler.build import build_info
from siedler.core.game import Game
from siedler.core.registry import get_ruleset, new_game, rulesets

from .loop import play_random
from .runner import freeze_long_lived

#: Player-to-player offers off: Catanatron's random players make none, so this is the fair comparison.
NO_OFFERS: dict[str, Any] = {"max_offers": 0}


@dataclass(frozen=True)
class Throughput:
    """Complete random games of one rule set over ``runs`` runs of ``games`` games each: medians over the
    runs, or, in the comparison of rule sets, all the games pooled."""

    ruleset: str
    players: int
    options: dict[str, Any]
    games: int
    runs: int
    games_per_second: float
    actions_per_second: float
    us_per_action: float
    actions_per_game: float  # the median game length over every game played
    unfinished: int  # games that ended without a winner (turn limit)
    ruleset_has_offers: bool = False  # the rule set has player-to-player offers (Catan's max_offers option)
    #: Games per second as a share of the base game's, measured in the same runs (other rule sets only),
    #: with the ends of its 95% confidence interval.
    relative_to_base: float | None = None
    relative_low: float | None = None
    relative_high: float | None = None


@dataclass(frozen=True)
class CallCosts:
    """Median microseconds per call over mid-game positions (middle 60% of random games)."""

    positions: int
    legal_actions_us: float
    apply_us: float
    copy_us: float
    #: ``determinize(seat to act)``: what a searching bot pays per iteration before it plays on.
    determinize_us: float


@dataclass(frozen=True)
class Memory:
    tracemalloc_peak_kib: float  # Python allocations at their peak during one complete random game
    max_rss_mib: float  # the whole process's peak resident set (resource.getrusage), interpreter included


@dataclass(frozen=True)
class BenchReport:
    ruleset: str
    machine: dict[str, str]
    throughput: list[Throughput]
    calls: CallCosts | None
    memory: Memory | None
    others: list[Throughput] = field(default_factory=list)
    #: Rule sets whose random games raised an error, with the error: reported, not hidden, not fatal.
    failed: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _supported(ruleset: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options this rule set knows (``max_offers`` means nothing to the card game)."""
    names = {o.name for o in get_ruleset(ruleset).all_options()}
    return {k: v for k, v in options.items() if k in names}


@dataclass(frozen=True)
class Run:
    """One run of random games: per game its CPU seconds and actions."""

    times: list[float]
    lengths: list[int]
    unfinished: int  # games that ended without a winner (turn limit)

    @property
    def elapsed(self) -> float:
        return sum(self.times)


def _one_run(ruleset: str, players: int, opts: Mapping[str, Any], games: int, seed: int, run: int) -> Run:
    rng = random.Random(seed * 7919 + run)
    times, lengths, unfinished = [], [], 0
    clock = time.process_time
    for i in range(games):
        began = clock()
        game = new_game(ruleset, players=players, seed=seed * 100_003 + run * games + i, options=opts, log=False)
        play_random(game, rng)
        times.append(clock() - began)
        lengths.append(game.num_actions)
        unfinished += game.winner is None
    return Run(times, lengths, unfinished)


def _summarise(
    ruleset: str, players: int, opts: dict[str, Any], games: int, runs: list[Run], pooled: bool = False
) -> Throughput:
    """Medians over the runs, or with ``pooled`` all games of all runs taken together."""
    lengths = [n for r in runs for n in r.lengths]
    if pooled:
        elapsed = sum(r.elapsed for r in runs)
        games_per_second, actions_per_second = len(lengths) / elapsed, sum(lengths) / elapsed
    else:
        games_per_second = statistics.median(games / r.elapsed for r in runs)
        actions_per_second = statistics.median(sum(r.lengths) / r.elapsed for r in runs)
    has_offers = "max_offers" in {o.name for o in get_ruleset(ruleset).all_options()}
    return Throughput(
        ruleset,
        players,
        opts,
        games,
        len(runs),
        games_per_second,
        actions_per_second,
        1e6 / actions_per_second,
        float(statistics.median(lengths)),
        sum(r.unfinished for r in runs),
        has_offers,
    )


def ratio_interval(
    base_times: list[float], times: list[float], z: float = 1.96
) -> tuple[float, float | None, float | None]:
    """Games per second of ``times`` as a share of ``base_times``' (mean CPU seconds per game, inverted),
    with a confidence interval (none from a single game): the delta method on the log of the ratio of two
    independent means."""
    mean_b, mean_v = statistics.fmean(base_times), statistics.fmean(times)
    ratio = mean_b / mean_v
    if len(base_times) < 2 or len(times) < 2:
        return ratio, None, None
    spread = math.sqrt(
        statistics.variance(base_times) / (len(base_times) * mean_b**2)
        + statistics.variance(times) / (len(times) * mean_v**2)
    )
    return ratio, ratio * math.exp(-z * spread), ratio * math.exp(z * spread)


def throughput(
    ruleset: str, players: int, options: Mapping[str, Any] | None = None, games: int = 20, runs: int = 5, seed: int = 1
) -> Throughput:
    """Play ``runs`` x ``games`` complete random games (different seeds each run) and take medians."""
    opts = _supported(ruleset, options or {})
    play_random(new_game(ruleset, players=players, seed=0, options=opts), random.Random(0))  # warm-up
    return _summarise(
        ruleset, players, opts, games, [_one_run(ruleset, players, opts, games, seed, run) for run in range(runs)]
    )


def compared_with_base(
    names: list[str], games: int = 20, rounds: int = 15, seed: int = 1, base: str = "base"
) -> tuple[list[Throughput], dict[str, str]]:
    """Every rule set's random-game throughput, the base game's included (first), over ``rounds`` rounds of
    ``games`` games each, taking turns (base, then each rule set, then base again...) so that the ratio is
    not skewed by when it ran; the games of all rounds are pooled."""
    configs = []
    failed: dict[str, str] = {}
    for name in [base, *names]:
        players = player_counts(name)[0]
        opts = _supported(name, NO_OFFERS)
        try:
            play_random(new_game(name, players=players, seed=0, options=opts), random.Random(0))  # warm-up
        except Exception as exc:  # a rule set under construction must not hide the others' figures
            failed[name] = f"{type(exc).__name__}: {exc}"
            continue
        configs.append((name, players, opts))
    measured: dict[str, list[Run]] = {name: [] for name, _, _ in configs}
    for run in range(rounds):
        for name, players, opts in configs:
            measured[name].append(_one_run(name, players, opts, games, seed, run))
    base_times = [t for r in measured.get(base, []) for t in r.times]
    results = []
    for name, players, opts in configs:
        result = _summarise(name, players, opts, games, measured[name], pooled=True)
        if name == base:
            result = replace(result, relative_to_base=1.0)
        elif base_times:
            ratio, low, high = ratio_interval(base_times, [t for r in measured[name] for t in r.times])
            result = replace(result, relative_to_base=ratio, relative_low=low, relative_high=high)
        results.append(result)
    return results, failed


def midgame_positions(
    ruleset: str, players: int, options: Mapping[str, Any] | None = None, count: int = 60, seed: int = 2
) -> list[Game]:
    """Positions from the middle of random games (20%-80% of their length), ``count`` of them."""
    opts = _supported(ruleset, options or {})
    rng = random.Random(seed)
    positions: list[Game] = []
    game_index = 0
    while len(positions) < count:
        game = new_game(ruleset, players=players, seed=seed * 1_000 + game_index, options=opts)
        game_index += 1
        snapshots = []
        while not game.is_over:
            if game.num_actions % 25 == 0:
                snapshots.append(game.copy())
            game.apply(rng.choice(game.legal_actions()))
        length = game.num_actions
        positions.extend(s for s in snapshots if 0.2 * length <= s.num_actions <= 0.8 * length)
    return positions[:count]


def _per_call_us(fn: Callable[[], object], calls: int) -> float:
    start = time.perf_counter_ns()
    for _ in range(calls):
        fn()
    return (time.perf_counter_ns() - start) / calls / 1000


def call_costs(positions: list[Game], calls: int = 200, seed: int = 3) -> CallCosts:
    """Median per-call cost of ``legal_actions()`` (cache cleared), ``apply()``, ``copy()`` and
    ``determinize()`` for the seat to act."""
    rng = random.Random(seed)
    legal_us, apply_us, copy_us, determinize_us = [], [], [], []
    for pos in positions:

        def fresh_legal(g: Game = pos) -> object:
            g._legal = None  # the engine caches the list until the next apply; time the generation itself
            return g.legal_actions()

        legal_us.append(_per_call_us(fresh_legal, calls))
        legal = pos.legal_actions()
        copies = [pos.copy() for _ in range(calls)]
        chosen = [rng.choice(legal) for _ in range(calls)]
        start = time.perf_counter_ns()
        for g, a in zip(copies, chosen):
            g.apply(a)
        apply_us.append((time.perf_counter_ns() - start) / calls / 1000)
        copy_us.append(_per_call_us(pos.copy, calls))

        def deal(g: Game = pos, seat: int = pos.to_act or 0) -> object:
            return g.determinize(seat, rng)

        determinize_us.append(_per_call_us(deal, calls))
    medians = (statistics.median(costs) for costs in (legal_us, apply_us, copy_us, determinize_us))
    return CallCosts(len(positions), *medians)


def memory(ruleset: str, players: int, options: Mapping[str, Any] | None = None, seed: int = 4) -> Memory:
    opts = _supported(ruleset, options or {})
    tracemalloc.start()
    try:
        game = new_game(ruleset, players=players, seed=seed, options=opts)
        play_random(game, random.Random(seed))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rss_mib = rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024  # bytes on macOS, KiB on Linux
    return Memory(peak / 1024, rss_mib)


def machine() -> dict[str, str]:
    """Where the figures were measured, the build included: compiled and pure Python differ severalfold."""
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "build": build_info(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
    }


def player_counts(ruleset: str) -> list[int]:
    """The seat counts to measure: the largest up to 4 and the smallest, as the base game's 4 and 3."""
    rs = get_ruleset(ruleset)
    high = max(rs.min_players, min(4, rs.max_players))
    return sorted({high, rs.min_players}, reverse=True)


def run_bench(
    ruleset: str = "base",
    games: int = 20,
    runs: int = 5,
    positions: int = 60,
    others: bool = True,
    progress: Callable[[str], None] | None = None,
    compare_games: int = 500,
) -> BenchReport:
    """The whole benchmark; ``progress`` is told what is being measured (the CLI shows it). Long-lived
    objects are frozen out of the garbage collector first, as ``siedler simulate`` does."""
    say = progress or (lambda _text: None)
    new_game(ruleset, players=player_counts(ruleset)[0], seed=0)
    freeze_long_lived()
    results = []
    counts = player_counts(ruleset)
    offers_option = any(o.name == "max_offers" for o in get_ruleset(ruleset).all_options())
    for players in counts:
        say(f"{ruleset}: {players} random seats" + (", no offers" if offers_option else ""))
        results.append(throughput(ruleset, players, NO_OFFERS, games, runs))
    if offers_option:
        say(f"{ruleset}: {counts[0]} random seats, offers on (default options)")
        results.append(throughput(ruleset, counts[0], {}, games, runs))
    say(f"{ruleset}: legal_actions / apply / copy on mid-game positions")
    calls = call_costs(midgame_positions(ruleset, counts[0], NO_OFFERS, positions)) if positions else None
    say(f"{ruleset}: memory")
    mem = memory(ruleset, counts[0], NO_OFFERS)
    other_results: list[Throughput] = []
    failed: dict[str, str] = {}
    if others:
        names = [rs.name for rs in rulesets() if rs.name != ruleset]
        rounds = max(1, -(-compare_games // games))
        say(f"{ruleset}, {', '.join(names)}: {rounds * games} random games each, in turns")
        other_results, failed = compared_with_base(names, games, rounds, base=ruleset)
    return BenchReport(ruleset, machine(), results, calls, mem, other_results, failed)
