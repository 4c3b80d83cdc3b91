"""The simulator's runner: reproducible seeds, worker-count independence, clear failures."""

from __future__ import annotations

import pytest

import siedler
from siedler.core.errors import OptionError
from siedler.sim import SimConfig, SimulationError, bot_seed, game_seed, play_game, run_games, simulate

FAST = {"turn_limit": 40}  # short games keep the suite fast; the outcome rules do not change


def test_seeds_are_derived_deterministically_and_differ() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    seeds = {game_seed(s, i) for s in range(5) for i in range(50)}
    assert len(seeds) == 250
    assert all(0 <= s < 2**53 for s in seeds)
    assert bot_seed(7, 0) != bot_seed(7, 1)


def test_results_do_not_depend_on_the_worker_count() -> None:
    config = SimConfig("base", ("greedy", "random", "random"), games=8, seed=11, options=FAST)
    one = list(run_games(config, workers=1))
    two = list(run_games(config, workers=2))
    assert one == two
    assert [r["game"] for r in one] == list(range(8))
    again = list(run_games(config, workers=1))
    assert again == one


def test_a_different_base_seed_plays_different_games() -> None:
    a = list(run_games(SimConfig("base", ("random",) * 3, games=3, seed=1, options=FAST)))
    b = list(run_games(SimConfig("base", ("random",) * 3, games=3, seed=2, options=FAST)))
    assert [r["seed"] for r in a] != [r["seed"] for r in b]


def test_kept_records_replay_to_the_same_result() -> None:
    config = SimConfig("base", ("greedy", "random", "random"), games=2, seed=3, keep_records=True)
    for result in run_games(config):
        game = siedler.replay(result["record"])
        assert game.winner == result["winner"]
        assert game.num_actions == result["actions"]
        assert game.scores() == result["scores"]
        assert result["record"]["seed"] == str(result["seed"])  # records write seeds as decimal text


def test_turn_limit_gives_games_without_winner_and_max_actions_aborts() -> None:
    run = simulate(SimConfig("base", ("random",) * 4, games=2, seed=1, options={"turn_limit": 2}))
    assert run.summary.no_winner == 2 and run.summary.wins == 0
    assert all(r["outcome"] == "no_winner" and r["turns"] == 2 for r in run.results)
    cut = simulate(SimConfig("base", ("random",) * 4, games=1, seed=1, max_actions=10))
    assert cut.results[0]["outcome"] == "aborted" and cut.results[0]["actions"] == 10
    assert cut.summary.aborted == 1


def test_rotation_moves_each_bot_one_seat_per_game() -> None:
    config = SimConfig("base", ("greedy", "random", "random"), games=3, rotate=True, options=FAST)
    assert [config.seats_for(i) for i in range(3)] == [
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    ]
    results = list(run_games(config))
    assert [r["seats"] for r in results] == [list(config.seats_for(i)) for i in range(3)]


def test_bots_by_import_path() -> None:
    config = SimConfig("base", ("tests.sim.bots:FirstBot", "random", "random"), games=1, seed=2, options=FAST)
    result = play_game(config.checked(), 0)
    assert result["seats"][0] == "tests.sim.bots:FirstBot"


def test_an_illegal_bot_move_names_the_game_and_the_bot() -> None:
    config = SimConfig("base", ("tests.sim.bots:CheatingBot", "random", "random"), games=1, seed=2)
    # the bot at index 0 sits in seat 1: seats count from 1 in every message
    with pytest.raises(SimulationError, match=r"game 0 \(seed \d+\): bot 'tests.sim.bots:CheatingBot' at seat 1 "):
        list(run_games(config))


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (SimConfig("base", ("random", "random"), games=1), "3 to 4 players"),
        (SimConfig("base", ("random", "nobot", "random"), games=1), "unknown bot 'nobot'"),
        (SimConfig("base", ("random", "tests.sim.bots:NotABot", "random"), games=1), "does not make a bot"),
        (SimConfig("base", ("random",) * 3, games=0), "at least 1"),
        (SimConfig("base", ("random",) * 3, games=1, options={"colour": "red"}), "no option 'colour'"),
        (SimConfig("base", ("random",) * 3, games=1, options={"max_offers": "many"}), "whole number"),
        (SimConfig("nope", ("random",) * 3, games=1), "unknown rule set"),
    ],
)
def test_bad_configs_are_refused_before_any_game(config: SimConfig, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        list(run_games(config))


def test_options_from_text_are_typed() -> None:
    from siedler.sim import check_options, parse_options

    assert parse_options("board=beginner, max_offers=0") == {"board": "beginner", "max_offers": "0"}
    assert parse_options(["board=beginner", "turn_limit=5"]) == {"board": "beginner", "turn_limit": "5"}
    assert check_options("base", parse_options("max_offers=0,board=beginner")) == {"max_offers": 0, "board": "beginner"}
    with pytest.raises(OptionError, match="name=value"):
        parse_options("board")


def test_json_option_values_keep_their_commas() -> None:
    from siedler.core.registry import rulesets
    from siedler.sim import check_options, parse_options

    text = 'supply={"road": 14, "city": [1, 2]},turn_limit=5'
    assert parse_options(text) == {"supply": '{"road": 14, "city": [1, 2]}', "turn_limit": "5"}
    with_json = [(rs, o) for rs in rulesets() for o in rs.all_options() if o.kind == "json"]
    if not with_json:
        pytest.skip("no rule set has a JSON option")
    rs, option = with_json[0]
    with pytest.raises(OptionError, match="takes JSON"):
        check_options(rs, {option.name: "{not json"})
