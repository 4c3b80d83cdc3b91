"""Bandit and Ritter (Offensiv), reflecting them with a Ritter (Defensiv), and the FAQ rulings."""

from __future__ import annotations

import pytest

import siedler

from .positions import hand, legal, pile, play, position

ATTACKER_DRAW = {0: ["wood"] * 4}
DEFENDER_DRAW = {1: ["brick"] * 3}


def test_bandit_example_take_look_keep() -> None:
    """'Aktionen ausführen', Beispiel: Bandit, Ritter (Defensiv), Ritter (Offensiv), Hafen in hand."""
    game = position(
        hands=(["bandit", "defender", "knight", "harbor"], ["ore", "ore", "ore"]),
        draw={**ATTACKER_DRAW, **DEFENDER_DRAW},
    )
    play(game, "play bandit")
    assert hand(game, 0) == ["defender", "harbor", "knight", "wood"], "the Bandit's +1 card comes first"
    assert game.to_act == 1 and legal(game) == {"allow"}, "asked, though without a Ritter (Defensiv)"
    play(game, "allow")
    assert game.phase == 2 and game.to_act == 0
    assert game.view(0)["taken"] == "ore" and game.view(1)["taken"] == "ore"
    assert game.view(None)["taken"] == "hidden"
    steal = [e for e in game.events(None) if e["kind"] == "steal"][-1]
    assert "card" not in steal["data"], "spectators do not see the card taken"
    assert [e for e in game.events(1) if e["kind"] == "steal"][-1]["data"]["card"] == 4
    play(game, "keep")
    assert pile(game, "discard", 0) == ["ore"] and hand(game, 1) == ["ore", "ore"]
    assert pile(game, "laid", 0) == ["bandit"]
    assert game.to_act == 0 and game.phase == 0


def test_bandit_card_can_be_given_back() -> None:
    game = position(hands=(["bandit"], ["sea"]), draw=ATTACKER_DRAW)
    play(game, "play bandit", "allow", "return")
    assert hand(game, 1) == ["sea"] and pile(game, "discard", 0) == []
    assert [e for e in game.events(None) if e["kind"] == "return"][-1]["data"].get("card") is None


def test_bandit_takes_a_random_card_weighted_by_count() -> None:
    taken = set()
    for seed in range(12):
        game = position(hands=(["bandit"], ["sea", "ore", "ore"]), draw=ATTACKER_DRAW, seed=seed)
        play(game, "play bandit", "allow")
        taken.add(game.taken)
    assert taken == {4, 5}


def test_attack_on_an_empty_hand_asks_nobody_and_does_nothing() -> None:
    game = position(hands=(["bandit", "knight"], []), draw=ATTACKER_DRAW)
    play(game, "play bandit")
    assert game.to_act == 0 and game.phase == 0
    play(game, "play knight")
    assert game.to_act == 0 and game.phase == 0
    assert hand(game, 0) == ["wood", "wood"]


def test_knight_makes_the_opponent_discard_two_of_his_choice() -> None:
    game = position(hands=(["knight", "knight"], ["city", "sea", "ore"]), draw=ATTACKER_DRAW, discard={1: []})
    play(game, "play knight", "allow")
    assert game.to_act == 1 and legal(game) == {"discard city", "discard sea", "discard ore"}
    play(game, "discard sea", "discard ore")
    assert hand(game, 1) == ["city"] and pile(game, "discard", 1) == ["sea", "ore"]
    assert game.to_act == 0
    play(game, "play knight", "allow", "discard city")  # several knights in one turn; one card left
    assert hand(game, 1) == [] and game.to_act == 0
    assert hand(game, 0) == ["wood", "wood"]


def test_reflected_knight_hits_the_attacker() -> None:
    game = position(
        hands=(["knight", "sea", "ore"], ["defender", "city"]), draw={**ATTACKER_DRAW, **DEFENDER_DRAW}, discard={0: []}
    )
    play(game, "play knight")
    assert legal(game) == {"reflect", "allow"}
    play(game, "reflect")
    assert hand(game, 1) == ["brick", "city"], "FAQ: the defender draws the Ritter (Defensiv)'s card at once"
    assert hand(game, 0) == ["ore", "sea", "wood"], "FAQ: the attacker still drew the knight's card"
    assert game.to_act == 0 and legal(game) == {"allow"}
    play(game, "allow")
    assert game.to_act == 0 and game.phase == 3
    play(game, "discard sea", "discard wood")
    assert hand(game, 0) == ["ore"] and pile(game, "discard", 0) == ["sea", "wood"]
    assert game.phase == 0


