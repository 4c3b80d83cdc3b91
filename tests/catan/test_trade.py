"""HANDEL and GOLDENE REGELN: the bank at 4:1, 3:1 and 2:1 at one's harbours; trades only with the player
whose turn it is: offer, each addressed player accepts or declines, the offerer confirms or withdraws."""

from __future__ import annotations

from siedler import Game

from .positions import (
    SETTLEMENT,
    bank,
    cards,
    hand,
    legal,
    legal_of,
    path,
    phase,
    plus,
    position,
    refused,
)

# Beginner-board harbours: 3:1 on 0/1, wood 2:1 on 50/51.


def rates(game: Game, seat: int) -> dict[str, int]:
    return dict(game.view(seat)["you"]["rates"])


# ---------------------------------------------------------------------- the bank
def test_four_to_one_with_the_bank() -> None:
    game = position(settlements={0: [20]}, hands={0: cards(wood=4, brick=3)})
    assert legal_of(game, "bank") == {"bank wood>brick", "bank wood>wool", "bank wood>grain", "bank wood>ore"}
    refused(game, "bank brick>ore", "do not hold")
    refused(game, "bank wood>wood")
    game.apply("bank wood>ore")
    assert hand(game, 0) == cards(brick=3, ore=1)
    assert bank(game) == {"wood": 19, "brick": 16, "wool": 19, "grain": 19, "ore": 18}


def test_three_to_one_at_a_generic_harbour() -> None:
    game = position(settlements={0: [0]}, hands={0: cards(wool=3, ore=2)})
    assert rates(game, 0) == {r: 3 for r in ("wood", "brick", "wool", "grain", "ore")}
    assert "bank wool>grain" in legal(game) and "bank ore>grain" not in legal(game)
    game.apply("bank wool>grain")
    assert hand(game, 0) == cards(grain=1, ore=2)


def test_two_to_one_at_a_specific_harbour_for_that_resource_only() -> None:
    game = position(settlements={0: [50]}, hands={0: cards(wood=2, brick=3)})
    assert rates(game, 0) == {"wood": 2, "brick": 4, "wool": 4, "grain": 4, "ore": 4}
    assert legal_of(game, "bank") == {"bank wood>brick", "bank wood>wool", "bank wood>grain", "bank wood>ore"}
    game.apply("bank wood>grain")
    assert hand(game, 0) == cards(brick=3, grain=1)


def test_each_harbour_gives_its_own_best_rate() -> None:
    game = position(settlements={0: [0, 50]}, hands={0: cards(wood=2, brick=3)})
    assert rates(game, 0) == {"wood": 2, "brick": 3, "wool": 3, "grain": 3, "ore": 3}


def test_a_harbour_needs_a_building_on_it_not_a_road_or_a_neighbour() -> None:
    game = position(settlements={0: [43]}, roads={0: path(43, 51, 50)}, hands={0: cards(wood=3)})
    assert rates(game, 0)["wood"] == 4
    assert legal_of(game, "bank") == set()


def test_a_harbour_serves_from_the_moment_its_settlement_stands() -> None:
    game = position(settlements={0: [43]}, roads={0: path(43, 51, 50)}, hands={0: plus(SETTLEMENT, cards(wood=2))})
    game.apply("settle 50")
    assert "bank wood>ore" in legal(game)
    game.apply("bank wood>ore")
    assert hand(game, 0) == cards(ore=1)


def test_a_city_on_a_harbour_keeps_it() -> None:
    game = position(cities={0: [51]}, hands={0: cards(wood=2)})
    assert "bank wood>ore" in legal(game)


def test_the_bank_gives_only_what_it_holds() -> None:
    game = position(settlements={0: [20]}, hands={0: cards(wood=4), 1: cards(ore=19)})
    assert "bank wood>ore" not in legal(game) and "bank wood>grain" in legal(game)
    refused(game, "bank wood>ore")


def test_no_trading_before_the_roll() -> None:
    game = position(phase="roll", settlements={0: [20]}, hands={0: cards(wood=4), 1: cards(ore=1)})
    refused(game, "bank wood>ore", "roll the dice")
    refused(game, "offer 1wood>1ore", "roll the dice")


