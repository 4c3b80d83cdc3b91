"""The engine benchmark behind ``siedler bench``: random-game throughput and per-call costs.

Random play is the yardstick because it exercises every rule and is what Catanatron's published figures
use. Every figure is the median over repeated runs (throughput) or over many mid-game positions (per-call
costs), never a single timing; memory is measured in a separate, untimed game because tracemalloc slows
Python down several times.
"""

from __future__ import annotations

import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from siedler.core.game import Game
from siedler.core.registry import get_ruleset, new_game, rulesets

#: Player-to-player offers off: Catanatron's random players make none, so this is the fair comparison.
NO_OFFERS: dict[str, Any] = {"max_offers": 0}


@dataclass(frozen=True)
class Throughput:
    """Complete random games of one rule set: medians over ``runs`` runs of ``games`` games each."""

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


@dataclass(frozen=True)
class CallCosts:
    """Median microseconds per call over mid-game positions (middle 60% of random games)."""

    positions: int
    legal_actions_us: float
    apply_us: float
    copy_us: float


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


def play_random(game: Game, rng: random.Random) -> None:
    """Uniformly random play to the end: legal-action generation, the choice and apply, nothing else."""
    choice = rng.choice
    while not game.is_over:
        game.apply(choice(game.legal_actions()))


def _supported(ruleset: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options this rule set knows (``max_offers`` means nothing to the card game)."""
    names = {o.name for o in get_ruleset(ruleset).all_options()}
    return {k: v for k, v in options.items() if k in names}


def throughput(ruleset: str, players: int, options: Mapping[str, Any] | None = None, games: int = 20,
               runs: int = 5, seed: int = 1) -> Throughput:
    """Play ``runs`` x ``games`` complete random games (different seeds each run) and take medians."""
    opts = _supported(ruleset, options or {})
    per_run_games, per_run_actions, lengths, unfinished = [], [], [], 0
    for run in range(runs):
        rng = random.Random(seed * 7919 + run)
        total = 0
        start = time.perf_counter()
        for i in range(games):
            game = new_game(ruleset, players=players, seed=seed * 100_003 + run * games + i, options=opts)
            play_random(game, rng)
            total += game.num_actions
            lengths.append(game.num_actions)
            unfinished += game.winner is None
        elapsed = time.perf_counter() - start
        per_run_games.append(games / elapsed)
        per_run_actions.append(total / elapsed)
    actions_per_second = statistics.median(per_run_actions)
    has_offers = "max_offers" in {o.name for o in get_ruleset(ruleset).all_options()}
    return Throughput(ruleset, players, opts, games, runs, statistics.median(per_run_games), actions_per_second,
                      1e6 / actions_per_second, float(statistics.median(lengths)), unfinished, has_offers)


def midgame_positions(ruleset: str, players: int, options: Mapping[str, Any] | None = None, count: int = 60,
                      seed: int = 2) -> list[Game]:
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
    """Median per-call cost of ``legal_actions()`` (cache cleared), ``apply()`` and ``copy()``."""
    rng = random.Random(seed)
    legal_us, apply_us, copy_us = [], [], []
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
    return CallCosts(len(positions), statistics.median(legal_us), statistics.median(apply_us),
                     statistics.median(copy_us))


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
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
    }


def player_counts(ruleset: str) -> list[int]:
    """The seat counts to measure: the largest up to 4 and the smallest, as the base game's 4 and 3."""
    rs = get_ruleset(ruleset)
    high = max(rs.min_players, min(4, rs.max_players))
    return sorted({high, rs.min_players}, reverse=True)


def run_bench(ruleset: str = "base", games: int = 20, runs: int = 5, positions: int = 60,
              others: bool = True, progress: Callable[[str], None] | None = None) -> BenchReport:
    """The whole benchmark; ``progress`` is told what is being measured (the CLI shows it)."""
    say = progress or (lambda _text: None)
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
    other_results, failed = [], {}
    if others:
        for rs in rulesets():
            if rs.name == ruleset:
                continue
            players = player_counts(rs.name)[0]
            say(f"{rs.name}: {players} random seats")
            try:
                other_results.append(throughput(rs.name, players, NO_OFFERS, games, runs))
            except Exception as exc:  # a rule set under construction must not hide the others' figures
                failed[rs.name] = f"{type(exc).__name__}: {exc}"
    return BenchReport(ruleset, machine(), results, calls, mem, other_results, failed)
