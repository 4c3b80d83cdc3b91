"""Buying, trading and the resources of Siedlung, Stadt and road groups (the rule text's examples first)."""

from __future__ import annotations

import pytest

import siedler

from .positions import hand, legal, pile, play, position


def test_settlement_purchase_example() -> None:
    """'Karten kaufen', Beispiel: Holz, Lehm, Siedlung, Strasse in hand; the Siedlung's two resources serve
    as Weide and Getreide, and a new Siedlung goes onto the discard pile."""
    game = position(hands=(["wood", "brick", "settlement", "road"], ["sea"]))
    assert "buy settlement" not in legal(game)
    play(game, "play settlement", "buy settlement")
    assert hand(game, 0) == ["road"]
    assert sorted(pile(game, "laid", 0)) == ["brick", "settlement", "wood"]
    assert pile(game, "discard", 0) == ["settlement"]
    assert game.supply[12] == 11
    assert game.wild == 0


def test_trade_example_upgrading_a_settlement() -> None:
    """'Handel', Beispiel: 2 Getreide, 2 Erz, 2 Weide and a Siedlung; 2 Weide trade for 1 Erz, the Siedlung
    goes back to the supply and a Stadt is taken."""
    game = position(hands=(["grain", "grain", "ore", "ore", "wool", "wool", "settlement"], ["sea"]))
    before = game.state()["game"]["supply"]
    play(game, "lay wool", "lay wool", "trade wool+wool>ore", "buy city")
    after = game.state()["game"]
    assert hand(game, 0) == []
    assert sorted(pile(game, "laid", 0)) == ["grain", "grain", "ore", "ore", "wool", "wool"]
    assert pile(game, "discard", 0) == ["city"]
    assert after["supply"]["settlement"] == before["settlement"] + 1
    assert after["supply"]["city"] == before["city"] - 1
    # The same purchase in one step: buy trades the surplus cards by itself.
    quick = position(hands=(["grain", "grain", "ore", "ore", "wool", "wool", "settlement"], ["sea"]))
    play(quick, "buy city")
    assert quick.state()["game"]["players"] == after["players"]
    assert quick.state()["game"]["supply"] == after["supply"]
    buy = [e for e in quick.events() if e["kind"] == "buy"][-1]["data"]
    assert [list(t) for t in buy["trades"]] == [[2, 2, 4]]  # wool + wool -> ore


def test_city_needs_an_unplayed_settlement_in_hand() -> None:
    game = position(hands=(["ore", "ore", "ore", "grain", "grain"], ["sea"]))
    assert "buy city" not in legal(game)
    with pytest.raises(siedler.IllegalAction, match="unplayed settlement"):
        game.apply("buy city")
    game = position(hands=(["ore", "ore", "ore", "grain", "grain", "settlement"], ["sea"]))
    play(game, "play settlement")
    assert "buy city" not in legal(game), "the settlement's own resources cannot buy the city it becomes"


def test_other_settlements_resources_pay_for_a_city() -> None:
    game = position(hands=(["ore", "ore", "ore", "grain", "grain", "settlement", "settlement"], ["sea"]))
    play(game, "play settlement", "buy city")
    assert game.wild == 0
    assert hand(game, 0) == ["ore", "ore"], "the two 'any' resources stand in for ore first"


def test_city_counts_as_three_resources() -> None:
    game = position(hands=(["city", "wood"], ["sea"]))
    play(game, "play city")
    assert game.wild == 3
    assert "buy harbor" in legal(game) and "buy settlement" in legal(game)


def test_settlement_resources_split_over_two_purchases() -> None:
    """FAQ: the resources of a Siedlung may be split over several purchases in the same turn."""
    game = position(hands=(["settlement", "wood", "wood"], ["sea"]))
    play(game, "play settlement", "lay wood", "buy road")
    assert game.wild == 1
    play(game, "lay wood", "buy road")
    assert game.wild == 0
    assert pile(game, "discard", 0) == ["road", "road"]


@pytest.mark.parametrize("roads, gained", [(1, 0), (2, 1), (3, 3), (4, 5), (5, 7)])
def test_road_groups(roads: int, gained: int) -> None:
    game = position(hands=(["road"] * roads, ["sea"]))
    assert {a for a in legal(game) if a.startswith("road")} == {f"road {n}" for n in range(1, roads + 1)}
    play(game, f"road {roads}")
    assert game.wild == gained
    assert pile(game, "laid", 0) == ["road"] * roads


