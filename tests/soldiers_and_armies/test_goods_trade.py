"""Settlements, cities and fish tokens traded between players: "Es kann grundsätzlich alles mit den
Mitspielern gehandelt werden, inklusive Entwicklungskarten, Siedlungen / Städten, Fischen usw."

A building passes with the roads touching it that then reach none of the giver's buildings, as in conquest
("Er ersetzt die Siedlung und alle angrenzenden Straßen / Schiffe, die nun ohne Verbindung zu einer
gleichfarbigen Siedlung / Stadt sind, durch eigene Spielsteine").
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import siedler
from siedler.bots import make_bot
from siedler.core.errors import IllegalAction
from siedler.core.game import Game
from tests.catan.positions import cards
from tests.hidden import check_views_hide

from .positions import building, events, hand, phase, position

TRADES = {"max_offers": 3}
FISH = {**TRADES, "fishermen": True}
#: Seat 0's road 40-41-42-43-44-45 runs through his settlement at 42.
THROUGH_42 = ["40-41", "41-42", "42-43", "43-44", "44-45"]


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def roads(game: Game) -> dict[str, int]:
    return {p["at"]: p["owner"] for p in game.view(None)["pieces"] if p["kind"] == "road"}


def player(game: Game, seat: int) -> dict[str, Any]:
    return dict(game.view(None)["players"][seat])


def test_a_settlement_is_sold_for_resources_with_its_cut_off_roads() -> None:
    """Seat 0's settlement at 42 passes with the two roads touching it (41-42, 42-43), which then reach none of
    his buildings: traded as conquered ("Er ersetzt die Siedlung und alle angrenzenden Straßen / Schiffe, die
    nun ohne Verbindung zu einer gleichfarbigen Siedlung / Stadt sind, durch eigene Spielsteine"). His roads
    further on (40-41, 43-44-45) stay his."""
    game = position(
        cities={0: [13], 1: [20]}, settlements={0: [42]}, roads={0: THROUGH_42}, hands={1: cards(ore=2)}, options=TRADES
    )
    assert player(game, 0)["road_length"] == 5
    game.apply("sellplace 42 2ore @1")
    offer = {"from": 0, "to": 1, "kind": "sellplace", "at": 42, "piece": "settlement", "text": "sellplace 42 2ore @1"}
    assert game.view(None)["soldiers"]["card_offer"] == {**offer, "bundle": cards(ore=2)}
    assert phase(game) == "card_reply" and legal(game) == {"agree", "refuse"}
    game.apply("agree")
    assert building(game, 42) == ("settlement", 1)
    assert roads(game) == {**dict.fromkeys(THROUGH_42, 0), "41-42": 1, "42-43": 1}
    assert events(game, "card_reply")[-1]["roads"] == ["41-42", "42-43"]
    assert (player(game, 0)["vp"], player(game, 1)["vp"]) == (2, 3)
    assert player(game, 0)["road_length"] == 2 and player(game, 1)["road_length"] == 2
    assert hand(game, 0) == cards(ore=2) and hand(game, 1) == cards()
    assert phase(game) == "main" and game.to_act == 0


def test_asking_for_a_walled_turned_city_with_its_harbour() -> None:
    """Seat 1's city at 7 (the ore harbour) with two walls, turned upside down: seat 0 asks for it, paying 2
    wool. It passes as seat 0's city, still turned, with the walls his supply holds and the harbour's rate."""
    game = position(
        cities={0: [13], 1: [7, 20]}, walls={7: 2}, turned=[7], hands={0: cards(wool=2, ore=2)}, options=TRADES
    )
    assert "buyplace 7 2wool @1" in legal(game) and "buyplace 7 3wool @1" not in legal(game)
    game.apply("buyplace 7 2wool @1")
    assert game.to_act == 1 and legal(game) == {"agree", "refuse"}
    game.apply("agree")
    view = game.view(0)
    assert building(game, 7) == ("city", 0) and view["soldiers"]["walls"] == {"7": 2}
    assert view["soldiers"]["turned"] == [7]
    assert view["you"]["rates"]["ore"] == 2 and game.view(1)["you"]["rates"]["ore"] == 4
    assert (player(game, 0)["walls_left"], player(game, 1)["walls_left"]) == (4, 6)
    assert (player(game, 0)["vp"], player(game, 1)["vp"]) == (4, 2)


def test_what_cannot_be_traded() -> None:
    """Not one's last building (a trade is no destruction), not a building with an army on it, not to a
    player without a piece of its kind left (he puts his own there)."""
    game = position(
        cities={0: [13], 1: [20]},
        settlements={0: [42, 0], 2: [5, 9, 33, 35, 47]},
        armies={42: (0, (1, 0, 0))},
        hands={0: cards(ore=1)},
        options=TRADES,
    )
    offers = {a for a in legal(game) if a.startswith(("sellplace", "buyplace")) and a.endswith(" 1ore @1")}
    assert offers == {"sellplace 0 1ore @1", "sellplace 13 1ore @1"}  # not 42 (an army), nor seat 1's only city
    to_seat_2 = {a.split()[1] for a in legal(game) if a.startswith("sellplace") and a.endswith("@2")}
    assert to_seat_2 == {"13"}, "seat 2 has no settlement piece left, only cities"
    with pytest.raises(IllegalAction):
        game.apply("buyplace 20 1ore @1")


def test_a_refused_trade_changes_nothing_and_counts_as_an_offer() -> None:
    game = position(cities={0: [13], 1: [20, 42]}, hands={0: cards(ore=1)}, options={"max_offers": 1})
    before = game.state()["game"]
    game.apply("buyplace 42 1ore @1")
    game.apply("refuse")
    after = game.state()["game"]
    assert {k: v for k, v in after.items() if k != "offers_made"} == {
        k: v for k, v in before.items() if k != "offers_made"
    }
    assert not any(a.startswith(("sellplace", "buyplace", "offer")) for a in legal(game))


def test_a_building_bought_may_win_in_ones_own_turn() -> None:
    game = position(
        cities={0: [0, 13, 42, 44]},
        settlements={0: [10, 47, 24, 38], 1: [20, 51]},
        hands={0: cards(ore=1)},
        options=TRADES,
    )
    assert player(game, 0)["vp"] == 12
    game.apply("buyplace 51 1ore @1")
    game.apply("agree")
    assert game.is_over and game.winner == 0


def test_trade_notation_and_words() -> None:
    game = position(cities={0: [13], 1: [20, 42]}, hands={0: cards(ore=1)}, options=TRADES)
    for bad, why in [
        ("buyplace 99 1ore @1", "is not an intersection"),
        ("buyplace 42 @1", "write 'buyplace <place> <resources> @<seat>'"),
        ("buyplace 42 9ore @1", "traded for 1-2 resource cards"),
        ("sellfish 4 1ore @1", "is not a fish token's value"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            game.apply(bad)
    action = game.parse_action("buyplace 42 1ore @1")
    # 42 touches ore 3, grain 4 and grain 6: the place as the board shows it, not its number
    assert game.action_label(action, "en") == "Ask Player 2 for a city at ore 3 / grain 4 / grain 6, paying 1 ore"
    assert (
        game.action_label(action, "de")
        == "Player 2 um eine Stadt bei Erz 3 / Getreide 4 / Getreide 6 bitten, für 1 Erz"
    )
    game.apply(action)
    words = [e["text"] for e in game.events(1, lang="en")][-1:] + [e["text"] for e in game.events(2, lang="de")][-1:]
    assert words == [
        "Player 1 asks you for a city at ore 3 / grain 4 / grain 6, for 1 ore.",
        "Player 1 bittet Player 2 um eine Stadt bei Erz 3 / Getreide 4 / Getreide 6, für 1 Erz.",
    ]


# ---------------------------------------------------------------------- fish tokens (with the Fishermen)
def with_fish(game: Game, held: dict[int, tuple[int, int, int]]) -> Game:
    """The position with fish tokens (ones, twos, threes) in the hands of ``held``, taken from the supply."""
    state = game.state()
    fish = state["game"]["fish"]
    for seat, tokens in held.items():
        for value, count in zip(("1", "2", "3"), tokens, strict=True):
            fish["held"][seat][value] += count
            fish["supply"][value] -= count
    return siedler.from_state({**state, "actions": [], "start_state": None})


def fish(game: Game, seat: int) -> dict[str, int]:
    return dict(game.view(seat)["fish"]["yours"])


def fishing(**kw: Any) -> Game:
    tokens = kw.pop("tokens")
    return with_fish(position(cities={0: [13], 1: [20]}, options=FISH, **kw), tokens)


def test_a_fish_token_is_sold_and_its_value_named_in_the_offer() -> None:
    game = fishing(hands={1: cards(wool=1)}, tokens={0: (1, 0, 1)})
    assert {a for a in legal(game) if a.startswith("sellfish") and a.endswith(" 1wool @1")} == {
        "sellfish 1 1wool @1",
        "sellfish 3 1wool @1",
    }
    game.apply("sellfish 3 1wool @1")
    assert game.view(2)["soldiers"]["card_offer"]["token"] == 3  # the offer names it to everyone
    game.apply("agree")
    assert fish(game, 0) == {"1": 1, "2": 0, "3": 0} and fish(game, 1) == {"1": 0, "2": 0, "3": 1}
    assert hand(game, 0) == cards(wool=1)


def test_asking_for_a_fish_token_is_offered_whatever_the_other_holds() -> None:
    """Tokens lie face down: seat 0 may ask seat 1 (who holds one token) for any value; seat 1 can agree only
    if he holds that one."""
    game = fishing(hands={0: cards(ore=1)}, tokens={1: (0, 1, 0)})
    assert {"buyfish 1 1ore @1", "buyfish 2 1ore @1", "buyfish 3 1ore @1"} <= legal(game)
    assert not any(a.endswith("@2") for a in legal(game) if a.startswith("buyfish")), "seat 2 holds no token"
    game.copy().apply("buyfish 3 1ore @1")
    asked = game.copy()
    asked.apply("buyfish 3 1ore @1")
    assert legal(asked) == {"refuse"}
    game.apply("buyfish 2 1ore @1")
    game.apply("agree")
    assert fish(game, 0)["2"] == 1 and hand(game, 1) == cards(ore=1)


def test_no_player_takes_an_eighth_fish_token() -> None:
    """ "Maximal 7 Fischkärtchen pro Spieler": a token is offered only to a player holding fewer."""
    game = fishing(hands={1: cards(wool=1)}, tokens={0: (1, 0, 0), 1: (7, 0, 0)})
    assert not any(a.startswith("sellfish") and a.endswith("@1") for a in legal(game))
    assert any(a.startswith("sellfish") and a.endswith("@2") for a in legal(game))


def test_fish_are_not_traded_without_the_fishermen() -> None:
    game = position(cities={0: [13], 1: [20]}, hands={0: cards(ore=1)}, options=TRADES)
    assert not any(a.startswith(("sellfish", "buyfish")) for a in legal(game))


# ---------------------------------------------------------------------- hidden holdings in a bot's guess
@pytest.mark.parametrize(
    ("offer", "kw"),
    [
        ("sellcard knight 1ore @1", {"dev_cards": {0: {"knight": 1}}, "hands": {1: cards(ore=1)}}),
        ("buycard knight 2wool @1", {"dev_cards": {1: {"knight": 1}}, "hands": {0: cards(wool=2), 2: cards(ore=3)}}),
        ("sellfish 3 1ore @1", {"hands": {1: cards(ore=1)}, "tokens": {0: (1, 1, 1), 2: (2, 0, 0)}}),
        (
            "buyplace 20 2grain @1",
            {"hands": {0: cards(grain=2, wood=3), 2: cards(ore=2)}, "cities": {0: [13], 1: [20, 42]}},
        ),
    ],
    ids=["sellcard", "buycard", "sellfish", "buyplace"],
)
def test_a_guess_for_the_addressee_keeps_what_the_offer_shows(offer: str, kw: dict[str, Any]) -> None:
    """A bot answering decides on ``determinize(seat)``: the others' cards and tokens dealt anew, but the
    offerer keeps what his offer shows he gives, so that agreeing can be tried on the guess."""
    tokens = kw.pop("tokens", None)
    base: dict[str, Any] = {"cities": {0: [13], 1: [20]}, "options": FISH if tokens else TRADES}
    game = position(**(base | kw))
    if tokens:
        game = with_fish(game, tokens)
    game.apply(offer)
    rng = random.Random(1)
    for _ in range(30):
        guess = game.determinize(1, rng)
        assert guess.view(1) == game.view(1)
        guess.apply("agree")  # the offerer gives what he offered: no count goes below zero
        state = guess.state()["game"]
        assert min(min(p["hand"].values()) for p in state["players"]) >= 0
        assert min(min(p["dev_cards"].values()) for p in state["players"]) >= 0
        if tokens:
            assert min(min(h.values()) for h in state["fish"]["held"]) >= 0


def test_bots_take_a_building_offered_and_keep_their_own() -> None:
    for name in ("greedy", "value"):
        bot = make_bot(name, seed=1)
        sold = position(cities={0: [13, 42], 1: [20]}, hands={1: cards(ore=2)}, options=TRADES)
        sold.apply("sellplace 42 2ore @1")
        assert str(bot.decide(sold, 1)) == "agree", name
        asked = position(cities={0: [13], 1: [20, 42]}, hands={0: cards(ore=2)}, options=TRADES)
        asked.apply("buyplace 42 2ore @1")
        assert str(bot.decide(asked, 1)) == "refuse", name


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), fishermen=st.booleans())
def test_random_trades_hide_what_they_should_and_guesses_can_agree(seed: int, fishermen: bool) -> None:
    """Random games, stopped at trades waiting for their answer: every view hides what its seat may not know
    (``tests/hidden.py``), and the answerer's guess of the game can play the agreement (its state reloads)."""
    game = siedler.new_game("soldiers-and-armies", players=3, seed=seed, options={"fishermen": fishermen})
    rng = random.Random(seed)
    offers: set[str] = set()
    while not game.is_over and game.num_actions < 2000 and len(offers) < 4:
        if phase(game) == "card_reply":
            offers.add(game.view(None)["soldiers"]["card_offer"]["kind"])
            check_views_hide(game, rng)
            guess = game.determinize(game.to_act, rng)
            if "agree" in legal(guess):
                guess.apply("agree")
                siedler.from_state({**guess.state(), "seed": 1, "actions": [], "start_state": None})
        game.apply(rng.choice(game.legal_actions()))
    event(f"trade kinds answered: {len(offers)}")


def test_a_refused_trade_says_why() -> None:
    game = position(
        cities={0: [13], 1: [20]},
        settlements={1: [42]},
        armies={20: (1, (1, 0, 0))},
        hands={0: cards(ore=1)},
        options=TRADES,
    )
    for action, why in [
        ("sellplace 13 1ore @1", "it is your last building"),
        ("buyplace 5 1ore @1", "intersection 5 holds none of seat 2 (Player 2)'s buildings"),
        ("buyplace 20 1ore @1", "an army stands on intersection 20"),
        ("buyplace 42 2ore @1", "you do not hold 2ore"),
        ("sellcard knight 1ore @1", "you hold no knight card from before this turn"),
        ("buycard knight 1ore @1", "seat 2 (Player 2) holds no development card"),
        ("sellfish 3 1ore @1", "fish tokens are traded only in a game with the Fishermen"),
        ("buyplace 42 1ore @0", "a trade goes to another player"),
    ]:
        assert why in str(game.why_illegal(action)), action
    game.apply("buyplace 42 1ore @1")
    assert game.why_illegal("buyplace 42 1ore @1") is not None
    empty = position(cities={0: [13], 1: [20, 42]}, hands={0: cards(ore=1)}, options={"max_offers": 0})
    assert "switched off" in str(empty.why_illegal("buyplace 42 1ore @1"))
    game = fishing(hands={1: cards(wool=1)}, tokens={0: (1, 0, 0), 1: (7, 0, 0)})
    assert "you hold no fish token worth 3" in str(game.why_illegal("sellfish 3 1wool @1"))
    assert "seat 2 (Player 2) holds 7 fish tokens already" in str(game.why_illegal("sellfish 1 1wool @1"))
    assert "seat 3 (Player 3) holds no fish token" in str(game.why_illegal("buyfish 1 1wool @2"))
