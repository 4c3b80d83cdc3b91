"""Setting up: starting decks, supply, opening hands, the starting player, editions and option overrides."""

from __future__ import annotations

from collections import Counter

import pytest

import siedler
from siedler.games.deck_building.cards import CARDS


def counts(names: list[str]) -> dict[str, int]:
    return dict(Counter(names))


def test_starting_decks_supply_and_opening_hands() -> None:
    game = siedler.new_game("deck-building", players=2, seed=3)
    state = game.state()["game"]
    start = {"grain": 3, "wood": 3, "wool": 3, "brick": 2, "ore": 2, "sea": 3, "desert": 1, "road": 2, "settlement": 2}
    for seat in (0, 1):
        player = state["players"][seat]
        own = Counter(player["draw"]) + Counter(player["hand"])
        assert dict(own) == start, "each player owns exactly the 21-card starting deck"
        assert sum(player["hand"].values()) == 7
        assert len(player["draw"]) == 14
        assert player["discard"] == [] and player["laid_out"] == []
    supply = {k: v for k, v in state["supply"].items() if v}
    assert supply == {"bandit": 3, "knight": 3, "defender": 3, "road": 18, "harbor": 3, "settlement": 12, "city": 12}
    assert sum(supply.values()) == 54
    assert game.to_act == 0 and game.current == 0  # type: ignore[attr-defined]


def test_decks_are_shuffled_by_the_seed() -> None:
    a = siedler.new_game("deck-building", players=2, seed=1).state()["game"]["players"]
    b = siedler.new_game("deck-building", players=2, seed=2).state()["game"]["players"]
    assert a != b
    assert a == siedler.new_game("deck-building", players=2, seed=1).state()["game"]["players"]


def test_starting_player_option() -> None:
    game = siedler.new_game("deck-building", players=2, seed=1, options={"start_player": 1})
    assert game.to_act == 1
    seats = {
        siedler.new_game("deck-building", players=2, seed=s, options={"start_player": -1}).to_act for s in range(20)
    }
    assert seats == {0, 1}


def test_only_two_players() -> None:
    with pytest.raises(siedler.OptionError):
        siedler.new_game("deck-building", players=3)


def test_later_edition_supply_and_bandit_cost() -> None:
    game = siedler.new_game("deck-building", players=2, seed=1, options={"edition": "later"})
    supply = {k: v for k, v in game.state()["game"]["supply"].items() if v}
    assert supply == {"bandit": 3, "knight": 3, "defender": 3, "road": 14, "harbor": 3, "settlement": 8, "city": 9}
    assert game.view(0)["costs"]["bandit"] == {"wool": 2, "grain": 1, "desert": 1}
    standard = siedler.new_game("deck-building", players=2, seed=1)
    assert standard.view(0)["costs"]["bandit"] == {"wool": 2, "grain": 1, "show": ["desert"]}
    assert standard.view(0)["costs"]["city"] == {"grain": 2, "ore": 3, "give_back": ["settlement"]}


def test_overrides_through_options_accept_objects_and_json_text() -> None:
    options = {"supply": '{"road": 10, "city": 5}', "deck": {"sea": 0, "ore": 5}, "costs": {"harbor": {"brick": 1}}}
    game = siedler.new_game("deck-building", players=2, seed=1, options=options)
    state = game.state()
    assert state["options"]["supply"] == {"road": 10, "city": 5}, "records hold JSON objects, not text"
    assert state["game"]["supply"]["road"] == 10 and state["game"]["supply"]["city"] == 5
    owned = Counter(state["game"]["players"][0]["draw"]) + Counter(state["game"]["players"][0]["hand"])
    assert owned["sea"] == 0 and owned["ore"] == 5 and sum(owned.values()) == 21
    assert game.view(0)["costs"]["harbor"] == {"brick": 1}
    again = siedler.replay(game.record())
    assert again.state() == state


@pytest.mark.parametrize(
    "options, words",
    [
        ({"edition": "nonsense"}, "edition"),
        ({"supply": {"dragon": 1}}, "dragon"),
        ({"supply": {"wood": 3}}, "no cost"),
        ({"deck": {"wood": -1}}, "from 0 to 99"),
        ({"deck": {"wood": 10**6}}, "from 0 to 99"),  # a million-card deck once hung the server
        ({"supply": {"city": 10**30}}, "from 0 to 99"),
        ({"costs": {"road": {"settlement": 1}}}, "show or give_back"),
        ({"costs": "{not json"}, "JSON"),
        ({"deck": "[1, 2]"}, "'deck' takes a table of card names"),
        ({"start_player": 2}, "start_player"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, object], words: str) -> None:
    with pytest.raises(siedler.OptionError, match=words):
        siedler.new_game("deck-building", players=2, options=options)


def test_ruleset_is_registered_with_its_options() -> None:
    rs = siedler.get_ruleset("deck-building")
    names = {o.name for o in rs.all_options()}
    assert {"edition", "start_player", "deck", "supply", "costs", "turn_limit"} <= names
    assert rs.min_players == rs.max_players == 2
    assert len(CARDS) == 14
