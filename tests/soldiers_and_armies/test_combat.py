"""Battles: the text's worked example round by round, ties, covering armies, alliances, retreat and
conquest with cut-off roads."""

from __future__ import annotations

from typing import Any

import pytest

from siedler.core.errors import IllegalAction
from siedler.core.game import Game

from .positions import army, building, events, phase, position, scripted_dice

# Seat 1 (V) has a city at 20 with roads 20-19-9 (reaching no other building of his) and 20-31-32-42 to his
# settlement at 42; seat 0 (A) has a city at 13 and 1 artillery + 2 cavalry at 21, next to V's city.
V_ROADS = ["19-20", "9-19", "20-31", "31-32", "32-42"]


def example(**changes: Any) -> Game:
    """The example's position, with ``changes`` to its pieces."""
    kw: dict[str, Any] = {
        "cities": {0: [13], 1: [20]},
        "settlements": {1: [42]},
        "roads": {1: V_ROADS},
        "armies": {21: (0, (0, 2, 1))},
        "phase": "combat",
    }
    return position(**(kw | changes))


def test_the_texts_worked_example_round_by_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "BEISPIEL FÜR EINEN KAMPF: Spieler A greift mit 1 Artillerie und 2 Kavallerien die Stadt von Spieler V
    an." Each round: (A)'s die, then (V)'s, with the sides the strengths give."""
    game = example()
    rounds = [
        ((12, 10), (12, 7), ("city", "turned"), (0, 2, 1)),  # Die Stadt wird auf den Kopf gestellt.
        ((12, 5), (12, 5), ("city", "artillery"), (0, 3, 0)),  # tie: the artillery becomes cavalry
        ((10, 6), (12, 4), ("settlement", "city"), (0, 3, 0)),  # Die Stadt wird zur Siedlung.
        ((10, 1), (8, 2), ("settlement", "cavalry"), (1, 2, 0)),
        ((10, 7), (8, 6), ("settlement", "turned"), (1, 2, 0)),
        ((10, 2), (8, 3), ("settlement", "cavalry"), (2, 1, 0)),
        # The text rolls a d6 here, but by its own sacrifice rule (A) still has a cavalry: a d10, same result.
        ((10, 5), (8, 4), (None, "settlement"), (2, 1, 0)),
    ]
    with scripted_dice(monkeypatch, [d for a, v, _, _ in rounds for d in (a, v)]):
        game.apply("attack 21>20")
        assert phase(game) == "defend" and game.to_act == 1
        game.apply("resist")
        for i, (_, _, (kind, loss), units) in enumerate(rounds):
            if i:
                game.apply("continue")
            assert events(game, "combat")[-1]["loss"] == loss
            assert army(game, 21) == (0, units)
            assert (building(game, 20) or (None,))[0] == kind
    assert phase(game) == "conquest"
    game.apply("conquer")
    assert building(game, 20) == ("settlement", 0)
    owners = {r["at"]: r["owner"] for r in game.view(None)["pieces"] if r["kind"] == "road"}
    # Roads cut off from V's remaining buildings are conquered; 20-31 still reaches his settlement at 42.
    assert owners == {"19-20": 0, "9-19": 0, "20-31": 1, "31-32": 1, "32-42": 1}
    assert game.view(None)["players"][0]["vp"] == 3 and game.view(None)["players"][1]["vp"] == 1
    assert phase(game) == "combat"


def test_a_tie_is_the_attackers_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example()
    with scripted_dice(monkeypatch, [(12, 9), (12, 9)]):
        game.apply("attack 21>20")
        game.apply("resist")
    assert army(game, 21) == (0, (0, 3, 0)) and not game.view(None)["soldiers"]["turned"]


def test_walls_add_to_the_citys_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example(walls={20: 2})
    with scripted_dice(monkeypatch, [(12, 11), (12, 9)]):
        game.apply("attack 21>20")
        game.apply("resist")
    assert events(game, "combat")[-1]["defence"] == [[20, 12, 9, 2]]
    assert events(game, "combat")[-1]["won"] is False


