"""Places in words (``siedler.games.catan.places``): a player finds an intersection, a side or a hex by what
the board shows around it, never by the notation's index, and no two places of one board read alike."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import siedler
from siedler.core.i18n import languages
from siedler.games.catan import CatanGame
from siedler.games.catan.places import places

from ..board_places import board_rulesets


def test_an_intersection_is_named_by_its_hexes_and_a_coast_by_its_corner_and_harbour() -> None:
    """Seed 1 of the base game: intersection 12 touches fields 9, pasture 10 and hills 5 (read off
    ``board.numbers``/``terrain`` below, not from the names); a coast corner says which corner, a harbour its
    rate."""
    game = siedler.new_game("base", players=3, seed=1)
    assert isinstance(game, CatanGame)
    board, topo = game.board, game.board.topology
    assert [(board.terrain[h], board.numbers[h]) for h in sorted(topo.node_hexes[12])] == [
        ("fields", 9),
        ("pasture", 10),
        ("hills", 5),
    ]
    english, german = places(board, "en"), places(board, "de")
    assert english.nodes[12] == "grain 9 / wool 10 / brick 5"
    assert german.nodes[12] == "Getreide 9 / Wolle 10 / Lehm 5"
    assert english.edges[topo.edge_index[(12, 13)]] == "wool 10 – brick 5"
    assert english.hex("F") == "brick 5 (F)"
    lone = next(n for n in range(topo.num_nodes) if len(topo.node_hexes[n]) == 1 and board.node_harbor[n] < 0)
    assert english.nodes[lone].endswith(" corner") and str(lone) not in english.nodes[lone].split()
    harbour = next(n for n in range(topo.num_nodes) if board.node_harbor[n] >= 0)
    assert "(harbor " in english.nodes[harbour] and "(Hafen " in german.nodes[harbour]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(board_rulesets()), st.integers(0, 10**6), st.sampled_from(languages()))
def test_no_two_places_of_a_board_read_alike(ruleset: str, seed: int, lang: str) -> None:
    """Every intersection, side and hex of any rule set's board has a name of its own (letters tell two
    hexes of one terrain and number apart), so a menu of places never offers two that read the same."""
    game = siedler.new_game(ruleset, players=siedler.get_ruleset(ruleset).min_players, seed=seed)
    assert isinstance(game, CatanGame)
    named = places(game.board, lang)
    for kind in (named.nodes, named.edges, named.hexes):
        assert len(set(kind)) == len(kind)


@pytest.mark.parametrize("ruleset", board_rulesets())
def test_the_log_and_the_labels_name_places_in_words(ruleset: str) -> None:
    """The founding's settlements and roads are told and offered in words in every board rule set."""
    game = siedler.new_game(ruleset, players=siedler.get_ruleset(ruleset).min_players, seed=3)
    for action in game.legal_actions()[:5]:
        label = game.action_label(action, "en")
        assert not any(word.isdigit() and int(word) > 12 for word in label.replace("/", " ").split()), label
    game.apply(game.legal_actions()[0])
    line = game.events(None, lang="en")[-1]["text"]
    assert str(game.history[-1]).split()[-1] not in line.split(), line
