// Discarding by counts: the player sets how many of each card to give up, sees how many are still to
// choose, and confirms once. The engine's "discard <card>" gives up one card per action, so the confirm
// sends that sequence, one action after the other as each new state arrives (table.js's queue).
// Works for every rule set whose actions include "discard <card>" and whose view says how many are due
// (a board game's view.discarding {seat: n}; a card game's view.discarding {seat, left}).

import {h} from "./dom.js";
import {RESOURCE_COLORS} from "./colors.js";
import {t, term, wordOr} from "./i18n.js";

export const DISCARD_KIND = "discard";

/** How many cards this seat must still give up, or 0. */
export function dueFrom(view) {
  const d = view.discarding;
  if (!d || view.seat === null || view.seat === undefined) return 0;
  if (typeof d[String(view.seat)] === "number") return d[String(view.seat)];
  return d.seat === view.seat && typeof d.left === "number" ? d.left : 0;
}

/** How many of each card the seat holds: a count table or a list of cards (view.you.hand). */
function held(view) {
  const hand = view.you?.hand;
  if (Array.isArray(hand)) return hand.reduce((acc, c) => ({...acc, [c]: (acc[c] || 0) + 1}), {});
  return hand || {};
}

export class DiscardComposer {
  constructor() {
    this.counts = {};
  }

  /** The panel, or null when no discard is legal now. ``send(list)`` plays the chosen actions in order. */
  render(view, actions, send, rerender) {
    const legal = actions.filter((a) => a.kind === DISCARD_KIND);
    const due = dueFrom(view);
    if (!legal.length || !due) {
      this.counts = {};
      return null;
    }
    const hand = held(view);
    const cards = legal.map((a) => a.action.split(/\s+/)[1]);
    const chosen = cards.reduce((sum, c) => sum + (this.counts[c] || 0), 0);
    const left = due - chosen;
    const name = (c) => wordOr(`resources.${c}`, term("cards", c));
    const set = (c, n) => { this.counts[c] = Math.max(0, Math.min(n, hand[c] || 0)); rerender(); };
    const rows = cards.map((c) => {
      const n = this.counts[c] || 0;
      return h("div", {class: "discard-row", "data-card": c, style: {"--res": RESOURCE_COLORS[c] || "#b9a27a"}}, [
        h("span", {class: "card-chip"}, [h("span", {class: "card-name", text: name(c)}),
                                         h("small", {class: "muted", text: ` / ${hand[c] || 0}`})]),
        h("button", {class: "action-btn step", "data-step": `-${c}`, text: "−", "aria-label": `− ${name(c)}`,
                     disabled: !n, onclick: () => set(c, n - 1)}),
        h("b", {class: "discard-count", text: String(n)}),
        h("button", {class: "action-btn step", "data-step": `+${c}`, text: "+", "aria-label": `+ ${name(c)}`,
                     disabled: !left || n >= (hand[c] || 0), onclick: () => set(c, n + 1)}),
      ]);
    });
    const sequence = cards.flatMap((c) => Array(this.counts[c] || 0).fill(`${DISCARD_KIND} ${c}`));
    return h("div", {class: "discard", id: "discard"}, [
      h("p", {class: "discard-left", id: "discard-left", text: left ? t("table.discard_choose", left) : t("table.discard_ready")}),
      ...rows,
      h("button", {class: "action-btn primary", id: "discard-confirm", disabled: left !== 0,
                   text: t("table.discard_confirm", due),
                   onclick: () => { this.counts = {}; send(sequence); }}),
    ]);
  }
}