# ---------------------------------------------------------------------- between players
HANDS = {0: cards(wood=2), 1: cards(ore=1), 2: cards(grain=3), 3: cards(ore=2)}


def test_the_addressed_players_answer_one_by_one_in_turn_order_from_the_offerer() -> None:
    game = position(current=1, hands={0: cards(ore=1), 1: cards(wood=2), 2: cards(grain=3), 3: cards(ore=2)})
    game.apply("offer 1wood>1ore")
    assert phase(game) == "offer_reply"
    order = []
    while phase(game) == "offer_reply":
        order.append(game.to_act)
        game.apply("decline")
    assert order == [2, 3, 0]
    assert phase(game) == "main" and game.to_act == 1


def test_a_player_who_lacks_the_wanted_cards_can_only_decline() -> None:
    game = position(hands=HANDS)
    game.apply("offer 1wood>1ore")
    game.apply("accept")  # seat 1
    assert game.to_act == 2
    assert legal(game) == {"decline"}
    refused(game, "accept", "cards the offer asks for")
    game.apply("decline")
    assert game.to_act == 3


def test_the_offerer_confirms_with_one_who_accepted() -> None:
    game = position(hands=HANDS)
    game.apply("offer 1wood>1ore")
    game.apply("accept")
    game.apply("decline")
    game.apply("accept")
    assert phase(game) == "offer_confirm" and game.to_act == 0
    assert legal(game) == {"confirm @1", "confirm @3", "withdraw"}
    refused(game, "confirm @2", "did not accept")
    game.apply("confirm @3")
    assert hand(game, 0) == cards(wood=1, ore=1)
    assert hand(game, 3) == cards(wood=1, ore=1)
    assert hand(game, 1) == cards(ore=1), "the other who accepted gives nothing"
    assert phase(game) == "main" and game.to_act == 0


def test_withdrawing_moves_no_card() -> None:
    game = position(hands=HANDS)
    game.apply("offer 2wood>1grain")
    for answer in ("decline", "accept", "decline"):
        game.apply(answer)
    game.apply("withdraw")
    assert [hand(game, p) for p in range(4)] == [HANDS[p] for p in range(4)]
    assert phase(game) == "main"


def test_when_all_decline_the_offer_lapses() -> None:
    game = position(hands=HANDS)
    game.apply("offer 1wood>1ore")
    for _ in range(3):
        game.apply("decline")
    assert phase(game) == "main" and game.to_act == 0
    assert game.view(None)["offer"] is None


def test_an_offer_to_one_player_asks_only_him() -> None:
    game = position(hands=HANDS)
    game.apply("offer 1wood>1grain @2")
    assert game.to_act == 2
    game.apply("accept")
    assert phase(game) == "offer_confirm" and legal(game) == {"confirm @2", "withdraw"}
    game.apply("confirm @2")
    assert hand(game, 0) == cards(wood=1, grain=1) and hand(game, 2) == cards(wood=1, grain=2)


def test_only_the_player_whose_turn_it_is_offers_and_only_what_he_holds() -> None:
    game = position(hands=HANDS)
    assert all(not a.startswith("offer") or a.split()[1].split(">")[0] in ("1wood", "2wood") for a in legal(game))
    refused(game, "offer 1ore>1wood", "do not hold")
    game.apply("offer 1wood>1ore")
    assert game.to_act == 1
    refused(game, "offer 1ore>1wood", "accept or decline")


def test_max_offers_caps_the_offers_per_turn() -> None:
    game = position(hands=HANDS, options={"max_offers": 2})
    for _ in range(2):
        game.apply("offer 1wood>1ore")
        for _ in range(3):
            game.apply("decline")
    assert legal_of(game, "offer") == set()
    refused(game, "offer 1wood>1ore", "offers")
    game.apply("end")
    assert game.state()["game"]["offers_made"] == 0, "a new turn, new offers"


def test_max_offers_zero_switches_player_trades_off() -> None:
    game = position(hands=HANDS, options={"max_offers": 0})
    assert legal_of(game, "offer") == set()
    refused(game, "offer 1wood>1ore", "offers")
