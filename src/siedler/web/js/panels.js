// The side panels drawn from any rule set's view: players and scores, your cards, whose turn, the dice,
// the log in words, an open trade offer, and the overlay that announces the winner.

import {h} from "./dom.js";
import {playerColor, RESOURCE_COLORS} from "./colors.js";
import {t, term, wordOr} from "./i18n.js";

const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
// Player fields shown in their own way; any other number a rule set adds is listed by name, and any flag it
// sets that names an award (page.awards.<flag>, in the shared or the rule set's catalog) shows as a chip.
const KNOWN = new Set(["seat", "name", "vp", "vp_total", "cards", "dev_cards", "knights", "road_length",
                       "pieces", "harbors", "score"]);

/** A player's points, if the rule set shows any (vp_total only reaches the seat itself and the end). */
export function score(player) {
  return player.vp_total ?? player.vp ?? player.score ?? player.points;
}

export function playersPanel(view, summary) {
  const toAct = view.to_act;
  const rows = (view.players || []).map((p) => {
    const seatInfo = summary?.seats?.[p.seat];
    // Each figure with an icon, and its meaning as tooltip and accessible name ("6 resource cards").
    const tag = (icon, key, n) => {
      const title = t(`table.tag_${key}`, n);
      return h("span", {class: "tag", "data-tag": key, title, "aria-label": title, text: `${icon} ${n}`});
    };
    const tags = [];
    if (p.cards !== undefined) tags.push(tag("🂠", "cards", p.cards));
    if (p.dev_cards !== undefined) tags.push(tag("✦", "dev_cards", p.dev_cards));
    if (p.knights !== undefined) tags.push(tag("⚔", "knights", p.knights));
    if (p.road_length !== undefined) tags.push(tag("═", "road", p.road_length));
    for (const [key, value] of Object.entries(p)) {
      const award = value === true ? wordOr(`awards.${key}`, null) : null;
      if (award) tags.push(h("span", {class: "tag award", "data-award": key, text: award}));
      if (!KNOWN.has(key) && (typeof value === "number" || typeof value === "string")) {
        const words = `${term("fields", key)}: ${typeof value === "string" ? term("fields", value) : value}`;
        tags.push(h("span", {class: "tag", "data-tag": key, title: words, "aria-label": words, text: words}));
      }
    }
    return h("li", {class: `player${p.seat === toAct ? " acting" : ""}${p.seat === view.seat ? " me" : ""}`,
                    "data-seat": p.seat, style: {"--player": playerColor(p.seat)}}, [
      h("span", {class: "swatch"}),
      // Seats are numbered from 1 everywhere a person reads them (lobby, waiting room, bots' names).
      h("span", {class: "pname"}, [h("small", {class: "pseat", text: `${t("seat")} ${p.seat + 1} · `}),
                                   p.name, seatInfo?.kind === "bot" ? h("small", {text: ` (${t("bot")})`}) : null,
                                   p.seat === view.seat ? h("small", {text: ` (${t("you")})`}) : null]),
      score(p) === undefined ? h("span") : h("span", {class: "pscore", title: t("table.points_of", score(p)),
                                                      "aria-label": t("table.points_of", score(p)), text: String(score(p))}),
      h("div", {class: "ptags"}, tags),
    ]);
  });
  return h("ul", {class: "players"}, rows);
}

