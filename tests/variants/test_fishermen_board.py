"""The Fishermen's map and production: the lake, the fishing grounds, fish for settlements and cities, the
founding token, the robber beside the board until the first 7 or knight."""

from __future__ import annotations

import pytest

import siedler
from siedler.core.hexgrid import DIRECTIONS
from siedler.games.catan.rules import rules_from
from tests.catan.positions import cards, legal_of

from .helpers import GROUNDS, events_of, position, roll, tokens

FISH = {"fishermen": True}


@pytest.mark.parametrize("board", ["random", "balanced"])
def test_random_boards_put_the_lake_inland_and_six_grounds_on_free_tips(board: str) -> None:
    harbour_seas = {
        (q + DIRECTIONS[s["side"]][0], r + DIRECTIONS[s["side"]][1])
        for s in rules_from("base.toml").map["harbor_slots"]
        for q, r in [s["hex"]]
    }
    seen_lakes = set()
    for seed in range(40):
        game = siedler.new_game("fishermen", players=3, seed=seed, options={"board": board})
        view = game.view(None)["board"]
        terrain = [h["terrain"] for h in view["hexes"]]
        assert terrain.count("lake") == 1 and "desert" not in terrain
        lake = next(h for h in view["hexes"] if h["terrain"] == "lake")
        assert max(abs(lake["q"]), abs(lake["r"]), abs(lake["q"] + lake["r"])) <= 1, "the lake is on the edge"
        assert lake["number"] is None and view["lake"] == lake["id"]
        seen_lakes.add(lake["id"])
        grounds = view["fishing_grounds"]
        assert sorted(g["number"] for g in grounds) == [4, 5, 6, 8, 9, 10]
        for g in grounds:
            assert tuple(g["sea"]) not in harbour_seas and len(g["nodes"]) == 3
    assert len(seen_lakes) > 3  # the lake moves between boards


def test_beginner_board_has_the_lake_in_the_middle_and_fixed_grounds() -> None:
    game = siedler.new_game("fishermen", players=4, seed=3, options={"board": "beginner"})
    view = game.view(None)
    assert view["board"]["lake"] == "J"
    assert {g["number"]: tuple(g["nodes"]) for g in view["board"]["fishing_grounds"]} == GROUNDS
    assert all(p["kind"] != "robber" for p in view["pieces"])
    assert game.state()["game"]["robber"] is None


def test_fishing_ground_yields_one_token_to_a_settlement_two_to_a_city() -> None:
    game = position(options=FISH, phase="roll", robber=None, settlements={0: [2]}, cities={1: [49]})
    eight = roll(game, 8)
    assert tokens(eight, 0) != (0, 0, 0) and sum(tokens(eight, 0)) == 1
    assert sum(tokens(eight, 1)) == 0
    ten = roll(game, 10)
    assert sum(tokens(ten, 1)) == 2 and sum(tokens(ten, 0)) == 0
    assert ten.view(None)["fish"]["tokens"] == [0, 2, 0, 0]


@pytest.mark.parametrize("total", [2, 3, 11, 12])
def test_the_lake_yields_on_two_three_eleven_twelve(total: int) -> None:
    game = position(options=FISH, phase="roll", robber=None, settlements={2: [21]}, cities={3: [32]})
    after = roll(game, total)
    assert after.view(None)["fish"]["tokens"] == [0, 0, 1, 2]


@pytest.mark.parametrize("total", [4, 5, 6, 8, 9, 10])
def test_the_lake_is_silent_on_other_numbers(total: int) -> None:
    game = position(options=FISH, phase="roll", robber=None, settlements={2: [21]}, cities={3: [32]})
    assert roll(game, total).view(None)["fish"]["tokens"] == [0, 0, 0, 0]


def test_the_robber_on_the_lake_stops_its_fish() -> None:
    game = position(options=FISH, phase="roll", robber="J", settlements={2: [21]}, cities={3: [32]})
    assert roll(game, 12).view(None)["fish"]["tokens"] == [0, 0, 0, 0]


def test_at_most_seven_tokens() -> None:
    game = position(
        options=FISH,
        phase="roll",
        robber=None,
        cities={0: [2], 1: [49]},
        fish={0: (7, 0, 0), 1: (3, 3, 0)},
        spent=(0, 0, 0),
    )
    full = roll(game, 8)
    assert tokens(full, 0) == (7, 0, 0)
    assert events_of(full, "fish_full") == [{"seat": 0, "max": 7, "missed": 2}]
    one_more = roll(game, 10)
    assert sum(tokens(one_more, 1)) == 7
    assert events_of(one_more, "fish_full")[0]["missed"] == 1


