"""BAUEN (Entwicklungskarte) and ENTWICKLUNGSKARTE SPIELEN: buying, not in the turn bought, one per turn,
the knight and the largest army, road building, year of plenty, monopoly and victory-point cards."""

from __future__ import annotations

from siedler import Game

from .positions import (
    DECK,
    DEV_CARD,
    EMPTY,
    ROAD,
    bank,
    cards,
    dev_hand,
    hand,
    legal,
    legal_of,
    next_card_is,
    path,
    phase,
    player,
    position,
    refused,
    roll,
)

DEV_KINDS = ("knight", "roadbuilding", "plenty", "monopoly")


def playable(game: Game) -> set[str]:
    """The development-card actions among the legal ones."""
    return {a for a in legal(game) if a.split()[0] in DEV_KINDS}


# ---------------------------------------------------------------------- buying
def test_buying_pays_and_draws_the_top_card_which_waits_for_the_next_turn() -> None:
    game = next_card_is(position(players=3, hands={0: DEV_CARD}), "knight")
    game.apply("buy")
    assert hand(game, 0) == EMPTY and bank(game) == {r: 19 for r in bank(game)}
    assert dev_hand(game, 0)["knight"] == 1
    assert game.view(None)["dev_deck"] == 24 and player(game, 0)["dev_cards"] == 1
    assert "knight" not in legal(game), "not in the turn it was bought"
    refused(game, "knight", "bought this turn")
    game.apply("end")
    for seat in (1, 2):  # two quiet turns: a 2 touches nobody
        game = roll(game, 2)
        assert game.to_act == seat
        game.apply("end")
    assert phase(game) == "roll" and game.to_act == 0
    assert "knight" in legal(game)


def test_only_the_buyer_learns_which_card_he_drew() -> None:
    game = next_card_is(position(hands={0: DEV_CARD}), "monopoly")
    game.apply("buy")
    own = [e for e in game.events(seat=0) if e["kind"] == "buy"]
    assert own[-1]["data"]["card"] == 4  # monopoly
    for seat in (None, 1, 2, 3):
        seen = [e for e in game.events(seat=seat) if e["kind"] == "buy"]
        assert seen[-1]["data"] == {"seat": 0}


def test_an_older_card_of_the_same_kind_is_playable_beside_a_new_one() -> None:
    game = position(dev_cards={0: {"knight": 2}}, dev_new={"knight": 1})
    assert "knight" in legal(game)
    new_only = position(
        dev_cards={0: {"monopoly": 1, "road_building": 1, "year_of_plenty": 1}},
        dev_new={"monopoly": 1, "road_building": 1, "year_of_plenty": 1},
        settlements={0: [20]},
    )
    assert playable(new_only) == set()


def test_no_card_can_be_bought_from_an_empty_deck() -> None:
    game = position(hands={0: DEV_CARD}, dev_cards={1: DECK})
    assert game.view(None)["dev_deck"] == 0
    refused(game, "buy", "no development cards left")


def test_only_one_development_card_per_turn() -> None:
    game = position(dev_cards={0: {"knight": 1, "monopoly": 1, "year_of_plenty": 1}}, hands={1: cards(wool=2)})
    assert playable(game) >= {"knight", "monopoly wool", "plenty wood ore"}
    game.apply("monopoly wool")
    assert playable(game) == set()
    refused(game, "knight", "one development card may be played per turn")
    refused(game, "plenty wood ore", "one development card may be played per turn")


# ---------------------------------------------------------------------- the knight
def test_a_knight_may_be_played_before_rolling_and_then_the_turn_goes_on_with_the_roll() -> None:
    game = position(phase="roll", dev_cards={0: {"knight": 2}}, settlements={1: [19]}, hands={1: cards(ore=2)})
    assert legal(game) == {"roll", "knight"}, "before the roll only the knight"
    game.apply("knight")
    assert phase(game) == "robber"
    game.apply("robber E @1")
    assert hand(game, 0) == cards(ore=1) and hand(game, 1) == cards(ore=1)
    assert phase(game) == "roll" and legal(game) == {"roll"}, "the card of this turn is spent"
    game = roll(game, 2)
    assert "knight" not in legal(game)
    assert player(game, 0)["knights"] == 1


