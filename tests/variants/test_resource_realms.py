"""Resource Realms: city cost, the 25-card deck, the immediate win, the Guardian, the winner's view."""

from __future__ import annotations

import siedler
from tests.catan.positions import SETTLEMENT, cards, legal_of, next_card_is, path, refused

from .helpers import position

RR = "resource-realms"


def test_a_city_costs_three_grain_and_two_ore() -> None:
    game = position(RR, settlements={0: [10]}, hands={0: cards(grain=3, ore=2)})
    assert legal_of(game, "city") == {"city 10"}
    game.apply("city 10")
    assert game.view(0)["you"]["hand"] == cards()
    assert game.view(None)["bank"] == {"wood": 19, "brick": 19, "wool": 19, "grain": 19, "ore": 19}
    base_cost = position(RR, settlements={0: [10]}, hands={0: cards(grain=2, ore=3)})
    refused(base_cost, "city 10", "3 grain, 2 ore")


def test_the_deck_has_25_cards_14_6_2_2_1() -> None:
    game = siedler.new_game(RR, players=4, seed=1)
    assert game.state()["game"]["dev_deck"] == {
        "knight": 14,
        "victory_point": 6,
        "road_building": 2,
        "year_of_plenty": 2,
        "monopoly": 1,
    }
    assert game.view(None)["dev_deck"] == 25


def test_the_map_is_the_standard_nineteen_hexes() -> None:
    game = siedler.new_game(RR, players=3, seed=9)
    terrain = [h["terrain"] for h in game.view(None)["board"]["hexes"]]
    assert len(terrain) == 19
    assert {t: terrain.count(t) for t in set(terrain)} == {
        "forest": 4,
        "pasture": 4,
        "fields": 4,
        "hills": 3,
        "mountains": 3,
        "desert": 1,
    }


def _cut_position(ruleset: str, seat0_at_nine: bool = False) -> siedler.Game:
    """Seat 2 holds the longest road (0-1-2-3-4-5) tied with seat 1 (16-27-28-38-39-47); seat 1 has
    8 points (settlement, two cities, three hidden cards). Seat 0 can found a settlement at 2, cutting
    seat 2's road: seat 1's road is then the longest alone. With ``seat0_at_nine`` seat 0 has 9 points."""
    return position(
        ruleset,
        settlements={0: [9], 1: [16], 2: [0]},
        cities={0: [20, 33, 36] if seat0_at_nine else [], 1: [44, 51]},
        roads={0: path(9, 10, 2), 1: path(16, 27, 28, 38, 39, 47), 2: path(0, 1, 2, 3, 4, 5)},
        dev_cards={0: {"victory_point": 2 if seat0_at_nine else 0}, 1: {"victory_point": 3}},
        hands={0: SETTLEMENT},
        longest_road=2,
    )


def test_a_player_wins_the_moment_he_reaches_ten_even_in_anothers_turn() -> None:
    game = _cut_position(RR)
    assert game.scores()[1] == 8
    game.apply("settle 2")
    assert game.view(None)["players"][1]["longest_road"]
    assert game.is_over and game.winner == 1 and game.scores()[1] == 10
    assert game.view(None)["current"] == 0


def test_in_the_base_game_he_waits_for_his_own_turn() -> None:
    game = _cut_position("base")
    game.apply("settle 2")
    assert not game.is_over and game.scores()[1] == 10
    game.apply("end")
    assert game.is_over and game.winner == 1


def test_when_one_action_brings_two_players_to_ten_the_player_whose_turn_it_is_wins() -> None:
    game = _cut_position(RR, seat0_at_nine=True)
    assert game.scores()[0] == 9
    game.apply("settle 2")
    assert game.scores()[0] == 10 and game.scores()[1] == 10
    assert game.is_over and game.winner == 0
    assert [e["data"]["winner"] for e in game.events(None) if e["kind"] == "over"] == [0]


def test_a_victory_point_card_wins_at_once() -> None:
    game = position(
        RR, cities={0: [0, 10, 20, 44]}, dev_cards={0: {"victory_point": 1}}, hands={0: cards(wool=1, grain=1, ore=1)}
    )
    assert game.scores()[0] == 9
    game = next_card_is(game, "victory_point")
    game.apply("buy")
    assert game.is_over and game.winner == 0


def test_the_robber_is_the_guardian_in_words() -> None:
    game = position(RR, phase="robber", settlements={1: [10]}, hands={1: cards(wood=1)}, robber_return="main")
    assert game.parse_action("guardian E @1") == game.parse_action("robber E @1")
    assert game.parse_action("Wächter E") == game.parse_action("robber E")
    assert (
        game.action_label(game.parse_action("robber E @1"), "en") == "Move the Guardian to brick 6 (E) and rob Player 2"
    )
    assert game.action_label(game.parse_action("robber E"), "de") == "Wächter nach Lehm 6 (E) versetzen"
    refused(game, "robber J", "the Guardian must move to another hex")
    game.apply("guardian E @1")
    assert str(game.history[-1]) == "robber E @1"
    texts = [e["text"] for e in game.events(None, lang="de") if e["kind"] == "robber"]
    assert texts == ["Player 1 versetzt den Wächter nach Lehm 6 (E)."]
    assert game.events(None, lang="en")[-2]["text"] == "Player 1 moved the Guardian to brick 6 (E)."
    assert game.view(None)["names"]["robber"] == {"en": "Guardian", "de": "Wächter"}


def test_the_view_carries_what_the_winner_overlay_needs() -> None:
    game = _cut_position(RR)
    game.apply("settle 2")
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["over"] and view["winner"] == 1
        final = {f["seat"]: f for f in view["final"]}
        assert final[1] == {"seat": 1, "name": "Player 2", "vp": 10, "vp_cards": 3}
        assert [p["vp_total"] for p in view["players"]] == game.scores()


def test_with_the_harbormaster_eleven_are_needed() -> None:
    game = siedler.new_game(RR, players=3, seed=1, options={"harbormaster": True})
    assert game.view(0)["victory_points"] == 11


def test_the_text_board_draws_the_guardian() -> None:
    game = position(RR, phase="robber", robber="E", robber_return="main")
    assert "*GUARDIAN*" in game.render_text(0, "en") and "ROBBER" not in game.render_text(0, "en")
    assert "*WÄCHTER*" in game.render_text(0, "de") and "Wächter versetzen" in game.render_text(0, "de")
