"""Rewards at the end of a game: win/loss (default) or the difference in victory points; and what an
illegal index does."""

from __future__ import annotations

from siedler.core.game import Game

REWARDS = ("win", "vp")
#: What an illegal index does, as PettingZoo's classic games: ``"lose"`` (the default) ends the episode, the
#: seat that played it losing (reward ``LOSS``) and its info saying which index and why in ``"illegal"``,
#: the game unchanged; ``"raise"``: ``IllegalAction``, nothing changed, the episode goes on.
ILLEGAL = ("lose", "raise")
LOSS = -1.0


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
    return illegal


def final_reward(game: Game, seat: int, reward: str) -> float:
    """``"win"``: 1 for the winner, -1 for the others, 0 for everyone when the turn limit ends the game.
    ``"vp"``: the seat's final score minus the best other score (scores are all known at the end).
    Both are paid once, at the end; every other step pays 0."""
    if reward == "vp":
        scores = game.scores()
        return float(scores[seat] - max(s for p, s in enumerate(scores) if p != seat))
    if game.winner is None:
        return 0.0
    return 1.0 if game.winner == seat else -1.0
