"""Set-up, the four phases, the free development card, the 7 with walls, no victory-point cards and no
largest army."""

from __future__ import annotations

import pytest

import siedler
from siedler.core.errors import IllegalAction
from siedler.core.i18n import text
from tests.catan.positions import cards, roll

from .positions import building, current, hand, phase, position


def test_founding_places_a_settlement_then_a_city_in_snake_order() -> None:
    game = siedler.new_game("soldiers-and-armies", players=2, seed=3, options={"board": "beginner"})
    first = current(game)
    game.apply("settle 0")
    game.apply("road 0-1")
    game.apply("settle 42")
    game.apply("road 42-43")
    assert current(game) != first  # the second round goes back in reverse order
    assert game.action_label(game.parse_action("settle 13"), "en") == "Found a city at wood 9 / wool 4 / brick 10"
    game.apply("settle 13")
    assert building(game, 13) == ("city", current(game))
    # The city yields one card per producing hex, as the base game's second settlement: 13 touches C
    # (forest), F (pasture) and G (hills).
    assert hand(game, current(game)) == cards(wood=1, wool=1, brick=1)
    game.apply("road 13-14")
    game.apply("settle 45")
    game.apply("road 45-46")
    assert phase(game) == "roll" and current(game) == first
    assert [p["vp"] for p in game.view(None)["players"]] == [3, 3]


def test_each_phase_is_left_by_its_own_action() -> None:
    game = position(cities={0: [13]}, armies={14: (0, (1, 0, 0))})
    assert phase(game) == "main"
    with pytest.raises(IllegalAction, match="must trade, build"):
        game.apply("fight")
    game.apply("march")
    assert phase(game) == "movement"
    with pytest.raises(IllegalAction, match="move armies, or go on to the combat phase"):
        game.apply("end")
    game.apply("fight")
    assert phase(game) == "combat"
    game.apply("end")
    assert phase(game) == "roll" and current(game) == 1


def test_a_free_development_card_when_nothing_was_bought_or_played() -> None:
    game = position(cities={0: [13]}, hands={0: cards(wood=1, brick=1)})
    assert "buy" in {str(a) for a in game.legal_actions()}
    game.apply("buy")
    assert phase(game) == "movement" and sum(game.view(0)["you"]["dev_cards"].values()) == 1
    assert hand(game, 0) == cards(wood=1, brick=1)  # it costs nothing
    # "darf man vor der Bewegungsphase eine Karte ziehen": the log says it was drawn, not bought
    card = next(c for c, n in game.view(0)["you"]["dev_cards"].items() if n)
    drawn = [e["text"] for e in game.events(0, lang="en") if e["kind"] == "buy"][-1]
    assert drawn == f"You take the free development card ({text(f'catan.card.{card}', 'en')})."
    assert [e["text"] for e in game.events(1, lang="de") if e["kind"] == "buy"][-1] == (
        "Player 1 nimmt die kostenlose Entwicklungskarte."
    )


def test_no_free_card_after_a_purchase() -> None:
    game = position(cities={0: [13]}, roads={0: ["13-14"]}, hands={0: cards(wood=1, brick=1)})
    game.apply("road 14-15")
    assert "buy" not in {str(a) for a in game.legal_actions()}


def test_no_free_card_after_playing_one() -> None:
    game = position(cities={0: [13]}, dev_cards={0: {"monopoly": 1}})
    game.apply("monopoly ore")
    assert "buy" not in {str(a) for a in game.legal_actions()}


def test_no_free_card_with_four_unrevealed() -> None:
    game = position(cities={0: [13]}, dev_cards={0: {"knight": 4}})
    assert "buy" not in {str(a) for a in game.legal_actions()}
    game = position(cities={0: [13]}, dev_cards={0: {"knight": 3}})
    assert "buy" in {str(a) for a in game.legal_actions()}


def test_no_victory_point_cards_and_no_largest_army() -> None:
    game = position(cities={0: [13]}, dev_cards={0: {"knight": 1}})
    assert game.state()["game"]["dev_deck"]["victory_point"] == 0
    state = game.state()
    state["game"]["players"][0]["knights"] = 5
    state["game"]["dev_spent"]["knight"] = 5
    state["game"]["dev_deck"]["knight"] -= 5
    game = siedler.from_state(state)
    game.apply("knight")
    assert "largest_army" not in game.view(None)["players"][0] and game.state()["game"]["largest_army"] == -1
    assert game.view(None)["players"][0]["vp"] == 2


@pytest.mark.parametrize(("walls", "discards"), [(0, True), (1, False)])
def test_the_hand_limit_on_a_seven_is_ten_plus_two_per_wall(walls: int, discards: bool) -> None:
    game = position(
        cities={1: [13]},
        walls={13: walls} if walls else {},
        hands={1: cards(wood=4, brick=4, ore=4)},
        phase="roll",
    )
    rolled = roll(game, 7)
    assert (phase(rolled) == "discard") is discards
    if discards:
        assert rolled.view(None)["discarding"] == {"1": 6}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Armies: 21", "2 cavalry+1 artillery (d12)", "Turned: 20")),
        ("de", ("Armeen: 21", "2 Kavallerie+1 Artillerie (W12)", "Auf dem Kopf: 20")),
    ],
)
def test_the_text_board_shows_armies_walls_and_turned_buildings(lang: str, words: tuple[str, ...]) -> None:
    game = position(cities={0: [13], 1: [20]}, walls={20: 1}, armies={21: (0, (0, 2, 1))}, turned=[20], phase="combat")
    board = game.render_text(1, lang)
    assert all(w in board for w in words), board[-300:]
