"""The most crowded corners of a Soldiers & Armies board, drawn from a view built for the case: a hex and
its six neighbours, all with numbers, the robber on the middle one, a walled city on every other corner of
it (the distance rule allows no more), an army of all three unit types on each of its six corners, and
two nukes. Every badge, nuke, building, token and robber
stays clear of the others (tests/e2e/layout.py), on a laptop and on a phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from siedler.games.catan.layout import with_layout

from .conftest import LiveServer
from .layout import layout_problems

pytestmark = pytest.mark.browser

#: A hex and its six neighbours in axial coordinates.
FLOWER = [(0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
#: A pointy-topped hex's corners in the board's doubled node grid, from the top clockwise.
CORNERS = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]


def crowded_view() -> dict[str, Any]:
    nodes: list[tuple[int, int]] = []
    edges: set[tuple[int, int]] = set()
    hexes = []
    for i, (q, r) in enumerate(FLOWER):
        hexes.append({"id": chr(65 + i), "q": q, "r": r, "terrain": "hills", "number": (4, 5, 6, 8, 9, 10, 11)[i]})
        ring = []
        for dx, dy in CORNERS:
            point = (2 * q + r + dx, 3 * r + dy)
            if point not in nodes:
                nodes.append(point)
            ring.append(nodes.index(point))
        edges |= {tuple(sorted((ring[k], ring[(k + 1) % 6]))) for k in range(6)}  # type: ignore[misc]
    middle = [nodes.index((dx, dy)) for dx, dy in CORNERS]
    cities = middle[::2]
    units = {"infantry": 3, "cavalry": 2, "artillery": 1}
    return {
        "players": [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Bert"}],
        "board": {"hexes": hexes, "harbors": [], "nodes": [list(n) for n in nodes], "edges": sorted(edges)},
        "pieces": [{"kind": "city", "at": n, "owner": k % 2} for k, n in enumerate(cities)]
        + [{"kind": "robber", "at": "A"}],
        "legend": {"pieces": {}, "terrains": {}},
        "soldiers": {
            "armies": [{"at": n, "owner": k % 2, "units": units, "die": 12, "moved": 0} for k, n in enumerate(middle)],
            "walls": {str(n): 2 for n in cities},
            "turned": [],
            "nuked": [],
            "nukes": {"0": middle[1], "1": middle[0]},
            "moves": [],
        },
    }


@pytest.mark.parametrize("width", [1280, 390])
def test_armies_and_nukes_on_the_most_crowded_corners_overlap_nothing(
    module_server: LiveServer, context_factory: Callable[..., Any], width: int
) -> None:
    page = context_factory(viewport={"width": width, "height": 844}).new_page()
    page.goto(module_server.url)
    page.wait_for_selector("#create-form")
    page.evaluate(
        """async (view) => {
        const {renderBoard} = await import('/static/js/board.js');
        document.body.replaceChildren(renderBoard(view));
        document.querySelector('svg.board').style.width = `${Math.min(600, window.innerWidth)}px`;
    }""",
        with_layout(crowded_view()),
    )
    assert page.locator(".army").count() == 6 and page.locator(".nuke").count() == 2
    assert page.locator(".army .unit").count() == 18 and page.locator(".walls .wall-count").count() == 3
    problems = layout_problems(page)
    assert problems == [], problems