def test_a_knight_after_rolling_moves_the_robber_and_returns_to_the_turn() -> None:
    game = position(dev_cards={0: {"knight": 1}}, settlements={2: [42]}, hands={2: cards(grain=1)})
    game.apply("knight")
    assert phase(game) == "robber"
    refused(game, "robber J", "another hex")
    game.apply("robber R @2")
    assert phase(game) == "main" and game.to_act == 0
    assert hand(game, 0) == cards(grain=1)
    assert game.state()["game"]["robber"] == "R"


def test_the_third_knight_brings_the_largest_army() -> None:
    game = position(dev_cards={0: {"knight": 1}}, knights={0: 2})
    assert game.scores()[0] == 0
    game.apply("knight")
    game.apply("robber A")
    assert player(game, 0)["largest_army"] and game.scores()[0] == 2


def test_knights_held_but_not_played_do_not_count_for_the_army() -> None:
    game = position(dev_cards={0: {"knight": 5}}, knights={0: 2})
    assert not player(game, 0)["largest_army"]
    game.apply("knight")
    assert player(game, 0)["largest_army"] and player(game, 0)["knights"] == 3


def test_the_largest_army_changes_hands_only_when_exceeded() -> None:
    tie = position(dev_cards={0: {"knight": 1}}, knights={0: 2, 1: 3}, largest_army=1)
    tie.apply("knight")
    assert player(tie, 1)["largest_army"] and not player(tie, 0)["largest_army"], "three against three"
    more = position(dev_cards={0: {"knight": 1}}, knights={0: 3, 1: 3}, largest_army=1)
    more.apply("knight")
    assert player(more, 0)["largest_army"] and not player(more, 1)["largest_army"]
    assert more.scores()[:2] == [2, 0]


# ---------------------------------------------------------------------- road building
def test_road_building_places_two_free_roads_connected_to_the_network() -> None:
    game = position(settlements={0: [20]}, roads={0: ["20-21"]}, dev_cards={0: {"road_building": 1}})
    game.apply("roadbuilding")
    assert phase(game) == "road_building"
    assert legal(game) == {"road 19-20", "road 20-31", "road 11-21", "road 21-22"}
    game.apply("road 21-22")
    assert {"road 22-23", "road 22-33"} <= legal(game), "the second may extend the first"
    game.apply("road 22-23")
    assert phase(game) == "main"
    assert hand(game, 0) == EMPTY and player(game, 0)["pieces"]["road"] == 12


def test_road_building_with_one_road_left_places_one() -> None:
    coast = path(0, 1, 2, 3, 4, 5, 6, 14, 15, 25, 26, 37, 36, 46, 45)  # fourteen roads
    game = position(settlements={0: [0]}, roads={0: coast}, dev_cards={0: {"road_building": 1}})
    game.apply("roadbuilding")
    game.apply("road 45-53")
    assert phase(game) == "main" and player(game, 0)["pieces"]["road"] == 0


def test_road_building_ends_early_when_there_is_nowhere_left_to_build() -> None:
    # From 7 only 7-17 is free; beyond 8 and 17 every path is seat 1's.
    game = position(
        settlements={0: [7], 1: [9]},
        roads={0: ["7-8"], 1: ["0-8", "8-9", "16-17", "17-18"]},
        dev_cards={0: {"road_building": 1}},
    )
    game.apply("roadbuilding")
    assert legal(game) == {"road 7-17"}
    game.apply("road 7-17")
    assert phase(game) == "main" and player(game, 0)["pieces"]["road"] == 13


