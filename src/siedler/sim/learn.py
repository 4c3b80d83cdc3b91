"""Learning a value from self-play (``siedler learn``): play games, record each seat's features along the
way with the seat's outcome, and fit the weights of a linear value by logistic regression on win or loss.

The features are the rule set's own (``Knowledge.features``: the family's, with what a rule set or an
extension adds in its own package), taken every ``every`` actions for every seat from a determinized copy
dealt for that seat, so that a row holds only what the seat could know. The rows go to one Parquet file
(a column per feature, with ``game``, ``action``, ``seat``, ``bot`` and ``won``); the fitted weights to a
TOML file that the value and MCTS bots read (``value:weights=PATH``, ``siedler.bots.learned``).

The fit: features standardized, an intercept, a small ridge penalty, Newton's method (numpy, the lab's
extra); the weights are scaled so that a victory point is worth 1000, as in the hand weights, since the
search's temperature is in those units (a feature the games never varied gets 0).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from siedler.bots.knowledge import knowledge_for
from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game

from .config import SimConfig
from .runner import game_seed, map_games, play_indexed

#: The columns of a row besides the features.
KEYS = ("game", "action", "seat", "bot", "won")
#: The feature the weights are scaled by, and its value.
ANCHOR, ANCHOR_VALUE = "victory_point", 1000.0
RIDGE = 1e-4
NEWTON_ROUNDS = 50


def record_game(job: tuple[SimConfig, int, int]) -> list[dict[str, Any]]:
    """Game ``index`` of the run, played out; a row per seat every ``every`` actions (module level: the
    workers pickle it)."""
    config, index, every = job
    rng = random.Random(f"learn:{game_seed(config.seed, index)}")
    rows: list[dict[str, Any]] = []

    def watch(game: Game, seat: int, action: Action) -> None:
        if game.num_actions % every:
            return
        for p in range(game.num_players):
            seen = game.determinize(p, rng)
            features = knowledge_for(seen).features
            if features is None:
                raise OptionError(f"the bots know no features of {game.ruleset}: nothing to learn from")
            rows.append({"game": index, "action": game.num_actions, "seat": p, **features(seen, p)})

    _, result = play_indexed(config, index, watch=watch)
    for row in rows:
        row["bot"] = result["seats"][row["seat"]]
        row["won"] = 1.0 if result["winner"] == row["seat"] else 0.0
    return rows


def record(config: SimConfig, every: int, workers: int = 1) -> list[dict[str, Any]]:
    """Every game's rows, in game order (the same for any number of workers)."""
    if every < 1:
        raise OptionError(f"every must be at least 1, not {every}")
    config = config.checked()
    jobs = [(config, i, every) for i in range(config.games)]
    return [row for rows in map_games(record_game, jobs, workers, config) for row in rows]


def feature_names(rows: Sequence[dict[str, Any]]) -> list[str]:
    return [k for k in rows[0] if k not in KEYS] if rows else []


def write_rows(rows: Sequence[dict[str, Any]], path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise OptionError("the samples are a Parquet file: pip install 'siedler[lab]' (pyarrow)") from None
    pq.write_table(pa.Table.from_pylist(list(rows)), path)


@dataclass(frozen=True)
class Fit:
    """Weights on the log-odds scale of winning (``coef`` per feature, ``intercept``)."""

    names: tuple[str, ...]
    coef: tuple[float, ...]
    intercept: float

    def scaled(self) -> dict[str, float]:
        """The weights with ``ANCHOR`` worth ``ANCHOR_VALUE`` (if it is missing or not positive, the log-odds
        times ``ANCHOR_VALUE``)."""
        by_name = dict(zip(self.names, self.coef, strict=True))
        anchor = by_name.get(ANCHOR, 0.0)
        scale = ANCHOR_VALUE / anchor if anchor > 0 else ANCHOR_VALUE
        return {name: c * scale for name, c in by_name.items()}


def fit_logistic(names: Sequence[str], x: Any, y: Any, ridge: float = RIDGE) -> Fit:
    """Logistic regression of ``y`` (0 or 1 per row) on the columns of ``x`` (numpy arrays)."""
    import numpy as np

    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    mean, sd = x.mean(axis=0), x.std(axis=0)
    varied = sd > 0
    z = np.zeros_like(x)
    z[:, varied] = (x[:, varied] - mean[varied]) / sd[varied]
    z = np.hstack([np.ones((len(x), 1)), z])
    beta = np.zeros(z.shape[1])
    penalty = ridge * len(x) * np.eye(z.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(NEWTON_ROUNDS):
        p = 1.0 / (1.0 + np.exp(-(z @ beta)))
        hessian = z.T @ (z * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian, z.T @ (y - p) - penalty @ beta)
        beta += step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    coef = np.where(varied, beta[1:] / np.where(varied, sd, 1.0), 0.0)
    intercept = float(beta[0] - np.sum(np.where(varied, mean * beta[1:] / np.where(varied, sd, 1.0), 0.0)))
    return Fit(tuple(names), tuple(float(c) for c in coef), intercept)


def fit_rows(rows: Sequence[dict[str, Any]]) -> Fit:
    names = feature_names(rows)
    if not names:
        raise OptionError("no samples to fit: play more games or record more often")
    x = [[float(row[n]) for n in names] for row in rows]
    return fit_logistic(names, x, [row["won"] for row in rows])


def weights_toml(ruleset: str, weights: Mapping[str, float], note: str, intercept: float | None = None) -> str:
    """The learned-weights file (``siedler.bots.learned.read_weights`` reads it): ``weights`` per feature,
    from a fit (``Fit.scaled``, with its ``intercept`` kept for the record) or from a search by win rate
    (``bench/tune_value.py``, which has none)."""
    lines = [f"# {line}" for line in note.splitlines()]
    lines.append(f'ruleset = "{ruleset}"')
    if intercept is not None:
        lines.append(f"intercept = {intercept!r}  # log-odds, for the record")
    lines += ["", "[weights]"]
    lines += [f"{name} = {w!r}" for name, w in weights.items()]
    return "\n".join(lines) + "\n"
