// Drawing one position of any rule set: its board (SVG) or its card zones, and the side panels.
// Shared by the live table and the replay page.

import {h} from "./dom.js";
import {renderBoard} from "./board.js";
import {soldierPanel} from "./armies.js";
import {hasZones, renderZones} from "./zones.js";
import {discardPanel, handPanel, offerPanel, playersPanel} from "./panels.js";

/** ``live``: the table's public events and legal actions, for panels that show them beside the board. */
export function renderPlayArea(view, live = {}) {
  if (view.board && Array.isArray(view.board.hexes)) {
    return h("div", {class: "board-wrap"}, [renderBoard(view), soldierPanel(view, live)]);
  }
  if (hasZones(view)) return renderZones(view);
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