def test_road_building_needs_somewhere_to_build() -> None:
    # Seat 0's roads from 7 end at 8 and 17, whose other paths are all seat 1's.
    game = position(
        settlements={0: [7], 1: [9]},
        roads={0: ["7-8", "7-17"], 1: ["0-8", "8-9", "16-17", "17-18"]},
        dev_cards={0: {"road_building": 1}},
        hands={0: ROAD},
    )
    assert legal_of(game, "road") == set()
    refused(game, "roadbuilding", "nowhere")


# ---------------------------------------------------------------------- year of plenty
def test_year_of_plenty_takes_any_two_from_the_bank() -> None:
    game = position(dev_cards={0: {"year_of_plenty": 1}})
    assert {"plenty ore ore", "plenty wood grain"} <= legal(game)
    game.apply("plenty ore ore")
    assert hand(game, 0) == cards(ore=2) and bank(game)["ore"] == 17


def test_year_of_plenty_is_limited_by_the_bank() -> None:
    game = position(dev_cards={0: {"year_of_plenty": 1}}, hands={1: cards(ore=18)})
    refused(game, "plenty ore ore", "the bank does not hold those")
    refused(game, "plenty ore", "takes two")
    assert "plenty wood ore" in legal(game)
    # A bank holding one card in all gives just that one.
    last = position(
        dev_cards={0: {"year_of_plenty": 1}}, hands={1: cards(wood=19, brick=19, wool=19, grain=19, ore=18)}
    )
    assert {a for a in legal(last) if a.startswith("plenty")} == {"plenty ore"}
    last.apply("plenty ore")
    assert hand(last, 0) == cards(ore=1) and sum(bank(last).values()) == 0
    empty = position(
        dev_cards={0: {"year_of_plenty": 1}}, hands={1: cards(wood=19, brick=19, wool=19, grain=19, ore=19)}
    )
    assert playable(empty) == set()


# ---------------------------------------------------------------------- monopoly
def test_monopoly_takes_every_card_of_the_named_resource_from_every_other_player() -> None:
    game = position(
        dev_cards={0: {"monopoly": 1}},
        hands={0: cards(wool=1), 1: cards(wool=3, ore=1), 2: cards(grain=2), 3: cards(wool=1, wood=4)},
    )
    game.apply("monopoly wool")
    assert hand(game, 0) == cards(wool=5)
    assert hand(game, 1) == cards(ore=1) and hand(game, 2) == cards(grain=2) and hand(game, 3) == cards(wood=4)
    assert bank(game)["wool"] == 14, "the bank is not touched"


# ---------------------------------------------------------------------- victory-point cards
def test_victory_point_cards_count_at_once_but_stay_hidden_from_the_others() -> None:
    game = position(settlements={0: [20]}, dev_cards={0: {"victory_point": 2, "knight": 1}})
    assert game.scores()[0] == 3
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        entry = view["players"][0]
        assert entry["vp"] == 1 and entry["dev_cards"] == 3 and "vp_total" not in entry
        assert "final" not in view
        if seat is not None:
            assert view["you"]["dev_cards"] == {c: 0 for c in DECK}, "only one's own cards are shown"
    own = game.view(0)
    assert own["players"][0]["vp_total"] == 3 and own["you"]["dev_cards"]["victory_point"] == 2
    assert "final" not in own


def test_victory_point_cards_are_never_played() -> None:
    game = position(dev_cards={0: {"victory_point": 1}})
    assert playable(game) == set()
    assert not any("victory" in a for a in legal(game))


def test_a_victory_point_card_bought_on_the_tenth_point_wins_at_once() -> None:
    # Four cities and a settlement: nine points.
    game = position(cities={0: [0, 3, 6, 15]}, settlements={0: [37]}, hands={0: DEV_CARD})
    game = next_card_is(game, "victory_point")
    assert game.scores()[0] == 9
    game.apply("buy")
    assert game.is_over and game.winner == 0
    final = {f["seat"]: f for f in game.view(1)["final"]}
    assert final[0]["vp"] == 10 and final[0]["vp_cards"] == 1
    assert game.view(1)["players"][0]["vp_total"] == 10, "revealed to all at the end"