/** Your cards: every count table under view.you (resources, development cards...). */
export function handPanel(view) {
  const you = view.you;
  if (!you) return null;
  const parts = [];
  for (const [key, value] of Object.entries(you)) {
    if (!value || typeof value !== "object" || Array.isArray(value) || key === "rates" || key === "dev_cards_new") continue;
    const group = key === "hand" ? "resources" : key === "dev_cards" ? "dev" : key;
    const fresh = key === "dev_cards" ? you.dev_cards_new || {} : {};
    // Resources always show (a zero matters when trading); other cards only when held.
    const cards = Object.entries(value).filter(([, n]) => typeof n === "number" && (n || key === "hand"));
    if (!cards.length) continue;
    parts.push(h("div", {class: `hand-group hand-${key}`}, cards.map(([name, n]) =>
      h("span", {class: `card-chip${n ? "" : " none"}`, "data-card": name,
                 style: {"--res": RESOURCE_COLORS[name] || "#b9a27a"},
                 title: fresh[name] ? `${fresh[name]} ${t("new_cards")}` : ""},
        [h("span", {class: "card-name", text: term(group, name)}), h("b", {text: String(n)})]))));
  }
  return parts.length ? h("div", {class: "hand", id: "hand"}, parts) : null;
}

export function dicePanel(view) {
  if (!Array.isArray(view.dice)) return null;
  const total = view.dice.reduce((a, b) => a + b, 0);
  return h("span", {class: "dice", title: t("dice")}, [
    ...view.dice.map((d) => h("span", {class: "die", text: DICE[d] || String(d)})),
    h("span", {class: "dice-total", text: `= ${total}`}),
  ]);
}

export function statusText(view) {
  const players = view.players || [];
  if (view.over) return t("game_over");
  const acting = players.find((p) => p.seat === view.to_act);
  if (acting === undefined) return "";
  // Someone answers in another's turn (resists an attack, discards on a 7, reflects a knight): it is the
  // answer that is awaited, not a turn.
  const current = players.find((p) => p.seat === view.current);
  const answering = current !== undefined && current !== acting;
  if (view.seat !== null && view.seat === view.to_act) return answering ? t("your_answer", current.name) : t("your_turn");
  return answering ? t("waiting_for", acting.name) : t("turn_of", acting.name);
}

/** The phase in words; a phase about the robber names it as the rule set does (the inventor, the Guardian). */
export function phaseText(view) {
  if (!view.phase) return "";
  return t(`phases.${view.phase}`, term("pieces", "robber", view.names?.robber));
}

/** The open offer, and each addressed player's answer so far: accepted, refused, or not yet. */
export function offerPanel(view) {
  const offer = view.offer;
  if (!offer) return null;
  const players = view.players || [];
  const from = players[offer.from]?.name ?? "?";
  const bundle = (counts) => Object.entries(counts || {}).filter(([, n]) => n)
    .map(([r, n]) => `${n} ${term("resources", r)}`).join(" + ");
  const to = offer.to === null || offer.to === undefined ? t("everyone") : players[offer.to]?.name;
  const waiting = new Set(offer.waiting || []);
  const accepted = new Set(offer.accepted || []);
  const asked = players.filter((p) => p.seat !== offer.from && (offer.to === null || offer.to === undefined || p.seat === offer.to));
  const answers = asked.map((p) => {
    const state = accepted.has(p.seat) ? "accepted" : waiting.has(p.seat) ? "waiting" : "refused";
    return h("li", {class: `answer ${state}`, "data-seat": p.seat, "data-answer": state, style: {"--player": playerColor(p.seat)}},
             [h("span", {class: "swatch"}), ` ${p.name}: `, h("b", {text: t(`table.answer_${state}`)})]);
  });
  return h("div", {class: "offer-banner", id: "offer"}, [
    h("b", {text: offer.from === view.seat ? t("you_offer") : t("offer_from", from)}), " ", bundle(offer.give), ` ${t("for")} `, bundle(offer.want),
    h("small", {text: ` → ${to}`}),
    h("ul", {class: "answers"}, answers),
  ]);
}

export function discardPanel(view) {
  const discarding = view.discarding;
  if (!discarding || !Object.keys(discarding).length) return null;
  const players = view.players || [];
  return h("div", {class: "notice"}, Object.entries(discarding).map(([seat, n]) =>
    h("div", {text: Number(seat) === view.seat ? t("you_discard", n)
      : t("discard_left", players[seat]?.name ?? `${t("seat")} ${Number(seat) + 1}`, n)})));
}

