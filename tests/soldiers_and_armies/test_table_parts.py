"""What the table composes a trade from, and what it asks before something is given away (issue 41).

"Es kann grundsätzlich alles mit den Mitspielern gehandelt werden, inklusive Entwicklungskarten,
Siedlungen / Städten, Fischen usw.": offers of a building, a card or a fish token have hundreds of variants,
so the table composes them in steps (what, to whom, for what: the kind's ``steps``), each in words
(``action_parts``). An offer or an answer that gives away a building, a road or a development card, and a
capitulation ("Kapituliert ein Spieler, so hat er alle seine Siedlungen / Städte, Straßen / Schiffe,
Rohstoff- / Entwicklungs- / Fortschrittskarten sowie militärischen Einheiten einem anderen Spieler ... zu
übergeben"), come with a warning in words (``action_warning``); resources and fish alone do not.
"""

from __future__ import annotations

from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.places import places
from tests.catan.positions import cards

from .positions import position

TRADES = {"max_offers": 3}


def action(game: Game, text: str) -> Action:
    return next(a for a in game.legal_actions() if str(a) == text)


def trading() -> CatanGame:
    """Seat 0 with a city at 13 and a settlement at 50 (a trade never leaves a player without a building),
    2 wood, 1 ore and a knight; seat 1 with a city at 20, a settlement at 42, the road 19-20, 1 grain and
    a development card."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={0: [50], 1: [42]},
        roads={1: ["19-20"]},
        hands={0: cards(wood=2, ore=1), 1: cards(grain=1)},
        dev_cards={0: {"knight": 1}, 1: {"monopoly": 1}},
        options=TRADES,
    )
    assert isinstance(game, CatanGame)
    return game


def test_an_offer_of_a_building_is_composed_as_which_to_whom_for_what_in_both_languages() -> None:
    game = trading()
    offer = action(game, "sellplace 13 1grain @1")
    who = game.players[1]
    for lang, city, price in (("en", "a city", "1 grain"), ("de", "eine Stadt", "1 Getreide")):
        at = places(game.board, lang).nodes[13]
        assert game.action_parts(offer, lang) == [
            ("at", f"{city} {'at' if lang == 'en' else 'bei'} {at}"),
            ("to", who),
            ("bundle", price),
        ]
    ask = action(game, "buycard knight 1ore @1")
    assert game.action_parts(ask, "de") == [("card", "Ritter"), ("to", who), ("bundle", "1 Erz")]


def test_a_composed_good_is_asked_as_what_then_which() -> None:
    game = trading()
    game.apply("address @1")
    named = places(game.board, "en")
    parts = {str(a): game.action_parts(a, "en") for a in game.legal_actions()}
    assert parts["give card knight"] == [("good", "A development card"), ("item", "knight")]
    assert parts["ask place 42"] == [("good", "A settlement or city"), ("item", f"a settlement at {named.nodes[42]}")]
    assert parts["ask wood"] == [("good", "A resource card"), ("item", "wood")]
    assert parts["drop"] is None  # a step without fields is a button


def test_kinds_with_fields_a_player_does_not_choose_by_words_are_not_composed() -> None:
    """A retreat that stays put has no place (-1): it has no parts, and keeps its label."""
    game = position(cities={0: [13]}, phase="main", options=TRADES)
    stay = game.parse_action("retreat")
    assert game.action_parts(stay, "en") is None


def test_offering_a_building_or_card_warns_and_resources_do_not() -> None:
    game = trading()
    who = game.players[1]
    at = places(game.board, "de").nodes[13]
    assert (
        game.action_warning(action(game, "sellplace 13 1grain @1"), "de")
        == f"Du gibst an {who} ab: eine Stadt bei {at}."
    )
    assert game.action_warning(action(game, "sellcard knight 1grain @1"), "en") == f"You give away to {who}: knight."
    # Asking for a building pays resources: nothing of seat 0's is given away.
    assert game.action_warning(action(game, "buyplace 42 1wood @1"), "en") is None
    assert game.action_warning(action(game, "address @1"), "en") is None


def test_a_composed_offer_warns_on_sending_what_it_gives_and_on_agreeing_what_it_asks() -> None:
    game = trading()
    for step in ("address @1", "give wood", "ask grain"):
        game.apply(step)
    assert game.action_warning(action(game, "send"), "en") is None
    game.apply("give card knight")
    game.apply("ask place 42")
    offerer, taker = game.players[0], game.players[1]
    assert game.action_warning(action(game, "send"), "en") == f"You give away to {taker}: knight."
    game.apply("send")
    at = places(game.board, "en").nodes[42]
    assert game.action_warning(action(game, "agree"), "en") == f"You give away to {offerer}: a settlement at {at}."
    assert game.action_warning(action(game, "refuse"), "en") is None


def test_agreeing_to_hand_over_a_building_asked_for_warns() -> None:
    game = trading()
    game.apply("buyplace 42 1wood @1")
    at = places(game.board, "de").nodes[42]
    assert game.to_act == 1
    assert (
        game.action_warning(action(game, "agree"), "de") == f"Du gibst an {game.players[0]} ab: eine Siedlung bei {at}."
    )


def test_capitulating_warns_that_everything_goes_to_the_attacker() -> None:
    game = position(
        cities={0: [13], 1: [20]}, armies={21: (0, (0, 1, 0)), 40: (1, (2, 0, 0))}, phase="combat", options=TRADES
    )
    assert isinstance(game, CatanGame)
    game.apply("attack 21>20")
    warning = game.action_warning(action(game, "capitulate"), "de")
    assert (
        warning
        == f"Du übergibst {game.players[0]} alle deine Gebäude, Straßen, Karten und Einheiten und verlässt das Spiel."
    )
    assert game.action_warning(action(game, "resist"), "de") is None
