"""The value and MCTS bots: bot parameters in the spec, full games in every rule set, reproducible
decisions, and trades with other players offered and answered as their rules say."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, cast

import pytest

import siedler
from siedler.bots import MctsBot, ValueBot, knowledge, make_bot
from siedler.core.actions import Action
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.actions import CatanAction
from siedler.games.catan.bot.value import catan_features
from siedler.games.catan.rules import KNIGHT, NUM_RESOURCES, ROAD_BUILDING, VICTORY_POINT
from siedler.games.catan.state import MAIN, OFFER_REPLY
from siedler.sim.config import parse_seats

from ..test_hidden_information import mid_game


class Param:
    """A bot with a parameter, loadable by import path with parameters."""

    def __init__(self, seed: int, depth: int = 1) -> None:
        self.depth = depth

    def decide(self, game: Game, seat: int) -> Action:
        return game.legal_actions()[0]


def test_parameters_in_the_spec() -> None:
    bot = make_bot("mcts:iterations=7,depth=3,c=1.5", 1).strategy  # type: ignore[attr-defined]
    assert isinstance(bot, MctsBot) and (bot.iterations, bot.depth, bot.c) == (7, 3, 1.5)
    assert make_bot("mcts:ms=250", 1).strategy.ms == 250  # type: ignore[attr-defined]
    assert make_bot("tests.bots.test_search_bots:Param:depth=4", 1).strategy.depth == 4  # type: ignore[attr-defined]
    assert isinstance(make_bot("tests.bots.test_search_bots:Param", 1).strategy, Param)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:bogus=1", "unexpected keyword"),
        ("mcts:iterations", "not written key=value"),
        ("mcts:ms=-5", "must be 0 or more"),
        ("mcts:width=0", "positive"),
        ("value:=3", "not written key=value"),
        ("nobot:ms=5", "cannot load bot"),
    ],
)
def test_bad_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(siedler.OptionError, match=message):
        make_bot(spec)


def _play(ruleset: str, options: dict[str, Any], specs: list[str], seed: int, limit: int) -> Game:
    game = siedler.new_game(ruleset, players=len(specs), seed=seed, options=options, log=False)
    bots = [make_bot(s, seed * 10 + p) for p, s in enumerate(specs)]
    while not game.is_over and game.num_actions < limit:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].decide(game, seat))
    return game


@pytest.mark.parametrize(
    ("ruleset", "options", "players"),
    [
        ("base", {"harbormaster": True, "fishermen": True}, 3),
        ("resource-realms", {}, 3),
        ("soldiers-and-armies", {}, 2),
        ("deck-building", {}, 2),
    ],
)
def test_value_and_mcts_play_every_rule_set(ruleset: str, options: dict[str, Any], players: int) -> None:
    specs = ["value", "mcts:iterations=2,depth=3", "greedy"][:players]
    game = _play(ruleset, options, specs, seed=2, limit=250)
    assert game.num_actions == 250 or game.is_over


def test_mcts_with_an_iteration_budget_is_reproducible() -> None:
    game = mid_game("base", {}, 3, 5, ["greedy"], 60)
    seat = game.to_act
    assert seat is not None
    a, b = make_bot("mcts:iterations=15", 3), make_bot("mcts:iterations=15", 3)
    assert a.decide(game, seat) == b.decide(game, seat)


@pytest.mark.parametrize(
    ("ruleset", "options", "players"),
    [("base", {}, 4), ("soldiers-and-armies", {}, 3), ("baden-wuerttemberg", {}, 3)],
)
def test_withholding_offers_from_the_search_changes_no_decision(
    ruleset: str, options: dict[str, Any], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search plays on copies that list no offers (``Trader.withhold``; it never plays one): its
    decisions at positions of greedy games are those of the same search on copies that list them."""
    games = [mid_game(ruleset, options, players, seed, ["greedy"], steps) for seed in (1, 2) for steps in (41, 90)]
    games = [g for g in games if not g.is_over and len(g.legal_actions()) > 1]
    assert len(games) >= 3

    def decisions() -> list[Action]:
        return [make_bot("mcts:iterations=25,depth=8", 7).decide(g, cast(int, g.to_act)) for g in games]

    withheld = decisions()
    play = knowledge.knowledge_for(games[0])
    trader = play.trader
    assert trader is not None and trader.withhold is not None
    main = _main_phase(3)
    listed, kept = main.determinize(main.current, random.Random(1)), main.determinize(main.current, random.Random(1))
    trader.withhold(kept)
    assert any(a[0] == "offer" for a in listed.legal_actions())
    assert [a for a in listed.legal_actions() if a[0] != "offer"] == list(kept.legal_actions())
    key = (games[0].ruleset, tuple([type(c) for c in games[0].components]))
    monkeypatch.setitem(knowledge._PLAYS, key, replace(play, trader=replace(trader, withhold=None)))
    assert decisions() == withheld


