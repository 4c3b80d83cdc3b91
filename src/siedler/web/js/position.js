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
    const panels = fromLayers(ruleset, "panel", view, live);
    return h("div", {class: `board-wrap${panels.length ? " with-panel" : ""}`}, [renderBoard(view, ruleset), ...panels]);
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
