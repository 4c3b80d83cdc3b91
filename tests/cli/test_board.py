"""``siedler play``'s board: 80 columns, colour on a terminal and none with ``NO_COLOR``, every hex with its
label and number, drawn from the view alone."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import siedler
from siedler.cli.board import board, status_line
from siedler.cli.play import TerminalGame
from siedler.core.registry import rulesets

from ..random_games import played

BOARD_RULESETS = [rs.name for rs in rulesets() if rs.family == "catan"]
COLOUR = re.compile(r"\x1b\[[0-9;]*(38|48);")  # a foreground or background colour


def _printed(text: Any, **console: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=80, **console).print(text, crop=False, overflow="ignore")
    return out.getvalue()


@pytest.mark.parametrize("ruleset", BOARD_RULESETS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_fits_80_columns_with_every_hex(ruleset: str, lang: str) -> None:
    game = played(ruleset, seed=5, moves=150, players=4)
    view = game.view(0)
    drawn = board(view, lang)
    lines = drawn.plain.splitlines()
    assert max(len(line) for line in lines) <= 80
    flat = " ".join(lines)
    for hx in view["board"]["hexes"]:
        assert re.search(rf"\b{hx['id']}\b" + (rf" {hx['number']}\b" if hx["number"] else ""), flat), hx
    assert any(str(n) in flat for n in range(len(view["board"]["nodes"])))
    for piece in view["pieces"]:
        if piece["kind"] in ("settlement", "city"):
            # the owner by seat number, counted from 1 like every text for people
            assert f"{piece['at']}{'C' if piece['kind'] == 'city' else 's'}{piece['owner'] + 1}" in flat
    status = status_line(view, lang).plain.splitlines()
    assert len(status) == 2 and max(len(line) for line in status) <= 80


def test_terrains_in_colour_on_a_terminal_and_plain_without() -> None:
    view = played("base", seed=2, moves=60, players=4).view(1)
    coloured = _printed(board(view), force_terminal=True, color_system="truecolor")
    assert "48;2;242;201;76" in coloured  # fields: a yellow background
    assert "48;2;47;125;50" in coloured  # forest: green
    plain = _printed(board(view), force_terminal=True, color_system="truecolor", no_color=True)
    assert not COLOUR.search(plain)
    assert re.sub(r"\x1b\[[0-9;]*m", "", plain) == re.sub(r"\x1b\[[0-9;]*m", "", coloured)


def test_no_color_at_the_table(monkeypatch: Any) -> None:
    """A whole session on a colour terminal with NO_COLOR set: the board is there, no colour code."""
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    game = siedler.new_game("base", players=3, seed=4)
    lines = iter(["board", "quit"])
    console = Console(file=out, width=80, force_terminal=True, color_system="truecolor")
    TerminalGame(game, ("human", "human", "human"), {}, "de", read=lambda _: next(lines), console=console).run()
    text = out.getvalue()
    assert "Gründung" in text and "Getreide" in text and "Zug 1" in text
    assert not COLOUR.search(text)


def test_the_board_and_status_read_only_the_view() -> None:
    """Another seat's hidden hand, rotated, changes nothing drawn."""
    game: Any = played("base", seed=9, moves=200, players=4)
    before = (board(game.view(0)).plain, status_line(game.view(0)).plain)
    changed = game.copy()
    hand = changed.hands[5:10]
    changed.hands[5:10] = hand[1:] + hand[:1]
    assert hand != hand[1:] + hand[:1]
    assert (board(changed.view(0)).plain, status_line(changed.view(0)).plain) == before


def test_fishing_grounds_and_the_guardian() -> None:
    fish = board(siedler.new_game("fishermen", players=4, seed=1).view(None)).plain
    for piece in siedler.new_game("fishermen", players=4, seed=1).view(None)["pieces"]:
        if piece["kind"] == "fishing_ground":
            assert f"~{piece['number']}~" in fish
    realms = board(siedler.new_game("resource-realms", players=3, seed=1).view(None), "de").plain
    assert "*WÄCHTER*" in realms
