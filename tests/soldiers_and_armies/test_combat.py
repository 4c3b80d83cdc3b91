"""Battles: the text's worked example round by round, ties, covering armies, alliances, retreat and
conquest with cut-off roads."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import siedler
from siedler.core.errors import IllegalAction, RecordError
from siedler.core.game import Game
from siedler.games.soldiers_and_armies import SoldiersGame

from .positions import army, building, events, fight, phase, position

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


def test_the_texts_worked_example_round_by_round() -> None:
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
    game.apply("attack 21>20")
    assert phase(game) == "defend" and game.to_act == 1
    for i, (a, v, (kind, loss), units) in enumerate(rounds):
        game = fight(game, "continue" if i else "resist", [a, v])
        assert events(game, "combat")[-1]["loss"] == loss
        assert army(game, 21) == (0, units)
        assert (building(game, 20) or (None,))[0] == kind
    assert phase(game) == "conquest"
    game.apply("conquer")
    assert building(game, 20) == ("settlement", 0)
    # "Sämtliche angrenzenden Straßen und Schiffe, die nun ohne Verbindung zu einer gleichfarbigen Siedlung /
    # Stadt sind, werden miterobert": 19-20 touches the place and reaches none of V's buildings; 20-31 still
    # reaches his settlement at 42; 9-19 is cut off too, but does not touch the place, so it stays V's.
    assert road_owners(game) == {"19-20": 0, "9-19": 1, "20-31": 1, "31-32": 1, "32-42": 1}
    assert game.view(None)["players"][0]["vp"] == 3 and game.view(None)["players"][1]["vp"] == 1
    assert phase(game) == "combat"


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def road_owners(game: Game) -> dict[str, int]:
    return {r["at"]: r["owner"] for r in game.view(None)["pieces"] if r["kind"] == "road"}


def destroyed(**changes: Any) -> Game:
    """V's settlement at 20 (turned) falls to A's artillery at 21 in one round; A decides what to do."""
    game = example(cities={0: [13]}, settlements={1: [20, 42]}, turned=[20], **changes)
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 9), (8, 1)])
    assert phase(game) == "conquest" and building(game, 20) is None
    return game


def test_conquest_takes_only_the_adjacent_roads_that_are_cut_off() -> None:
    """ "Er ersetzt die Siedlung und alle angrenzenden Straßen / Schiffe, die nun ohne Verbindung zu einer
    gleichfarbigen Siedlung / Stadt sind, durch eigene Spielsteine." V's roads at 20: 19-20 (on to 9, cut
    off), 20-21 (a spur: cut off), 20-31 (on to his settlement at 42). Only the first two are taken; 9-19 and
    9-8, cut off as well, do not touch the place and stay V's."""
    roads = ["19-20", "9-19", "8-9", "20-21", *V_ROADS[2:]]
    game = destroyed(roads={1: roads})
    game.apply("conquer")
    assert building(game, 20) == ("settlement", 0)
    assert road_owners(game) == {"19-20": 0, "20-21": 0, "9-19": 1, "8-9": 1, "20-31": 1, "31-32": 1, "32-42": 1}
    assert events(game, "conquer")[-1]["roads"] == ["19-20", "20-21"]


def test_conquest_takes_as_many_roads_as_the_conqueror_has_pieces_for() -> None:
    """A has 14 of his 15 roads on the board: of V's two cut-off roads at 20, he takes one."""
    elsewhere = ["0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "2-10", "10-11", "7-17", "15-25", "16-17", "17-18"]
    game = destroyed(roads={1: ["19-20", "20-21"], 0: [*elsewhere, "22-23", "23-24"]})
    game.apply("conquer")
    assert [road_owners(game)[at] for at in ("19-20", "20-21")] == [0, 1]


def test_the_attacker_may_leave_the_place_empty() -> None:
    game = destroyed(roads={1: ["19-20"]})
    game.apply("raze")
    assert building(game, 20) is None and road_owners(game) == {"19-20": 1} and phase(game) == "combat"


def test_a_tie_is_the_attackers_loss() -> None:
    game = example()
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 9), (12, 9)])
    assert army(game, 21) == (0, (0, 3, 0)) and not game.view(None)["soldiers"]["turned"]


def test_walls_add_to_the_citys_roll() -> None:
    game = example(walls={20: 2})
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 11), (12, 9)])
    assert events(game, "combat")[-1]["defence"] == [[20, 12, 9, 2]]
    assert events(game, "combat")[-1]["won"] is False


