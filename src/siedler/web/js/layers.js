// A rule set's table layers: the JavaScript modules and style sheets it ships in its own package and
// declares (Ruleset.layers, listed by /api/rulesets), served at /layers/<rule set>/<file>. The page imports a
// rule set's layers before it draws that rule set's table, and asks them, by hook name, for what only they
// know how to draw; it names no rule set itself. Every hook is optional:
//   under(view, geo, size)   SVG drawn under the buildings
//   over(view, geo, size)    SVG drawn over everything else on the board
//   smallestText(view)       the size of the smallest words it writes on the map, in the board's units: a
//                            phone draws the map large enough for them (11 px) and lets it be panned
//   panel(view, live)        HTML beside the board, under it on a phone (live: the table's events and legal
//                            actions); the board keeps its size whatever a panel shows
//   playArea(view, live)     the whole play area, for a rule set without a board or card zones
// geo: {nodes: [[x, y]], hexes: {id: {q, r, center}}, sides: the side of each corner's own hex}, in pixels, from
// the board's layout (view.layout); its frame holds what the layout places, so a layer adds no reach.
// What a layer draws at a corner carries data-node="<corner>"; the page marks such a thing when the last move
// put or changed it (follow.js), unless it carries data-hint too: drawn for the decision at hand (a move's
// price), not something the move placed.
// A layer imports the page's modules by their absolute paths (/static/js/dom.js...), so that it shares them.

import {api} from "./api.js";

let listed = null;
const loading = new Map();
const ready = new Map();

/** Import `ruleset`'s layers and add its style sheets to the page, once. */
export function loadLayers(ruleset) {
  if (!loading.has(ruleset)) loading.set(ruleset, load(ruleset));
  return loading.get(ruleset);
}

async function load(ruleset) {
  listed ??= api("/rulesets");
  const files = (await listed).find((r) => r.name === ruleset)?.layers || [];
  const base = `/layers/${encodeURIComponent(ruleset)}/`;
  for (const file of files.filter((f) => f.endsWith(".css"))) {
    document.head.append(Object.assign(document.createElement("link"), {rel: "stylesheet", href: base + file}));
  }
  // A layer that fails to load leaves its part undrawn, never the table.
  const modules = await Promise.all(files.filter((f) => f.endsWith(".js")).map((f) => import(base + f).catch((err) => {
    console.error(`table layer ${base + f}:`, err);
    return {};
  })));
  ready.set(ruleset, modules);
  return modules;
}

/** The loaded layers of `ruleset`, or null while they are not in yet. */
export function layersOf(ruleset) {
  return ready.get(ruleset) ?? null;
}

/** What `ruleset`'s layers answer to `hook`, one list: each answer's items (a layer without it adds none). */
export function fromLayers(ruleset, hook, ...args) {
  return (ready.get(ruleset) || []).flatMap((layer) => {
    const answer = layer[hook] ? layer[hook](...args) : null;
    return answer === null || answer === undefined ? [] : [answer].flat();
  });
}