def _main_phase(seed: int) -> CatanGame:
    game = mid_game("base", {}, 4, seed, ["greedy"], 40)
    assert isinstance(game, CatanGame)
    while game.phase != MAIN:
        seat = game.to_act
        assert seat is not None
        game.apply(make_bot("greedy", 1).decide(game, seat))
    return game


def _hand(game: CatanGame, seat: int, cards: list[int]) -> None:
    """Give ``seat`` this hand, the cards taken from or put back in the bank."""
    base = seat * NUM_RESOURCES
    for r in range(NUM_RESOURCES):
        game.bank[r] += game.hands[base + r] - cards[r]
        game.hands[base + r] = cards[r]
    game._legal = None


def _answer_to(game: CatanGame, give: list[int], want: list[int]) -> str:
    """What seat ``current + 1`` answers to the current player's offer of ``give`` for ``want``."""
    partner = (game.current + 1) % 4
    offer = next(
        a
        for a in cast(tuple[CatanAction, ...], game.legal_actions())
        if a[0] == "offer" and list(a.give) == give and list(a.want) == want and a.to == partner
    )
    game.apply(offer)
    assert game.phase == OFFER_REPLY and game.to_act == partner
    return str(ValueBot(1).decide(game, partner))


def test_an_answer_accepts_what_completes_a_city_and_refuses_the_leader() -> None:
    game = _main_phase(3)
    partner = (game.current + 1) % 4
    assert any(game.node_level[n] == 1 for n in game.buildings[partner])
    _hand(game, game.current, [1, 0, 0, 0, 1])  # wood and ore, for the partner's grain
    _hand(game, partner, [0, 0, 2, 2, 2])  # a city lacks one ore; two wool spare
    leader = game.copy()
    assert _answer_to(game, [0, 0, 0, 0, 1], [0, 0, 1, 0, 0]) == "accept"
    leader.vp[leader.current] = leader.vp[partner] + 3
    assert _answer_to(leader, [0, 0, 0, 0, 1], [0, 0, 1, 0, 0]) == "decline"
    bad = _main_phase(3)
    _hand(bad, bad.current, [1, 0, 0, 0, 1])
    _hand(bad, partner, [0, 0, 1, 2, 3])  # a city in hand: giving up grain for wood only loses it
    assert _answer_to(bad, [1, 0, 0, 0, 0], [0, 0, 0, 1, 0]) == "decline"


def test_the_bot_offers_a_card_it_can_spare_for_the_one_its_city_lacks() -> None:
    game = _main_phase(3)
    seat = game.current
    assert any(game.node_level[n] == 1 for n in game.buildings[seat])
    _hand(game, seat, [0, 0, 2, 2, 2])  # a city lacks one ore, two wool spare (no 4:1 bank trade)
    game.dev_deck = [0] * len(game.dev_deck)  # else a card, at a fifth of a point expected, is worth more
    action = cast(CatanAction, ValueBot(1).decide(game, seat))
    assert action[0] == "offer" and list(action.want) == [0, 0, 0, 0, 1] and action.to < 0
    assert sum(action.give) <= 2 and action.give[3] == 0 and action.give[4] == 0


def _drawn(game: CatanGame, seat: int, card: int) -> CatanGame:
    """``game`` after the seat's purchase, in the first of its determinizations whose draw is ``card``."""
    for key in range(200):
        copy = game.determinize(seat, random.Random(key))
        copy.apply("buy")
        if copy.dev_new[card]:
            return copy
    raise AssertionError(f"no determinization drew card {card}")


