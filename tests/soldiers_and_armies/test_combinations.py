"""Soldaten & Armeen where it meets its own rules of cards and handovers, the Fishermen and the Harbormaster:
the four-card limit by every way of getting a card, handovers without victory-point cards, the nuked lake,
and the Harbormaster card recounted after every loss of a building."""

from __future__ import annotations

from typing import Any

import siedler
from siedler.core.game import Game
from tests.catan.positions import cards, roll

from .positions import army, building, events, fight, phase, position
from .test_goods_trade import with_fish

TRADES = {"max_offers": 3}
FOUR = {"knight": 2, "monopoly": 1, "road_building": 1}


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def why(game: Game, action: str) -> str:
    return str(game.why_illegal(action))


def reloaded(game: Game) -> Game:
    return siedler.from_state({**game.state(), "actions": [], "start_state": None})


# ---------------------------------------------------------------------- the four-card limit
def test_a_holder_of_four_cards_buys_none_from_a_player() -> None:
    """ "Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen." Holding 4, seat 0 may not ask seat 1 for
    a card; holding 3 he may."""
    game = position(
        cities={0: [13], 1: [42]},
        dev_cards={0: FOUR, 1: {"year_of_plenty": 1}},
        hands={0: cards(ore=1)},
        options=TRADES,
    )
    assert not any(a.startswith("buycard") for a in legal(game))
    assert "4 development cards" in why(game, "buycard year_of_plenty 1ore @1")
    three = position(
        cities={0: [13], 1: [42]},
        dev_cards={0: {"knight": 3}, 1: {"year_of_plenty": 1}},
        hands={0: cards(ore=1)},
        options=TRADES,
    )
    assert "buycard year_of_plenty 1ore @1" in legal(three)


def test_no_card_is_sold_to_a_holder_of_four() -> None:
    """ "Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen": how many cards a player holds is public,
    so selling one to a holder of 4 is not offered."""
    game = position(
        cities={0: [13], 1: [42]},
        dev_cards={0: {"year_of_plenty": 1}, 1: FOUR},
        hands={1: cards(ore=1)},
        options=TRADES,
    )
    assert not any(a.startswith("sellcard") and a.endswith("@1") for a in legal(game))
    assert "(Player 2) holds 4 development cards" in why(game, "sellcard year_of_plenty 1ore @1")
    assert "sellcard year_of_plenty 1ore @2" in legal(game)  # seat 2 holds none


def test_fish_buy_no_card_beyond_four() -> None:
    """ "Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen": nor with 7 fish (the Fishermen)."""
    opts = {"fishermen": True}
    game = with_fish(position(cities={0: [13], 1: [20]}, dev_cards={0: FOUR}, options=opts), {0: (0, 0, 3)})
    assert not any(a.startswith("fish card") for a in legal(game))
    assert "no more development cards" in why(game, "fish card 3+3+3")
    three = with_fish(position(cities={0: [13], 1: [20]}, dev_cards={0: {"knight": 3}}, options=opts), {0: (0, 0, 3)})
    assert "fish card 3+3+1" not in legal(three) and any(a.startswith("fish card") for a in legal(three))


