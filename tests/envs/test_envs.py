"""The RL environments (siedler.envs): the standard API checks for every registered rule set, the action
space and its mask, observations that see only what the seat's view shows, reproducibility and pickling."""

from __future__ import annotations

import importlib
import pickle
import random
import re
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

import siedler
import siedler.envs
from siedler.bots import FairBot
from siedler.core.game import Game
from siedler.core.registry import get_ruleset, rulesets
from siedler.envs.observe import Observer
from siedler.games.catan.encoding import CatanPart
from siedler.games.catan.encoding import encoder as catan_encoder

from ..contracts.combos import CONFIGURATIONS, IDS
from ..hidden import check_views_hide
from ..random_games import played
from ..soldiers_and_armies.positions import position

#: Every registered rule set: a new one joins these tests by registering.
RULESETS = [r.name for r in rulesets()]
#: The rule sets of the project, whose views tests/hidden.py knows how to twin.
BUILTIN = [r.name for r in rulesets() if r.game_class.__module__.startswith("siedler.games.")]


def random_play(env: siedler.envs.SiedlerEnv, seed: int, steps: int) -> list[Any]:
    """Masked random actions from a seeded generator; the observations and rewards seen. At every step the
    environment's list of legal indices is what the mask marks."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen: list[Any] = [obs["observation"]]
    for _ in range(steps):
        marked = np.flatnonzero(obs["action_mask"])
        assert sorted(env.legal_indices().tolist()) == marked.tolist()
        obs, reward, terminated, truncated, _ = env.step(rng.choice(marked))
        seen += [obs["observation"], reward]
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_api(ruleset: str) -> None:
    api_test(siedler.envs.env(ruleset=ruleset), num_cycles=60)


def test_an_illegal_index_in_the_aec_env_loses_for_that_agent() -> None:
    """Seat 1 (``player_1``) is to found its first settlement (seed 4): it plays a city, which loses it the
    game, the others get 0, everyone is done, and its info says which index and why; the game is unchanged."""
    env = siedler.envs.env(ruleset="base", players=3)
    env.reset(seed=4)
    raw: siedler.envs.raw_env = env.unwrapped
    before = raw.game.state()
    city = raw.actions.notation.index("city 0")
    assert env.agent_selection == "player_1"
    env.step(city)
    assert env.rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.infos["player_1"]["illegal"].startswith(f"action index {city} ('city 0') is not legal now: ")
    assert raw.game.state() == before
    finished = []
    for agent in env.agent_iter():
        obs, reward, terminated, _, _ = env.last()
        assert terminated and not obs["action_mask"].any()
        finished.append((agent, reward))
        env.step(None)
    assert sorted(finished) == [("player_0", 0.0), ("player_1", -1.0), ("player_2", 0.0)] and not env.agents


def test_the_aec_env_without_views_in_its_infos_plays_the_same() -> None:
    """``info_view=False`` (the default) leaves the view out of the infos and changes nothing else."""
    plain, lean = (
        siedler.envs.env(ruleset="base", players=3, info_view=True),
        siedler.envs.env(ruleset="base", players=3),
    )
    plain.reset(seed=2)
    lean.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(200):
        a, b = plain.last(), lean.last()
        assert np.array_equal(a[0]["observation"], b[0]["observation"]) and a[1:4] == b[1:4]
        assert "view" in a[4] and "view" not in b[4]
        action = rng.choice(np.flatnonzero(a[0]["action_mask"]))
        plain.step(action)
        lean.step(action)


def test_an_illegal_index_in_the_aec_env_can_raise_instead() -> None:
    env = siedler.envs.env(ruleset="base", players=3, illegal="raise")
    env.reset(seed=4)
    raw: siedler.envs.raw_env = env.unwrapped
    before = raw.game.state()
    with pytest.raises(siedler.IllegalAction, match="'city 0'"):
        env.step(raw.actions.notation.index("city 0"))
    assert raw.game.state() == before and not any(env.terminations.values())
    with pytest.raises(ValueError, match="illegal is one of lose, raise"):
        siedler.envs.env(ruleset="base", illegal="ignore")


#: The one warning of ``check_env`` left: the observations are unscaled counts, and the turn counter has no
#: bound (option ``turn_limit`` 0: no limit), so the Box's high is infinity.
UNBOUNDED = "A Box observation space maximum value is infinity"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gymnasium_env_checker(ruleset: str) -> None:
    """The registered environment with its defaults passes ``check_env``, which samples an action in one game
    and plays it after a seeded reset into another, as if every index were legal everywhere: such an index
    ends the episode with a loss, as in PettingZoo's classic games."""
    for render_mode in (None, "ansi"):
        env = gymnasium.make(siedler.envs.env_id(ruleset), render_mode=render_mode)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env.unwrapped)
        assert [str(w.message) for w in caught if UNBOUNDED not in str(w.message)] == []


