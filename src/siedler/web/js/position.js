// Drawing one position of any rule set: its board (SVG) with its table layers' panels, its card zones, or
// what its layers draw in their place, and the side panels. Shared by the live table and the replay page.

import {h} from "./dom.js";
import {t} from "./i18n.js";
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
      board.classList.contains("pan") ? panBox(board) : board,
      ...(panels.length ? [h("div", {class: "board-panels"}, panels)] : []),
    ]);
  }
  if (hasZones(view)) return renderZones(view);
  const [own] = fromLayers(ruleset, "playArea", view, live);
  if (own) return own;
  // A rule set this page cannot draw yet still shows everything its view says.
  return h("pre", {class: "raw-view", text: JSON.stringify(view, null, 1)});
}

/** A board drawn larger than a phone's screen: fitted to it at first, the whole map in view; a button draws
 *  it at the size its words can be read, to be panned with a finger, and back. The choice is remembered. */
function panBox(board) {
  const zoomed = localStorage.getItem("siedler.zoom") === "in";
  const toggle = h("button", {class: "action-btn zoom-toggle", id: "zoom-toggle", type: "button",
                              text: zoomed ? t("live.zoom_fit") : t("live.zoom_in"), "aria-pressed": String(zoomed)});
  const box = h("div", {class: `board-pan${zoomed ? " zoomed" : ""}`, id: "board-pan"}, [board]);
  toggle.addEventListener("click", () => {
    const now = !box.classList.contains("zoomed");
    localStorage.setItem("siedler.zoom", now ? "in" : "fit");
    box.classList.toggle("zoomed", now);
    toggle.textContent = now ? t("live.zoom_fit") : t("live.zoom_in");
    toggle.setAttribute("aria-pressed", String(now));
    hint.hidden = !now;
  });
  const hint = h("span", {class: "hint pan-hint", text: t("live.pan_hint"), hidden: !zoomed});
  return h("div", {class: "board-pan-box"}, [h("div", {class: "zoom-bar"}, [toggle, hint]), box]);
}

export function renderSide(view, summary) {
  return {
    players: playersPanel(view, summary),
    hand: view.board ? handPanel(view) : null,
    notices: [offerPanel(view), discardPanel(view)].filter(Boolean),
  };
}
