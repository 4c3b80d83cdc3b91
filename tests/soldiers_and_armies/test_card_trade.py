"""Development cards traded between players: "Es kann grundsätzlich alles mit den Mitspielern gehandelt
werden, inklusive Entwicklungskarten"."""

from __future__ import annotations

import siedler
from tests.catan.positions import cards

from .positions import hand, phase, position

TRADES = {"max_offers": 3}


def test_selling_a_card_for_resources() -> None:
    game = position(cities={0: [13], 1: [42]}, dev_cards={0: {"knight": 1}}, hands={1: cards(ore=2)}, options=TRADES)
    game.apply("sellcard knight 2ore @1")
    assert phase(game) == "card_reply" and game.view(None)["to_act"] == 1
    # The table shows the offer waiting for its answer, to everyone, as the log announced it.
    offer = {"from": 0, "to": 1, "kind": "sellcard", "card": "knight", "text": "sellcard knight 2ore @1"}
    assert game.view(None)["soldiers"]["card_offer"] == {**offer, "bundle": {**cards(), "ore": 2}}
    reloaded = siedler.from_state({**game.state(), "actions": [], "start_state": None})
    assert reloaded.view(1) == game.view(1) and {str(a) for a in reloaded.legal_actions()} == {"agree", "refuse"}
    words = [e["text"] for e in game.events(1, lang="en")][-1:] + [e["text"] for e in game.events(0, lang="de")][-1:]
    assert words == ["Player 1 offers you a knight for 2 ore.", "Du bietest Player 2 eine Karte Ritter für 2 Erz an."]
    assert {str(a) for a in game.legal_actions()} == {"agree", "refuse"}
    game.apply("agree")
    assert game.view(1)["you"]["dev_cards"]["knight"] == 1 and game.view(0)["you"]["dev_cards"]["knight"] == 0
    assert hand(game, 0) == cards(ore=2) and hand(game, 1) == cards()
    assert phase(game) == "main"


def test_asking_for_a_card_the_other_does_not_hold_can_only_be_refused() -> None:
    """Hands are hidden: asking is offered whatever the other holds, only the answer checks it."""
    game = position(cities={0: [13], 1: [42]}, dev_cards={1: {"monopoly": 1}}, hands={0: cards(wool=1)}, options=TRADES)
    legal = {str(a) for a in game.legal_actions()}
    assert "buycard knight 1wool @1" in legal and "buycard monopoly 1wool @1" in legal
    game.apply("buycard knight 1wool @1")
    assert {str(a) for a in game.legal_actions()} == {"refuse"}
    game.apply("refuse")
    assert hand(game, 0) == cards(wool=1) and phase(game) == "main"


def test_a_card_bought_from_a_player_is_not_played_in_the_same_turn() -> None:
    game = position(cities={0: [13], 1: [42]}, dev_cards={1: {"monopoly": 1}}, hands={0: cards(wool=1)}, options=TRADES)
    game.apply("buycard monopoly 1wool @1")
    game.apply("agree")
    assert game.view(0)["you"]["dev_cards"]["monopoly"] == 1
    assert "monopoly ore" not in {str(a) for a in game.legal_actions()}
    assert not any(a[0] == "sellcard" for a in game.legal_actions()), "nor passed on in that turn"


def test_card_trades_count_as_offers() -> None:
    game = position(
        cities={0: [13], 1: [42]},
        dev_cards={1: {"monopoly": 1}},
        hands={0: cards(wool=1)},
        options=TRADES,
        offers_made=3,
    )
    assert not any(a[0] in ("sellcard", "buycard") for a in game.legal_actions())