def test_an_illegal_index_loses_and_says_why() -> None:
    """Seat 1 founds its first settlement (seed 4): a city is not legal, the episode ends with the loss, the
    game is as it was, and no action is offered any more."""
    env = siedler.envs.make("base", info_view=True)
    obs, _ = env.reset(seed=4)
    before = env.game.state()
    city = env.observer.actions.notation.index("city 0")
    assert not obs["action_mask"][city]
    obs, reward, terminated, truncated, info = env.step(city)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal"] == (
        f"action index {city} ('city 0') is not legal now: 'city 0' is not possible now: "
        "seat 1 (Player 1) must found a settlement"
    )
    assert env.game.state() == before and not obs["action_mask"].any() and not env.action_masks().any()
    assert len(env.legal_indices()) == 0
    assert info["view"] == env.game.view(0)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(city)
    obs, info = env.reset(seed=4)
    assert obs["action_mask"].any() and "illegal" not in info


def test_an_index_out_of_range_or_no_number_loses_too() -> None:
    env = siedler.envs.make("deck-building")
    for bad in (env.observer.actions.size, "end"):
        env.reset(seed=1)
        _, reward, terminated, _, info = env.step(bad)
        assert reward == -1.0 and terminated and info["illegal"].startswith(("action index", "an action index"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_registered_with_gymnasium(ruleset: str) -> None:
    env = gymnasium.make(f"siedler/{ruleset}-v0")
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and "view" not in info  # info_view=False by default
    viewing = gymnasium.make(f"siedler/{ruleset}-v0", info_view=True)
    obs, info = viewing.reset(seed=1)
    assert info["view"] == viewing.unwrapped.game.view(info["seat"])  # type: ignore[attr-defined]


def test_opponents_are_bots_by_name_and_the_players_follow() -> None:
    env = siedler.envs.make("base", opponents=["greedy"] * 3)
    env.reset(seed=2)
    assert env.game.num_players == 4
    assert {type(b.strategy).__name__ for b in env.bots.values() if isinstance(b, FairBot)} == {"GreedyBot"}
    with pytest.raises(siedler.OptionError):
        siedler.envs.make("base", opponents=["no-such-bot"])


@pytest.mark.parametrize("ruleset", ["base", "deck-building"])
def test_seeding_makes_episodes_reproducible(ruleset: str) -> None:
    first = random_play(siedler.envs.make(ruleset, seat="random"), seed=7, steps=150)
    again = random_play(siedler.envs.make(ruleset, seat="random"), seed=7, steps=150)
    other = random_play(siedler.envs.make(ruleset, seat="random"), seed=8, steps=150)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert len(first) != len(other) or not all(np.array_equal(a, b) for a, b in zip(first, other))


@pytest.mark.parametrize(
    ("ruleset", "options", "steps"),
    [
        ("deck-building", {}, 40),
        ("fishermen", {"harbormaster": True}, 200),
        ("soldiers-and-armies", {"fishermen": True}, 200),
    ],
)
def test_an_env_pickled_mid_game_plays_on_identically(ruleset: str, options: dict[str, Any], steps: int) -> None:
    """Also where the observation reads the extensions' components (an unpickled game holds its own), and
    the twin still reads its own game's state, not the view."""
    env = siedler.envs.make(ruleset, options=options)
    random_play(env, seed=3, steps=steps)
    twin = pickle.loads(pickle.dumps(env))
    assert twin.observer.encoder.reads_state(twin.game) and not twin.observer.encoder.reads_state(env.game)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        if env.game.is_over:
            break
        action = rng.choice(np.flatnonzero(env.action_masks()))
        a, b = env.step(action), twin.step(action)
        assert np.array_equal(a[0]["observation"], b[0]["observation"]) and a[1:4] == b[1:4]


def test_async_vector_env_with_two_processes() -> None:
    vec = gymnasium.vector.AsyncVectorEnv([lambda: siedler.envs.make("base", info_view=False)] * 2)
    try:
        obs, _ = vec.reset(seed=[1, 2])
        for _ in range(40):
            actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]]  # 0: reset
            obs, *_ = vec.step(np.array(actions))
        assert obs["observation"].shape == (2, *vec.single_observation_space["observation"].shape)  # type: ignore[index]
    finally:
        vec.close()