def test_two_groups_are_counted_separately() -> None:
    game = position(hands=(["road"] * 4, ["sea"]))
    play(game, "road 2", "road 2")
    assert game.wild == 2, "two groups of two give 1 + 1, not the 5 of a group of four"


def test_bandit_needs_a_desert_shown_in_hand() -> None:
    game = position(hands=(["wool", "wool", "grain"], ["sea"]))
    assert "buy bandit" not in legal(game)
    with pytest.raises(siedler.IllegalAction, match="desert"):
        game.apply("buy bandit")
    game = position(hands=(["wool", "wool", "grain", "wool", "wool", "grain", "desert"], ["sea"]))
    play(game, "buy bandit")
    assert hand(game, 0) == ["desert", "grain", "wool", "wool"], "the desert is shown, not paid"
    play(game, "buy bandit")
    assert pile(game, "discard", 0) == ["bandit", "bandit"]


def test_later_edition_bandit_pays_the_desert() -> None:
    game = position(hands=(["wool", "wool", "grain", "desert"], ["sea"]), options={"edition": "later"})
    play(game, "buy bandit")
    assert hand(game, 0) == []
    assert sorted(pile(game, "laid", 0)) == ["desert", "grain", "wool", "wool"]


def test_supply_is_finite() -> None:
    game = position(hands=(["wood", "brick"], ["sea"]), supply={"road": 0, "city": 12})
    assert "buy road" not in legal(game)
    with pytest.raises(siedler.IllegalAction, match="no road left"):
        game.apply("buy road")


def test_bought_card_goes_to_the_discard_pile_and_can_return_this_turn() -> None:
    """A purchase lies on the discard pile at once, so a reshuffle during the turn can bring it back."""
    game = position(hands=(["wood", "brick", "harbor"], ["sea"]), draw={0: []}, discard={0: []})
    play(game, "buy road")
    assert pile(game, "discard", 0) == ["road"]
    play(game, "play harbor")
    assert hand(game, 0) == ["road"]
    assert any(e["kind"] == "reshuffle" for e in game.events())


def test_trades_use_laid_out_cards_and_give_another_kind() -> None:
    game = position(hands=(["wool", "wool", "wood", "grain"], ["sea"]))
    assert not {a for a in legal(game) if a.startswith("trade")}, "only laid-out cards are traded"
    with pytest.raises(siedler.IllegalAction, match="lay out"):
        game.apply("trade wool+wool>ore")
    play(game, "lay wool", "lay wood")
    trades = {a for a in legal(game) if a.startswith("trade")}
    assert trades == {"trade wood+wool>brick", "trade wood+wool>grain", "trade wood+wool>ore"}
    with pytest.raises(siedler.IllegalAction, match="another kind"):
        game.apply("trade wool+wood>wool")
    play(game, "trade wool+wood>ore")
    assert game.pool[7 + 4] == 1 and sum(game.pool[:5]) == 0
    play(game, "lay wool")
    assert not {a for a in legal(game) if a.startswith("trade")}, "a traded resource is not traded again"
    play(game, "end")
    assert game.pool == [0] * 12, "what the table holds lapses at the end of the turn"


def test_buy_spends_the_table_first_and_keeps_hand_cards() -> None:
    game = position(hands=(["wood", "brick", "settlement"], ["sea"]))
    play(game, "play settlement", "buy road")
    assert hand(game, 0) == ["brick", "wood"], "'any' resources are spent before hand cards"
    game = position(hands=(["wood", "brick", "settlement"], ["sea"]))
    play(game, "play settlement", "lay wood", "lay brick", "buy road")
    assert game.wild == 2, "cards laid out first are spent first, keeping the 'any' resources"


def test_buy_trades_the_most_plentiful_spare_cards() -> None:
    game = position(hands=(["wool", "wool", "wool", "grain", "grain", "wood"], ["sea"]))
    play(game, "buy road")
    assert hand(game, 0) == ["grain", "grain", "wool"], "two of the three wool buy the missing brick"
    buy = [e for e in game.events() if e["kind"] == "buy"][-1]["data"]
    assert [list(t) for t in buy["trades"]] == [[2, 2, 1]]
    assert sorted(pile(game, "laid", 0)) == ["wood", "wool", "wool"]


def test_unaffordable_purchase_is_refused_with_the_cost() -> None:
    game = position(hands=(["wood"], ["sea"]))
    before = game.state()
    with pytest.raises(siedler.IllegalAction, match="costs 1 wood, 1 brick"):
        game.apply("buy road")
    assert game.state() == before