def test_a_handover_fills_the_hand_up_to_four_cards() -> None:
    """ "Kapituliert ein Spieler, so hat er alle seine ... Entwicklungs- / Fortschrittskarten ... dem Angreifer
    zu übergeben" and "Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen": the attacker holding 3
    takes one of the loser's two cards (in the order of the kinds: the year of plenty before the monopoly);
    the other leaves the game."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        armies={21: (0, (0, 1, 0))},
        dev_cards={0: {"knight": 3}, 1: {"monopoly": 1, "year_of_plenty": 1}},
        phase="combat",
    )
    game.apply("attack 21>20")
    game.apply("capitulate")
    held = game.view(0)["you"]["dev_cards"]
    assert (held["knight"], held["year_of_plenty"], held["monopoly"]) == (3, 1, 0)
    assert reloaded(game).view(0) == game.view(0)  # every card accounted for


# ---------------------------------------------------------------------- victory-point cards stay behind
VARIANT = {"combat_variant": True}


def test_capitulation_hands_over_no_victory_point_card() -> None:
    """ "Siegpunktchips oder –karten werden aus dem Spiel genommen und nicht übergeben." (The Variante keeps
    victory-point cards in the deck.) The knight passes, the victory-point card leaves the game, so the
    attacker cannot promote a unit with it."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        armies={21: (0, (1, 0, 0))},
        dev_cards={1: {"knight": 1, "victory_point": 1}},
        phase="combat",
        options=VARIANT,
    )
    game.apply("attack 21>20")
    game.apply("capitulate")
    held = game.view(0)["you"]["dev_cards"]
    assert held["knight"] == 1 and held["victory_point"] == 0
    assert events(game, "cards_taken")[-1]["dev_cards"] == 1
    state = reloaded(game).state()["game"]
    assert state["dev_spent"]["victory_point"] == 1  # out of the game, not back in the deck


def test_annihilation_hands_over_no_victory_point_card() -> None:
    """ "... erhält alle Rohstoff-, Handelswaren- und Entwicklungs- / Fortschrittskarten außer den
    Siegpunktkarten." """
    game = position(
        players=3,
        cities={0: [13], 2: [0]},
        settlements={1: [20]},
        turned=[20],
        armies={21: (0, (0, 0, 1))},
        dev_cards={1: {"monopoly": 1, "victory_point": 2}},
        phase="combat",
        options=VARIANT,
    )
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 9), (8, 2)])
    assert events(game, "annihilated") == [{"seat": 1, "by": 0}]
    held = game.view(0)["you"]["dev_cards"]
    assert held["monopoly"] == 1 and held["victory_point"] == 0
    assert reloaded(game).state()["game"]["dev_spent"]["victory_point"] == 2


# ---------------------------------------------------------------------- the nuked lake
def test_a_nuked_lake_yields_no_fish() -> None:
    """ "Dieses wird nun umgedreht und liefert keine Erträge mehr": the Fishermen's lake (J on the beginner
    board) yields fish on 2, 3, 11 and 12; nuked, it yields none."""
    opts = {"fishermen": True}
    alive = position(cities={0: [13]}, settlements={2: [21]}, phase="roll", robber=None, options=opts)
    assert sum(roll(alive, 2).view(2)["fish"]["yours"].values()) == 1
    nuked = position(cities={0: [13]}, settlements={2: [21]}, phase="roll", robber=None, nuked=["J"], options=opts)
    assert sum(roll(nuked, 2).view(2)["fish"]["yours"].values()) == 0


def test_nuking_the_lake_stops_its_fish() -> None:
    """The same through the nuke itself: fired at the lake in seat 0's combat phase (its city at 20 becomes a
    settlement, still at the lake), then a 12 in seat 1's roll gives him no fish."""
    game = position(
        players=2,
        cities={0: [13], 1: [20]},
        settlements={1: [0]},
        nukes={0: 13},
        phase="combat",
        robber=None,
        options={"fishermen": True},
    )
    game.apply("nuke J")
    assert building(game, 20) == ("settlement", 1)
    game.apply("end")
    after = roll(game, 12)
    assert sum(after.view(1)["fish"]["yours"].values()) == 0


# ---------------------------------------------------------------------- the Harbormaster recounted
HARBOR = {"harbormaster": True}


def holding_the_card(**kw: Any) -> Game:
    """Seat 1 with a city at 14 and a settlement at 3, both at harbours (3 harbour points), holds the
    Harbormaster card; seat 0 has a city at 42 (no harbour)."""
    return position(
        cities={0: [42], 1: [14]}, settlements={1: [3]}, options=HARBOR, game_keys={"harbormaster": 1}, **kw
    )


def holder(game: Game) -> int | None:
    return game.view(None)["harbormaster"]["holder"]  # type: ignore[no-any-return]