def test_an_illegal_index_can_raise_instead() -> None:
    env = siedler.envs.make("base", illegal="raise")
    env.reset(seed=4)
    before = env.game.state()
    space = env.observer.actions
    road = space.notation.index("city 0")
    with pytest.raises(siedler.IllegalAction, match=rf"action index {road} \('city 0'\) is not legal now: \S"):
        env.step(road)
    with pytest.raises(siedler.IllegalAction, match=re.escape(f"out of range (0-{space.size - 1})")):
        env.step(space.size)
    assert env.game.state() == before


@pytest.mark.parametrize(("ident", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 400))
def test_the_mask_is_the_legal_actions(
    ident: str, ruleset: str, options: dict[str, Any], seed: int, steps: int
) -> None:
    """Index i is marked exactly when action i is legal, for the seat to act; every other seat has none."""
    game = played(ruleset, seed, steps, options=options)
    observer = Observer(played(ruleset, seed, 0, options=options), "flat")  # made at the start, as the envs do
    space = observer.actions
    for seat in range(game.num_players):
        marked = {space.actions[i] for i in np.flatnonzero(observer.mask(game, seat))}
        assert marked == (set(game.legal_actions()) if seat == game.to_act else set())
    assert len(space.notation) == len(set(space.notation)) == space.size  # one index per action and text
    assert all(game.parse_action(space.notation[i]) == space.actions[i] for i in range(0, space.size, 7))


@pytest.mark.parametrize(("ident", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 1500), more=st.booleans())
def test_the_observation_read_from_the_state_is_the_views(
    ident: str, ruleset: str, options: dict[str, Any], seed: int, steps: int, more: bool
) -> None:
    """Every seat's observation as the environments take it (``Encoder.observe``: every built-in
    configuration's reads the state) equals the encoding of its view, on random positions (the start,
    trades under way, discards, battles, the end) with the fewest and the most players. The same encoder
    observes the game every so many moves on the way, as an environment does at every step: what it keeps
    of a seat's board between two observations (``StateReader``) must follow every piece built, upgraded,
    moved or destroyed in between."""
    spec = get_ruleset(ruleset)
    game = siedler.new_game(ruleset, players=spec.max_players if more else spec.min_players, seed=seed, options=options)
    observer = Observer(game, "flat")
    observer.start(game)
    encoder = observer.encoder
    rng = random.Random(seed)
    every = rng.randrange(20, 120)
    for step in range(steps + 1):
        if step % every == 0 or step == steps or game.is_over:
            for seat in range(game.num_players):
                assert np.array_equal(encoder.observe(game, seat), encoder.encode(game.view(seat), seat))
        if game.is_over or step == steps:
            break
        game.apply(rng.choice(game.legal_actions()))


def test_a_nuked_hex_is_seen_at_once() -> None:
    """Soldiers & Armies: "Dieses [Feld] wird nun umgedreht und liefert keine Erträge mehr". Seat 0 fires
    its nuke at hex E (hills 6): every seat's observation from then on flags E, and only E, as nuked, read
    from the state as from the view; the board's fields keep E's terrain and number as dealt. An observer
    that starts on the nuked board (whose view shows E turned over) reads the same from both too."""
    game = position(cities={0: [42], 1: [10]}, settlements={1: [0], 2: [21]}, nukes={0: 42}, phase="combat")
    observer = Observer(game, "dict")
    observer.start(game)
    encoder = observer.encoder
    e = [h["id"] for h in game.view(0)["board"]["hexes"]].index("E")

    def fields(g: Game, seat: int) -> dict[str, Any]:
        observed = encoder.observe(g, seat)
        assert np.array_equal(observed, encoder.encode(g.view(seat), seat))
        return encoder.layout.split(observed)

    before = [fields(game, seat) for seat in range(3)]
    game.apply("nuke E")
    for seat, was in enumerate(before):
        now = fields(game, seat)
        assert not was["nuked"].any() and np.flatnonzero(now["nuked"]).tolist() == [e]
        assert np.array_equal(now["hex_terrain"], was["hex_terrain"]) and now["hex_number"][e] == 6
    later = Observer(game, "flat")
    later.start(game)
    for seat in range(3):
        observed = later.encoder.observe(game, seat)
        assert np.array_equal(observed, later.encoder.encode(game.view(seat), seat))
        assert later.encoder.layout.split(observed)["nuked"][e] == 1