def test_reflected_bandit_is_carried_out_by_the_defender() -> None:
    game = position(hands=(["bandit"], ["defender", "sea"]), draw={**ATTACKER_DRAW, **DEFENDER_DRAW}, discard={1: []})
    play(game, "play bandit", "reflect", "allow")
    assert game.to_act == 1 and game.phase == 2
    assert game.view(1)["taken"] == "wood"
    play(game, "keep")
    assert pile(game, "discard", 1) == ["wood"] and hand(game, 0) == []
    assert game.to_act == 0


def test_double_reflection_has_no_effect() -> None:
    game = position(
        hands=(["knight", "defender", "ore"], ["defender", "city", "sea"]), draw={**ATTACKER_DRAW, **DEFENDER_DRAW}
    )
    play(game, "play knight", "reflect", "reflect")
    assert game.phase == 0 and game.to_act == 0
    assert hand(game, 0) == ["ore", "wood", "wood"], "the knight's card and the attacker's reflection card"
    assert hand(game, 1) == ["brick", "city", "sea"]
    assert pile(game, "laid", 0) == ["knight", "defender"] and pile(game, "laid", 1) == ["defender"]
    assert not any(e["kind"] == "discard" for e in game.events())
    assert any(e["kind"] == "void" for e in game.events())


def test_blocking_knight_stays_laid_out_until_the_end_of_its_owners_next_turn() -> None:
    game = position(
        hands=(["knight", "sea", "sea", "sea", "ore", "ore"], ["defender", "sea", "sea", "sea"]),
        draw={**ATTACKER_DRAW, 1: ["grain"] * 4},
        discard={1: []},
    )
    play(game, "play knight", "reflect", "allow", "discard wood", "discard ore", "end")
    assert pile(game, "laid", 1) == ["defender"], "still laid out in its owner's turn"
    assert "reflect" not in legal(game) and "play defender" not in legal(game), "and cannot be used again"
    assert pile(game, "discard", 0)[-3:] == ["wood", "ore", "knight"]
    play(game, "end")
    assert pile(game, "laid", 1) == [] and pile(game, "discard", 1) == ["defender"]


def test_defender_in_own_turn_draws_a_card() -> None:
    game = position(hands=(["defender"], ["sea"]), draw=ATTACKER_DRAW)
    play(game, "play defender")
    assert hand(game, 0) == ["wood"] and game.to_act == 0


def test_wrong_seat_reactions_are_refused() -> None:
    game = position(hands=(["knight"], ["sea"]), draw=ATTACKER_DRAW)
    with pytest.raises(siedler.IllegalAction, match=r"not possible now: seat 1 \(.+\) must"):  # index 0: seat 1
        game.apply("allow")
    play(game, "play knight")
    before = game.state()
    with pytest.raises(siedler.IllegalAction, match="reflect the attack"):
        game.apply("end")
    with pytest.raises(siedler.IllegalAction, match="no defender"):
        game.apply("reflect")
    assert game.state() == before


def test_a_city_drawn_by_the_attacking_knight_wins_at_once_and_the_game_saves() -> None:
    # "Ritter (Offensiv)": the attacker draws a card; a third Stadt in hand during his turn wins at once,
    # before the opponent answers. The ended game keeps what was left of the attack, and its position loads
    # again as a position of its own (without the history that would replay it).
    game = position(hands=(["knight", "city", "city"], ["sea", "ore"]), draw={0: ["city"]})
    play(game, "play knight")
    assert game.is_over and game.winner == 0
    state = game.state()
    assert state["game"]["attack"] == {"card": "knight", "target": 1, "reflections": 0}
    state["actions"] = []
    again = siedler.from_state(state)
    assert again.is_over and again.winner == 0 and again.state()["game"] == state["game"]
