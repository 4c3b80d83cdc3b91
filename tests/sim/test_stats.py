"""Win-rate statistics: the Wilson interval against published values, and the run summary."""

from __future__ import annotations

import pytest

from siedler.sim import summarize, wilson_interval


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Reference values of the 95% Wilson score interval (z = 1.96), e.g. Newcombe (1998), table I.
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (1, 29, 0.0061, 0.1718),
        (15, 148, 0.0624, 0.1605),
    ],
)
def test_wilson_interval_matches_reference_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, games)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_is_symmetric_and_contains_the_rate() -> None:
    for n in (1, 7, 100):
        for k in range(n + 1):
            lo, hi = wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            mlo, mhi = wilson_interval(n - k, n)
            assert lo == pytest.approx(1 - mhi) and hi == pytest.approx(1 - mlo)


def test_wilson_interval_without_trials_and_bad_counts() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)


def _result(
    game: int, winner: int | None, seats: list[str], turns: int, actions: int, outcome: str | None = None
) -> dict[str, object]:
    return {
        "game": game,
        "seed": game,
        "seats": seats,
        "winner": winner,
        "winner_bot": seats[winner] if winner is not None else None,
        "scores": [0] * len(seats),
        "turns": turns,
        "actions": actions,
        "outcome": outcome or ("win" if winner is not None else "no_winner"),
    }


def test_summary_counts_wins_by_seat_and_by_bot() -> None:
    seats = ["greedy", "random", "random"]
    results = [
        _result(0, 0, seats, 10, 100),
        _result(1, 0, seats, 20, 200),
        _result(2, 2, seats, 30, 300),
        _result(3, None, seats, 40, 400),
        _result(4, None, seats, 5, 50, "aborted"),
    ]
    s = summarize(results, seats, elapsed=2.0)
    assert [r.wins for r in s.seats] == [2, 0, 1]
    assert [r.label for r in s.seats] == ["seat 1 (greedy)", "seat 2 (random)", "seat 3 (random)"]  # from 1
    assert [r.label for r in summarize(results, seats, 2.0, rotate=True).seats] == ["seat 1", "seat 2", "seat 3"]
    assert all(r.games == 5 for r in s.seats)
    bots = {r.label: r for r in s.bots}
    assert bots["greedy"].wins == 2 and bots["random"].wins == 1
    assert bots["random"].share == pytest.approx(2 / 3)
    assert bots["greedy"].rate == pytest.approx(0.4)
    assert (bots["greedy"].low, bots["greedy"].high) == wilson_interval(2, 5)
    assert (s.wins, s.no_winner, s.aborted) == (3, 1, 1)
    assert s.turns.median == 20 and s.turns.mean == pytest.approx(21)
    assert s.actions.minimum == 50 and s.actions.maximum == 400
    assert s.games_per_second == pytest.approx(2.5)
    assert s.to_json()["bots"][0]["label"] == "greedy"
