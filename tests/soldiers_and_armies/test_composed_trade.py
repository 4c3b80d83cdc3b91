"""Trades of anything, composed in steps: "Es kann grundsätzlich alles mit den Mitspielern gehandelt werden,
inklusive Entwicklungskarten, Siedlungen / Städten, Fischen usw. (Ausnahme: Was transportiert wird, ist
ausgeschlossen.)" An offer is addressed (``address @1``), its goods added one by one (``give ...``,
``ask ...``), and sent (``send``); the seat addressed agrees, refuses or counters."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import siedler
from siedler.bots import make_bot
from siedler.core.errors import IllegalAction
from siedler.core.game import Game, Move
from siedler.games.soldiers_and_armies.stats import soldier_stats
from tests.catan.positions import cards
from tests.hidden import check_views_hide

from .positions import building, hand, phase, position
from .test_goods_trade import with_fish

TRADES = {"max_offers": 3}


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def play(game: Game, *actions: str) -> list[Move]:
    """The actions played in turn, as the moves ``game_stats`` reads."""
    moves: list[Move] = []
    for text in actions:
        moves.append((0, game.to_act if game.to_act is not None else -1, game.parse_action(text)))
        game.apply(text)
    return moves


def trading(**kw: Any) -> Game:
    """Seat 0 (city at 13) with 2 wood, 1 ore and a knight; seat 1 with a city at 20, a settlement at 42 and
    the road 19-20 (a dead end), 1 grain."""
    base: dict[str, Any] = {
        "cities": {0: [13], 1: [20]},
        "settlements": {1: [42]},
        "roads": {1: ["19-20"]},
        "hands": {0: cards(wood=2, ore=1), 1: cards(grain=1)},
        "dev_cards": {0: {"knight": 1}},
        "options": TRADES,
    }
    return position(**(base | kw))


def test_an_offer_of_anything_is_composed_in_steps_and_agreed() -> None:
    """Resource cards, a development card, a settlement and a road in one trade: seat 0 gives wood and his
    knight for seat 1's grain, settlement at 42 and road 19-20."""
    game = trading()
    assert {"address @1", "address @2"} <= legal(game)
    moves = play(game, "address @1")
    # The steps' lists are short: what seat 0 holds, and what seat 1 may hold as far as anyone sees.
    assert legal(game) == {
        *("give wood", "give ore", "give card knight"),
        *(f"ask {r}" for r in ("wood", "brick", "wool", "grain", "ore")),
        *("ask place 20", "ask place 42", "ask road 19-20", "drop"),
    }
    moves += play(game, "give wood", "give card knight", "ask grain", "ask place 42", "ask road 19-20")
    draft = game.view(2)["soldiers"]["draft"]
    assert draft["text"] == "@0 gives wood + card knight for grain + place 42 + road 19-20 @1"
    assert draft["ask"][1] == {"good": "place", "at": 42, "piece": "settlement"} and not draft["sent"]
    moves += play(game, "send")
    assert phase(game) == "trade_reply" and game.to_act == 1 and legal(game) == {"agree", "refuse", "counter"}
    words = [e["text"] for e in game.events(1, lang="en")][-1]
    # places in words (issue 41): the settlement at 42 and the road 19-20 as the board shows them
    assert words == (
        "Player 1 offers you wood + knight for grain + a settlement at ore 3 / grain 4 / grain 6"
        " + the road brick 6 – wood 11."
    )
    moves += play(game, "agree")
    assert phase(game) == "main" and game.to_act == 0
    assert hand(game, 0) == cards(wood=1, grain=1, ore=1) and hand(game, 1) == cards(wood=1)
    assert game.view(1)["you"]["dev_cards"]["knight"] == 1
    assert building(game, 42) == ("settlement", 0)
    roads = {p["at"]: p["owner"] for p in game.view(None)["pieces"] if p["kind"] == "road"}
    assert roads == {"19-20": 0}
    stats = soldier_stats(moves, 3)
    assert [stats[k][:2] for k in ("resources_traded", "cards_traded", "places_traded", "roads_traded")] == [
        [2.0, 2.0],
        [1.0, 1.0],
        [1.0, 1.0],
        [1.0, 1.0],
    ]
    assert siedler.from_state({**game.state(), "actions": [], "start_state": None}).view(0) == game.view(0)


def test_asking_is_bounded_by_what_the_other_holds_as_far_as_anyone_sees() -> None:
    """Seat 1 holds one resource card and no development card: one resource may be asked of him, no card."""
    game = trading()
    game.apply("address @1")
    assert not any(a.startswith("ask card") for a in legal(game))
    game.apply("ask wool")  # he holds grain, which nobody else knows: any kind may be asked
    assert not any(a.startswith("ask ") and a.split()[1] in ("wood", "wool", "grain") for a in legal(game))
    with pytest.raises(IllegalAction, match="cannot give grain as far as anyone can see"):
        game.copy().apply("ask grain")
    assert "send" not in legal(game)  # nothing given yet
    game.apply("give ore")
    game.apply("send")
    assert legal(game) == {"refuse", "counter"}  # he holds no wool: he cannot agree
    game.apply("refuse")
    assert phase(game) == "main" and hand(game, 0) == cards(wood=2, ore=1)
    assert game.view(None)["soldiers"]["draft"] is None