def test_the_card_is_given_up_when_the_settlement_is_razed() -> None:
    """The Harbormaster's card needs 3 harbour points; a razed harbour settlement leaves seat 1 with 2
    ("Wird eine Siedlung komplett vernichtet, darf der Angreifer diese erobern": he need not)."""
    game = holding_the_card(armies={4: (0, (0, 0, 1))}, turned=[3], phase="combat")
    assert holder(game) == 1
    game.apply("attack 4>3")
    game = fight(game, "resist", [(12, 9), (8, 2)])
    assert phase(game) == "conquest" and holder(game) is None
    game.apply("raze")
    assert holder(game) is None and building(game, 3) is None
    assert reloaded(game).view(None) == game.view(None)


def test_the_card_is_given_up_when_the_city_is_reduced() -> None:
    """ "Auf dem Kopf stehende Siedlungen / Städte werden zur nächst-niedrigeren Stufe abgewertet": the
    turned city at 14 becomes a settlement, 1 harbour point instead of 2."""
    game = holding_the_card(armies={15: (0, (0, 0, 1))}, turned=[14], phase="combat")
    game.apply("attack 15>14")
    game = fight(game, "resist", [(12, 10), (12, 2)])
    assert building(game, 14) == ("settlement", 1) and holder(game) is None
    assert events(game, "award")[-1]["seat"] == -1
    assert reloaded(game).view(None) == game.view(None)


def test_the_card_is_given_up_when_the_nuke_reduces_the_city() -> None:
    """ "... eine Stadt ohne Stadtmauer wird zur Siedlung": the nuke on C (corners 5 6 14 13 12 4) reduces
    the city at 14."""
    game = holding_the_card(nukes={0: 42}, phase="combat")
    game.apply("nuke C")
    assert building(game, 14) == ("settlement", 1) and holder(game) is None
    assert reloaded(game).view(None) == game.view(None)


# ---------------------------------------------------------------------- a withdrawn army attacks no more
def test_an_army_that_withdrew_in_place_attacks_no_more_in_that_combat_phase() -> None:
    """ "Die angreifende Armee wird dann um einen Kreuzungspunkt nach Wahl ihres Besitzers wegbewegt, sodass
    kein Angriff mehr möglich ist." Seat 0's own armies at 11 and 22 leave the artillery at 21 nowhere to go:
    it stays, and may not attack V's city at 20 again in this combat phase."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        armies={21: (0, (0, 2, 1)), 11: (0, (1, 0, 0)), 22: (0, (1, 0, 0))},
        phase="combat",
    )
    game.apply("attack 21>20")
    game = fight(game, "resist", [(12, 10), (12, 7)])
    assert legal(game) == {"continue", "retreat"}
    game.apply("retreat")
    assert phase(game) == "combat" and game.view(None)["soldiers"]["withdrawn"] == [21]
    assert "attack 21>20" not in legal(game)
    assert "withdrew from a battle" in why(game, "attack 21>20")
    assert "attack 21>20" not in legal(reloaded(game))  # the export keeps it


# ---------------------------------------------------------------------- an ally never weakens a building
def test_an_allied_army_never_weakens_a_walled_city() -> None:
    """ "Die Kampfstärke des Verteidigers wird ermittelt. ... eine Stadt ... mit einem W12 ... Pro
    Stadtmauer wird zum Würfelergebnis 1 hinzugezählt" and "Man kann auch mit mehreren Armeen gleichzeitig
    ... sich verteidigen" („Bündnis“): one strength per side, so V's city with 3 walls at 20 still rolls
    W12+3 with his infantry at 31 allied, which covers it and bears the loss."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        walls={20: 3},
        armies={21: (0, (0, 0, 1)), 31: (1, (1, 0, 0))},
        phase="combat",
    )
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "ally 31 @1", [(12, 11), (12, 7)])
    assert events(game, "combat")[-1]["defence"] == [[20, 12, 7, 3]]
    assert army(game, 31) is None and not game.view(None)["soldiers"]["turned"]
    game = fight(game, "continue", [(12, 12), (12, 8)])  # now alone: W12+3 as before
    assert game.view(None)["soldiers"]["turned"] == [20]


