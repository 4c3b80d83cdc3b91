"""The longest road (BAUEN, "evtl. Wechsel von Laengste Handelsstrasse"): 5+ paths, the longest trail through
branches and cycles, broken by another's building, kept on a tie, set aside when nobody leads alone."""

from __future__ import annotations

from siedler import Game

from .positions import NOBODY, ROAD, SETTLEMENT, path, player, plus, position

# Paths around hexes of the beginner board.
AROUND_J = path(20, 21, 22, 33, 32, 31, 20)  # the desert
AROUND_I = path(20, 19, 18, 29, 30, 31)  # forest 11, sharing the side 20-31 with J
SIX = path(18, 19, 20, 21, 22, 23, 24)  # seat 0's road in the breaking tests
SEAT2_FIVE = path(42, 43, 44, 45, 46, 36)
SEAT3_FIVE = path(7, 17, 16, 27, 28, 38)


def length(game: Game, seat: int) -> int:
    return int(player(game, seat)["road_length"])


def holder(game: Game) -> int:
    holders = [p["seat"] for p in game.view(None)["players"] if p["longest_road"]]
    assert len(holders) <= 1
    assert game.state()["game"]["longest_road"] == (holders[0] if holders else NOBODY)
    return holders[0] if holders else NOBODY


def test_five_paths_take_the_card_and_two_points() -> None:
    game = position(settlements={0: [18]}, roads={0: path(18, 19, 20, 21)}, hands={0: plus(ROAD, ROAD)})
    game.apply("road 21-22")
    assert length(game, 0) == 4 and holder(game) == NOBODY and game.scores()[0] == 1
    game.apply("road 22-23")
    assert length(game, 0) == 5 and holder(game) == 0 and game.scores()[0] == 3


def test_a_branch_counts_only_along_one_trail() -> None:
    # Trunk 18..22 (4 paths) and a branch 21-11-10-9 (3 paths): the longest trail is 18-19-20-21-11-10-9.
    game = position(settlements={0: [18]}, roads={0: path(18, 19, 20, 21, 22) + path(21, 11, 10, 9)})
    assert length(game, 0) == 6
    # A short spur does not add: trunk of five, spur of two at 21.
    game = position(settlements={0: [18]}, roads={0: path(18, 19, 20, 21, 22, 23) + path(21, 11, 10)})
    assert length(game, 0) == 5


def test_a_closed_ring_counts_every_path() -> None:
    assert length(position(settlements={0: [20]}, roads={0: AROUND_J}), 0) == 6


def test_a_ring_with_a_tail_is_walked_tail_first_then_all_around() -> None:
    game = position(settlements={0: [24]}, roads={0: AROUND_J + path(22, 23, 24)})
    assert length(game, 0) == 8


def test_a_ring_with_two_tails_cannot_use_both_tails_and_the_whole_ring() -> None:
    # 10 paths; the best trail is a tail, the long way round the ring, the other tail: 2 + 4 + 2.
    game = position(settlements={0: [24]}, roads={0: AROUND_J + path(18, 19, 20) + path(22, 23, 24)})
    assert length(game, 0) == 8


def test_two_rings_sharing_a_side_form_one_trail_through_all_eleven_paths() -> None:
    game = position(settlements={0: [18]}, roads={0: AROUND_J + AROUND_I})
    assert length(game, 0) == 11


def test_an_opponents_settlement_breaks_the_road_and_the_card_is_set_aside() -> None:
    # Seat 1 has a road 10-11-21 and builds on 21, in the middle of seat 0's six paths.
    game = position(
        current=1,
        settlements={0: [18], 1: [10]},
        roads={0: SIX, 1: path(10, 11, 21)},
        hands={1: SETTLEMENT},
        longest_road=0,
    )
    assert length(game, 0) == 6 and game.scores()[0] == 3
    game.apply("settle 21")
    assert length(game, 0) == 3, "18-19-20-21 and 21-22-23-24 no longer join"
    assert holder(game) == NOBODY, "nobody else has five: the card is set aside"
    assert game.scores()[0] == 1


