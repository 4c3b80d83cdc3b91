// Drawing one position of any rule set: its board (SVG) with its table layers' panels, its card zones, or
// what its layers draw in their place, and the side panels. Shared by the live table and the replay page.

import {h} from "./dom.js";
import {renderBoard} from "./board.js";
import {fromLayers} from "./layers.js";
import {hasZones, renderZones} from "./zones.js";
import {discardPanel, handPanel, offerPanel, playersPanel} from "./panels.js";

/** ``live``: the table's public events and legal actions, for panels that show them beside the board;
 *  ``ruleset``: whose table layers draw (a view need not say). */
export function renderPlayArea(view, live = {}, ruleset = view.ruleset) {
  if (view.board && Array.isArray(view.board.hexes)) {
    // A layer's panels stand in a column of their own: beside the board where the play area is wide, under
    // it where it is narrow (style.css); either way the board keeps its size whatever the panels show.
    // A board drawn larger than a phone's screen (board.js, "pan") pans in a box of its own, the panels stay.
    const panels = fromLayers(ruleset, "panel", view, live);
    const board = renderBoard(view, ruleset);
    return h("div", {class: `board-wrap${panels.length ? " with-panel" : ""}`}, [
      board.classList.contains("pan") ? h("div", {class: "board-pan", id: "board-pan"}, [board]) : board,
      ...(panels.length ? [h("div", {class: "board-panels"}, panels)] : []),
    ]);
  }
  if (hasZones(view)) return renderZones(view);
  const [own] = fromLayers(ruleset, "playArea", view, live);
  if (own) return own;
  // A rule set this page cannot draw yet still shows everything its view says.
  return h("pre", {class: "raw-view", text: JSON.stringify(view, null, 1)});
}

export function renderSide(view, summary) {
  return {
    players: playersPanel(view, summary),
    hand: view.board ? handPanel(view) : null,
    notices: [offerPanel(view), discardPanel(view)].filter(Boolean),
  };
}