def test_an_allied_artillery_rolls_for_a_settlement() -> None:
    """The other way round: a settlement rolls W8, an allied artillery W12, the stronger, for the side."""
    game = position(
        cities={0: [13], 1: [42]},
        settlements={1: [20]},
        armies={21: (0, (0, 0, 1)), 31: (1, (0, 0, 1))},
        phase="combat",
    )
    game.apply("attack 21>20")
    game.apply("resist")
    game = fight(game, "ally 31 @1", [(12, 3), (12, 7)])
    assert events(game, "combat")[-1]["defence"] == [[31, 12, 7, 0]]


# ---------------------------------------------------------------------- the free card after buying
FISH_OPTS = {"fishermen": True, "max_offers": 3}


def free_card(game: Game) -> bool:
    return "buy" in legal(game) and bool(game.view(None)["soldiers"]["free_card"])


def test_no_free_card_after_a_road_bought_with_fish() -> None:
    """ "... eine Karte ziehen, wenn man nichts gekauft hat (keine Straßen, Siedlungen, Städte, militärische
    Einheiten etc.)": what is bought counts, not how it is paid."""
    game = with_fish(position(cities={0: [13], 1: [20]}, options=FISH_OPTS), {0: (0, 1, 1)})
    assert free_card(game)
    game.apply("fish road 3+2")
    game.apply("road 13-14")
    assert phase(game) == "main" and not free_card(game)


def test_no_free_card_after_a_card_bought_with_fish() -> None:
    """Nor two cards in a turn: one bought with 7 fish, then the free one."""
    game = with_fish(position(cities={0: [13], 1: [20]}, options=FISH_OPTS), {0: (1, 0, 2)})
    game.apply("fish card 3+3+1")
    assert not free_card(game)


def test_no_free_card_after_buying_a_settlement_from_a_player() -> None:
    game = position(cities={0: [13], 1: [20]}, settlements={1: [42]}, hands={0: cards(ore=1)}, options=TRADES)
    game.apply("buyplace 42 1ore @1")
    game.apply("agree")
    assert building(game, 42) == ("settlement", 0) and not free_card(game)


def test_selling_to_a_player_is_no_purchase() -> None:
    """Seat 0 sells his settlement: he bought nothing and may still take the free card."""
    game = position(cities={0: [13], 1: [20]}, settlements={0: [42]}, hands={1: cards(ore=1)}, options=TRADES)
    game.apply("sellplace 42 1ore @1")
    game.apply("agree")
    assert building(game, 42) == ("settlement", 1) and free_card(game)


# ---------------------------------------------------------------------- roads at a traded building
def test_a_bought_city_brings_its_cut_off_roads_and_leaves_the_connected_ones() -> None:
    """ "Er ersetzt die Siedlung und alle angrenzenden Straßen / Schiffe, die nun ohne Verbindung zu einer
    gleichfarbigen Siedlung / Stadt sind, durch eigene Spielsteine" (conquest), read for a trade too: seat 1's
    city at 20 with roads 19-20 (a dead end) and 20-31-32-42 to his settlement at 42. Seat 0 buys the city:
    19-20 passes with it, 20-31 still reaches 42 and stays seat 1's."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        roads={1: ["19-20", "20-31", "31-32", "32-42"]},
        hands={0: cards(ore=2)},
        options=TRADES,
    )
    game.apply("buyplace 20 2ore @1")
    game.apply("agree")
    owners = {p["at"]: p["owner"] for p in game.view(None)["pieces"] if p["kind"] == "road"}
    assert owners == {"19-20": 0, "20-31": 1, "31-32": 1, "32-42": 1}
    assert building(game, 20) == ("city", 0)
