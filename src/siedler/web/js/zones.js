// Card games drawn from their view, by the shape of the data rather than by rule set:
//   view.supply        {card: count}        piles to buy from        targets "pile:<card>"
//   view.you.hand      [card, ...]          your hand, face up       targets "card:<card>"
//   player.<field>     [card, ...]          cards laid out           (e.g. laid_out)
//   player.<field>     number               a face-down pile (hand, draw) with its size
//   player.<field>     {count, top}         a pile showing its top card (discard)
// view.legend.cards[card] = {label: {en, de}, color} names and colours cards; else the i18n tables.
// Only what the seat's view holds is drawn, so a spectator never sees a hand.

import {h} from "./dom.js";
import {playerColor, RESOURCE_COLORS} from "./colors.js";
import {t, term, wordOr} from "./i18n.js";
import {costWords} from "./info.js";

const CARD_COLORS = {
  ...RESOURCE_COLORS, sea: "#4aa3df", desert: "#e8d6a5", bandit: "#5d5d5d", knight: "#b03a2e",
  defender: "#2e86c1", harbor: "#17a589", road: "#a0522d", settlement: "#d68910", city: "#7d3c98",
};
const SKIP = new Set(["seat", "name"]);

function cardLabel(name, legend) {
  const own = legend?.cards?.[name]?.label;
  return term("cards", name, own) !== name.replace(/_/g, " ") ? term("cards", name, own) : term("resources", name);
}

/** A card face: its name, its cost (from view.costs) and what it does (the catalog's card text). */
function card(name, legend, costs, extra = {}) {
  const color = legend?.cards?.[name]?.color || CARD_COLORS[name] || "#b9a27a";
  const label = cardLabel(name, legend);
  const cost = costs?.[name];
  const effect = wordOr(`table.card_text.${name}`, "");
  const says = [label, cost ? `${t("table.cost")}: ${costWords(cost)}` : null, effect].filter(Boolean).join(" — ");
  return h("div", {class: "card", "data-card": name, style: {"--card": color}, title: says, "aria-label": says, ...extra}, [
    h("span", {class: "card-title", text: label}),
    cost ? h("span", {class: "card-cost", text: costWords(cost)}) : null,
    effect ? h("span", {class: "card-text", text: effect}) : null,
  ]);
}

/** What the seat could spend this turn: units on the table, resources of choice, resource cards in hand. */
function payable(view) {
  const table = view.table || {};
  const parts = [];
  for (const [name, n] of [...Object.entries(table.cards || {}), ...Object.entries(table.traded || {})]) {
    if (n) parts.push(`${n} ${wordOr(`resources.${name}`, cardLabel(name, view.legend))}`);
  }
  if (table.any) parts.push(`${table.any} ${t("table.any")}`);
  const onTable = parts.length ? `${t("table.on_table")}: ${parts.join(", ")}` : null;
  const inHand = {};
  for (const c of view.you?.hand || []) if (RESOURCE_COLORS[c]) inHand[c] = (inHand[c] || 0) + 1;
  const hand = Object.keys(inHand).length ? `${t("table.in_hand")}: ${costWords(inHand)}` : null;
  return [onTable, hand].filter(Boolean).join(" · ") || t("table.can_pay_none");
}

function pile(label, count, top, legend, costs, extra = {}) {
  return h("div", {class: `pile${count ? "" : " empty"}`, ...extra}, [
    top ? card(top, legend, costs) : h("div", {class: "card back"}),
    h("div", {class: "pile-label"}, [label, h("b", {text: ` ${count}`})]),
  ]);
}

export function hasZones(view) {
  return !view.board && (view.supply || (view.you && Array.isArray(view.you.hand)) ||
                         (view.players || []).some((p) => Object.values(p).some(Array.isArray)));
}

export function renderZones(view) {
  const legend = view.legend || {};
  const costs = view.costs || {};
  const root = h("div", {class: "zones"});
  // Your hand first: what you play from stays in sight on a laptop's screen and at the top of a phone's.
  if (view.you && Array.isArray(view.you.hand)) {
    root.append(h("section", {class: "zone your-hand", "data-zone": "hand", id: "hand"}, [
      h("h3", {text: t("hand")}),
      h("div", {class: "card-row fan"}, view.you.hand.map((c) => card(c, legend, costs, {"data-target": `card:${c}`}))),
    ]));
  }
  if (view.supply && typeof view.supply === "object") {
    root.append(h("section", {class: "zone supply", "data-zone": "supply"}, [
      h("h3", {text: t("supply")}),
      view.you ? h("p", {class: "can-pay", id: "can-pay"}, [h("b", {text: `${t("table.can_pay")}: `}), payable(view)]) : null,
      h("div", {class: "pile-row"}, Object.entries(view.supply).map(([name, n]) =>
        pile(cardLabel(name, legend), n, name, legend, costs, {"data-target": `pile:${name}`}))),
    ]));
  }
  for (const player of view.players || []) {
    const mine = player.seat === view.seat;
    const parts = [];
    for (const [key, value] of Object.entries(player)) {
      if (SKIP.has(key)) continue;
      if (Array.isArray(value)) {
        parts.push(h("div", {class: "zone-row", "data-zone": key}, [
          h("span", {class: "zone-name", text: term("zones", key)}),
          h("div", {class: "card-row"}, value.length ? value.map((c) => card(c, legend, costs)) : [h("span", {class: "muted", text: "—"})]),
        ]));
      } else if (value && typeof value === "object" && "count" in value) {
        parts.push(pile(term("zones", key), value.count, value.top, legend, costs, {"data-zone": key}));
      } else if (typeof value === "number" && ["hand", "draw", "deck"].includes(key)) {
        parts.push(pile(term("zones", key), value, null, legend, costs, {"data-zone": key}));
      }
    }
    root.append(h("section", {class: `zone player-zone${mine ? " mine" : ""}`, "data-seat": player.seat,
                              style: {"--player": playerColor(player.seat)}}, [
      h("h3", {text: player.name}), h("div", {class: "zone-body"}, parts),
    ]));
  }
  return root;
}
