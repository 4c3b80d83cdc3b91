"""Legal play is pinned: digests of 2,000 steps of masked random play (observations, masks, rewards, ends,
infos with their views) taken on main at 68dfd07, before the environments' step was made cheaper. A change
that moves any number a learner sees, for legal actions and fixed seeds, fails here. The bots are random ones
(``LegalPolicy``): a change of a stronger bot's play is no change of the environments."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pytest

import siedler.envs

STEPS = 2000
#: (rule set, keywords of ``siedler.envs.make``, the digest at 68dfd07).
GOLDEN: list[tuple[str, dict[str, Any], str]] = [
    ("base", {}, "994af9ab342251b415e57ad141da5efb6b21fc1d4dacc548e42aa061b45d8308"),
    (
        "base",
        {"seat": "random", "info_view": False},
        "0cf97153a4a51d08f4f2251edd137c0b388711e6f351633634dda7f26ab1577a",
    ),
    ("deck-building", {}, "fef8769f3d43425559222b45c1a7069f6a064d9447072c081055fc0b0ba96cac"),
    ("fishermen", {"opponents": ["random"] * 3}, "d5977e6e1f1168ac1c230e0bcd64293fe001963d3081a95ea8423409435358b9"),
    ("soldiers-and-armies", {"obs_type": "dict"}, "c8fcd66c4d4424839185bc09c5e5801cc79f897cd9e3bbe547f058be328a80ad"),
]
#: (rule set, players, the digest at 68dfd07) of the PettingZoo AEC environment.
GOLDEN_AEC = [("base", 4, "a349887d2f6aa7fc7e1fbe6ab4b42b5f5ed0ba68c9c367eb7335733c2c2ef711")]


class Digest:
    def __init__(self) -> None:
        self.hash = hashlib.sha256()

    def feed(self, obs: dict[str, Any], info: dict[str, Any], *rest: Any) -> None:
        observation = obs["observation"]
        for part in observation.values() if isinstance(observation, dict) else [observation]:
            self.hash.update(np.ascontiguousarray(part).tobytes())
        self.hash.update(obs["action_mask"].tobytes())
        self.hash.update(repr((info.get("seat"), *rest)).encode())
        if "view" in info:
            self.hash.update(json.dumps(info["view"], sort_keys=True).encode())


def gymnasium_digest(ruleset: str, kwargs: dict[str, Any], seed: int = 11) -> str:
    env = siedler.envs.make(ruleset, **kwargs)
    rng = np.random.default_rng(seed)
    digest = Digest()
    obs, info = env.reset(seed=seed)
    digest.feed(obs, info)
    for _ in range(STEPS):
        obs, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        digest.feed(obs, info, reward, terminated, truncated)
        if terminated or truncated:
            obs, info = env.reset()
            digest.feed(obs, info)
    return digest.hash.hexdigest()


def aec_digest(ruleset: str, players: int, seed: int = 11) -> str:
    env = siedler.envs.env(ruleset=ruleset, players=players)
    rng = np.random.default_rng(seed)
    digest = Digest()
    env.reset(seed=seed)
    for _ in range(STEPS):
        if not env.agents:
            env.reset()
        agent = env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        digest.feed(obs, info, agent, reward, terminated, truncated)
        env.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"])))
    return digest.hash.hexdigest()


@pytest.mark.parametrize(("ruleset", "kwargs", "expected"), GOLDEN, ids=[f"{r}-{k}" for r, k, _ in GOLDEN])
def test_legal_play_is_as_it_was(ruleset: str, kwargs: dict[str, Any], expected: str) -> None:
    assert gymnasium_digest(ruleset, kwargs) == expected


@pytest.mark.parametrize(("ruleset", "players", "expected"), GOLDEN_AEC)
def test_legal_play_in_the_aec_environment_is_as_it_was(ruleset: str, players: int, expected: str) -> None:
    assert aec_digest(ruleset, players) == expected