@pytest.mark.parametrize(("ident", "ruleset", "options"), [c for c in CONFIGURATIONS if c[1] in BUILTIN])
def test_every_configuration_is_observed_from_its_state(ident: str, ruleset: str, options: dict[str, Any]) -> None:
    """The test above compares something: every built-in configuration's observation is read from the state
    (no view is built), with its extensions' and rule set's parts."""
    env = siedler.envs.make(ruleset, options=options, info_view=False)
    env.reset(seed=1)
    assert env.observer.encoder.reads_state(env.game)


def test_a_part_that_does_not_read_the_state_is_observed_from_the_view() -> None:
    """A part written for the view only (a third party's, say), or an extension without a part, keeps its
    configuration on the view: the numbers its view adds are never left out of the observation."""
    game = played(
        "fishermen",
        5,
        200,
    )
    fishermen = importlib.import_module("siedler.games.fishermen.encoding").part(game)
    for parts in ([CatanPart()], [], [fishermen]):
        encoder = catan_encoder(game, game.view(0), parts)
        encoder.start_game(game)
        assert encoder.reads_state(game) == (parts == [fishermen])
        for seat in range(game.num_players):
            assert np.array_equal(encoder.observe(game, seat), encoder.encode(game.view(seat), seat))


@pytest.mark.parametrize(("ident", "ruleset", "options"), [c for c in CONFIGURATIONS if c[1] in BUILTIN])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 300))
def test_an_observation_never_depends_on_what_its_seat_may_not_know(
    ident: str, ruleset: str, options: dict[str, Any], seed: int, steps: int
) -> None:
    """tests/hidden.py's twins (a position changed in everything a seat may not see): the seat's
    observation and mask are equal, and a seat whose own cards changed sees its observation change; each
    observation read from the state, as the environments read it."""
    game = played(ruleset, seed, steps, options=options)
    observer = Observer(game, "flat")

    def observed(g: Game, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return g.view(None)
        observer.start(g)  # the encoder reads this game's state (``observe``), not its view
        obs = observer.observe(g, seat, observer.mask(g, seat))
        return {"obs": obs["observation"].tolist(), "mask": obs["action_mask"].tolist()}

    check_views_hide(game, random.Random(seed), view=observed)


def test_a_leaking_encoder_is_caught() -> None:
    """The check above can fail: an observation that adds the others' hand sizes by resource is caught."""
    game = played(
        "base",
        3,
        120,
    )
    observer = Observer(game, "flat")

    def leaky(g: Game, seat: int | None) -> dict[str, Any]:
        hands = [p["hand"] for p in g.state()["game"]["players"]]
        return {"obs": observer.encoder.encode(g.view(seat or 0), seat or 0).tolist(), "hands": hands}

    with pytest.raises(AssertionError, match="changed with what it may not know"):
        check_views_hide(game, random.Random(3), view=leaky)


@pytest.mark.parametrize("obs_type", ["flat", "dict"])
def test_the_dict_observation_is_the_flat_one_by_field(obs_type: str) -> None:
    flat = siedler.envs.make("base", obs_type="flat")
    other = siedler.envs.make("base", obs_type=obs_type)
    a, _ = flat.reset(seed=5)
    b, _ = other.reset(seed=5)
    fields = b["observation"] if obs_type == "dict" else {"all": b["observation"]}
    assert np.array_equal(np.concatenate([v.ravel() for v in fields.values()]), a["observation"])
    assert other.observation_space.contains(b)


def test_rewards_win_and_vp_difference_at_the_end() -> None:
    for reward in ("win", "vp"):
        env = siedler.envs.make("deck-building", reward=reward)
        rng = np.random.default_rng(1)
        obs, _ = env.reset(seed=1)
        total, done = 0.0, False
        while not done:
            obs, r, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            done = terminated or truncated
            assert r == 0.0 or done
            total += r
        scores, winner = env.game.scores(), env.game.winner
        if reward == "win":
            assert total == (0.0 if winner is None else 1.0 if winner == env.seat else -1.0)
        else:
            assert total == scores[env.seat] - scores[1 - env.seat]


def test_the_turn_limit_truncates() -> None:
    env = siedler.envs.make("deck-building", options={"turn_limit": 3})
    rng = np.random.default_rng(2)
    obs, _ = env.reset(seed=2)
    for _ in range(500):
        obs, reward, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0 and env.game.winner is None
