"""docs/rl.md's worked example: MaskablePPO (sb3-contrib) learns Deck Building against the random bot.

    python docs/examples/rl_train.py --minutes 10 --curve curve.svg

Needs ``pip install -e '.[rl]' sb3-contrib`` in a checkout and a CPU build of torch (docs/rl.md). Trains for
``--minutes`` of wall time on ``--envs`` games stepped together in this process (``siedler.envs.vector``,
seen by SB3 through ``Batched``, an SB3 ``VecEnv``; on a few cores a step of the environment costs less
than a worker process's pipe), recording the win rate of the
games played while training; then plays ``--eval-games`` games with the trained policy (masked,
deterministic) and as many with uniformly random legal moves, against the random bots from seat 1 (index 0),
prints both records (won, lost, ended by the turn limit) and, with ``--curve``, writes the win rate over the
steps as an SVG plot. ``--ruleset base`` trains on the base game against two random bots instead.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvStepReturn

import siedler.envs
from siedler.chart import Line, Mark, rate_chart
from siedler.envs import SiedlerVectorEnv

#: The most points of the training curve drawn: a game each would make a file of many hundred kilobytes.
CURVE_POINTS = 500
#: A batch of observations (the dict of ``observation`` and ``action_mask``, one row per game) -> actions.
Chooser = Callable[[dict[str, npt.NDArray[Any]]], npt.NDArray[np.int64]]


class Scaled(gymnasium.ObservationWrapper[dict[str, Any], np.int64, dict[str, Any]]):
    """The observation's counts as ``log(1 + n)``: they are unscaled (a turn counter runs to 200), which an
    untrained network's first layer takes badly. Passes the environment's ``action_masks`` on, for
    MaskablePPO."""

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        return scaled(observation)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        masks: npt.NDArray[np.bool_] = self.env.unwrapped.action_masks()  # type: ignore[attr-defined]
        return masks


def scaled(observation: dict[str, Any]) -> dict[str, Any]:
    """``Scaled``'s scaling, of one observation or of a batch."""
    return {**observation, "observation": np.log1p(observation["observation"])}


