"""docs/rl.md's worked example: MaskablePPO (sb3-contrib) learns Deck Building against the random bot.

    python docs/examples/rl_train.py --minutes 5 --eval-games 200

Needs ``pip install 'siedler[rl]' sb3-contrib`` (which brings torch). Trains for about ``--minutes`` of wall
time, then plays ``--eval-games`` games with the trained policy (masked, deterministic) and as many with
uniformly random legal moves, both against the random bot from seat 1 (index 0), and prints both records (won, lost,
ended by the turn limit).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import siedler.envs


class Budget(BaseCallback):
    """Stops training once ``seconds`` of wall time have passed."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def results(choose: Any, games: int, seed: int) -> str:
    """Wins, losses and games ended by the turn limit (truncated) of ``choose`` from seat 1 (index 0)."""
    env = siedler.envs.make("deck-building", opponents=["random"], info_view=False)
    wins = losses = 0
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(choose(obs, env))
            done = terminated or truncated
        wins += reward > 0
        losses += reward < 0
    return f"win rate {wins / games:.3f} ({wins} won, {losses} lost, {games - wins - losses} truncated)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = siedler.envs.make("deck-building", opponents=["random"], info_view=False)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=256, seed=args.seed, verbose=0)
    start = time.monotonic()
    model.learn(total_timesteps=10**9, callback=Budget(args.minutes * 60))
    print(f"trained {model.num_timesteps} steps in {time.monotonic() - start:.0f} s", flush=True)

    def trained(obs: Any, env: Any) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(obs: Any, env: Any) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    print(f"against random, random moves:   {results(uniform, args.eval_games, 10**6)}", flush=True)
    print(f"against random, trained policy: {results(trained, args.eval_games, 10**6)}", flush=True)


if __name__ == "__main__":
    main()
