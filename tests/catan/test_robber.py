"""ROHSTOFFERTRAEGE on a 7: everyone with more than 7 cards discards half (rounded down), then the roller moves
the robber to another hex and steals one random card from a player of his choice next to it."""

from __future__ import annotations

from collections.abc import Callable

from siedler.core.rng import Rng

from .positions import (
    EMPTY,
    cards,
    hand,
    legal,
    legal_of,
    phase,
    plus,
    position,
    refused,
    rigged,
    roll,
)

EIGHT = cards(wood=2, brick=2, wool=2, grain=2)
NINE = cards(wood=1, brick=2, wool=3, grain=3)
SEVEN = cards(ore=7)
TEN = cards(wood=4, ore=6)


def size(h: dict[str, int]) -> int:
    return sum(h.values())


def test_everyone_over_seven_discards_half_rounded_down_in_turn_order_from_the_roller() -> None:
    game = roll(position(phase="roll", current=1, hands={0: NINE, 1: EIGHT, 2: SEVEN, 3: TEN}), 7)
    assert phase(game) == "discard"
    assert game.view(None)["discarding"] == {"0": 4, "1": 4, "3": 5}
    order = []
    while phase(game) == "discard":
        seat = game.to_act
        assert seat is not None
        order.append(seat)
        game.apply(sorted(legal(game))[0])
    assert order == [1] * 4 + [3] * 5 + [0] * 4
    assert [size(hand(game, p)) for p in range(4)] == [5, 4, 7, 5]
    assert phase(game) == "robber" and game.to_act == 1


def test_the_discarder_chooses_which_cards_among_those_he_holds() -> None:
    game = roll(position(phase="roll", hands={0: cards(wood=6, ore=2)}), 7)
    assert legal(game) == {"discard wood", "discard ore"}
    refused(game, "discard brick", "do not hold")
    for _ in range(2):
        game.apply("discard ore")
    assert legal(game) == {"discard wood"}
    game.apply("discard wood")
    game.apply("discard wood")
    assert hand(game, 0) == cards(wood=4)
    assert phase(game) == "robber"


def test_each_discard_is_one_log_line_with_all_its_cards() -> None:
    """Seats 1 and 3 discard on seat 1's 7: the log says once how many each must give, and once what each
    gave, all its cards together, not a line per card."""
    game = roll(position(phase="roll", current=1, hands={1: EIGHT, 3: TEN}), 7)
    before = game.num_events
    for card in ("wood", "wood", "brick", "wool", "ore", "ore", "wood", "ore", "ore"):
        game.apply(f"discard {card}")
    lines = [e["text"] for e in game.events(None, lang="en")[before - 2 :]]
    assert lines == [
        "Player 2 must discard 4 cards.",
        "Player 4 must discard 5 cards.",
        "Player 2 discarded 2 wood, 1 brick, 1 wool.",
        "Player 4 discarded 1 wood, 4 ore.",
    ]
    told = [e["text"] for e in game.events(3, lang="de") if e["kind"] in ("discard", "discard_due")]
    assert told == ["Player 2 muss 4 Karten abwerfen.", "Du musst 5 Karten abwerfen.", "Player 2 wirft 2 Holz, "
                    "1 Lehm, 1 Wolle ab.", "Du wirfst 1 Holz, 4 Erz ab."]  # fmt: skip


def test_seven_cards_or_fewer_and_development_cards_do_not_count() -> None:
    game = roll(
        position(phase="roll", hands={0: SEVEN, 1: cards(wood=3)}, dev_cards={0: {"knight": 2, "victory_point": 1}}), 7
    )
    assert phase(game) == "robber", "nobody holds more than seven resource cards"
    assert hand(game, 0) == SEVEN


def test_discarded_cards_go_back_to_the_bank() -> None:
    game = roll(position(phase="roll", hands={2: cards(grain=9)}), 7)
    for _ in range(4):
        game.apply("discard grain")
    assert game.view(None)["bank"]["grain"] == 19 - 5