/** The seats an event is about: its ``seat``, else those its ``gains`` name (a production's, one line for all). */
export function eventSeats(event) {
  const data = event.data || {};
  if (typeof data.seat === "number") return [data.seat];
  const gains = data.gains && typeof data.gains === "object" ? Object.keys(data.gains) : [];
  return gains.filter((k) => /^\d+$/.test(k)).map(Number);
}

/** A log line's colour: its player's, or a stripe of each player's where a line is about several. */
function eventColors(event) {
  const seats = eventSeats(event);
  if (seats.length < 2) return {"--player": playerColor(seats.length ? seats[0] : null)};
  const step = 100 / seats.length;
  const stops = seats.map((seat, i) => `${playerColor(seat)} ${i * step}% ${(i + 1) * step}%`);
  return {"--player": playerColor(seats[0]), "border-image": `linear-gradient(${stops.join(", ")}) 1`};
}

export class Log {
  constructor() {
    this.entries = [];
    this.el = h("ol", {class: "log", id: "log"});
  }

  replace(events) {
    this.entries = [];
    this.el.replaceChildren();
    this.add(events, true);
  }

  add(events, stick = this.el.scrollTop + this.el.clientHeight >= this.el.scrollHeight - 30) {
    for (const event of events) {
      this.entries.push(event);
      this.el.append(h("li", {class: `ev ev-${event.kind}`, style: eventColors(event), text: event.text}));
    }
    while (this.el.childElementCount > 400) this.el.firstElementChild.remove();
    // Follow the newest entry unless the reader scrolled back; after layout, as panels may resize.
    if (stick) requestAnimationFrame(() => { this.el.scrollTop = this.el.scrollHeight; });
  }
}

/** The end of a game: who won and the final scores (every number in view.final, else the players' points). */
export function winnerOverlay(view, summary, {onClose, onReplay}) {
  const players = view.players || [];
  const result = (summary && summary.result) || {};
  const scores = result.scores || [];
  const rows = Array.isArray(view.final) && view.final.length
    ? view.final.map((f) => ({...f, name: f.name ?? players[f.seat]?.name}))
    : players.map((p, i) => ({seat: p.seat ?? i, name: p.name, score: score(p) ?? scores[p.seat ?? i]}));
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k !== "seat" && typeof r[k] === "number")))];
  const winner = view.winner ?? result.winner;
  const first = columns[0];
  rows.sort((a, b) => (b.seat === winner) - (a.seat === winner) || (first ? (b[first] ?? 0) - (a[first] ?? 0) : 0));
  const title = winner === null || winner === undefined ? t("no_winner")
    : winner === view.seat ? t("you_win") : t("winner", players[winner]?.name ?? winner);
  return h("div", {class: "overlay", id: "overlay"}, [
    h("div", {class: "overlay-card winner-card"}, [
      h("div", {class: "trophy", text: winner === null || winner === undefined ? "⚖" : "♛"}),
      h("h2", {class: "winner-title", text: title}),
      h("h3", {text: t("final_scores")}),
      h("table", {class: "final-scores"}, [
        h("tr", {}, [h("th"), h("th", {text: t("name")}), ...columns.map((c) => h("th", {class: "num", text: term("fields", c)}))]),
        ...rows.map((r) => h("tr", {class: r.seat === winner ? "won" : "", style: {"--player": playerColor(r.seat)}}, [
          h("td", {}, [h("span", {class: "swatch"})]), h("td", {text: r.name}),
          ...columns.map((c) => h("td", {class: "num", text: String(r[c] ?? "")})),
        ])),
      ]),
      h("div", {class: "overlay-buttons"}, [
        onReplay ? h("button", {class: "action-btn", text: t("replay"), onclick: onReplay}) : null,
        h("a", {class: "action-btn", href: "/", text: t("back_to_lobby")}),
        h("button", {class: "link-btn", id: "overlay-close", text: t("close"), onclick: onClose}),
      ]),
    ]),
  ]);
}
