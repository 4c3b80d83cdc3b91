"""Property tests over many random games of random and greedy bots, for every Catan configuration.

Invariants checked after every action: conservation of resource and development cards, scores equal to
the points recomputed from the board, awards held by whom the rules say, the distance rule. At checkpoints:
views hide what they must, replay and state export reproduce the game, copies are independent, every
legal action applies and other actions are refused without changing anything.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import siedler
from siedler.bots import make_bot
from siedler.core.errors import IllegalAction
from siedler.games.catan import CatanGame
from tests.hidden import check_views_hide

from .configs import CONFIGS
from .invariants import (
    check_conservation,
    check_distance_rule,
    check_scores_and_awards,
)

CASES = [(rs, opts, n) for rs, opts, counts in CONFIGS for n in counts]
IDS = [f"{rs}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}-{n}p" for rs, opts, n in CASES]


def _play(
    ruleset: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    bots: list[str],
    checkpoints: int,
    on_checkpoint: Any,
) -> CatanGame:
    game = siedler.new_game(ruleset, players=players, seed=seed, options={"turn_limit": 400, **options})
    assert isinstance(game, CatanGame)
    seats = [make_bot(bots[p % len(bots)], seed * 10 + p) for p in range(players)]
    rng = random.Random(seed)
    check_every = rng.randint(40, 200)
    steps = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(seats[seat].decide(game, seat))
        steps += 1
        check_conservation(game)
        if steps % 7 == 0 or game.is_over:
            check_scores_and_awards(game)
            check_distance_rule(game)
        if steps % check_every == 0 and checkpoints:
            checkpoints -= 1
            on_checkpoint(game, rng)
    check_scores_and_awards(game)
    return game


def _checkpoint(game: CatanGame, rng: random.Random) -> None:
    _views_hide(game, rng)
    _copy_independent(game, rng)
    _legal_apply_and_refuse(game, rng)
    _state_round_trip(game, rng)


def _views_hide(game: CatanGame, rng: random.Random) -> None:
    check_views_hide(game, rng)
    for seat in [None, *range(game.num_players)]:
        view = game.view(seat)
        for p in view["players"]:
            assert isinstance(p["cards"], int) and isinstance(p["dev_cards"], int)
            if p["seat"] != seat and not game.is_over:
                assert "vp_total" not in p  # hidden victory-point cards stay hidden
        assert ("you" in view) == (seat is not None)
        for event in game.events(seat):
            if event["kind"] == "steal" and seat not in (event["data"]["seat"], event["data"]["victim"]):
                assert "resource" not in event["data"]
            if event["kind"] == "buy" and seat != event["data"]["seat"]:
                assert "card" not in event["data"]


def _copy_independent(game: CatanGame, rng: random.Random) -> None:
    before = game.state()
    twin = game.copy()
    for _ in range(20):
        if twin.is_over:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert game.state() == before


def _legal_apply_and_refuse(game: CatanGame, rng: random.Random) -> None:
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "legal actions contain duplicates"
    for action in rng.sample(list(legal), min(len(legal), 25)):
        twin = game.copy()
        twin.apply(action)
        twin_text = game.copy()
        twin_text.apply(str(action))
        assert twin_text.state() == twin.state()
        assert game.parse_action(str(action)) == action
        assert game.parse_action(json.loads(json.dumps(action.to_json()))) == action
    before = game.state()
    universe = list(game.action_set.canon)
    others = [a for a in rng.sample(universe, min(len(universe), 60)) if a not in legal]
    for action in others:
        with pytest.raises(IllegalAction) as info:
            game.apply(action)
        assert str(info.value)
    for text in ("", "fly away", "settle 999", "road 1-40", "robber ZZ", "bank gold>ore", "offer 9wood>1ore"):
        with pytest.raises(IllegalAction):
            game.apply(text)
    assert game.state() == before


def _state_round_trip(game: CatanGame, rng: random.Random) -> None:
    loaded = siedler.from_state(json.loads(json.dumps(game.state())))
    assert loaded.state() == game.state()
    assert loaded.history == game.history
    a, b = game.copy(), loaded
    for _ in range(30):
        if a.is_over:
            break
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(str(action))
    assert a.state() == b.state()


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False)
@given(seed=st.integers(0, 2**31), bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=4))
def test_invariants_over_random_games(
    ruleset: str, options: dict[str, Any], players: int, seed: int, bots: list[str]
) -> None:
    game = _play(ruleset, options, players, seed, bots, checkpoints=3, on_checkpoint=_checkpoint)
    replayed = siedler.replay(json.loads(json.dumps(game.record())))
    assert replayed.state() == game.state()
    assert game.to_act is None and game.legal_actions() == ()
    with pytest.raises(IllegalAction):
        game.apply("end")


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
def test_tampered_record_names_first_bad_action(ruleset: str, options: dict[str, Any], players: int) -> None:
    game = _play(ruleset, options, players, 11, ["greedy"], checkpoints=0, on_checkpoint=None)
    record = game.record()
    index = len(record["actions"]) // 2
    record["actions"][index] = "city 0" if record["actions"][index] != "city 0" else "settle 0"
    with pytest.raises(siedler.RecordError, match=f"action {index + 1} "):
        siedler.replay(record)
    record = game.record()
    record["result"]["winner"] = (game.winner or 0) + 1
    with pytest.raises(siedler.RecordError, match="winner"):
        siedler.replay(record)