def test_second_founding_settlement_at_a_fishing_ground_takes_one_token() -> None:
    game = siedler.new_game("fishermen", players=3, seed=1, options={"board": "beginner"})
    order = game.state()["game"]["start_player"]
    seats = [(order + i) % 3 for i in range(3)]
    first, second = seats[0], seats[2]
    # Founding order: seats[0], [1], [2], then [2], [1], [0]. The first founding at a ground gives nothing.
    for node in (0, 20, 44, 2, 33, 11):
        game.apply(f"settle {node}")
        game.apply(legal_of(game, "road").pop())
    assert sum(tokens(game, first)) == 0  # 0 was its first settlement, 11 touches no ground
    assert sum(tokens(game, second)) == 1  # 2 is the tip of the fishing ground 8
    assert [e["seat"] for e in events_of(game, "fish_catch")] == [second]


def test_the_robber_enters_at_the_first_seven_anywhere() -> None:
    game = position(options=FISH, phase="roll", robber=None, settlements={1: [10]}, hands={1: cards(wood=1)})
    seven = roll(game, 7)
    moves = legal_of(seven, "robber")
    assert {m.split()[1] for m in moves} == set("ABCDEFGHIJKLMNOPQRS")
    seven.apply("robber E @1")
    assert seven.state()["game"]["robber"] == "E"


def test_a_knight_brings_the_robber_on_too() -> None:
    game = position(options=FISH, phase="roll", robber=None, dev_cards={0: {"knight": 1}})
    game.apply("knight")
    assert len(legal_of(game, "robber")) == 19
    game.apply("robber J")
    assert game.state()["game"]["robber"] == "J"


def test_fish_are_not_resources_for_the_seven() -> None:
    # Seat 1: 8 cards and 5 tokens discards 4; seat 2: 6 cards and 7 tokens discards nothing.
    game = position(
        options=FISH,
        phase="roll",
        robber=None,
        settlements={1: [10], 2: [21]},
        hands={1: cards(wood=8), 2: cards(ore=6)},
        fish={1: (1, 2, 0), 2: (7, 0, 0)},
    )
    seven = roll(game, 7)
    assert seven.view(None)["discarding"] == {"1": 4}
    for _ in range(4):
        seven.apply("discard wood")
    assert legal_of(seven, "robber") >= {"robber F @2", "robber E @1"}
    seven.apply("robber F @2")
    assert tokens(seven, 2) == (7, 0, 0) and tokens(seven, 1) == (1, 2, 0)
    assert sum(seven.view(2)["you"]["hand"].values()) == 5


def test_a_player_with_only_fish_cannot_be_robbed() -> None:
    game = position(options=FISH, phase="roll", robber=None, settlements={1: [10]}, fish={1: (3, 0, 0)})
    seven = roll(game, 7)
    assert "robber E" in legal_of(seven, "robber") and "robber E @1" not in legal_of(seven, "robber")


def test_the_boot_drawn_is_shown_and_raises_the_target() -> None:
    game = position(options=FISH, phase="roll", robber=None, settlements={0: [2]})
    booted = roll(game, 8, lambda g: g.view(None)["fish"]["boot"] is not None)
    assert tokens(booted, 0) == (0, 0, 0)
    assert booted.view(2)["fish"]["boot"] == 0
    assert events_of(booted, "boot_drawn", seat=2) == [{"seat": 0}]
    assert booted.view(0)["victory_points"] == 11 and booted.view(1)["victory_points"] == 10


def test_spent_tokens_are_reshuffled_when_the_supply_is_empty() -> None:
    # Every token is held or spent; the boot is with seat 3. Seat 0 catches one from the spent pile.
    game = position(
        options=FISH,
        phase="roll",
        robber=None,
        settlements={0: [2]},
        fish={1: (7, 0, 0), 2: (0, 7, 0), 3: (0, 0, 7)},
        spent=(4, 3, 1),
        boot=3,
    )
    assert game.view(None)["fish"]["supply"] == 0
    after = roll(game, 8)
    assert events_of(after, "fish_reshuffle") == [{"count": 8}]
    assert sum(tokens(after, 0)) == 1
    fish = after.view(None)["fish"]
    assert fish["supply"] == 7 and fish["spent"] == {"1": 0, "2": 0, "3": 0}
