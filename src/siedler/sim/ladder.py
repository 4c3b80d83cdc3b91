"""The bot ladder: seat-rotated games between bots, their win rates, a rating and their decision times.

Game ``i`` seats a window of the bot list, rotated: with ``n`` bots and ``P`` seats, window ``k = (i // P)
mod n`` is bots ``k, k+1, ... k+P-1`` (modulo ``n``; a bot may hold several seats when ``n < P``), shifted
by ``i mod P`` seats. Over every ``n * P`` games each bot sits in each seat equally often (``P`` times,
whatever ``n`` is), so neither the seat nor the company decides a bot's rate. Games are played by
``siedler.sim.runner`` like any simulation, each bot wrapped to time its decisions.

The rating is the Bradley-Terry model on the Elo scale (400 points: 10 to 1 odds), fitted by maximum
likelihood over every pair (the winner beat each other bot at the table), with one win and one loss
against a 1500-rated anchor per bot so that a bot that never wins (or never loses) keeps a finite rating.
Unlike running Elo updates it does not depend on the order the games were played in.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from siedler.bots.base import Bot
from siedler.core.actions import Action
from siedler.core.game import Game

from .config import SimConfig
from .runner import GameResult, map_games, play_indexed
from .stats import WinRate

ANCHOR = 1500.0
ELO_SCALE = 400.0
FIT_ROUNDS = 500


def lineup(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot in each seat of game ``index`` (see the module's docstring)."""
    n = len(bots)
    window, shift = (index // players) % n, index % players
    return tuple(bots[(window + (seat - shift) % players) % n] for seat in range(players))


def cycle(bots: Sequence[str], players: int) -> int:
    """Games after which every bot has sat in every seat equally often."""
    return len(bots) * players


class TimedBot:
    """A bot whose decisions are timed (wall clock, nanoseconds), for the ladder's decision-time figures."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[int] = []

    def decide(self, game: Game, seat: int) -> Action:
        began = time.perf_counter_ns()
        action = self.bot.decide(game, seat)
        self.times.append(time.perf_counter_ns() - began)
        return action


def play_ladder_game(job: tuple[SimConfig, int]) -> GameResult:
    """Play one ladder game; its result carries each seat's decision times (module level: it is pickled)."""
    config, index = job
    timed: list[TimedBot] = []

    def wrap(bot: Bot) -> Bot:
        timed.append(TimedBot(bot))
        return timed[-1]

    _, result = play_indexed(config, index, wrap=wrap)
    result["decision_ns"] = [t.times for t in timed]
    return result


def ladder_jobs(config: SimConfig, bots: Sequence[str]) -> list[tuple[SimConfig, int]]:
    """One job per game: the config seated with that game's lineup (``config.seats`` gives the seat count)."""
    players = len(config.seats)
    return [(replace(config, seats=lineup(bots, players, i), rotate=False), i) for i in range(config.games)]


def run_ladder(config: SimConfig, bots: Sequence[str], workers: int = 1) -> Iterable[GameResult]:
    """Every game's result in game order; ``config`` is checked first (seat count, options, every bot)."""
    config = replace(config, seats=lineup(bots, len(config.seats), 0)).checked()
    return map_games(play_ladder_game, ladder_jobs(config, bots), workers, config, freeze_gc=True)


@dataclass(frozen=True)
class Standing:
    """One bot's line in the ladder: wins per seat it held (fair share 1/players), rating, decision times."""

    bot: str
    rate: WinRate
    rating: float
    decisions: int
    median_ms: float
    p99_ms: float

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "wins": self.rate.wins,
            "seats_played": self.rate.games,
            "win_rate": self.rate.rate,
            "low": self.rate.low,
            "high": self.rate.high,
            "fair_share": self.rate.share,
            "rating": self.rating,
            "decisions": self.decisions,
            "median_ms": self.median_ms,
            "p99_ms": self.p99_ms,
        }


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (``q`` in 0..100) of ``values``, which need not be sorted."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def bradley_terry(bots: Sequence[str], wins: dict[tuple[str, str], int]) -> dict[str, float]:
    """Elo-scale ratings from ``wins[(a, b)]``, the times ``a`` beat ``b``, by the MM algorithm (Hunter 2004)
    with one virtual win and loss per bot against the anchor (strength 1, rating ``ANCHOR``)."""
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(FIT_ROUNDS):
        updated = {}
        for a in bots:
            won = 1.0 + sum(wins.get((a, b), 0) for b in bots)
            games = 2.0 / (strength[a] + 1.0)
            for b in bots:
                meetings = wins.get((a, b), 0) + wins.get((b, a), 0)
                if meetings and b != a:
                    games += meetings / (strength[a] + strength[b])
            updated[a] = won / games
        strength = updated
    return {b: ANCHOR + ELO_SCALE * math.log10(s) for b, s in strength.items()}


def standings(results: Sequence[GameResult], bots: Sequence[str]) -> list[Standing]:
    """The ladder's table, strongest rating first."""
    players = len(results[0]["seats"]) if results else 1
    seats_played = dict.fromkeys(bots, 0)
    won = dict.fromkeys(bots, 0)
    pairs: dict[tuple[str, str], int] = {}
    times: dict[str, list[int]] = {b: [] for b in bots}
    for r in results:
        for seat, bot in enumerate(r["seats"]):
            seats_played[bot] += 1
            times[bot].extend(r["decision_ns"][seat])
        winner = r["winner_bot"]
        if winner is None:
            continue
        won[winner] += 1
        for bot in set(r["seats"]) - {winner}:
            pairs[(winner, bot)] = pairs.get((winner, bot), 0) + 1
    ratings = bradley_terry(bots, pairs)
    table = [
        Standing(
            bot,
            WinRate.of(bot, won[bot], seats_played[bot], 1 / players),
            ratings[bot],
            len(times[bot]),
            statistics.median(times[bot]) / 1e6 if times[bot] else math.nan,
            percentile(times[bot], 99) / 1e6 if times[bot] else math.nan,
        )
        for bot in bots
    ]
    return sorted(table, key=lambda s: -s.rating)