def test_the_attacker_may_stop_and_withdraw_where_no_attack_is_possible() -> None:
    game = example()
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 10), (12, 7)])
    # 21's neighbours: 20 (V's city), 11 and 22; 11 and 22 are next to nothing of V's.
    assert {str(a) for a in game.legal_actions()} == {"continue", "retreat 11", "retreat 22"}
    game.apply("retreat 22")
    assert army(game, 22) == (0, (0, 2, 1)) and army(game, 21) is None
    assert game.view(None)["soldiers"]["turned"] == [20]  # what was downgraded stays so
    assert phase(game) == "combat"


def test_a_covering_army_must_be_destroyed_first() -> None:
    game = example(armies={21: (0, (0, 2, 1)), 20: (1, (1, 0, 0))})
    legal = {str(a) for a in game.legal_actions()}
    assert "attack 21>20" in legal
    game.apply("attack 21>20")
    assert game.view(None)["soldiers"]["battle"]["target"] == "army"
    game = fight(game, "resist", [(12, 10), (6, 3)])
    assert army(game, 20) is None and building(game, 20) == ("city", 1)
    assert phase(game) == "combat"
    game.apply("attack 21>20")  # the city, now uncovered, in the same combat phase
    assert game.view(None)["soldiers"]["battle"]["target"] == "building"
    game = fight(game, "resist", [(12, 5), (12, 1)])
    assert game.view(None)["soldiers"]["turned"] == [20]


def test_an_alliance_rolls_one_die_its_best_units_and_its_armies_cover_the_building() -> None:
    """Seat 0's armies at 21 (infantry) and 19 (cavalry) stand next to V's city at 20, V's artillery at 31
    too, and both owners bring them in: each side rolls once, with its best unit's die, and the city does
    not roll while 31 covers it."""
    game = example(armies={21: (0, (1, 0, 0)), 19: (0, (0, 1, 0)), 31: (1, (0, 0, 1))}, roads={1: ["20-31"]})
    game.apply("attack 21>20")
    assert game.view(None)["soldiers"]["battle"]["armies"] == [21]
    game.apply("resist")
    assert phase(game) == "alliance" and game.to_act == 0  # the attacker's own army first
    assert legal(game) == {"ally 19 @0", "neutral 19"}
    game.apply("ally 19 @0")
    assert game.to_act == 1 and legal(game) == {"ally 31 @1", "neutral 31"}
    game = fight(game, "ally 31 @1", [(10, 9), (12, 11)])
    assert game.view(None)["soldiers"]["battle"]["armies"] == [21, 19]
    # The side's best unit, the cavalry at 19, rolled for it and bears the loss.
    assert events(game, "combat")[-1]["attack"] == [[19, 10, 9, 0]]
    assert events(game, "combat")[-1]["defence"] == [[31, 12, 11, 0]]
    assert army(game, 19) == (0, (1, 0, 0)) and army(game, 21) == (0, (1, 0, 0))
    game = fight(game, "continue", [(6, 6), (12, 5)])
    assert army(game, 31) == (1, (0, 1, 0)) and not game.view(None)["soldiers"]["turned"]


def test_the_building_fights_on_once_its_covering_armies_are_gone() -> None:
    game = example(armies={21: (0, (0, 0, 1)), 31: (1, (1, 0, 0))}, roads={1: ["20-31"]})
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "ally 31 @1", [(12, 5), (12, 2)])  # the city's d12, stronger than the infantry's d6
    assert events(game, "combat")[-1]["defence"] == [[20, 12, 2, 0]]
    assert army(game, 31) is None and phase(game) == "battle"  # the covering army bears the loss
    game = fight(game, "continue", [(12, 10), (12, 7)])
    assert events(game, "combat")[-1]["defence"] == [[20, 12, 7, 0]]
    assert game.view(None)["soldiers"]["turned"] == [20]


def test_a_defending_alliance_fights_until_all_of_it_is_gone() -> None:
    """V's infantry at 20 is attacked; he brings in his cavalry at 19, next to it. The target army falls first
    (the alliance's best unit, 19's cavalry, takes the first loss; then the armies' infantry in order, the
    target first), and the battle goes on with the army at 19."""
    game = example(armies={21: (0, (0, 0, 1)), 20: (1, (1, 0, 0)), 19: (1, (0, 1, 0))}, cities={0: [13]})
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "ally 19 @1", [(12, 11), (10, 3)])
    assert army(game, 19) == (1, (1, 0, 0)) and army(game, 20) == (1, (1, 0, 0))
    game = fight(game, "continue", [(12, 11), (6, 3)])
    assert army(game, 20) is None and army(game, 19) == (1, (1, 0, 0)) and phase(game) == "battle"
    game = fight(game, "continue", [(12, 11), (6, 3)])
    assert army(game, 19) is None and game.view(None)["soldiers"]["battle"] is None


