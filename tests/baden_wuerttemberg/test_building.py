"""Roads through city and landmark fields (the text's two examples), town halls, landmarks and rewards."""

from __future__ import annotations

import pytest

from siedler.core.errors import IllegalAction
from tests.catan.positions import next_card_is

from .positions import LANDMARK_COST, landmark_index, legal, node, position, vp

RED, BLUE, GREEN = 0, 1, 2
TOWN_HALL = {"wood": 1, "brick": 1, "wool": 1, "grain": 1}
ROAD = {"wood": 1, "brick": 1}


def test_ebingen_and_biberach_example() -> None:
    """ "Spieler Rot darf eine Straße hinter Ebingen bauen, da er ein Rathaus auf dem Feld errichtet hat.
    Spieler Blau darf wegen des Rathauses von Spieler Rot keine Straße hinter Ebingen errichten und auch nicht
    hinter Biberach, da er noch kein Rathaus in Biberach gebaut hat." """
    game = position(
        halls={RED: ["Ebingen"], BLUE: ["Freudenstadt", "Reutlingen"]},
        roads={RED: ["55-67"], BLUE: ["42-54", "54-55", "46-58", "58-59"]},
        hands={RED: ROAD, BLUE: ROAD},
    )
    assert node(game, "Ebingen") == 55 and node(game, "Biberach") == 59
    assert "road 55-56" in legal(game)  # Red: behind Ebingen, through his own town hall
    blue = position(
        halls={RED: ["Ebingen"], BLUE: ["Freudenstadt", "Reutlingen"]},
        roads={RED: ["55-67"], BLUE: ["42-54", "54-55", "46-58", "58-59"]},
        hands={RED: ROAD, BLUE: ROAD},
        current=BLUE,
    )
    roads = {a for a in legal(blue) if a.startswith("road")}
    assert not roads & {"road 55-56", "road 55-67"}  # not behind Red's Ebingen
    assert not roads & {"road 59-60", "road 59-71"}  # not behind Biberach without a town hall there
    assert "road 57-58" in roads  # a free intersection lets the road on
    with pytest.raises(IllegalAction, match="city field only where you have a town hall"):
        blue.copy().apply("road 59-60")
    # With his own town hall in Biberach, Blue may go on behind it.
    built = position(
        halls={RED: ["Ebingen"], BLUE: ["Freudenstadt", "Reutlingen", "Biberach"]},
        roads={RED: ["55-67"], BLUE: ["42-54", "54-55", "46-58", "58-59"]},
        hands={BLUE: ROAD},
        current=BLUE,
    )
    assert {"road 59-60", "road 59-71"} <= legal(built)


def test_sigmaringen_and_friedrichshafen_example() -> None:
    """ "In Sigmaringen wurde das Wahrzeichen errichtet. Spieler Rot darf daher eine Straße hinter Sigmaringen
    bauen. Hinter Friedrichshafen darf er hingegen keine Straße bauen, da das Wahrzeichen noch nicht errichtet
    wurde." """
    game = position(
        halls={RED: ["Ebingen", "Ravensburg"], GREEN: ["Pforzheim"]},
        roads={RED: ["55-56", "56-57", "70-80", "80-81"]},
        landmarks={"Sigmaringen": GREEN},  # built by another player: landmarks are neutral
        hands={RED: ROAD},
    )
    assert node(game, "Sigmaringen") == 57 and node(game, "Friedrichshafen") == 81
    assert {"road 57-58", "road 57-69"} <= legal(game)
    assert "road 81-82" not in legal(game)
    with pytest.raises(IllegalAction, match="landmark field only once its landmark stands"):
        game.copy().apply("road 81-82")


