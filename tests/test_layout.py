"""The board's one layout (``siedler.games.catan.layout``): every place a board is drawn at is computed once,
from the view alone, the rule sets add theirs from their own packages, and the SVG picture, the text board
and ``siedler play``'s board draw every listed thing at its place (the table: tests/e2e/test_board_layout.py).
"""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.cli import board as cli_board
from siedler.core.registry import rulesets
from siedler.games.catan import text as text_board
from siedler.games.catan.layout import HARBOR_R, Cells, board_layout, board_placed, layers, with_layout
from siedler.svg import SIZE, board_svg

from .board_places import Place, board_rulesets, layout_places, played, same_places, soldiers_view

NS = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.]+)[ ,]([-\d.]+)\)")


def _views() -> list[tuple[str, dict[str, Any]]]:
    views = [(name, played(name, seed=3, moves=300)) for name in board_rulesets()]
    views.append(("soldiers-and-armies+fishermen", played("soldiers-and-armies", 5, 400, fishermen=True)))
    views.append(("soldiers-and-armies, every mark", soldiers_view()))
    return views


VIEWS = _views()


def _frame_holds(frame: list[float], x0: float, y0: float, x1: float, y1: float) -> bool:
    fx, fy, fw, fh = frame
    return fx - 1e-3 <= x0 and fy - 1e-3 <= y0 and x1 <= fx + fw + 1e-3 and y1 <= fy + fh + 1e-3


@settings(max_examples=12, deadline=None)
@given(ruleset=st.sampled_from(board_rulesets()), seed=st.integers(0, 10_000), moves=st.integers(0, 400))
def test_the_frame_holds_every_hex_harbour_piece_and_mark(ruleset: str, seed: int, moves: int) -> None:
    view = played(ruleset, seed, moves)
    layout, placed = board_layout(view), board_placed(view)
    frame = layout["frame"]
    for spot in layout["hexes"]:
        assert all(_frame_holds(frame, x, y, x, y) for x, y in spot["corners"])
    for spot in layout["harbors"]:
        (x, y), r = spot["at"], HARBOR_R
        assert _frame_holds(frame, x - r, y - r, x + r, y + r)
    assert all(place is not None for place in placed["pieces"])  # a real game's pieces all stand somewhere
    for place in placed["pieces"]:
        for x, y in place.get("ends") or [place["at"]]:
            assert _frame_holds(frame, x, y, x, y)
    for mark in layout["marks"]:
        assert _frame_holds(frame, *mark.get("reach", mark["at"] * 2))
    # plain JSON, read from the view alone: a copy of the view gives the same layout
    assert json.loads(json.dumps(with_layout(view)))["layout"] == layout
    assert board_layout(copy.deepcopy(view)) == layout and board_placed(copy.deepcopy(view)) == placed


def test_the_rule_sets_marks_come_from_their_own_packages() -> None:
    """Baden-Württemberg's fields, Soldiers & Armies' armies and the Fishermen's lake are layers their
    packages register; the shared layout and the renderers name no rule set."""
    owners = {layer.name: (layer.fixed or layer.moving).__module__ for layer in layers()}
    assert owners["fields"].startswith("siedler.games.baden_wuerttemberg.")
    assert owners["soldiers"].startswith("siedler.games.soldiers_and_armies.")
    assert owners["lake"].startswith("siedler.games.fishermen.")
    names = {n for rs in rulesets() if rs.name != "base" for n in (rs.name, rs.name.replace("-", "_"))}
    names |= {"wuerttemberg", "soldier", "fisher", "armies", "lake", "landmark"}
    shared = ["games/catan/layout.py", "svg.py", "cli/board.py", "games/catan/text.py"]
    for path in shared:
        source = (Path(__file__).parent.parent / "src" / "siedler" / path).read_text(encoding="utf-8").lower()
        assert not [n for n in names if n in source], path


