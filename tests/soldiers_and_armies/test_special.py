"""The nuke, the robber, capitulation, complete annihilation and the two ends of the game."""

from __future__ import annotations

from tests.catan.positions import cards, roll

from .positions import army, building, current, events, fight, hand, phase, position


def test_the_nuke_downgrades_every_building_at_its_hex_one_step() -> None:
    """Hex E (hills 6) has corners 10 11 21 20 19 9: a walled city at 10, a city at 21, a settlement at 19
    and an army at 11."""
    game = position(
        cities={1: [10], 2: [21], 0: [42]},
        settlements={2: [19], 1: [0]},
        walls={10: 2},
        armies={11: (1, (1, 1, 0))},
        nukes={0: 42},
        phase="combat",
    )
    game.apply("nuke E")
    assert building(game, 10) == ("city", 1)  # a city with walls loses a wall
    assert game.view(None)["soldiers"]["walls"] == {"10": 1}
    assert building(game, 21) == ("settlement", 2)  # a city without walls becomes a settlement
    assert building(game, 19) is None  # a settlement is removed
    assert army(game, 11) == (1, (1, 1, 0))  # units are not affected
    assert game.view(None)["soldiers"]["nuked"] == ["E"]
    assert "nuke" not in {a[0] for a in game.legal_actions()}  # once per game


def test_a_nuked_hex_never_produces_again() -> None:
    """ "Dieses wird nun umgedreht und liefert keine Erträge mehr": a 6 pays the city at 21 nothing from E
    (hills 6) once E is nuked, two bricks before."""
    game = position(cities={2: [21]}, settlements={1: [0]}, nuked=["E"], phase="roll")
    assert hand(roll(game, 6), 2) == cards()
    game = position(cities={2: [21]}, settlements={1: [0]}, phase="roll")
    assert hand(roll(game, 6), 2) == cards(brick=2)


def test_a_nuke_is_bought_once_per_game() -> None:
    game = position(cities={0: [13]}, hands={0: cards(wood=4, brick=4, wool=2, grain=4, ore=6)})
    game.apply("recruit nuke 13")
    assert game.view(None)["soldiers"]["nukes"] == {"0": 13}
    assert not any(a[0] == "recruit" and a[2] == 3 for a in game.legal_actions())


def test_robber_attack_won_moves_the_robber_and_steals() -> None:
    game = position(
        cities={0: [13], 1: [42]},
        armies={21: (0, (1, 0, 0))},
        hands={1: cards(ore=2)},
        phase="combat",
    )
    game = fight(game, "attack 21>robber", [(6, 5), (6, 4)])
    assert phase(game) == "robber"
    game.apply("robber N @1")  # N (mountains 3) has corner 42
    assert hand(game, 0)["ore"] == 1 and phase(game) == "combat"
    assert "attack 21>robber" not in {str(a) for a in game.legal_actions()}  # once per combat phase


def test_robber_attack_lost_costs_a_resource_of_the_attackers_choice() -> None:
    game = position(cities={0: [13]}, armies={21: (0, (0, 1, 0))}, hands={0: cards(wood=1, ore=2)}, phase="combat")
    game = fight(game, "attack 21>robber", [(10, 3), (6, 3)])  # a tie is the army's loss
    assert phase(game) == "tribute"
    assert {str(a) for a in game.legal_actions()} == {"tribute wood", "tribute ore"}
    game.apply("tribute ore")
    assert hand(game, 0) == cards(wood=1, ore=1) and phase(game) == "combat"
    assert army(game, 21) == (0, (0, 1, 0))  # the army loses nothing


def test_capitulation_hands_everything_to_the_attacker_for_half_the_points() -> None:
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        roads={1: ["20-31", "31-32"]},
        armies={21: (0, (0, 1, 0)), 40: (1, (2, 0, 0))},
        hands={1: cards(wood=2, ore=1)},
        dev_cards={1: {"knight": 1}},
        phase="combat",
    )
    game.apply("attack 21>20")
    game.apply("capitulate")
    view = game.view(0)
    assert building(game, 20) == ("city", 0) and building(game, 42) == ("settlement", 0)
    assert army(game, 40) == (0, (2, 0, 0))
    assert view["you"]["hand"] == cards(wood=2, ore=1) and view["you"]["dev_cards"]["knight"] == 1
    assert {r["owner"] for r in view["pieces"] if r["kind"] == "road"} == {0}
    loser = view["players"][1]
    assert loser["out"] == "capitulated" and loser["final_vp"] == 2  # 3 points, half rounded up
    assert game.scores()[1] == 2 and game.scores()[0] == 5
    game.apply("end")
    assert current(game) == 2  # the player who left is skipped


def test_annihilation_gives_the_destroyer_the_cards_and_the_last_player_standing_wins() -> None:
    game = position(
        players=2,
        cities={0: [13]},
        settlements={1: [20]},
        roads={1: ["20-31"]},
        turned=[20],
        armies={21: (0, (0, 0, 1))},
        hands={1: cards(grain=3)},
        dev_cards={1: {"monopoly": 1}},
        phase="combat",
    )
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 9), (8, 2)])
    assert building(game, 20) is None
    assert game.view(0)["you"]["hand"]["grain"] == 3 and game.view(0)["you"]["dev_cards"]["monopoly"] == 1
    assert events(game, "annihilated") == [{"seat": 1, "by": 0}]
    assert game.is_over and game.winner == 0 and game.scores() == [2, 0]
    # "Die Siegpunktkarten werden aus den Entwicklungskarten entfernt": the final scores show no such column
    assert game.view(None)["final"] == [
        {"seat": 0, "name": "Player 1", "vp": 2},
        {"seat": 1, "name": "Player 2", "vp": 0},
    ]


def test_thirteen_points_win_in_ones_own_turn() -> None:
    game = position(
        cities={0: [0, 13, 42, 44]},
        settlements={0: [10, 35, 47]},
        roads={0: ["9-10", "9-19"]},
        hands={0: cards(wood=1, brick=1, wool=1, grain=1)},
    )
    assert game.view(None)["players"][0]["vp"] == 11 and game.view(None)["victory_points"] == 13
    game.apply("settle 19")
    assert not game.is_over  # 12 points
    game = position(
        cities={0: [0, 13, 42, 44]},
        settlements={0: [10, 35, 47, 19]},
        roads={0: ["10-11", "11-21"]},
        hands={0: cards(wood=1, brick=1, wool=1, grain=1)},
    )
    game.apply("settle 21")
    assert game.is_over and game.winner == 0 and game.scores()[0] == 13
