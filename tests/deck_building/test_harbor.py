"""The Hafen: one card, plus one per Meer shown, plus one for all roads together (the four examples)."""

from __future__ import annotations

import pytest

from .positions import hand, pile, play, position

DRAW = ["grain"] * 6  # what the harbor draws: grain, easy to count


@pytest.mark.parametrize(
    "held, drawn",
    [
        (["harbor"], 1),  # 1) no roads or seas -> +1
        (["harbor", "sea", "sea"], 3),  # 2) two seas -> +3
        (["harbor", "road", "sea", "sea"], 4),  # 3) one road and two seas -> +4
        (["harbor", "road", "road", "road", "sea", "sea"], 4),  # 4) three roads and two seas -> +4
    ],
)
def test_the_four_harbor_examples(held: list[str], drawn: int) -> None:
    game = position(hands=(held, ["wood"]), draw={0: DRAW})
    play(game, "play harbor")
    assert hand(game, 0).count("grain") == drawn
    assert pile(game, "laid", 0) == ["harbor"], "seas and roads are shown, not used"


def test_seas_and_roads_laid_out_this_turn_count_too() -> None:
    game = position(hands=(["harbor", "sea", "road", "road"], ["wood"]), draw={0: DRAW})
    play(game, "lay sea", "road 2", "play harbor")
    assert hand(game, 0).count("grain") == 3  # 1 + the sea laid out + the roads played


def test_a_second_harbor_counts_the_seas_again() -> None:
    game = position(hands=(["harbor", "harbor", "sea", "sea"], ["wood"]), draw={0: DRAW})
    play(game, "play harbor", "play harbor")
    assert hand(game, 0).count("grain") == 6


def test_harbor_draws_what_is_left_then_reshuffles() -> None:
    game = position(hands=(["harbor", "sea", "sea"], ["wood"]), draw={0: ["ore"]}, discard={0: ["grain", "grain"]})
    play(game, "play harbor")
    assert hand(game, 0) == ["grain", "grain", "ore", "sea", "sea"]
    assert pile(game, "draw", 0) == [] and pile(game, "discard", 0) == []
