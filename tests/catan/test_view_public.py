"""The public facts a table shows beside the board come from ``view(seat)``: the cost card among them."""

from __future__ import annotations

import siedler
from siedler.games.catan.rules import RESOURCES


def test_the_cost_card_is_in_every_seats_view_and_follows_the_rule_sets_prices() -> None:
    base = siedler.new_game("base", players=3, seed=1)
    realms = siedler.new_game("resource-realms", players=3, seed=1)
    for seat in (0, 1, None):
        assert base.view(seat)["costs"] == {
            "road": {"wood": 1, "brick": 1},
            "settlement": {"wood": 1, "brick": 1, "wool": 1, "grain": 1},
            "city": {"grain": 2, "ore": 3},
            "development": {"wool": 1, "grain": 1, "ore": 1},
        }
    # Resource Realms' dearer city: 3 grain and 2 ore.
    assert realms.view(None)["costs"]["city"] == {"grain": 3, "ore": 2}


def test_bank_development_deck_and_own_trade_rates_are_shown_to_each_seat() -> None:
    game = siedler.new_game("base", players=3, seed=1)
    view = game.view(1)
    assert set(view["bank"]) == set(RESOURCES) and all(n == 19 for n in view["bank"].values())
    assert view["dev_deck"] == 25
    assert view["you"]["rates"] == dict.fromkeys(RESOURCES, 4)
    assert "you" not in game.view(None)