def test_town_hall_only_on_a_free_city_field_at_an_own_road() -> None:
    game = position(halls={RED: ["Ebingen"]}, roads={RED: ["55-67", "54-55"]}, hands={RED: TOWN_HALL})
    # 67 and 54 are free intersections; no city field touches Red's roads but his own Ebingen.
    assert not any(a.startswith("settle") for a in legal(game))
    with pytest.raises(IllegalAction, match="only on a city field"):
        game.copy().apply("settle 54")
    reached = position(halls={RED: ["Reutlingen"]}, roads={RED: ["46-58", "58-59"]}, hands={RED: TOWN_HALL})
    assert "settle 59" in legal(reached)
    reached.apply("settle 59")
    assert vp(reached, RED) == 2
    assert reached.view(RED)["players"][RED]["town_halls"] == 10
    assert "Biberach" in reached.events(None, lang="en")[-1]["text"]


def test_a_landmark_is_built_on_its_field_neutral_with_a_town_hall_outside_and_its_reward() -> None:
    """Heidelberg's castle: 2 ore + 1 grain; a town hall on its picture (1 point) and 1 wool + 1 grain."""
    game = position(halls={RED: ["Sinsheim"]}, roads={RED: ["9-10", "8-9"]}, hands={RED: LANDMARK_COST})
    assert "landmark 8" in legal(game)
    with pytest.raises(IllegalAction, match="not a landmark field"):
        game.copy().apply("landmark 9")
    game.apply("landmark 8")
    view = game.view(RED)
    assert view["you"]["hand"] == {"wood": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 0}
    assert vp(game, RED) == 2 and view["players"][RED]["town_halls"] == 10
    outside = view["baden_wuerttemberg"]["outside"][landmark_index(game, "Heidelberg")]
    assert outside["town_hall"] == RED
    field = next(f for f in view["board"]["fields"] if f["town"] == "Heidelberg")
    assert field["built"] and field["reward"] == {"kind": "resources", "resources": {"wool": 1, "grain": 1}}
    # Neutral: another player's road passes it.
    passing = position(
        halls={BLUE: ["Sinsheim"]}, roads={BLUE: ["9-10", "8-9"]}, landmarks={"Heidelberg": RED},
        hands={BLUE: ROAD}, current=BLUE,
    )  # fmt: skip
    assert {"road 7-8", "road 0-8"} <= legal(passing)
    with pytest.raises(IllegalAction, match="stands already"):
        passing.copy().apply("landmark 8")


def test_landmark_reward_a_free_road() -> None:
    """Mannheim's water tower: then one road for free."""
    game = position(halls={RED: ["Sinsheim"]}, roads={RED: ["2-10", "1-2"]}, hands={RED: LANDMARK_COST})
    game.apply("landmark 1")
    assert game.view(None)["phase"] == "road_building" and game.view(None)["free_roads"] == 1
    game.apply("road 0-1")  # through the landmark just built
    assert game.view(None)["phase"] == "main"
    assert sum(game.view(RED)["you"]["hand"].values()) == 0


def test_landmark_reward_a_development_card_and_an_achievement_wins_at_once() -> None:
    """Stuttgart's TV tower: the top development card. With 9 points in a 4-player game, an achievement
    drawn this way wins the game: achievements are shown only for the win."""
    halls = ["Pforzheim", "Aalen", "Reutlingen", "Ebingen", "Biberach", "Ehingen", "Lahr", "Offenburg"]
    game = position(
        halls={RED: halls}, roads={RED: ["45-46", "33-45"]}, hands={RED: LANDMARK_COST}, dev_cards={RED: {"knight": 0}}
    )
    assert vp(game, RED) == 8
    game = next_card_is(game, "victory_point")
    game.apply("landmark 33")
    assert game.is_over and game.winner == RED
    final = game.view(BLUE)["final"][RED]
    assert final["vp"] == 10 and final["vp_cards"] == 1


def test_landmark_needs_a_town_hall_left() -> None:
    halls = ["Wertheim", "Sinsheim", "Bad Mergentheim", "Rastatt", "Schwäbisch Hall", "Ellwangen",
             "Pforzheim", "Aalen", "Heidenheim", "Offenburg", "Freudenstadt", "Reutlingen"]  # fmt: skip
    # (Twelve town halls on the map are twelve points, so in play he would have won already: the position
    # checks the rule alone.)
    game = position(3, halls={RED: halls}, roads={RED: ["45-46", "33-45"]}, hands={RED: LANDMARK_COST})
    assert "landmark 33" not in legal(game)
    with pytest.raises(IllegalAction, match="none left"):
        game.copy().apply("landmark 33")