class Batched(VecEnv):
    """``siedler.envs.vector`` as SB3 steps it: SB3's ``VecEnv`` resets an ended game in the same step and
    gives its last observation in the infos (``terminal_observation``), so the vector runs with
    ``autoreset_mode="SameStep"``; observations scaled as ``Scaled`` scales them, and the masks for
    MaskablePPO from ``action_masks``, which SB3 asks of every environment by ``env_method``."""

    def __init__(self, envs: SiedlerVectorEnv) -> None:
        self.envs = envs
        super().__init__(envs.num_envs, envs.single_observation_space, envs.single_action_space)
        self.actions = np.zeros(envs.num_envs, dtype=np.int64)

    def reset(self) -> dict[str, Any]:
        seeds = getattr(self, "_seeds", [None])  # set by seed(), as SB3's own vector environments read it
        obs, _ = self.envs.reset(seed=seeds[0])
        if hasattr(self, "_reset_seeds"):
            self._reset_seeds()
        return scaled(obs)

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self.actions = np.asarray(actions)

    def step_wait(self) -> VecEnvStepReturn:
        obs, rewards, terminated, truncated, infos = self.envs.step(self.actions)
        dones = terminated | truncated
        told: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            told[i]["terminal_observation"] = scaled(infos["final_obs"][i])
            told[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        return scaled(obs), rewards.astype(np.float32), dones, told

    def close(self) -> None:
        self.envs.close()

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The vector's attribute, once per game asked (its games share their settings): ``render_mode``,
        which SB3 reads when it is made, and ``action_masks``, by which MaskablePPO finds masks."""
        return [getattr(self.envs, attr_name)] * len(self._get_indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(f"the games of a vector share their settings: {attr_name} is not set per game")

    def env_method(self, method_name: str, *args: Any, indices: VecEnvIndices = None, **kwargs: Any) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(f"{method_name}: only action_masks is asked of each game")
        masks = self.envs.action_masks()
        return [masks[i] for i in self._get_indices(indices)]

    def env_is_wrapped(
        self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]], indices: VecEnvIndices = None
    ) -> list[bool]:
        return [False] * len(self._get_indices(indices))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.envs.action_masks()


def factory(ruleset: str, opponents: int) -> Callable[[], gymnasium.Env[Any, Any]]:
    return lambda: Scaled(siedler.envs.make(ruleset, opponents=["random"] * opponents, info_view=False))


class Progress(BaseCallback):
    """Stops training once ``seconds`` of wall time have passed, and keeps ``(step, won)`` for every game
    that ended while training (the policy sampling its moves, as it learns)."""

    def __init__(self, seconds: float, window: int) -> None:
        super().__init__()
        self.start = time.monotonic()
        self.deadline, self.window, self.told = self.start + seconds, window, self.start
        self.games: list[tuple[int, bool]] = []

    def _on_step(self) -> bool:
        for done, reward in zip(self.locals["dones"], self.locals["rewards"]):
            if done:
                self.games.append((self.num_timesteps, bool(reward > 0)))
        return time.monotonic() < self.deadline

    def _on_rollout_end(self) -> None:
        now = time.monotonic()
        if now - self.told >= 30 and self.games:
            self.told = now
            last = self.games[-self.window :]
            print(
                f"{now - self.start:4.0f} s {self.num_timesteps:9,} steps {len(self.games):6,} games, "
                f"won {sum(w for _, w in last) / len(last):.1%} of the last {len(last)}",
                flush=True,
            )


def results(choose: Chooser, make: Callable[[], gymnasium.Env[Any, Any]], games: int, seed: int) -> tuple[int, int]:
    """Games won and lost by ``choose`` (the rest ended by the turn limit), game ``i`` seeded ``seed + i``;
    up to 50 games at a time, so that the policy sees a batch of observations."""
    wins = losses = 0
    envs = [make() for _ in range(min(games, 50))]
    for first in range(0, games, len(envs)):
        playing = envs[: games - first]
        obs = [env.reset(seed=seed + first + i)[0] for i, env in enumerate(playing)]
        while playing:
            batch = {key: np.stack([o[key] for o in obs]) for key in obs[0]}
            steps = [env.step(int(a)) for env, a in zip(playing, choose(batch))]
            ended = [terminated or truncated for _, _, terminated, truncated, _ in steps]
            wins += sum(float(reward) > 0 for _, reward, *_ in steps)
            losses += sum(float(reward) < 0 for _, reward, *_ in steps)
            playing = [env for env, end in zip(playing, ended) if not end]
            obs = [step[0] for step, end in zip(steps, ended) if not end]
    return wins, losses


def told(wins: int, losses: int, games: int) -> str:
    return f"win rate {wins / games:.3f} ({wins} won, {losses} lost, {games - wins - losses} truncated)"


def curve_svg(games: list[tuple[int, bool]], window: int, title: str, final: float) -> str:
    """The win rate over the last ``window`` games (over all of them until there are ``window``, from the
    20th) against the step each ended at, as plain SVG (``siedler.chart``), at most ``CURVE_POINTS`` points
    of it; ``final``, the trained policy's evaluation, as a point at the last step."""
    last = max((step for step, _ in games), default=1)
    won = np.concatenate([[0.0], np.cumsum([w for _, w in games], dtype=float)])
    first = min(20, window) - 1
    every = max(1, (len(games) - first) // CURVE_POINTS)
    points = [
        (games[i][0], float(won[i + 1] - won[max(i + 1 - window, 0)]) / min(i + 1, window))
        for i in [*range(first, len(games) - 1, every), len(games) - 1]
        if i >= first
    ]
    return rate_chart(
        [Line("games played while training", points)],
        title=title,
        x_label="steps",
        y_label=f"win rate, last {window} games",
        marks=[Mark(last, final, f"the trained policy, deterministic: {final:.1%}")],
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", choices=["deck-building", "base"], default="deck-building")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--envs", type=int, default=8, help="games stepped together (siedler.envs.vector)")
    parser.add_argument("--n-steps", type=int, default=256, help="steps of each environment per update")
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--net", type=int, nargs="+", default=[64, 64], help="hidden layers' sizes")
    parser.add_argument("--threads", type=int, default=1, help="torch's threads")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", help="write the win rate over the steps here, as SVG")
    parser.add_argument("--window", type=int, default=100, help="games per point of the curve")
    parser.add_argument("--save", help="save the trained model here (MaskablePPO.load reads it)")
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    opponents = 1 if args.ruleset == "deck-building" else 2
    make = factory(args.ruleset, opponents)
    vector = siedler.envs.vector(args.ruleset, args.envs, opponents=["random"] * opponents, autoreset_mode="SameStep")
    envs = Batched(vector)
    envs.seed(args.seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        envs,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        gamma=args.gamma,
        learning_rate=args.lr,
        policy_kwargs={"net_arch": args.net},
        seed=args.seed,
        verbose=0,
    )
    progress = Progress(args.minutes * 60, args.window)
    start = time.monotonic()
    model.learn(total_timesteps=10**10, callback=progress)
    print(f"trained {model.num_timesteps} steps in {time.monotonic() - start:.0f} s", flush=True)

    def trained(batch: dict[str, npt.NDArray[Any]]) -> npt.NDArray[np.int64]:
        actions, _ = model.predict(batch, action_masks=batch["action_mask"].astype(bool), deterministic=True)
        return np.asarray(actions, dtype=np.int64)

    rng = np.random.default_rng(args.seed)

    def uniform(batch: dict[str, npt.NDArray[Any]]) -> npt.NDArray[np.int64]:
        return np.array([rng.choice(np.flatnonzero(mask)) for mask in batch["action_mask"]], dtype=np.int64)

    if args.save:
        model.save(args.save)
    games = args.eval_games
    print(f"against random, random moves:   {told(*results(uniform, make, games, 10**6), games)}", flush=True)
    wins, losses = results(trained, make, games, 10**6)
    print(f"against random, trained policy: {told(wins, losses, games)}", flush=True)
    if args.curve:
        title = f"MaskablePPO on {args.ruleset} against random bots: {args.minutes:g} minutes, {args.envs} envs"
        with open(args.curve, "w", encoding="utf-8") as out:
            out.write(curve_svg(progress.games, args.window, title, wins / games))


if __name__ == "__main__":
    main()