def test_the_breaker_or_another_player_alone_at_the_top_takes_the_card() -> None:
    game = position(
        current=1,
        settlements={0: [18], 1: [10], 2: [42]},
        roads={0: SIX, 1: path(10, 11, 21), 2: SEAT2_FIVE},
        hands={1: SETTLEMENT},
        longest_road=0,
    )
    game.apply("settle 21")
    assert holder(game) == 2
    assert game.scores() == [1, 2, 3, 0]


def test_after_a_break_two_tied_players_leave_the_card_aside_until_one_leads() -> None:
    game = position(
        current=1,
        settlements={0: [18], 1: [10], 2: [42], 3: [7]},
        roads={0: SIX, 1: path(10, 11, 21), 2: SEAT2_FIVE, 3: SEAT3_FIVE},
        hands={1: SETTLEMENT},
        longest_road=0,
    )
    game.apply("settle 21")
    assert length(game, 2) == length(game, 3) == 5
    assert holder(game) == NOBODY
    # Later, seat 3 builds a sixth path and takes the card from the side.
    later = position(
        current=3,
        settlements={0: [18], 1: [10, 21], 2: [42], 3: [7]},
        roads={0: SIX, 1: path(10, 11, 21), 2: SEAT2_FIVE, 3: SEAT3_FIVE},
        hands={3: ROAD},
    )
    assert holder(later) == NOBODY
    later.apply("road 38-39")
    assert holder(later) == 3 and later.scores()[3] == 3


def test_a_broken_holder_still_tied_for_the_longest_keeps_the_card() -> None:
    # Seat 0 has seven paths 18..24-35; seat 1 builds on 20, leaving 20..35 (five); seat 2 also has five.
    game = position(
        current=1,
        settlements={0: [18], 1: [30], 2: [42]},
        roads={0: [*SIX, "24-35"], 1: path(30, 31, 20), 2: SEAT2_FIVE},
        hands={1: SETTLEMENT},
        longest_road=0,
    )
    assert length(game, 0) == 7
    game.apply("settle 20")
    assert length(game, 0) == 5 == length(game, 2)
    assert holder(game) == 0


def test_the_holder_keeps_the_card_on_a_tie_and_loses_it_to_a_longer_road() -> None:
    game = position(
        current=2,
        settlements={0: [18], 2: [42]},
        roads={0: path(18, 19, 20, 21, 22, 23), 2: path(42, 43, 44, 45, 46)},
        hands={2: plus(ROAD, ROAD)},
        longest_road=0,
    )
    game.apply("road 36-46")
    assert length(game, 2) == 5 and holder(game) == 0, "equal is not enough"
    game.apply("road 35-36")
    assert holder(game) == 2
    assert game.scores()[0] == 1 and game.scores()[2] == 3


def test_an_own_settlement_does_not_break_the_own_road() -> None:
    game = position(settlements={0: [18]}, roads={0: SIX}, hands={0: SETTLEMENT}, longest_road=0)
    game.apply("settle 21")
    assert length(game, 0) == 6 and holder(game) == 0


def test_a_settlement_at_the_end_of_a_road_does_not_shorten_it() -> None:
    game = position(
        current=1,
        settlements={0: [18], 1: [36]},
        roads={0: SIX, 1: path(36, 35, 24)},
        hands={1: SETTLEMENT},
        longest_road=0,
    )
    game.apply("settle 24")
    assert length(game, 0) == 6 and holder(game) == 0


def test_a_trail_may_end_at_an_opponents_building_but_not_pass_it() -> None:
    game = position(settlements={0: [18], 1: [21]}, roads={0: SIX})
    assert length(game, 0) == 3
    assert length(position(settlements={0: [18]}, roads={0: SIX}), 0) == 6
