// The trade composer for rule sets whose actions include "bank" and "offer" in the Catan notation
// (every board game of the Catan family): pick what to give and what to get, then trade with the bank
// or offer it to everyone or one player. It only builds the notation text and plays it if it is legal.
// The player asked to answer an offer may counter it (CounterComposer): the offer they would take goes to
// its offerer as a proposal, which the offerer's page offers to make (proposalPanel).

import {h} from "./dom.js";
import {RESOURCE_COLORS} from "./colors.js";
import {t, term} from "./i18n.js";

export const TRADE_KINDS = new Set(["bank", "offer"]);

/** A resource's chip on one side of a trade: a click adds one (what is given, up to what the hand holds),
 *  a right click takes one back; a resource is on one side only. */
function chip(side, r, counts, other, hand, rerender) {
  const n = counts[r] || 0;
  return h("button", {
    class: `res-chip${n ? " chosen" : ""}`, "data-trade": `${side}:${r}`, title: term("resources", r),
    style: {"--res": RESOURCE_COLORS[r] || "#999"},
    onclick: () => {
      if (side === "give" && n >= (hand[r] || 0)) return;
      counts[r] = n + 1;
      delete other[r];
      rerender();
    },
    oncontextmenu: (event) => {
      event.preventDefault();
      if (n) counts[r] = n - 1;
      rerender();
    },
  }, [h("span", {class: "res-name", text: term("resources", r)}), h("b", {text: n ? `×${n}` : ""})]);
}

/** The two rows of chips: what one gives, what one gets. */
function chipRows(composer, order, hand, rerender) {
  return [
    h("div", {class: "trade-row"}, [h("span", {class: "trade-label", text: t("give")}),
      ...order.map((r) => chip("give", r, composer.give, composer.want, hand, rerender))]),
    h("div", {class: "trade-row"}, [h("span", {class: "trade-label", text: t("get")}),
      ...order.map((r) => chip("want", r, composer.want, composer.give, hand, rerender))]),
  ];
}

function bundle(counts, order) {
  return order.filter((r) => counts[r]).map((r) => `${counts[r]}${r}`).join("+");
}

export class TradeComposer {
  constructor() {
    this.reset();
  }

  reset() {
    this.give = {};
    this.want = {};
    this.to = -1;
  }

  /** The panel, or null when no trade is legal now. */
  render(view, actions, play, rerender) {
    const legal = new Map(actions.filter((a) => TRADE_KINDS.has(a.kind)).map((a) => [a.action, a]));
    if (!legal.size || !view.you || !view.you.hand) return null;
    const order = Object.keys(view.you.hand);
    const give = bundle(this.give, order);
    const want = bundle(this.want, order);
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
      ...chipRows(this, order, view.you.hand, rerender),
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

/** A counter-offer: the player asked to answer an offer says which trade they would take instead, by the same
 *  chips (what they give, what they get). The page declines the offer and proposes to its offerer the
 *  offer that would be (a proposal, no move: server/proposals.py), which the offerer may then make. */
export class CounterComposer {
  constructor() {
    this.reset();
  }

  reset() {
    this.open = false;
    this.give = {};
    this.want = {};
  }

  /** The panel for the seat asked, or null; ``propose`` sends a proposal, ``play`` a move; ``person(seat)``
   *  says whether a person decides for that seat now (a bot reads no proposals: no counter to a bot). */
  render(view, actions, {propose, play, person}, rerender) {
    const offer = view.offer;
    const decline = actions.find((a) => a.kind === "decline");
    if (!offer || !decline || !view.you || !view.you.hand || offer.from === view.seat) return null;
    if (!person(offer.from)) return null;
    if (!this.open) {
      return h("button", {class: "action-btn", id: "counter-open", text: t("live.counter"),
                          onclick: () => { this.open = true; rerender(); }});
    }
    const order = Object.keys(view.you.hand);
    const give = bundle(this.give, order);
    const want = bundle(this.want, order);
    // The offerer's offer to this seat: it gives what this seat wants, for what this seat gives.
    const proposal = give && want ? `offer ${want}>${give} @${view.seat}` : "";
    const from = (view.players || [])[offer.from]?.name ?? "?";
    return h("div", {class: "trade counter", id: "counter"}, [
      h("p", {class: "hint", text: t("live.counter_hint", from)}),
      ...chipRows(this, order, view.you.hand, rerender),
      h("div", {class: "trade-row buttons"}, [
        h("button", {class: "action-btn primary", id: "counter-send", disabled: !proposal, text: t("live.counter_send"),
                     onclick: () => { propose(proposal); play(decline.action); this.reset(); }}),
        h("button", {class: "link-btn", id: "counter-cancel", text: t("cancel"), onclick: () => { this.reset(); rerender(); }}),
      ]),
    ]);
  }
}

/** A counter-offer proposed to this page's player, whose turn it is: accepting makes that offer (after
 *  withdrawing the open one) and closes the trade with its proposer once they accept it. */
export function proposalPanel(proposal, view, actions, playSequence, dismiss) {
  const legal = new Set(actions.map((a) => a.action));
  if (!proposal || !legal.has(proposal.action) && !legal.has("withdraw")) return null;
  const name = (view.players || [])[proposal.seat]?.name ?? "?";
  const steps = [...(legal.has("withdraw") ? ["withdraw"] : []), proposal.action, `confirm @${proposal.seat}`];
  return h("div", {class: "offer-banner proposal", id: "proposal", "data-seat": proposal.seat}, [
    h("b", {text: t("live.proposal", name)}), " ", h("span", {id: "proposal-words", text: proposal.label}),
    h("div", {class: "trade-row buttons"}, [
      h("button", {class: "action-btn primary", id: "proposal-accept", text: t("live.proposal_accept"),
                   onclick: () => { dismiss(); playSequence(steps); }}),
      h("button", {class: "link-btn", id: "proposal-dismiss", text: t("live.proposal_dismiss"), onclick: dismiss}),
    ]),
  ]);
}