def test_the_attacker_may_stop_and_withdraw_where_no_attack_is_possible(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example()
    with scripted_dice(monkeypatch, [(12, 10), (12, 7)]):
        game.apply("attack 21>20")
        game.apply("resist")
    # 21's neighbours: 20 (V's city), 11 and 22; 11 and 22 are next to nothing of V's.
    assert {str(a) for a in game.legal_actions()} == {"continue", "retreat 11", "retreat 22"}
    game.apply("retreat 22")
    assert army(game, 22) == (0, (0, 2, 1)) and army(game, 21) is None
    assert game.view(None)["soldiers"]["turned"] == [20]  # what was downgraded stays so
    assert phase(game) == "combat"


def test_a_covering_army_must_be_destroyed_first(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example(armies={21: (0, (0, 2, 1)), 20: (1, (1, 0, 0))})
    legal = {str(a) for a in game.legal_actions()}
    assert "attack 21>20" in legal
    with scripted_dice(monkeypatch, [(12, 10), (6, 3)]):
        game.apply("attack 21>20")
        assert game.view(None)["soldiers"]["battle"]["target"] == "army"
        game.apply("resist")
    assert army(game, 20) is None and building(game, 20) == ("city", 1)
    assert phase(game) == "combat"
    with scripted_dice(monkeypatch, [(12, 5), (12, 1)]):
        game.apply("attack 21>20")  # the city, now uncovered, in the same combat phase
        assert game.view(None)["soldiers"]["battle"]["target"] == "building"
        game.apply("resist")
    assert game.view(None)["soldiers"]["turned"] == [20]


def test_alliances_roll_each_army_and_the_best_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 0's armies at 21 and 19 both stand next to V's city at 20; V's infantry at 31 too."""
    game = example(armies={21: (0, (1, 0, 0)), 19: (0, (0, 1, 0)), 31: (1, (0, 0, 1))}, roads={1: ["20-31"]})
    with scripted_dice(monkeypatch, [(6, 2), (10, 9), (12, 3), (12, 11)]):
        game.apply("attack 21>20")
        assert game.view(None)["soldiers"]["battle"]["armies"] == [21, 19]
        game.apply("resist")
    # The defenders' best (the artillery at 31, 11) beats the attackers' best (the cavalry at 19, 9): the
    # army that rolled the attackers' best loses a level.
    assert army(game, 19) == (0, (1, 0, 0)) and army(game, 21) == (0, (1, 0, 0))
    with scripted_dice(monkeypatch, [(6, 6), (6, 1), (12, 3), (12, 5)]):
        game.apply("continue")
    assert army(game, 31) == (1, (0, 1, 0)) and not game.view(None)["soldiers"]["turned"]


def test_an_army_attacks_only_its_neighbours() -> None:
    game = example()
    with pytest.raises(IllegalAction):
        game.apply("attack 21>42")
    # 21 is also a corner of the desert J, where the robber stands.
    assert {str(a) for a in game.legal_actions()} == {"end", "attack 21>20", "attack 21>robber"}


def test_a_third_players_armies_join_a_side_only_with_his_consent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 2's cavalry at 19 stands next to V's city at 20: he is asked, and joins V's defence."""
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    assert phase(game) == "alliance" and game.view(None)["to_act"] == 2
    assert {str(a) for a in game.legal_actions()} == {"ally @0", "ally @1", "neutral"}
    with scripted_dice(monkeypatch, [(6, 5), (12, 2), (10, 9)]):
        game.apply("ally @1")
    # The defenders' best is seat 2's 9 (a d10): the attacker's infantry is lost, the battle is over.
    assert game.view(None)["soldiers"]["battle"] is None and army(game, 21) is None
    assert events(game, "alliance") == [{"seat": 2, "side": 1}]


def test_a_third_player_who_stays_out_does_not_fight(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    with scripted_dice(monkeypatch, [(6, 5), (12, 2)]):
        game.apply("neutral")
    assert game.view(None)["soldiers"]["turned"] == [20] and army(game, 19) == (2, (0, 1, 0))


def test_an_ally_of_the_attacker_takes_the_loss_when_it_rolled_best(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    with scripted_dice(monkeypatch, [(6, 1), (10, 7), (12, 8)]):
        game.apply("ally @0")
    assert army(game, 19) == (2, (1, 0, 0)) and army(game, 21) == (0, (1, 0, 0))
    assert phase(game) == "battle"
