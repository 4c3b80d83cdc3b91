"""Catan's text board and action labels: hidden hands stay hidden, notation and German terms are right."""

from __future__ import annotations

import random
from typing import cast

import pytest

import siedler
from siedler.core.game import Game
from siedler.core.i18n import namespace
from siedler.games.catan import CatanGame


def _positions(count: int = 12) -> list[Game]:
    out = []
    for seed in range(count):
        game = siedler.new_game("base", players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60, 600)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            out.append(game)
    return out


def test_render_text_never_shows_another_seats_hand() -> None:
    checked = 0
    for game in _positions():
        for seat in (None, 0, 1, 2, 3):
            text = game.render_text(seat)
            for other in range(4):
                if other == seat:
                    continue
                changed = cast(CatanGame, game.copy())
                hand = changed.hands[other * 5 : other * 5 + 5]
                dev = changed.dev_hand[other * 5 : other * 5 + 5]
                changed.hands[other * 5 : other * 5 + 5] = hand[1:] + hand[:1]
                changed.dev_hand[other * 5 : other * 5 + 5] = dev[1:] + dev[:1]
                assert changed.render_text(seat) == text
                checked += hand != hand[1:] + hand[:1]
    assert checked > 20  # the hands really differed in many positions


def test_the_seat_sees_its_own_hand() -> None:
    game = _positions(3)[0]
    hand = game.view(2)["you"]["hand"]
    text = game.render_text(2)
    expected = ", ".join(f"{n} {r}" for r, n in hand.items() if n) or "-"
    assert f"Your hand: {expected}" in text
    assert "Your hand" not in game.render_text(None)


@pytest.mark.parametrize(("lang", "you"), [("en", "you"), ("de", "du")])
def test_the_status_counts_seats_from_1_and_marks_the_viewer(lang: str, you: str) -> None:
    # "You" as a name is no longer special: the viewer's row is marked whatever the names are.
    game = siedler.new_game("base", players=["You", "Ben", "Cleo"], seed=3)
    words = namespace("catan.board", lang)
    for viewer in (0, 1, 2):
        lines = game.render_text(viewer, lang).splitlines()
        head = next(i for i, line in enumerate(lines) if line.split()[:2] == [words["seat"], words["name"]])
        rows = [(line[2:8].strip(), line[8:24].strip()) for line in lines[head + 1 : head + 4]]
        assert rows == [  # seats 1-3 are indices 0-2
            (str(seat + 1), name + (f" ({you})" if seat == viewer else ""))
            for seat, name in enumerate(["You", "Ben", "Cleo"])
        ]
    assert "(you)" not in game.render_text(None)


def test_board_shows_every_intersection_hex_and_harbour() -> None:
    game = siedler.new_game("base", players=3, seed=1, options={"board": "beginner"})
    seat = game.to_act  # whoever rolled highest founds first
    assert seat is not None
    for node in ("settle 0", "road 0-1"):
        game.apply(node)
    text = game.render_text(0)
    tokens = set(text.replace("|", " ").split())
    assert {str(n) for n in range(1, 54)} <= tokens
    assert f"0s{seat + 1}" in tokens  # the settlement at 0, owned by the seat that built it (numbered from 1)
    for label in "ABCDEFGHIJKLMNOPQRS":
        assert label in tokens
    board = text.split("12s1:")[0]  # the board ends with the legend
    assert board.count("3:1") == 4 and board.count("2:1") == 5
    assert "*ROBBER*" in text and "desert" in text
    german = game.render_text(0, "de")
    assert "*RÄUBER*" in german and "Wüste" in german and "Getreide" in german


@pytest.mark.parametrize(
    ("notation", "english", "german"),
    [
        # Places as the board shows them (seed 1: intersection 12 touches grain 9, wool 10 and brick 5; the
        # side 12-13 divides wool 10 from brick 5; F is brick 5), never the notation's numbers.
        (
            "settle 12",
            "Build a settlement at grain 9 / wool 10 / brick 5",
            "Siedlung bauen an Getreide 9 / Wolle 10 / Lehm 5",
        ),
        ("city 12", "Build a city at grain 9 / wool 10 / brick 5", "Stadt bauen an Getreide 9 / Wolle 10 / Lehm 5"),
        ("road 12-13", "Build a road at wool 10 – brick 5", "Straße bauen an Wolle 10 – Lehm 5"),
        (
            "robber F @1",
            "Move the robber to brick 5 (F) and rob Ben",
            "Räuber nach Lehm 5 (F) versetzen, bei Ben ziehen",
        ),
        ("knight", "Play a knight", "Ritter ausspielen"),
        ("buy", "Buy a development card", "Entwicklungskarte kaufen"),
        ("plenty wood ore", "Play year of plenty: wood + ore", "Erfindung ausspielen: Holz + Erz"),
        ("monopoly grain", "Play monopoly on grain", "Monopol ausspielen: Getreide"),
        ("roadbuilding", "Play road building", "Straßenbau ausspielen"),
        ("discard brick", "Discard 1 brick", "1 Lehm abwerfen"),
        ("bank wool>ore", "Trade 4 wool for 1 ore with the bank", "4 Wolle gegen 1 Erz mit der Bank tauschen"),
        (
            "offer 1wood+1brick>1ore @2",
            "Offer 1 wood + 1 brick for 1 ore to Cleo",
            "1 Holz + 1 Lehm für 1 Erz anbieten an Cleo",
        ),
        ("confirm @1", "Trade with Ben", "Handel mit Ben abschließen"),
    ],
)
def test_action_labels(notation: str, english: str, german: str) -> None:
    game = siedler.new_game("base", players=["Anna", "Ben", "Cleo"], seed=1)
    action = game.parse_action(notation)
    assert game.action_label(action, "en") == english
    assert game.action_label(action, "de") == german
