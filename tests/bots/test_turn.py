"""The value bot's look-ahead over its own turn (``value:turn=N``), and Hard's search of the founding only
with that look-ahead after it (``mcts:...,turn=N``)."""

from __future__ import annotations

import pytest

import siedler
from siedler.bots import MctsBot, ValueBot, make_bot
from siedler.bots.evaluate import evaluate
from siedler.bots.knowledge import knowledge_for
from siedler.bots.value import TURN_POSITIONS, _Turn, planned, ranked
from siedler.core.actions import Action
from siedler.games.catan import CatanGame
from siedler.games.catan.state import MAIN, SETUP_SETTLEMENT

from .test_search_bots import _hand, _main_phase

#: Brick, lumber, wool, grain: two roads and a settlement.
TWO_ROADS_AND_A_SETTLEMENT = [3, 3, 1, 1, 0]


def _played_turn(game: CatanGame, bot: ValueBot) -> list[str]:
    """The seat to act's moves to the end of its turn, played on ``game`` by ``bot``."""
    seat, moves = game.current, []
    while game.to_act == seat and not game.is_over:
        action = bot.decide(game.copy(), seat)
        moves.append(str(action))
        game.apply(action)
        if action[0] == "end":
            break
    return moves


@pytest.mark.parametrize(("seed", "one_move", "looked_ahead"), [(1, 4, 5), (2, 3, 4), (5, 3, 5)])
def test_the_turns_look_ahead_ends_its_turn_on_more_points(seed: int, one_move: int, looked_ahead: int) -> None:
    """With two roads and a settlement in hand, the best road by one move is seldom the first of the two
    that lead to a settlement: one move at a time the seat builds three roads that reach none (seed 1), or
    a settlement where three roads would have taken the longest road (seed 2). Weighing the turn's
    sequences, it ends the turn a point or two higher, each by the same hand weights."""
    game = _main_phase(seed)
    seat = game.current
    _hand(game, seat, TWO_ROADS_AND_A_SETTLEMENT)
    alone, ahead = game.copy(), game.copy()
    _played_turn(alone, ValueBot(1))
    moves = _played_turn(ahead, ValueBot(1, turn=5))
    assert (alone.scores()[seat], ahead.scores()[seat]) == (one_move, looked_ahead)
    assert moves[-1] == "end"


def test_the_settlement_two_roads_away_is_built_in_the_same_turn() -> None:
    game = _main_phase(1)
    seat = game.current
    _hand(game, seat, TWO_ROADS_AND_A_SETTLEMENT)
    moves = _played_turn(game, ValueBot(1, turn=5))
    assert [m.split()[0] for m in moves] == ["road", "road", "settle", "end"]
    assert game.node_owner[int(moves[2].split()[1])] == seat


def test_the_first_move_starts_the_best_sequence_by_the_value() -> None:
    """``planned``'s move is one of the ``width`` best by one move, and the best sequence from it is worth
    as much as the best from any of them: every sequence of up to three moves, three at each step, that
    keeps the seat to act (a move that passes the turn is worth standing still), enumerated here."""
    game = _main_phase(7)
    seat = game.current
    _hand(game, seat, [1, 1, 1, 1, 0])
    chains = knowledge_for(game).chains

    def sequences(position: CatanGame, depth: int) -> list[CatanGame]:
        """``position`` and every position a sequence of the seat's moves in its main phase leads to."""
        found = [position]
        if depth and position.to_act == seat and position.phase == MAIN:
            for action in ranked(position, seat, evaluate, chains)[:3]:
                trial = position.copy()
                trial.apply(action)
                if trial.to_act == seat:
                    found += sequences(trial, depth - 1)
        return found

    def best(action: Action) -> float:
        trial = game.copy()
        trial.apply(action)
        return max(float(evaluate(end, seat)) for end in sequences(trial, 2))

    choice = planned(game, seat, evaluate, 3, 3)
    options = ranked(game, seat, evaluate, chains)[:3]
    assert choice in options and len(options) == 3
    assert best(choice) == max(best(action) for action in options)


def test_outside_a_free_turn_there_is_no_plan() -> None:
    game = siedler.new_game("base", players=4, seed=3, log=False)
    assert isinstance(game, CatanGame) and game.phase == SETUP_SETTLEMENT
    seat = game.to_act
    assert seat is not None
    assert planned(game, seat, evaluate, 5, 5) is None
    assert ValueBot(1, turn=5).decide(game, seat) == ValueBot(1).decide(game, seat)
    dealt = siedler.new_game("deck-building", players=2, seed=3, log=False)  # names no free turn: no plan either
    mover = dealt.to_act
    assert mover is not None and planned(dealt, mover, evaluate, 5, 5) is None


def test_hard_searches_the_founding_and_looks_ahead_over_its_turn_after_it() -> None:
    founding = siedler.new_game("base", players=4, seed=3, log=False)
    seat = founding.to_act
    assert seat is not None
    spec = "mcts:iterations=30,depth=6"
    assert make_bot(spec + ",turn=5", 2).decide(founding, seat) == make_bot(spec, 2).decide(founding, seat)
    main = _main_phase(1)
    _hand(main, main.current, TWO_ROADS_AND_A_SETTLEMENT)
    turned = MctsBot(2, iterations=30, depth=6, turn=5).decide(main.copy(), main.current)
    assert turned == ValueBot(2, turn=5).decide(main.copy(), main.current)
    assert turned != ValueBot(2).decide(main.copy(), main.current)  # the turn's plan, not one move's


def test_a_rule_set_without_a_founding_is_searched_throughout() -> None:
    game = siedler.new_game("deck-building", players=2, seed=5, log=False)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    seat = game.to_act
    assert seat is not None
    spec = "mcts:iterations=30,depth=6"
    assert make_bot(spec + ",turn=5", 4).decide(game, seat) == make_bot(spec, 4).decide(game, seat)


@pytest.mark.parametrize("spec", ["value:turn=-1", "value:turn=5,turn_depth=0", "mcts:iterations=5,turn=-2"])
def test_a_bad_look_ahead_is_refused(spec: str) -> None:
    with pytest.raises(siedler.OptionError, match="turn"):
        make_bot(spec)


def test_the_look_ahead_after_a_first_move_ranks_a_bounded_number_of_positions() -> None:
    """A hand of twenty cards offers a bank trade and a build at every step: five moves deep, five at each,
    the look-ahead would rank hundreds of positions. It ranks ``TURN_POSITIONS`` at most after each first
    move, and a shallow look needs fewer."""
    game = _main_phase(2)
    seat = game.current
    _hand(game, seat, [4, 4, 4, 4, 4])
    play = knowledge_for(game)
    assert play.turn is not None
    deep, shallow = _Turn(seat, evaluate, 5, play.chains, play.turn), _Turn(seat, evaluate, 5, play.chains, play.turn)
    assert deep.best(game, 5) >= evaluate(game, seat) and deep.left == 0
    assert shallow.best(game, 2) >= evaluate(game, seat) and shallow.left == TURN_POSITIONS - 1 - 5
    assert planned(game, seat, evaluate, 5, 5) in game.legal_actions()
