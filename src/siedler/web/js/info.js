// What the rules let every player see, said in words beside the board: the bank's stock per resource,
// the development cards left, the cost card, and the seat's own trade rates. Read from the view only:
// view.bank, view.dev_deck, view.costs and view.you.rates (a rule set without one of them shows less).

import {h} from "./dom.js";
import {RESOURCE_COLORS} from "./colors.js";
import {t, term, wordOr} from "./i18n.js";

function chip(resource, n, title) {
  return h("span", {class: "card-chip", "data-res": resource, title, "aria-label": title,
                    style: {"--res": RESOURCE_COLORS[resource] || "#b9a27a"}},
           [h("span", {class: "card-name", text: term("resources", resource)}), h("b", {text: String(n)})]);
}

function bankRow(view) {
  if (!view.bank || typeof view.bank !== "object") return null;
  const rows = Object.entries(view.bank).map(([r, n]) => chip(r, n, t("table.bank_has", n, term("resources", r))));
  if (typeof view.dev_deck === "number") {
    const title = t("table.dev_left", view.dev_deck);
    rows.push(h("span", {class: "card-chip dev-left", title, "aria-label": title},
                [h("span", {class: "card-name", text: t("table.dev_short")}), h("b", {text: String(view.dev_deck)})]));
  }
  return h("div", {class: "info-row", id: "bank"}, [h("span", {class: "info-label", text: t("bank")}), ...rows]);
}

/** A cost as "1 wood + 1 brick" in the page's language (extra keys such as show/give_back as their own words). */
export function costWords(cost) {
  return Object.entries(cost || {}).map(([k, v]) => (Array.isArray(v)
    ? `${t(`table.cost_${k}`)}: ${v.map((c) => term("cards", c)).join(", ")}`
    : `${v} ${wordOr(`resources.${k}`, term("cards", k))}`)).join(" + ");
}

/** The cost card: what the rule set's view says can be built or bought, at its price, in its words; a card
 *  game (a supply to buy from) prices its cards on their faces instead. */
function costCard(view) {
  if (!view.costs || view.supply) return null;
  return h("div", {class: "info-row cost-card", id: "cost-card"}, [
    h("span", {class: "info-label", text: t("table.costs")}),
    h("table", {class: "costs"}, Object.entries(view.costs).map(([piece, cost]) => h("tr", {"data-piece": piece}, [
      h("th", {text: term("pieces", piece, piece === "development" ? t("table.dev_card") : undefined)}),
      h("td", {}, Object.entries(cost).map(([r, n]) => h("span", {class: "cost-res", title: term("resources", r),
        style: {"--res": RESOURCE_COLORS[r] || "#999"}, text: `${n} ${term("resources", r)}`}))),
    ]))),
  ]);
}

function ratesRow(view) {
  const rates = view.you?.rates;
  if (!rates) return null;
  return h("div", {class: "info-row", id: "rates"}, [
    h("span", {class: "info-label", text: t("table.your_rates")}),
    ...Object.entries(rates).map(([r, n]) => {
      const why = n === 2 ? t("table.rate_harbor2") : n === 3 ? t("table.rate_harbor3") : t("table.rate_bank");
      return chip(r, `${n}:1`, `${n} ${term("resources", r)} → 1: ${why}`);
    }),
  ]);
}

/** The panel, or null when the view has none of these facts (a card game shows its own). */
export function infoPanel(view) {
  const rows = [bankRow(view), ratesRow(view), costCard(view)].filter(Boolean);
  return rows.length ? h("div", {class: "info", id: "public-info"}, rows) : null;
}
