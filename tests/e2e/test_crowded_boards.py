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

from ..board_places import soldiers_view
from .conftest import LiveServer
from .layout import layout_problems

pytestmark = pytest.mark.browser


def crowded_view() -> dict[str, Any]:
    """The flower of tests/board_places.py with its armies, walls and nukes (without a battle or moves)."""
    view = soldiers_view()
    view["pieces"] = [p for p in view["pieces"] if p["kind"] != "road"]
    view["soldiers"] |= {"moves": [], "battle": None}
    return view


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
        await (await import('/static/js/layers.js')).loadLayers('soldiers-and-armies');
        document.body.replaceChildren(renderBoard(view, 'soldiers-and-armies'));
        document.querySelector('svg.board').style.width = `${Math.min(600, window.innerWidth)}px`;
    }""",
        with_layout(crowded_view()),
    )
    assert page.locator(".army").count() == 6 and page.locator(".nuke").count() == 2
    assert page.locator(".army .unit").count() == 18 and page.locator(".walls .wall-count").count() == 3
    problems = layout_problems(page)
    assert problems == [], problems
