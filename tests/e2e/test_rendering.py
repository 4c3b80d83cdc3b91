"""The rendering contract: a rule set's own pieces and terrains are drawn from the view's legend."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from siedler.games.catan.layout import with_layout

from .conftest import LiveServer

pytestmark = pytest.mark.browser

VIEW = {
    "seat": None,
    "to_act": None,
    "players": [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}],
    "board": {
        "hexes": [
            {"id": "A", "q": 0, "r": 0, "terrain": "lake", "number": None},
            {"id": "B", "q": 1, "r": 0, "terrain": "swamp", "number": 8},
        ],
        "harbors": [],
        "nodes": [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1], [2, -2], [3, -1], [3, 1], [2, 2]],
        "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [0, 5], [1, 6], [6, 7], [7, 8], [8, 9], [2, 9]],
    },
    "pieces": [
        {"kind": "settlement", "at": 1, "owner": 0},
        {"kind": "fishing_ground", "at": {"q": -1, "r": 0}, "number": 5},
        {"kind": "harbormaster", "at": 7, "owner": 1},
        {"kind": "ship", "at": "1-2", "owner": 0},
        {"kind": "mystery", "at": "B"},
    ],
    "legend": {
        "pieces": {
            "fishing_ground": {
                "shape": "hexagon",
                "color": "#7fb8e6",
                "size": 0.3,
                "label": {"en": "Fishing ground", "de": "Fischgrund"},
            },
            "harbormaster": {"shape": "star", "color": "owner", "label": {"en": "Harbormaster", "de": "Hafenmeister"}},
            "ship": {"shape": "boat", "color": "owner"},
        },
        "terrains": {"swamp": {"color": "#556b2f", "label": {"en": "Swamp", "de": "Sumpf"}}},
    },
}


def test_unknown_pieces_and_terrains_are_drawn_from_the_legend(
    live_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory().new_page()
    page.goto(live_server.url)
    page.wait_for_selector("#create-form")
    drawn = page.evaluate(
        """async (view) => {
        const {renderBoard} = await import('/static/js/board.js');
        const svg = renderBoard(view);
        document.body.append(svg);
        const title = (sel) => svg.querySelector(sel)?.querySelector('title')?.textContent;
        return {
            fishing: svg.querySelectorAll('.kind-fishing_ground').length,
            fishingShape: svg.querySelector('.kind-fishing_ground polygon')?.getAttribute('fill'),
            fishingText: svg.querySelector('.kind-fishing_ground text')?.textContent,
            fishingTitle: title('.kind-fishing_ground'),
            master: svg.querySelector('.kind-harbormaster polygon')?.getAttribute('fill'),
            ship: svg.querySelectorAll('.kind-ship path').length,
            mystery: svg.querySelector('.kind-mystery text')?.textContent,
            swamp: svg.querySelector('.terrain-swamp')?.getAttribute('fill'),
            settlements: svg.querySelectorAll('.settlement').length,
        };
    }""",
        with_layout(VIEW),
    )
    assert drawn == {
        "fishing": 1,
        "fishingShape": "#7fb8e6",
        "fishingText": "5",
        "fishingTitle": "Fishing ground",
        "master": "#1b6ec2",
        "ship": 1,
        "mystery": "my",
        "swamp": "#556b2f",
        "settlements": 1,
    }