def test_a_counter_offer_is_composed_the_same_way_and_answered() -> None:
    game = trading(hands={0: cards(wood=2, ore=1), 1: cards(grain=2)})
    play(game, "address @1", "give wood", "ask grain", "ask grain", "send")
    game.apply("counter")
    assert phase(game) == "compose" and game.to_act == 1
    assert game.view(None)["soldiers"]["draft"]["from"] == 1
    play(game, "give grain", "ask wood", "ask ore", "send")
    assert game.to_act == 0 and "agree" in legal(game)
    game.apply("agree")
    assert hand(game, 0) == cards(wood=1, grain=1) and hand(game, 1) == cards(wood=1, grain=1, ore=1)


def test_each_side_holds_at_most_six_goods_and_offers_count() -> None:
    game = trading(hands={0: cards(wood=7), 1: cards(ore=7)}, offers_made=2)
    game.apply("address @1")
    for _ in range(6):
        game.apply("give wood")
    assert not any(a.startswith("give") for a in legal(game))
    with pytest.raises(IllegalAction, match="holds 6 goods already"):
        game.copy().apply("give wood")
    game.apply("drop")
    assert not any(a.startswith("address") for a in legal(game))  # the third offer of this turn was made


def test_a_trade_never_takes_a_players_last_building_nor_a_fifth_card() -> None:
    """ "Man darf nur 4 unaufgedeckte Entwicklungskarten besitzen", and a trade ends no player."""
    game = trading(settlements={}, roads={}, dev_cards={0: {"knight": 1}, 1: {"monopoly": 1, "knight": 3}})
    game.apply("address @1")
    assert not any(a.startswith("ask place") for a in legal(game))  # his city at 20 is his last building
    play(game, "give card knight", "ask wood")
    assert "send" not in legal(game)  # seat 1 would hold 5 cards


def test_fish_tokens_trade_too() -> None:
    """With the Fishermen ("inklusive ... Fischen"): a token of a value, which the offer names."""
    opts = {"fishermen": True, **TRADES}
    game = with_fish(position(cities={0: [13], 1: [20]}, hands={1: cards(ore=1)}, options=opts), {0: (0, 0, 1)})
    play(game, "address @1", "give fish 3", "ask ore", "send", "agree")
    assert game.view(1)["fish"]["yours"]["3"] == 1 and hand(game, 0) == cards(ore=1)


def test_no_free_card_after_a_composed_purchase() -> None:
    """ "... wenn man nichts gekauft hat": a road bought from a player is bought."""
    game = trading()
    play(game, "address @1", "give wood", "ask road 19-20", "send", "agree")
    assert "buy" not in legal(game)


def test_bots_never_give_away_more_than_they_get() -> None:
    """The greedy weighs goods in resource cards (a building above any price), the search bots by their
    value of the position: none gives a building for a resource card, both take a fair one-for-one."""
    for name in ("greedy", "value"):
        bot = make_bot(name, seed=1)
        game = trading(hands={0: cards(wood=2, ore=1), 1: cards(grain=1, ore=1)})
        play(game, "address @1", "give wood", "ask place 42", "send")
        assert str(bot.decide(game, 1)) == "refuse", name
    greedy = make_bot("greedy", seed=1)
    fair = trading(hands={0: cards(wood=2), 1: cards(grain=1)})
    play(fair, "address @1", "give wood", "ask grain", "send")
    assert str(greedy.decide(fair, 1)) == "agree"


def test_the_value_bot_composes_a_one_for_one_offer_toward_its_aim() -> None:
    """Its aim is a road (no settlement has room yet), for which it lacks wood; it holds grain to spare, too
    little for the bank, and has bought something this turn (no free card): it addresses the player with the
    most cards and offers one grain for one wood, step by step (decided outside its look-ahead, as offers
    are, so the greedy rollouts of the search stay offer-free)."""
    game = trading(hands={0: cards(grain=3), 1: cards(ore=3), 2: cards(ore=1)}, dev_cards={}, purchased=True)
    bot, steps = make_bot("value", seed=1), list[str]()
    while phase(game) in ("main", "compose") and len(steps) < 5:
        action = str(bot.decide(game, 0))
        steps.append(action)
        game.apply(action)
        if action == "send":
            break
    assert steps == ["address @1", "give grain", "ask wood", "send"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), fishermen=st.booleans())
def test_random_composed_offers_hide_what_they_should_and_keep_every_count(seed: int, fishermen: bool) -> None:
    """Random games stopped while an offer is composed or waits for its answer: every view hides what its seat
    may not know (``tests/hidden.py``: the offer shows what it gives, nothing else), the state reloads (every
    card and piece accounted for), and a guess of the game by the seat to act can play on."""
    opts = {"fishermen": fishermen, "max_offers": 3}
    game = siedler.new_game("soldiers-and-armies", players=3, seed=seed, options=opts)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over and game.num_actions < 2500 and checked < 4:
        if phase(game) in ("compose", "trade_reply") and rng.random() < 0.3:
            checked += 1
            check_views_hide(game, rng)
            guess = game.determinize(game.to_act, rng)
            guess.apply(rng.choice(guess.legal_actions()))
            siedler.from_state({**guess.state(), "seed": 1, "actions": [], "start_state": None})
        game.apply(rng.choice(game.legal_actions()))
    siedler.from_state({**game.state(), "actions": [], "start_state": None})
    event(f"offers checked: {checked}")