# ---------------------------------------------------------------------- moving the robber
def test_the_robber_must_move_to_another_hex() -> None:
    game = position(phase="robber")
    hexes = {a.split()[1] for a in legal(game)}
    assert len(hexes) == 18 and "J" not in hexes
    refused(game, "robber J", "another hex")
    moved = position(phase="robber", robber="E")
    assert "robber J" in legal(moved), "back to the desert is allowed"


def test_the_roller_chooses_whom_to_rob_among_neighbours_with_cards() -> None:
    # Hills E: seat 1 on 19 and seat 3 on 21 hold cards; seat 2 on 10 holds none. Seat 0 rolled the 7.
    game = position(
        phase="robber",
        settlements={1: [19], 2: [10]},
        cities={3: [21]},
        hands={0: cards(ore=1), 1: cards(wood=1), 3: cards(wool=2)},
    )
    assert {a for a in legal(game) if a.startswith("robber E")} == {"robber E @1", "robber E @3"}
    refused(game, "robber E", "steal from a player")
    refused(game, "robber E @2", "holds no cards")
    refused(game, "robber A @1", "no building on hex A")
    refused(game, "robber E @3 @1")


def test_never_from_himself_and_no_victim_when_no_neighbour_holds_cards() -> None:
    game = position(phase="robber", settlements={0: [11], 2: [9]}, hands={0: cards(ore=3)})
    assert {a for a in legal(game) if a.startswith("robber E")} == {"robber E"}, "only himself and a poor seat"
    refused(game, "robber E @0")
    assert "robber A" in legal(game) and "robber A @1" not in legal(game)
    game.apply("robber E")
    assert game.state()["game"]["robber"] == "E"
    assert hand(game, 0) == cards(ore=3)
    assert phase(game) == "main" and game.to_act == 0


def test_the_thief_takes_one_card_from_the_victim() -> None:
    game = position(phase="robber", settlements={1: [19]}, hands={0: cards(ore=1), 1: cards(wool=3)})
    game.apply("robber E @1")
    assert hand(game, 1) == cards(wool=2)
    assert hand(game, 0) == cards(ore=1, wool=1)
    assert phase(game) == "main"


def test_only_thief_and_victim_learn_which_card_was_stolen() -> None:
    game = position(phase="robber", settlements={1: [19]}, hands={1: cards(wool=3)})
    game.apply("robber E @1")
    for seat, sees in ((0, True), (1, True), (2, False), (3, False), (None, False)):
        steal = [e for e in game.events(seat=seat) if e["kind"] == "steal"][-1]
        assert ("resource" in steal["data"]) is sees, seat
    assert game.view(2)["players"][0]["cards"] == 1, "the others see only the count"


def test_the_stolen_card_is_drawn_at_random_from_the_victims_hand() -> None:
    victim = cards(wood=1, grain=3)
    base = position(phase="robber", settlements={1: [19]}, hands={1: victim})
    stolen: set[str] = set()
    for index in (0, 3):  # the generator picks wood, or grain
        game = rigged(base, picks([1, 0, 0, 3, 0], index))
        game.apply("robber E @1")
        took = hand(game, 0)
        assert size(took) == 1 and plus(took, hand(game, 1)) == victim
        stolen.update(r for r, n in took.items() if n)
    assert stolen == {"wood", "grain"}


def picks(weights: list[int], index: int) -> Callable[[Rng], bool]:
    """The event "the generator's next weighted draw over ``weights`` gives ``index``"."""
    return lambda rng: rng.weighted_index(weights) == index


def test_after_a_seven_nobody_must_discard_and_the_robber_comes_next() -> None:
    game = roll(position(phase="roll", current=3, hands={3: EMPTY}), 7)
    assert phase(game) == "robber" and game.to_act == 3
    assert legal_of(game, "robber") == legal(game)