def test_a_card_bought_is_valued_the_same_whichever_card_the_guess_draws() -> None:
    """The look-ahead buys on one dealt guess of the deck: the value of the position after it is the same
    whether that guess drew a victory point or a knight (the card counts at the share of victory points
    among the cards the seat could have drawn), and a point's share of it comes from that share."""
    game = _main_phase(3)
    seat = game.current
    _hand(game, seat, [0, 0, 1, 1, 1])
    point, knight = _drawn(game, seat, VICTORY_POINT), _drawn(game, seat, KNIGHT)
    assert catan_features(point, seat) == catan_features(knight, seat)
    before = catan_features(game, seat)
    unseen = [game.dev_deck[c] + sum(game.dev_hand[p * 5 + c] for p in range(4) if p != seat) for c in range(5)]
    share = unseen[VICTORY_POINT] / sum(unseen)
    assert catan_features(point, seat)["victory_point"] == pytest.approx(before["victory_point"] + share)
    assert catan_features(point, seat)["development"] == pytest.approx(before["development"] + 1 - share)


def test_the_value_bot_plays_a_road_building_card_it_holds() -> None:
    """Playing the card is worth the two free roads it leaves to place, not the position halfway (the card
    gone, no road yet), which the bot once kept for good."""
    game = _main_phase(3)
    seat = game.current
    _hand(game, seat, [0, 0, 0, 0, 0])
    game.dev_deck[ROAD_BUILDING] -= 1
    game.dev_hand[seat * 5 + ROAD_BUILDING] += 1
    game._legal = None
    assert "roadbuilding" in [a[0] for a in game.legal_actions()]
    assert ValueBot(1).decide(game, seat)[0] == "roadbuilding"


def test_a_bank_trade_is_worth_the_settlement_it_pays_for() -> None:
    """With a settlement but no city in reach, trading wool for ore brings the city nearer; trading it for
    the brick a settlement lacks pays for that settlement now, and the bot looks one move further, as the
    search does when it chooses what to search."""
    game = next(g for g in map(_main_phase, range(1, 30)) if g._settlement_spots(g.current))
    seat = game.current
    rate = game.rates[seat * NUM_RESOURCES + 2]
    _hand(game, seat, [1, 0, rate + 1, 1, 0])
    action = ValueBot(1).decide(game, seat)
    assert action[0] == "bank" and (action[1], action[2]) == (2, 1)
    # The search ranks its candidates by the same look-ahead: with one candidate a node, that is the trade.
    searched = make_bot("mcts:iterations=10,width=1,depth=4", 1).decide(game, seat)
    assert searched[0] == "bank" and (searched[1], searched[2]) == (2, 1)


def test_seat_lists_keep_each_specs_parameters_together() -> None:
    assert parse_seats("mcts:iterations=100,depth=8,greedy,value:x=1,random") == (
        "mcts:iterations=100,depth=8",
        "greedy",
        "value:x=1",
        "random",
    )
    assert parse_seats("greedy,random") == ("greedy", "random")


def test_a_bot_valuing_by_chances_to_win_offers_the_trades_the_hand_valued_one_offers() -> None:
    """The trader weighs exchanges by the hand value: a bot whose value is a chance to win (a network's;
    here the search's share of ``exp(value / temperature)``) offers a trade where it beats its best move by
    the hand value, as the hand-valued bot does, not wherever an exchange beats the trader's gain alone."""
    offers = held_back = 0
    for seed in range(1, 5):
        game = _main_phase(seed)
        trader = knowledge.knowledge_for(game).trader
        assert trader is not None
        bots = [make_bot("greedy", seed + p) for p in range(4)]
        while not game.is_over and game.num_actions < 600:
            seat = game.to_act
            assert seat is not None
            if game.phase == MAIN and not game.offers_made:
                hand, chances = ValueBot(seed), ValueBot(seed)
                chances.value = MctsBot(seed).reward
                offered = hand.decide(game, seat)
                assert (offered[0] == "offer") == (chances.decide(game, seat)[0] == "offer")
                offers += offered[0] == "offer"
                held_back += offered[0] != "offer" and trader.offer(game, seat, 0.0) is not None
            game.apply(bots[seat].decide(game, seat))
    assert offers > 5 and held_back > 5  # both kinds of decision were met
