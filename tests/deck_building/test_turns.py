"""The end of a turn (laying down, drawing, reshuffling) and winning with three Stadt cards in hand."""

from __future__ import annotations

import siedler

from .positions import hand, pile, play, position


def test_end_lays_down_in_order_and_draws_at_least_three() -> None:
    game = position(
        hands=(["wood", "brick", "sea", "sea", "ore", "ore", "grain"], ["sea"]), draw={0: ["wool"] * 3}, discard={0: []}
    )
    play(game, "lay sea", "buy road", "end")
    assert pile(game, "discard", 0) == ["road", "sea", "wood", "brick"], "laid-out cards on top, in order"
    assert hand(game, 0) == ["grain", "ore", "ore", "sea", "wool", "wool", "wool"], "kept cards stay in hand"
    assert game.to_act == 1 and game.current == 1 and game.turn == 1


def test_fewer_than_four_cards_draws_up_to_seven() -> None:
    game = position(hands=(["sea", "sea", "sea"], ["sea"]), draw={0: ["wool"] * 3 + ["grain"] * 3})
    play(game, "end")
    assert len(hand(game, 0)) == 7
    game = position(hands=(["sea"] * 4, ["sea"]), draw={0: ["wool"] * 3 + ["grain"] * 3})
    play(game, "end")
    assert len(hand(game, 0)) == 7, "four cards held: the minimum of three"
    game = position(hands=([], ["sea"]), draw={0: ["wool"] * 3 + ["grain"] * 4})
    play(game, "end")
    assert len(hand(game, 0)) == 7


def test_reshuffle_draws_what_is_left_first() -> None:
    game = position(hands=(["wood", "brick"], ["sea"]), draw={0: ["ore"]}, discard={0: ["grain", "grain"]})
    play(game, "lay wood", "lay brick", "end")
    assert sorted(hand(game, 0)) == ["brick", "grain", "grain", "ore", "wood"]
    assert pile(game, "draw", 0) == [] and pile(game, "discard", 0) == []
    kinds = [e["kind"] for e in game.events()]
    assert kinds[-2:] == ["reshuffle", "end"], "the end event comes with the cards drawn"


def test_reshuffle_keeps_the_draw_order_hidden_but_determined() -> None:
    cards = ["wood", "brick", "wool", "grain", "ore", "sea"]
    a = position(hands=([], ["sea"]), draw={0: []}, discard={0: cards}, seed=5)
    b = position(hands=([], ["sea"]), draw={0: []}, discard={0: cards}, seed=5)
    play(a, "end")
    play(b, "end")
    assert a.state() == b.state()
    orders = set()
    for seed in range(8):
        g = position(hands=(["harbor"], ["sea"]), draw={0: []}, discard={0: cards}, seed=seed)
        play(g, "play harbor")
        orders.add(hand(g, 0)[0])
    assert len(orders) > 1, "the reshuffle draws on the game's generator"


def test_three_cities_in_hand_win_at_the_start_of_the_turn() -> None:
    game = position(hands=(["sea"] * 4, ["city", "city", "city", "sea"]), draw={0: ["wool"] * 3})
    assert not game.is_over, "holding them in the opponent's turn is not enough"
    play(game, "end")
    assert game.is_over and game.winner == 1 and game.to_act is None
    assert game.legal_actions() == ()
    assert game.view(0)["final"][1]["won"] and game.view(0)["final"][1]["cities_in_hand"] == 3
    assert "wins" in game.events(lang="en")[-1]["text"]


def test_drawing_the_third_city_in_ones_own_turn_wins_at_once() -> None:
    game = position(hands=(["city", "city", "harbor"], ["sea"]), draw={0: ["wood", "city"]})
    play(game, "play harbor")
    assert game.is_over and game.winner == 0


def test_city_drawn_at_the_end_of_the_turn_waits_for_the_next_turn() -> None:
    game = position(
        hands=(["city", "city", "sea", "sea"], ["bandit", "sea"]), draw={0: ["wool", "wool", "city"], 1: ["grain"] * 3}
    )
    play(game, "end")
    assert not game.is_over and game.to_act == 1
    assert hand(game, 0).count("city") == 3
    play(game, "end")
    assert game.is_over and game.winner == 0


def test_turn_limit_ends_without_a_winner() -> None:
    game = siedler.new_game("deck-building", players=2, seed=1, options={"turn_limit": 2})
    play(game, "end", "end")
    assert game.is_over and game.winner is None
    assert game.result()["scores"] == [0, 0]
    assert "without a winner" in game.events(lang="en")[-1]["text"]