def the_texts_alliance_example() -> Game:
    """ "Die Armee von Spieler Blau (1 Artillerie + 1 Kavallerie) greift die Armee von Spieler Rot (1 Kavallerie
    + 1 Infanterie) an. Spieler Rot kann sich nun dazu entscheiden, die Artillerie, welche seine Stadt schützt,
    in den Kampf hineinzubringen („Bündnis"), muss dies aber nicht." Blau (seat 0) at 21 attacks Rot's army at
    22; Rot's artillery stands on his city at 23, next to 22 but not to 21."""
    armies = {21: (0, (0, 1, 1)), 22: (1, (1, 1, 0)), 23: (1, (0, 0, 1))}
    game = position(cities={0: [42], 1: [23]}, armies=armies, phase="combat")
    game.apply("attack 21>22")
    game.apply("resist")
    assert phase(game) == "alliance" and game.to_act == 1
    assert legal(game) == {"ally 23 @1", "neutral 23"}
    return game


def test_the_defender_may_bring_in_his_artillery() -> None:
    game = fight(the_texts_alliance_example(), "ally 23 @1", [(12, 5), (12, 9)])
    assert events(game, "alliance") == [{"seat": 1, "at": 23, "side": 1}]
    assert events(game, "combat")[-1]["defence"] == [[23, 12, 9, 0]]  # the alliance rolls the artillery's d12
    assert army(game, 21) == (0, (0, 2, 0))


def test_the_defender_need_not_bring_in_his_artillery() -> None:
    game = fight(the_texts_alliance_example(), "neutral 23", [(12, 5), (10, 9)])
    assert events(game, "alliance") == [{"seat": 1, "at": 23, "side": None}]
    assert events(game, "combat")[-1]["defence"] == [[22, 10, 9, 0]]  # the attacked army alone, its d10
    assert army(game, 23) == (1, (0, 0, 1)) and army(game, 21) == (0, (0, 2, 0))


def test_the_attacker_may_keep_his_other_army_out() -> None:
    """ "Man kann auch mit mehreren Armeen gleichzeitig angreifen": may, not must. Seat 0 keeps his cavalry
    at 19 out of the attack on V's city; it neither rolls nor loses."""
    game = example(armies={21: (0, (1, 0, 0)), 19: (0, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "neutral 19", [(6, 1), (12, 8)])
    assert events(game, "combat")[-1]["attack"] == [[21, 6, 1, 0]]
    assert army(game, 19) == (0, (0, 1, 0)) and army(game, 21) is None
    assert game.view(None)["soldiers"]["battle"] is None  # the attacking side is gone


def test_armies_not_next_to_the_target_are_not_asked() -> None:
    """ "Die beiden Armeen von Spieler Rot könnten aber NICHT die Armee von Spieler Blau angreifen, da sich nur
    eine der Armeen einen Kreuzungspunkt von der von Spieler Blau entfernt befindet": Rot attacking Blau's
    army at 21 from 22, his artillery at 23 is not next to 21, and nobody is asked."""
    armies = {21: (0, (0, 1, 1)), 22: (1, (1, 1, 0)), 23: (1, (0, 0, 1))}
    game = position(cities={0: [42], 1: [23]}, armies=armies, phase="combat", current=1)
    game.apply("attack 22>21")
    game = fight(game, "resist", [(10, 3), (12, 2)])
    assert events(game, "combat")[-1]["attack"] == [[22, 10, 3, 0]] and not events(game, "alliance")


def test_an_army_attacks_only_its_neighbours() -> None:
    game = example()
    with pytest.raises(IllegalAction):
        game.apply("attack 21>42")
    # 21 is also a corner of the desert J, where the robber stands.
    assert {str(a) for a in game.legal_actions()} == {"end", "attack 21>20", "attack 21>robber"}


def test_a_third_players_armies_join_a_side_only_with_his_consent() -> None:
    """Seat 2's cavalry at 19 stands next to V's city at 20: he is asked, and joins V's defence."""
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    assert phase(game) == "alliance" and game.view(None)["to_act"] == 2
    assert legal(game) == {"ally 19 @0", "ally 19 @1", "neutral 19"}
    game = fight(game, "ally 19 @1", [(6, 5), (12, 9)])
    # Seat 2's cavalry covers V's city, which rolls its stronger d12: the attacker's infantry is lost.
    assert game.view(None)["soldiers"]["battle"] is None and army(game, 21) is None
    assert events(game, "alliance") == [{"seat": 2, "at": 19, "side": 1}]


def test_a_third_player_who_stays_out_does_not_fight() -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "neutral 19", [(6, 5), (12, 2)])
    assert game.view(None)["soldiers"]["turned"] == [20] and army(game, 19) == (2, (0, 1, 0))


def test_an_ally_of_the_attacker_bears_the_loss_when_it_holds_the_best_unit() -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "ally 19 @0", [(10, 7), (12, 8)])
    assert army(game, 19) == (2, (1, 0, 0)) and army(game, 21) == (0, (1, 0, 0))
    assert phase(game) == "battle"