def _svg_places(view: dict[str, Any]) -> dict[str, Place]:
    """Where the SVG picture draws each thing, in the layout's units."""
    x0, y0 = board_layout(view)["frame"][:2]

    def at(x: Any, y: Any) -> Place:
        return float(x) / SIZE + x0, float(y) / SIZE + y0

    root = ET.fromstring(board_svg(view))
    places: dict[str, Place] = {}
    harbors = 0
    for e in root.iter():
        kind = e.get("class")
        shift = TRANSLATE.match(e.get("transform", ""))
        if e.tag == f"{NS}text" and kind == "label":
            places[f"label:{e.text}"] = at(e.get("x"), e.get("y"))
        elif kind == "token":
            places[f"token:{e.get('data-hex')}"] = at(e.get("cx"), e.get("cy"))
        elif kind == "harbor":
            disc = e.find(f"{NS}circle")
            assert disc is not None
            places[f"harbor:{harbors}"] = at(disc.get("cx"), disc.get("cy"))
            harbors += 1
        elif kind == "piece" and shift:
            places[f"piece:{e.get('data-piece')}"] = at(*shift.groups())
        elif kind == "piece":
            line = e.find(f"{NS}line")
            assert line is not None
            places[f"piece:{e.get('data-piece')}:0"] = at(line.get("x1"), line.get("y1"))
            places[f"piece:{e.get('data-piece')}:1"] = at(line.get("x2"), line.get("y2"))
        elif kind == "mark" and shift:
            places[f"mark:{e.get('data-layer')}:{e.get('data-kind')}:{e.get('data-node', '')}"] = at(*shift.groups())
    return places


@pytest.mark.parametrize(("name", "view"), VIEWS, ids=[name for name, _ in VIEWS])
def test_the_svg_draws_every_listed_thing_at_its_place(name: str, view: dict[str, Any]) -> None:
    listed = layout_places(view)
    assert any(k.startswith("mark:") for k in listed) == (name not in ("base", "harbormaster", "resource-realms"))
    assert same_places(_svg_places(view), listed, within=0.003) == []


def _terminal_lines(text: str, cells: Cells, layout: dict[str, Any], sea: list[Place]) -> dict[int, str]:
    """The drawn lines by the row the layout's cells give them: the boards drop the blank rows above the
    first drawn thing (a node, a harbour's words, a piece at sea)."""
    top = min(
        [cells.row(y) for _, y in layout["nodes"]]
        + [cells.row(h["at"][1]) for h in layout["harbors"] if h]
        + [cells.row(y) for _, y in sea]
    )
    return {top + i: line for i, line in enumerate(text.splitlines())}


@pytest.mark.parametrize(("name", "view"), VIEWS, ids=[name for name, _ in VIEWS])
@pytest.mark.parametrize("board", ["text", "cli"])
def test_the_terminal_boards_draw_hexes_corners_harbours_and_sea_pieces_at_their_places(
    name: str, view: dict[str, Any], board: str
) -> None:
    layout, placed = board_layout(view), board_placed(view)
    if board == "text":
        drawn, cells = (
            text_board.draw_board(view, {}, "en"),
            Cells(layout, text_board.XS, text_board.YS, text_board.MARGIN),
        )
        gap = "  "
    else:
        drawn, cells = cli_board.board(view).plain, Cells(layout, cli_board.XS, cli_board.YS, cli_board.MARGIN)
        gap = " "
    sea = [tuple(p["at"]) for piece, p in zip(view["pieces"], placed["pieces"], strict=True)
           if p and "at" in p and piece["kind"] not in ("settlement", "city", "robber")]  # fmt: skip
    lines = _terminal_lines(drawn, cells, layout, sea)

    def at(row: int, col: int, words: str) -> bool:
        return lines.get(row, "")[col : col + len(words)] == words

    for hx, spot in zip(view["board"]["hexes"], layout["hexes"], strict=True):
        r, c = cells.cell(spot["at"])
        top = f"{hx['id']}{gap}{hx['number']}" if hx.get("number") else hx["id"]
        assert at(r - 1, c - len(top) // 2, str(hx["id"])), (board, hx)
    for node, point in enumerate(layout["nodes"]):
        r, c = cells.cell(point)
        assert at(r, c - len(str(node)) + 1, str(node)), (board, node)
    for hb, spot in zip(view["board"]["harbors"], layout["harbors"], strict=True):
        words = "3:1" if hb["type"] == "3:1" else f"2:1 {hb['type']}"  # the English words are the resources'
        assert at(*cells.harbor(spot, words), words), (board, hb)
    for piece, place in zip(view["pieces"], placed["pieces"], strict=True):
        if place and "at" in place and "number" in piece:
            r, c = cells.cell(place["at"])
            assert at(r, c - (len(str(piece["number"])) + 2) // 2, f"~{piece['number']}~"), (board, piece)
