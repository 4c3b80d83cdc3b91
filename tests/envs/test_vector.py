"""The vector environment (``siedler.envs.vector``): its games are ``SiedlerEnv``'s, stepped together.

Gymnasium has no checker of vector environments; the reference here is its own ``SyncVectorEnv`` of
``SiedlerEnv``: with the same seeds and actions the vector must give the very same batches, rewards, ends,
infos and resets, in both autoreset modes and both observation types. Then what the batch says of each game
(its mask row against the game's legal actions, its observation row against the encoder's reading of the
view), seeding, and illegal indices.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode

import siedler.envs
from siedler.core.errors import IllegalAction
from siedler.envs import SiedlerVectorEnv

#: Short games, so that every game ends (truncated) and is reset several times within a test.
SHORT = {"turn_limit": 4}


def random_actions(masks: np.ndarray, rng: random.Random) -> np.ndarray:
    """A uniformly random legal index per row of ``masks`` (0 where nothing is legal: the game ended)."""
    legal = [np.flatnonzero(row) for row in masks]
    return np.array([int(m[rng.randrange(len(m))]) if len(m) else 0 for m in legal], dtype=np.int64)


def play_both(
    ruleset: str, n: int, steps: int, mode: AutoresetMode, obs_type: str = "flat", options: Any = None
) -> int:
    """Steps the vector and a ``SyncVectorEnv`` of ``SiedlerEnv`` alike; returns how many games ended."""
    kwargs = {"options": options, "obs_type": obs_type}
    vec = siedler.envs.vector(ruleset, n, autoreset_mode=mode, **kwargs)
    ref = gymnasium.vector.SyncVectorEnv([lambda: siedler.envs.make(ruleset, **kwargs)] * n, autoreset_mode=mode)
    got, got_info = vec.reset(seed=7)
    want, want_info = ref.reset(seed=7)
    rng = random.Random(1)
    ended = 0
    for step in range(steps):
        assert data_equivalence(got, want, exact=True), step
        assert data_equivalence(got_info, want_info, exact=True), step
        assert vec.observation_space.contains(got)
        actions = random_actions(got["action_mask"], rng)
        got, reward, terminated, truncated, got_info = vec.step(actions)
        want, want_reward, want_terminated, want_truncated, want_info = ref.step(actions)
        assert data_equivalence(
            (reward, terminated, truncated), (want_reward, want_terminated, want_truncated), exact=True
        ), step
        ended += int(np.sum(terminated | truncated))
    assert data_equivalence(got_info, want_info, exact=True)
    return ended


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_the_vector_plays_the_games_of_gymnasiums_sync_vector_of_single_environments(mode: AutoresetMode) -> None:
    assert play_both("base", 4, 300, mode, options=SHORT) > 4  # games ended and were reset
    assert play_both("deck-building", 3, 300, mode) >= 0


def test_the_dict_observation_and_an_extension_match_too() -> None:
    play_both("fishermen", 3, 150, AutoresetMode.NEXT_STEP, obs_type="dict", options={**SHORT, "harbormaster": True})


def test_each_mask_row_marks_exactly_its_games_legal_actions_and_each_row_is_its_seats_observation() -> None:
    vec = siedler.envs.vector("base", 5, seat="random", options=SHORT)
    obs, info = vec.reset(seed=3)
    rng = random.Random(2)
    for _ in range(120):
        for i, (game, seat) in enumerate(zip(vec.games, vec.seats)):
            assert info["seat"][i] == seat
            row = np.flatnonzero(obs["action_mask"][i])
            legal = game.legal_actions() if game.to_act == seat else ()
            assert sorted(vec.actions.index[a] for a in legal) == row.tolist()
            assert sorted(vec.legal_indices()[i].tolist()) == row.tolist()
            assert vec.action_masks()[i].tolist() == [bool(x) for x in obs["action_mask"][i]]
            if not game.is_over:  # an ended game's row stays as it ended until it is reset
                encoder = vec.slots[i].encoder
                assert np.array_equal(obs["observation"][i], encoder.encode(game.view(seat), seat))
        obs, _, _, _, info = vec.step(random_actions(vec.action_masks(), rng))


def test_seeds_reproduce_and_each_game_has_its_own() -> None:
    def run(seed: int) -> list[Any]:
        vec = siedler.envs.vector("deck-building", 3)
        obs, _ = vec.reset(seed=seed)
        rng = random.Random(0)
        seen = [obs["observation"].copy()]
        for _ in range(50):
            obs, *_ = vec.step(random_actions(vec.action_masks(), rng))
            seen.append(obs["observation"].copy())
        return seen

    first = run(11)
    assert all(np.array_equal(a, b) for a, b in zip(first, run(11)))
    assert not all(np.array_equal(a, b) for a, b in zip(first, run(12)))
    # Game i is seeded 11 + i: game 1 of seed 11 is game 0 of seed 12, until their actions differ.
    assert np.array_equal(first[0][1], run(12)[0][0])


def test_a_partial_reset_resets_only_the_games_marked() -> None:
    vec = siedler.envs.vector("deck-building", 3)
    vec.reset(seed=5)
    rng = random.Random(0)
    for _ in range(20):
        vec.step(random_actions(vec.action_masks(), rng))
    before = vec.games
    obs, _ = vec.reset(seed=5, options={"reset_mask": np.array([False, True, False])})
    assert vec.games[0] is before[0] and vec.games[2] is before[2] and vec.games[1] is not before[1]
    fresh, _ = siedler.envs.vector("deck-building", 3).reset(seed=5)
    assert np.array_equal(obs["observation"][1], fresh["observation"][1])


def test_an_illegal_index_ends_that_game_with_a_loss_and_says_why_the_others_play_on() -> None:
    vec = siedler.envs.vector("base", 2)
    obs, _ = vec.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(obs["action_mask"][1])[0])
    game = vec.games[0]
    actions_before = game.num_actions
    obs, reward, terminated, truncated, info = vec.step(np.array([illegal, legal]))
    assert reward.tolist() == [-1.0, 0.0] and terminated.tolist() == [True, False] and not truncated.any()
    assert info["_illegal"].tolist() == [True, False]
    assert f"action index {illegal}" in info["illegal"][0] and "is not legal now" in info["illegal"][0]
    assert game.num_actions == actions_before and not obs["action_mask"][0].any()
    obs, reward, terminated, _, _ = vec.step(np.array([0, int(np.flatnonzero(obs["action_mask"][1])[0])]))
    assert vec.games[0] is not game and obs["action_mask"][0].any() and reward[0] == 0.0  # reset, next step


def test_illegal_raise_refuses_before_any_game_moves() -> None:
    vec = siedler.envs.vector("base", 2, illegal="raise")
    obs, _ = vec.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"][0])[0])
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    counts = [g.num_actions for g in vec.games]
    with pytest.raises(IllegalAction, match=f"action index {illegal}"):
        vec.step(np.array([legal, illegal]))
    assert [g.num_actions for g in vec.games] == counts
    with pytest.raises(IllegalAction, match="whole number"):
        vec.step(np.array(["end", "end"]))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": 2, "autoreset_mode": AutoresetMode.DISABLED}, "autoreset_mode"),
        ({"num_envs": 2, "seat": 5}, "seat index"),
        ({"num_envs": 2, "opponents": ["random", "nobody"]}, "nobody"),
        ({"num_envs": 2, "info_view": True}, "info_view"),
    ],
)
def test_bad_settings_are_refused_when_the_vector_is_made(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises((ValueError, KeyError), match=message):
        SiedlerVectorEnv("base", **kwargs)


def test_a_step_needs_one_action_per_game() -> None:
    vec = siedler.envs.vector("deck-building", 2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        vec.step(np.array([0, 0, 0]))


def test_gymnasiums_vector_wrappers_take_it() -> None:
    inner = siedler.envs.vector("base", 2, options=SHORT)
    vec = gymnasium.wrappers.vector.RecordEpisodeStatistics(inner)
    vec.reset(seed=0)
    rng = random.Random(0)
    episodes = 0
    for _ in range(60):
        *_, info = vec.step(random_actions(inner.action_masks(), rng))
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    assert episodes > 0