def test_a_third_player_fights_on_one_side_only() -> None:
    """Seat 2 has armies at 19 and 31, both next to V's city: once the first has joined V, the second may
    join V or stay out, not the attacker. Each is asked in turn, army by army."""
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (1, 0, 0)), 31: (2, (1, 0, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    assert game.view(None)["soldiers"]["battle"]["waiting"] == [19, 31]
    game.apply("ally 19 @1")
    assert game.to_act == 2 and legal(game) == {"ally 31 @1", "neutral 31"}
    game = fight(game, "neutral 31", [(6, 6), (12, 1)])
    assert game.view(None)["soldiers"]["battle"]["allies"] == [{"at": 19, "side": 1}]


def test_an_alliance_answer_reads_and_labels_its_army() -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (0, 1, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    labels = {str(a): game.action_label(a, "en") for a in game.legal_actions()}
    at = "grain 12 / brick 6 / wood 11"  # intersection 19 as the board shows it
    assert labels["ally 19 @1"] == f"Bring the army at {at} into the battle on Player 2's side"
    assert labels["neutral 19"] == f"Keep the army at {at} out of the battle"
    with pytest.raises(IllegalAction, match="is not a seat"):
        game.apply("ally 19 @7")
    with pytest.raises(IllegalAction, match="write 'ally <intersection> @<seat>'"):
        game.apply("ally @1")
    with pytest.raises(IllegalAction):
        game.apply("ally 31 @1")  # no army of his there: not the question asked
    game.apply("ally 19 @1")
    told = [e["text"] for e in game.events(2, lang="en") if e["kind"] == "alliance"]
    assert told == [f"You bring the army at {at} into the battle on Player 2's side."]


def test_a_refused_alliance_answer_says_why() -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (2, (1, 0, 0)), 31: (2, (1, 0, 0))})
    game.apply("attack 21>20")
    game.apply("resist")
    assert "the army asked about now is the one at 19" in str(game.why_illegal("neutral 31"))
    game.apply("ally 19 @1")
    assert "the army at 31 may join only the side of seat 2 (Player 2)" in str(game.why_illegal("ally 31 @0"))


def test_a_battle_waiting_for_an_armys_answer_reloads_and_a_bad_one_is_refused() -> None:
    game = example(armies={21: (0, (1, 0, 0)), 19: (0, (1, 0, 0)), 31: (1, (1, 0, 0))}, roads={1: ["20-31"]})
    game.apply("attack 21>20")
    game.apply("resist")
    game.apply("ally 19 @0")
    state = {**game.state(), "actions": [], "start_state": None}
    reloaded = siedler.from_state(state)
    assert reloaded.view(1) == game.view(1) and legal(reloaded) == {"ally 31 @1", "neutral 31"}
    state["game"]["soldiers"]["ally_pending"] = [22]
    with pytest.raises(RecordError, match="not on the board"):
        siedler.from_state(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4]))
def test_in_random_games_each_army_next_to_a_battle_is_its_owners_decision(seed: int, players: int) -> None:
    """Whenever a battle asks about an army: its owner answers, for that army only, with the sides it may
    join (a party only its own), and every army brought in stands next to the target."""
    game = siedler.new_game("soldiers-and-armies", players=players, seed=seed, options={"max_offers": 0})
    assert isinstance(game, SoldiersGame)
    rng = random.Random(seed)
    asked = 0
    while not game.is_over and game.num_actions < 2500:
        battle = game.view(None)["soldiers"]["battle"]
        if phase(game) == "alliance":
            node = battle["waiting"][0]
            owner = army(game, node)
            assert owner is not None and game.to_act == owner[0]
            sides = {battle["attacker"], battle["defender"]}
            answers = legal(game)
            assert f"neutral {node}" in answers and all(a.split()[1] == str(node) for a in answers)
            if owner[0] in sides:
                assert answers == {f"ally {node} @{owner[0]}", f"neutral {node}"}
            asked += 1
        if battle:
            near = set(game.board.topology.node_nodes[battle["at"]])
            assert {a["at"] for a in battle["allies"]} <= near
        game.apply(belligerent(game, rng))
    event(f"armies asked about: {min(asked, 5)}{'+' if asked >= 5 else ''}")


def belligerent(game: Game, rng: random.Random) -> Any:
    """A random player that recruits, attacks and resists whenever it can, so that battles come often."""
    legal = game.legal_actions()
    for kind in ("recruit", "attack", "resist", "continue"):
        chosen = [a for a in legal if a[0] == kind and (kind != "recruit" or a[2] < 3)]
        if chosen and rng.random() < 0.8:
            return rng.choice(chosen)
    return rng.choice(legal)
