"""What a Baden-Württemberg player reads is Baden-Württemberg's: the view names its own development cards
("Es gibt drei verschiedene Arten von Entwicklungskarten": Erfindungen, Fortschrittskarten Straßenbau,
Erfolgreiche Erfindung, Handel, and Errungenschaften), its inventions and its two award fields, never the
base game's knights, monopoly, year of plenty or largest army; its cost card is exactly what it sells."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.core.i18n import languages, text

from .positions import DECK, LANDMARK_COST, new, position

RED = 0
#: The base game's names a view of this rule set never uses (as a key anywhere in it).
LEFTOVERS = {"knight", "knights", "monopoly", "year_of_plenty", "largest_army"}
OWN_CARDS = ["invention", "achievement", "road_building", "successful_invention", "trade"]


def _keys(view: dict[str, Any]) -> set[str]:
    """Every key anywhere in the view (a name the view uses), read from its JSON."""
    return set(re.findall(r'"(\w+)": ', json.dumps(view)))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 4]))
def test_no_view_of_a_random_game_names_the_base_games_things(seed: int, players: int) -> None:
    game = new(players, seed)
    rng = random.Random(seed)
    while not game.is_over and game.num_actions < 400:
        if game.num_actions % 40 == 0:
            for seat in (None, *range(players)):
                view = game.view(seat)
                assert not _keys(view) & LEFTOVERS, (seat, _keys(view) & LEFTOVERS)
                for player in view["players"]:
                    assert "inventions" in player and "greatest_inventor" in player and "longest_trade_road" in player
                if seat is not None:
                    assert list(view["you"]["dev_cards"]) == OWN_CARDS
        game.apply(rng.choice(game.legal_actions()))


def test_the_cost_card_is_road_town_hall_landmark_and_development_card() -> None:
    # "Straße bauen ... je 1 x Holz und 1 x Lehm"; "Rathaus ... 1 x Holz, 1 x Lehm, 1 x Getreide und 1 x Wolle";
    # "Wahrzeichen ... 2 x Erz und 1 x Getreide"; "Entwicklungskarte kaufen ... je einmal Wolle, Erz und Getreide".
    assert new().view(0)["costs"] == {
        "road": {"wood": 1, "brick": 1},
        "town_hall": {"wood": 1, "brick": 1, "wool": 1, "grain": 1},
        "landmark": LANDMARK_COST,
        "development": {"wool": 1, "grain": 1, "ore": 1},
    }


def test_held_cards_inventions_and_awards_by_this_games_names() -> None:
    game = position(halls={RED: ["Sinsheim"]}, dev_cards={RED: {"knight": 2, "monopoly": 1}}, knights={RED: 3})
    view = game.view(RED)
    assert view["you"]["dev_cards"] == {**dict.fromkeys(OWN_CARDS, 0), "invention": 2, "trade": 1}
    assert view["players"][RED]["inventions"] == 3
    assert set(view["baden_wuerttemberg"]["awards"]) == {"longest_trade_road", "greatest_inventor"}
    assert sum(DECK.values()) == 26  # "26 Entwicklungskarten", five kinds by the base game's slots


def test_every_name_the_view_uses_has_its_words_in_every_language() -> None:
    view = new().view(0)
    for lang in languages():
        for card in view["you"]["dev_cards"]:
            assert text(f"page.dev.{card}", lang) and text(f"catan.card.{card}", lang)
        for purchase in view["costs"]:
            if purchase != "development":  # the page's own word: table.dev_card
                assert text(f"page.pieces.{purchase}", lang)
        for award in view["baden_wuerttemberg"]["awards"]:
            assert text(f"page.awards.{award}", lang)
        assert view["legend"]["pieces"]["settlement"]["label"][lang] == text("page.pieces.town_hall", lang)
        assert view["names"]["robber"][lang] == text("baden_wuerttemberg.robber", lang)
    assert text("page.pieces.town_hall", "de") == "Rathaus" and text("page.dev.invention", "de") == "Erfindung"


def test_the_supply_of_pieces_has_no_cities() -> None:
    """ "Rathäuser" and "Straßen" are this game's pieces; it has no cities, so a player's supply names none."""
    game = position(halls={RED: ["Pforzheim"]})
    for seat in (None, RED):
        assert all(set(p["pieces"]) == {"road", "settlement"} for p in game.view(seat)["players"])
    assert "/" in game.render_text(RED)