def test_log_labels_and_text_board_name_towns_and_landmarks_in_both_languages() -> None:
    game = position(halls={RED: ["Sinsheim"]}, roads={RED: ["9-10", "8-9"]}, hands={RED: LANDMARK_COST})
    action = game.parse_action("landmark 8")
    assert game.action_label(action, "en") == "Build the Heidelberg Castle in Heidelberg"
    assert game.action_label(action, "de") == "Wahrzeichen Heidelberger Schloss in Heidelberg errichten"
    assert (
        game.action_label(game.parse_action("settle 10"), "de") == "Rathaus in Sinsheim bauen"
    )  # the town's name, not its number
    game.apply(action)
    words = [e["text"] for e in game.events(BLUE, lang="de")[-2:]]
    assert words == [
        "Player 1 errichtet das Wahrzeichen Heidelberger Schloss in Heidelberg.",
        "Player 1 nimmt 1 Wolle, 1 Getreide als Belohnung des Wahrzeichens.",
    ]
    text = game.render_text(RED, "de")
    assert "Heidelberg 8: Heidelberger Schloss (errichtet von Player 1)" in text
    assert "Mannheim 1: Wasserturm (Belohnung: eine kostenlose Straße)" in text


def test_the_landmarks_free_road_may_be_left_unbuilt() -> None:
    """ "Der Erbauer eines Wahrzeichens erhält jedoch eine Belohnung: ... und darf je nach Abbildung kostenlos
    eine Straße bauen": may, not must. After Mannheim's water tower, ``noroad`` leaves it unbuilt."""
    game = position(halls={RED: ["Sinsheim"]}, roads={RED: ["2-10", "1-2"]}, hands={RED: LANDMARK_COST})
    game.apply("landmark 1")
    assert "noroad" in legal(game) and "road 0-1" in legal(game)
    game.apply("noroad")
    view = game.view(None)
    assert view["phase"] == "main" and view["free_roads"] == 0
    assert {e["at"] for e in view["pieces"] if e["kind"] == "road"} == {"2-10", "1-2"}
    assert "noroad" not in legal(game)


def test_the_road_building_cards_roads_are_no_landmarks_reward() -> None:
    """Straßenbau's roads are placed as in the base game; ``noroad`` belongs to the landmark's reward only."""
    game = position(halls={RED: ["Sinsheim"]}, roads={RED: ["2-10"]}, dev_cards={RED: {"road_building": 1}})
    game.apply("roadbuilding")
    assert game.view(None)["phase"] == "road_building" and "noroad" not in legal(game)
    with pytest.raises(IllegalAction, match="only a landmark's free road"):
        game.copy().apply("noroad")


def test_a_landmarks_card_may_be_played_in_the_turn_it_is_taken() -> None:
    """ "Dies darf aber nicht eine Karte sein, die er in diesem Zug gekauft hat!" bars bought cards; the card
    Stuttgart's TV tower gives ("sich ... eine Entwicklungskarte nehmen") is taken, not bought."""
    game = position(halls={RED: ["Pforzheim"]}, roads={RED: ["45-46", "33-45"]}, hands={RED: LANDMARK_COST})
    game = next_card_is(game, "road_building")
    game.apply("landmark 33")
    assert game.view(RED)["you"]["dev_cards"]["road_building"] == 1
    assert "roadbuilding" in legal(game)
    bought = position(halls={RED: ["Pforzheim"]}, hands={RED: {"wool": 1, "grain": 1, "ore": 1}})
    bought = next_card_is(bought, "road_building")
    bought.apply("buy")
    assert "roadbuilding" not in legal(bought)
