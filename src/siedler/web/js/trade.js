// The trade composer for rule sets whose actions include "bank" and "offer" in the Catan notation
// (every board game of the Catan family): pick what to give and what to get, then trade with the bank
// or offer it to everyone or one player. It only builds the notation text and plays it if it is legal.

import {h} from "./dom.js";
import {RESOURCE_COLORS} from "./colors.js";
import {t, term} from "./i18n.js";

export const TRADE_KINDS = new Set(["bank", "offer"]);

export class TradeComposer {
  constructor() {
    this.reset();
  }

  reset() {
    this.give = {};
    this.want = {};
    this.to = -1;
  }

  bundle(counts, order) {
    return order.filter((r) => counts[r]).map((r) => `${counts[r]}${r}`).join("+");
  }

  /** The panel, or null when no trade is legal now. */
  render(view, actions, play, rerender) {
    const legal = new Map(actions.filter((a) => TRADE_KINDS.has(a.kind)).map((a) => [a.action, a]));
    if (!legal.size || !view.you || !view.you.hand) return null;
    const order = Object.keys(view.you.hand);
    const hand = view.you.hand;
    const chip = (side, r) => {
      const counts = side === "give" ? this.give : this.want;
      const n = counts[r] || 0;
      return h("button", {
        class: `res-chip${n ? " chosen" : ""}`, "data-trade": `${side}:${r}`, title: term("resources", r),
        style: {"--res": RESOURCE_COLORS[r] || "#999"},
        onclick: () => {
          if (side === "give" && n >= (hand[r] || 0)) return;
          counts[r] = n + 1;
          if (side === "give") delete this.want[r];
          else delete this.give[r];
          rerender();
        },
        oncontextmenu: (event) => {
          event.preventDefault();
          if (n) counts[r] = n - 1;
          rerender();
        },
      }, [h("span", {class: "res-name", text: term("resources", r)}), h("b", {text: n ? `×${n}` : ""})]);
    };
    const give = this.bundle(this.give, order);
    const want = this.bundle(this.want, order);
    const giveKinds = order.filter((r) => this.give[r]);
    const wantKinds = order.filter((r) => this.want[r]);
    let bank = null;
    if (giveKinds.length === 1 && wantKinds.length === 1 && this.want[wantKinds[0]] === 1) {
      bank = legal.get(`bank ${giveKinds[0]}>${wantKinds[0]}`) || null;
    }
    const offerText = give && want ? `offer ${give}>${want}${this.to >= 0 ? ` @${this.to}` : ""}` : "";
    const offer = legal.get(offerText) || null;
    const others = (view.players || []).filter((p) => p.seat !== view.seat);
    const canOffer = [...legal.values()].some((a) => a.kind === "offer");
    // One sentence says what the buttons below can do now, so the panel never claims what it cannot do.
    const rate = giveKinds.length === 1 ? view.you.rates?.[giveKinds[0]] : null;
    const hint = bank || offer ? "" : rate ? t("table.trade_bank_needs", rate) : t("table.trade_hint");
    return h("div", {class: "trade"}, [
      hint ? h("p", {class: "hint trade-hint", text: hint}) : null,
      h("div", {class: "trade-row"}, [h("span", {class: "trade-label", text: t("give")}),
                                       ...order.map((r) => chip("give", r))]),
      h("div", {class: "trade-row"}, [h("span", {class: "trade-label", text: t("get")}),
                                       ...order.map((r) => chip("want", r))]),
      h("div", {class: "trade-row buttons"}, [
        h("button", {class: "action-btn", id: "bank-trade", disabled: !bank,
                     text: bank ? bank.label : t("bank_trade"),
                     onclick: () => { if (bank) { play(bank.action); this.reset(); } }}),
        canOffer ? h("select", {class: "trade-to", onchange: (e) => { this.to = Number(e.target.value); rerender(); }},
          [h("option", {value: -1, text: `${t("to")}: ${t("everyone")}`, selected: this.to === -1}),
           ...others.map((p) => h("option", {value: p.seat, text: `${t("to")}: ${p.name}`, selected: this.to === p.seat}))])
          : null,
        canOffer ? h("button", {class: "action-btn", id: "offer-trade", disabled: !offer,
                                text: offer ? offer.label : t("offer"),
                                onclick: () => { if (offer) { play(offer.action); this.reset(); } }}) : null,
        h("button", {class: "link-btn", text: t("reset"), onclick: () => { this.reset(); rerender(); }}),
      ]),
    ]);
  }
}
