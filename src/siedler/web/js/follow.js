// Following the game as it moves: a ticker of the last moves in words (at the top on a phone, beside the
// board on a laptop), the pieces the last move put or moved marked on the board until the next one (a pulse
// when a bot made it), and the moves that matter to everyone (a steal, a battle) as a toast. It reads only
// what the page drew from the view and the log's events: nothing here knows a rule set's pieces or moves.

import {h} from "./dom.js";
import {t, wordOr} from "./i18n.js";
import {eventSeats} from "./panels.js";
import {playerColor} from "./colors.js";
import {toast} from "./toast.js";

/** How many of the newest log lines the ticker shows. */
const TICKER_LINES = 3;
/** What the board draws as things placed: its pieces and the marks its table layers draw at a corner,
 *  less what a layer draws for the decision at hand (data-hint: layers.js). */
const DRAWN = "svg.board [data-piece], svg.board [data-node]:not(.hit, [data-hint], [data-hint] *)";

/** A drawn thing's identity: the element as drawn, less its index in the view's list (an index says
 *  nothing about where a piece stands, and shifts when another is added before it). */
function signature(el) {
  const copy = el.cloneNode(true);
  copy.removeAttribute("data-piece");
  copy.classList.remove("fresh", "pulse", "target", "live");
  return copy.outerHTML;
}

export function signatures(root) {
  return new Set([...root.querySelectorAll(DRAWN)].map(signature));
}

/** Mark what is new on the board since the state before (``fresh``: their signatures), pulsing for a bot. */
export function markFresh(root, fresh, pulse) {
  if (!fresh.size) return;
  for (const el of root.querySelectorAll(DRAWN)) {
    if (!fresh.has(signature(el))) continue;
    el.classList.add("fresh");
    if (pulse) el.classList.add("pulse");
  }
}

/** The last moves in words, the newest first and marked as new while it is the last. */
export class Ticker {
  constructor() {
    this.list = h("ol", {class: "ticker", id: "ticker", "aria-live": "polite"});
    this.el = h("section", {class: "panel ticker-panel", hidden: true}, [this.list]);
  }

  render(events, pulse) {
    const shown = events.filter((e) => e.text).slice(-TICKER_LINES).reverse();
    this.list.setAttribute("aria-label", t("live.ticker"));
    this.list.replaceChildren(...shown.map((event, i) => h("li", {
      class: `tick${i === 0 ? " newest" : ""}${i === 0 && pulse ? " pulse" : ""}`,
      style: {"--player": playerColor(eventSeats(event)[0] ?? null)}, text: event.text,
    })));
    this.el.hidden = !shown.length;
  }
}

/** Whether a move's events are a bot's: the seat they name is played by a bot (its own or a takeover). */
export function byBot(events, summary) {
  const seats = summary?.seats || [];
  return events.some((e) => {
    const seat = typeof e.data?.seat === "number" ? seats[e.data.seat] : null;
    return Boolean(seat && (seat.kind === "bot" || seat.takeover));
  });
}

/** The events everyone should see at once (the catalog's ``page.news.<kind>`` titles them) as toasts. */
export function announce(events) {
  for (const event of events) {
    const title = wordOr(`news.${event.kind}`, null);
    if (title && event.text) toast(`${title}: ${event.text}`, "news");
  }
}
