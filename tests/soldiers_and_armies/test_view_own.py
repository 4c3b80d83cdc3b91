"""What a Soldiers & Armies player reads is this rule set's: no largest army ("Die „Größte Rittermacht“
bleibt aus dem Spiel"), a cost card of its own purchases at their prices (its buildings, units, the city wall
and the nuke; no development card: "Entwicklungskarten werden nicht mehr gekauft"), and a second founding
round that says it places a city ("Jeder Spieler beginnt mit einer Siedlung und einer Stadt")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import siedler
from siedler.core.i18n import languages, text
from siedler.games.catan import CatanGame
from siedler.games.catan.places import places

from .positions import RULESET

#: The cost card: the base game's buildings, then the data file's army costs (docs/rules/soldiers-and-armies.md).
COSTS = {
    "road": {"wood": 1, "brick": 1},
    "settlement": {"wood": 1, "brick": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "infantry": {"wool": 1, "ore": 1},
    "cavalry": {"wool": 1, "grain": 1, "ore": 1},
    "artillery": {"wood": 1, "brick": 1, "ore": 2},
    "wall": {"brick": 2},
    "nuke": {"wood": 2, "brick": 2, "wool": 1, "grain": 2, "ore": 3},
}


def test_the_cost_card_lists_exactly_its_purchases_at_their_prices() -> None:
    game = siedler.new_game(RULESET, players=3, seed=1)
    assert game.view(0)["costs"] == COSTS
    dearer = siedler.new_game(RULESET, players=3, seed=1, options={"army_costs": {"nuke": {"ore": 9}}})
    assert dearer.view(None)["costs"] == {**COSTS, "nuke": {"ore": 9}}  # a designer's price shows on the card
    for lang in languages():
        for purchase in COSTS:
            assert text(f"page.pieces.{purchase}", lang)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([{}, {"harbormaster": True, "fishermen": True}]))
def test_no_view_has_a_largest_army(seed: int, options: dict[str, bool]) -> None:
    game = siedler.new_game(RULESET, players=4, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over and game.num_actions < 300:
        if game.num_actions % 30 == 0:
            for seat in (None, 0, 1):
                view = game.view(seat)
                assert all("largest_army" not in p and "longest_road" in p for p in view["players"])
                assert view["costs"] == COSTS
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("lang", languages())
def test_the_second_founding_round_places_a_city(lang: str) -> None:
    game = siedler.new_game(RULESET, players=3, seed=2)
    phases: list[str] = []
    while game.view(None)["phase"] in ("setup_settlement", "setup_road", "setup_city"):
        phase = game.view(None)["phase"]
        if phase != "setup_road" and (not phases or phases[-1] != phase):
            phases.append(phase)
            settle = next(a for a in game.legal_actions() if str(a).startswith("settle"))
            key = "soldiers.label.found_city" if phase == "setup_city" else "catan.label.settle"
            assert isinstance(game, CatanGame)
            assert game.action_label(settle, lang) == text(key, lang, places(game.board, lang).nodes[settle[1]])
        game.apply(game.legal_actions()[0])
    assert phases == ["setup_settlement", "setup_city"]
    assert text("page.phases.setup_city", "en") == "Founding: place a city"
    assert "Stadt" in text("page.phases.setup_city", "de") and "Stadt" in text("catan.phase.setup_city", "de")
