"""The table draws every thing the board's layout lists at the layout's place, for every rule set with a
board (and a Soldiers & Armies position with every mark of its own): hex labels, number tokens, harbours,
pieces, and the rule sets' marks, the ones its own table layers draw (Baden-Württemberg's towns, the
armies, walls, nukes, battle and move prices) and the ones drawn by their shape (the Fishermen's lake).
The SVG picture and the terminal boards are held to the same places in tests/test_layout.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from siedler.games.catan.layout import with_layout

from ..board_places import board_rulesets, layout_places, played, same_places, soldiers_view
from .conftest import LiveServer

pytestmark = pytest.mark.browser

SIZE = 60  # board.js's pixels per hex size

PLACES_JS = """async (view) => {
  const {renderBoard} = await import('/static/js/board.js');
  await (await import('/static/js/layers.js')).loadLayers(view.ruleset);
  const svg = renderBoard(view);
  document.body.replaceChildren(svg);
  const places = {};
  const num = (el, name) => parseFloat(el.getAttribute(name));
  const centre = (el) => el.tagName === 'rect'
    ? [num(el, 'x') + num(el, 'width') / 2, num(el, 'y') + num(el, 'height') / 2]
    : el.tagName === 'text' ? [num(el, 'x'), num(el, 'y')] : [num(el, 'cx'), num(el, 'cy')];
  const shift = (el) => {
    const found = /translate\\(([-\\d.e]+)[ ,]+([-\\d.e]+)\\)/.exec(el.getAttribute('transform') || '');
    return found && [+found[1], +found[2]];
  };
  for (const el of svg.querySelectorAll('.hex-label')) places[`label:${el.textContent}`] = centre(el);
  for (const el of svg.querySelectorAll('.token')) places[`token:${el.dataset.hex}`] = shift(el);
  svg.querySelectorAll('.harbor-disc').forEach((el, i) => { places[`harbor:${i}`] = centre(el); });
  for (const el of svg.querySelectorAll('[data-piece]')) {
    const line = el.querySelector('line');
    if (!line) { places[`piece:${el.dataset.piece}`] = shift(el); continue; }
    places[`piece:${el.dataset.piece}:0`] = [num(line, 'x1'), num(line, 'y1')];
    places[`piece:${el.dataset.piece}:1`] = [num(line, 'x2'), num(line, 'y2')];
  }
  for (const el of svg.querySelectorAll('[data-mark]')) places[`mark:${el.dataset.mark}`] = shift(el);
  const own = {
    'fields:town': '.bw-town', 'fields:field': '.bw-city', 'fields:landmark': '.bw-landmark',
    'soldiers:army': '.army[data-node] .army-body', 'soldiers:walls': '.walls[data-node] .wall-stones',
    'soldiers:wall_count': '.walls[data-node] .wall-count', 'soldiers:nuke': '.nuke[data-node] .nuke-body',
    'soldiers:battle': '.battle-ring', 'soldiers:move': '.move-cost',
  };
  for (const [key, selector] of Object.entries(own)) {
    for (const el of svg.querySelectorAll(selector)) {
      places[`mark:${key}:${el.closest('[data-node]').dataset.node}`] = centre(el);
    }
  }
  return places;
}"""


def _views() -> list[tuple[str, dict[str, Any]]]:
    views = [(name, played(name, seed=3, moves=300)) for name in board_rulesets()]
    return [*views, ("soldiers-and-armies, every mark", soldiers_view())]


VIEWS = _views()


@pytest.mark.parametrize(("name", "view"), VIEWS, ids=[name for name, _ in VIEWS])
def test_the_table_draws_every_listed_thing_at_its_place(
    module_server: LiveServer, context_factory: Callable[..., Any], name: str, view: dict[str, Any]
) -> None:
    page = context_factory().new_page()
    page.goto(module_server.url)
    page.wait_for_selector("#create-form")
    drawn = page.evaluate(PLACES_JS, with_layout(view))
    listed = layout_places(view)
    assert same_places({k: (x / SIZE, y / SIZE) for k, (x, y) in drawn.items()}, listed, within=0.002) == []
