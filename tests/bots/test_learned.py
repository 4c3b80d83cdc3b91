"""The learned value: each rule set's named features (read only from what the seat may know), a value that
is their weighted sum (the hand weights give the hand value back), and learned-weights files."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import siedler
from siedler.bots import make_bot
from siedler.bots.evaluate import evaluate
from siedler.bots.knowledge import knowledge_for
from siedler.bots.learned import learned_value, read_weights
from siedler.core.errors import OptionError
from siedler.games.baden_wuerttemberg.bot.value import WEIGHTS as BW_WEIGHTS
from siedler.games.catan.bot.value import WEIGHTS as CATAN_WEIGHTS
from siedler.games.soldiers_and_armies.bot import WEIGHTS as SOLDIERS_WEIGHTS

from ..hidden import _loaded, twin_state
from ..test_hidden_information import CASES, IDS, mid_game

FAMILY = [(rs, opts, n) for rs, opts, n in CASES if rs != "deck-building"]
FAMILY_IDS = [i for i, (rs, _, _) in zip(IDS, CASES, strict=True) if rs != "deck-building"]


@pytest.mark.parametrize(("ruleset", "options", "players"), FAMILY, ids=FAMILY_IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 150) | st.integers(0, 600), key=st.integers(0, 99))
def test_features_read_only_what_the_seat_may_know(
    ruleset: str, options: dict[str, Any], players: int, seed: int, steps: int, key: int
) -> None:
    """A position and its twin (changed in everything the seat may not know) have the same features."""
    game = mid_game(ruleset, options, players, seed, ["random", "greedy"], steps)
    if game.is_over:
        return
    features = knowledge_for(game).features
    assert features is not None
    for seat in range(players):
        twin = _loaded(twin_state(game, seat, random.Random(key)))
        assert features(twin, seat) == features(game, seat)


def _hand(ruleset: str) -> dict[str, float]:
    """The hand weights as a learned-weights table: the family's, with the rule set's own terms."""
    tables = {
        "base": [CATAN_WEIGHTS["catan"]],
        "baden-wuerttemberg": [BW_WEIGHTS["catan"], BW_WEIGHTS["baden_wuerttemberg"]],
        "soldiers-and-armies": [CATAN_WEIGHTS["catan"], {"army": SOLDIERS_WEIGHTS["soldiers"]["army"]}],
    }[ruleset]
    return {k: float(v) for table in tables for k, v in table.items()}


@pytest.mark.parametrize("ruleset", ["base", "baden-wuerttemberg", "soldiers-and-armies"])
@pytest.mark.parametrize("steps", [0, 60, 300])
def test_the_hand_weights_as_learned_weights_give_the_hand_value(ruleset: str, steps: int) -> None:
    game = mid_game(ruleset, {}, 3, 5, ["greedy"], steps)
    value = learned_value(ruleset, _hand(ruleset))
    for seat in range(3):
        assert value(game, seat) == pytest.approx(evaluate(game, seat), abs=1e-6)


def test_a_weights_file_is_read_and_bad_ones_are_refused(tmp_path: Path) -> None:
    good = tmp_path / "w.toml"
    good.write_text('ruleset = "base"\n[weights]\nvictory_point = 1000.0\n', encoding="utf-8")
    assert read_weights(str(good)) == ("base", {"victory_point": 1000.0})
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "base"\n[weights]\nvictory_point = "a lot"\n', encoding="utf-8")
    for path in (bad, tmp_path / "missing.toml"):
        with pytest.raises(OptionError, match="not a learned-weights file"):
            read_weights(str(path))


def test_a_learned_value_refuses_another_rule_set_and_a_missing_feature() -> None:
    game = siedler.new_game("base", players=3, seed=1)
    with pytest.raises(OptionError, match="fitted for baden-wuerttemberg"):
        learned_value("baden-wuerttemberg", _hand("baden-wuerttemberg"))(game, 0)
    with pytest.raises(OptionError, match="none for the feature"):
        learned_value("base", {"victory_point": 1000.0})(game, 0)


@pytest.mark.parametrize("spec", ["value", "mcts:iterations=8"])
def test_the_search_bots_play_by_learned_weights(spec: str, tmp_path: Path) -> None:
    """Weights that count only the seat's points and production, with the hand weights' scale."""
    path = tmp_path / "w.toml"
    weights = dict.fromkeys(_hand("base"), 0.0) | {"victory_point": 1000.0, "production": 50.0}
    path.write_text('ruleset = "base"\n[weights]\n' + "".join(f"{k} = {v}\n" for k, v in weights.items()))
    game = siedler.new_game("base", players=3, seed=2)
    bots = [make_bot(f"{spec}{',' if ':' in spec else ':'}weights={path}", p) for p in range(3)]
    for _ in range(60):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].decide(game, seat))
    assert game.num_actions == 60
