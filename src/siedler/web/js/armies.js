// Soldiers & Armies on the table, drawn from view.soldiers (the rule set's presentation layer) alone:
// armies as unit icons with counts on their intersections, city walls, the nukes, what each move costs at
// its target, and a panel with the turn's phases and the battle (both sides' dice, the last round's roll,
// the exact chance to win the next round). Its buttons carry the targets the rule set's action kinds name
// ("phase:combat", "battle:continue"...), so actions.js binds them like any board target; an action whose
// target is not drawn here still reaches the menu. Nothing here knows a rule: every figure is in the view
// or in the public combat events.

import {h, s} from "./dom.js";
import {playerColor} from "./colors.js";
import {t, term} from "./i18n.js";

const UNITS = ["infantry", "cavalry", "artillery"];
// The turn's phases in order ("Ablauf eines Spielzuges"), what each view phase belongs to, and the target
// of the action that leaves it for the next (rolling is the shared Catan kind: the menu's button).
const STRIP = [
  {phase: "roll", leave: null},
  {phase: "main", leave: "phase:movement"},
  {phase: "movement", leave: "phase:combat"},
  {phase: "combat", leave: "phase:end"},
];
// An army's badge, in hex sizes: its greatest width, its scale (0.9: 0.4 high), and its distance from its
// corner below and above it (a city reaches 0.22 below its corner and 0.26 above; the number token of the
// badge's hex begins 0.7 away). A nuke's distance from its corner.
const BADGE_MAX = 1.0;
const BADGE_SCALE = 0.9;
const BADGE_GAP = {below: 0.24, above: 0.28};
const NUKE_AT = 0.42;
const IN_COMBAT = new Set(["combat", "defend", "battle", "alliance", "conquest", "tribute"]);

/** The board's layer of armies, walls, nukes and move prices; empty for a rule set without armies. */
export function soldierLayer(view, geo, size) {
  const sa = view.soldiers;
  if (!sa) return [];
  const names = (view.players || []).map((p) => p.name);
  const layer = s("g", {class: "soldiers"});
  for (const [node, count] of Object.entries(sa.walls || {})) {
    const point = geo.nodes[+node];
    if (point) layer.append(walls(point, geo.sides[+node], count, size));
  }
  for (const [seat, node] of Object.entries(sa.nukes || {})) {
    const point = geo.nodes[node];
    if (point) layer.append(nuke(point, geo.sides[node], +seat, names[seat], size));
  }
  if (sa.battle) {
    const point = geo.nodes[sa.battle.at];
    if (point) layer.append(s("circle", {class: "battle-ring", cx: point[0], cy: point[1], r: size * 0.42}));
  }
  for (const army of sa.armies || []) {
    const point = geo.nodes[army.at];
    if (point) layer.append(armyBadge(army, point, geo.sides[army.at], names[army.owner], size));
  }
  layer.append(...movePrices(sa.moves || [], geo, size));
  return [layer];
}

function unitIcon(unit, r) {
  if (unit === "infantry") return s("circle", {r: r * 0.75});
  if (unit === "cavalry") return s("polygon", {points: `0,${-r} ${r},0 0,${r} ${-r},0`});
  // Artillery: a gun barrel on a wheel.
  return s("g", {}, [s("rect", {x: -r, y: -r * 0.55, width: 2 * r, height: r * 0.7, rx: r * 0.2}),
                     s("circle", {cy: r * 0.45, r: r * 0.5})]);
}

/** One army: an owner-coloured badge beside its intersection, one icon and count per unit type it holds.
 *  It stands in the corner's own hex (corners.js), between the corner's building and that hex's number
 *  token, and is scaled down to at most BADGE_MAX wide: wider, it would reach the tokens and buildings of
 *  the neighbouring corners. */
function armyBadge(army, [x, y], side, owner, size) {
  const held = UNITS.filter((u) => army.units[u]);
  const scale = Math.min(BADGE_SCALE, BADGE_MAX / (held.length * 0.54 + 0.06));
  const r = size * 0.16 * scale;
  const step = size * 0.54 * scale;
  const width = held.length * step + size * 0.06 * scale;
  const height = size * 0.44 * scale;
  const left = x - width / 2;
  const top = side > 0 ? y + size * BADGE_GAP.below : y - size * BADGE_GAP.above - height;
  const words = held.map((u) => `${army.units[u]} ${t(`soldiers.${u}`)}`).join(" + ");
  const children = [
    s("title", {text: t("soldiers.army", owner ?? "?", words, t("soldiers.die", army.die))}),
    s("line", {x1: x, y1: y, x2: x, y2: side > 0 ? top : top + height, class: "army-tether"}),
    s("rect", {x: left, y: top, width, height, rx: size * 0.06, fill: playerColor(army.owner), class: "army-body"}),
  ];
  held.forEach((unit, i) => {
    const cx = left + size * 0.06 * scale + i * step + r;
    children.push(s("g", {class: `unit unit-${unit}`, "data-unit": unit, transform: `translate(${cx} ${top + height / 2})`},
      [unitIcon(unit, r)]));
    children.push(s("text", {class: "unit-count", x: cx + r * 1.35, y: top + height / 2 + r * 0.6,
                             "font-size": r * 1.7}, [String(army.units[unit])]));
  });
  return s("g", {class: `army${army.moved ? " moved" : ""}`, "data-node": army.at, "data-owner": army.owner,
                 "data-target": `node:${army.at}`}, children);
}

/** A city's walls: a low bank of stones at its foot (above an army's badge below the corner, which begins
 *  0.24 down), with their count on the corner's vertical side, left of where a nuke stands: there no token,
 *  robber or badge of the neighbouring hexes and corners reaches. */
function walls([x, y], side, count, size) {
  const w = size * 0.5;
  const top = y + size * 0.12;
  return s("g", {class: "walls", "data-walls": count}, [
    s("title", {text: t("soldiers.walls", count)}),
    s("rect", {x: x - w / 2, y: top, width: w, height: size * 0.1, class: "wall-stones"}),
    s("text", {x: x - size * 0.17, y: y - side * size * NUKE_AT, class: "wall-count", "font-size": size * 0.16},
      [`×${count}`]),
  ]);
}

/** A nuke: on its corner's vertical side, away from the corner's own hex where an army's badge stands;
 *  there it clears the building on the corner and the tokens and robbers of the hexes on either side. */
function nuke([x, y], side, seat, owner, size) {
  const cx = x;
  const cy = y - side * size * NUKE_AT;
  return s("g", {class: "nuke", "data-seat": seat}, [
    s("title", {text: t("soldiers.nuke", owner ?? "?")}),
    s("circle", {cx, cy, r: size * 0.14, fill: playerColor(seat), class: "nuke-body"}),
    s("text", {x: cx, y: cy + size * 0.07, class: "nuke-sign", "font-size": size * 0.2}, ["☢"]),
  ]);
}

/** What reaching each target costs, the cheapest way there (several armies may reach one intersection). */
function movePrices(moves, geo, size) {
  const cheapest = new Map();
  for (const move of moves) {
    const known = cheapest.get(move.to);
    if (!known || move.paid < known.paid) cheapest.set(move.to, move);
  }
  return [...cheapest.values()].map((move) => {
    const [x, y] = geo.nodes[move.to];
    const words = move.paid ? Object.entries(move.cost).map(([r, n]) => `${n} ${term("resources", r)}`).join(" + ")
      : t("soldiers.free");
    return s("text", {class: `move-cost${move.paid ? " paid" : " free"}`, "data-node": move.to, x, y: y + size * 0.3,
                      "font-size": size * 0.15}, [words]);
  });
}

/** The turn's phases and the battle, beside the board; null for a rule set without armies. */
export function soldierPanel(view, {events = [], actions = []} = {}) {
  const sa = view.soldiers;
  if (!sa || view.over) return null;
  const byTarget = new Map();
  for (const action of actions) {
    if (action.target && !byTarget.has(action.target)) byTarget.set(action.target, action);
  }
  const parts = [phaseStrip(view, byTarget)];
  if (sa.battle) parts.push(battlePanel(view, sa.battle, events, actions));
  if (sa.card_offer) parts.push(cardOfferPanel(view, sa.card_offer));
  return h("div", {class: "sa-panel", id: "sa-panel"}, parts);
}

function phaseStrip(view, byTarget) {
  const now = IN_COMBAT.has(view.phase) ? "combat" : view.phase;
  const cells = STRIP.map(({phase, leave}) => h("li", {class: `sa-phase${phase === now ? " current" : ""}`,
                                                       "data-phase": phase}, [
    h("span", {class: "sa-phase-name", text: t(`soldiers.phase_${phase}`)}),
    phase === now && leave && byTarget.has(leave)
      ? h("button", {class: "action-btn primary sa-leave", "data-target": leave, text: byTarget.get(leave).label}) : null,
  ]));
  return h("ol", {class: "sa-phases", id: "sa-phases"}, cells);
}

function battlePanel(view, battle, events, actions) {
  const names = (view.players || []).map((p) => p.name);
  const side = (key, seat, members) => h("div", {class: `sa-side sa-${key}`, style: {"--player": playerColor(seat)}}, [
    h("b", {text: seat === view.seat ? t(`soldiers.${key}_you`) : t(`soldiers.${key}`, names[seat] ?? "?")}),
    h("span", {class: "sa-dice"}, members.map((m) => h("span", {class: "sa-die", "data-at": m.at,
      text: `${t("soldiers.die", m.die)}${m.bonus ? `+${m.bonus}` : ""}${m.building ? ` (${t("soldiers.building")})` : ""}`}))),
  ]);
  const odds = battle.odds;
  const buttons = actions.filter((a) => a.target && a.target.startsWith("battle:"));
  const seen = new Set();
  const unique = buttons.filter((a) => !seen.has(a.target) && seen.add(a.target));
  const withdraw = actions.some((a) => a.kind === "retreat" && a.target && a.target.startsWith("node:"));
  return h("section", {class: "sa-battle", id: "sa-battle", "data-at": battle.at}, [
    h("h3", {text: t("soldiers.battle", battle.at)}),
    side("attack", battle.attacker, battle.sides.attack),
    side("defence", battle.defender, battle.sides.defence),
    odds ? h("p", {class: "sa-odds", id: "sa-odds"}, [
      `${t("soldiers.odds")}: `, h("b", {text: `${odds.percent.toFixed(1)} %`}), h("small", {text: ` (${odds.round})`}),
    ]) : null,
    lastRound(battle, events),
    unique.length ? h("div", {class: "sa-buttons"}, unique.map((a) => h("button", {
      class: `action-btn${a.kind === "continue" || a.kind === "resist" ? " primary" : ""}`, "data-target": a.target,
      text: a.label || a.action}))) : null,
    withdraw ? h("p", {class: "hint", text: t("soldiers.withdraw_hint")}) : null,
  ]);
}

/** A trade waiting for its answer (a development card, a settlement or city, a fish token): who offers whom
 *  what for which resources, told to the reader where it is theirs or made to them, and whose answer it
 *  waits for. */
function cardOfferPanel(view, offer) {
  const names = (view.players || []).map((p) => p.name);
  const bundle = Object.entries(offer.bundle || {}).filter(([, n]) => n)
    .map(([r, n]) => `${n} ${term("resources", r)}`).join(" + ");
  const card = offer.card ? term("dev", offer.card)
    : offer.piece ? t(`soldiers.${offer.piece}_at`, offer.at) : t("soldiers.fish_token", offer.token);
  const key = offer.card ? `soldiers.${offer.kind}` : `soldiers.${offer.kind.startsWith("sell") ? "sell" : "buy"}good`;
  const words = offer.from === view.seat ? t(`${key}_you`, names[offer.to] ?? "?", card, bundle)
    : offer.to === view.seat ? t(`${key}_to_you`, names[offer.from] ?? "?", card, bundle)
    : t(key, names[offer.from] ?? "?", names[offer.to] ?? "?", card, bundle);
  const waiting = offer.to === view.seat ? t("soldiers.answer_yours") : t("soldiers.answer_of", names[offer.to] ?? "?");
  return h("div", {class: "offer-banner sa-card-offer", id: "sa-card-offer", "data-kind": offer.kind,
                   style: {"--player": playerColor(offer.from)}}, [
    h("b", {text: words}), h("small", {class: "answer waiting", text: ` · ${waiting}`}),
  ]);
}

/** The newest round of this battle, from the public combat events since it began. */
function lastRound(battle, events) {
  let last = null;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event.kind === "attack") break;
    if (event.kind === "combat" && event.data && event.data.at === battle.at) {
      last = event.data;
      break;
    }
  }
  if (!last) return h("p", {class: "sa-last muted", id: "sa-last", text: t("soldiers.no_round")});
  const rolls = (list) => list.map(([, sides, roll, bonus]) =>
    h("span", {class: "sa-roll", title: t("soldiers.die", sides), text: `${roll}${bonus ? `+${bonus}` : ""}`}));
  return h("div", {class: "sa-last", id: "sa-last"}, [
    h("span", {text: `${t("soldiers.last_round")}: `}),
    h("span", {class: "sa-rolls sa-attack", style: {"--player": playerColor(battle.attacker)}}, rolls(last.attack)),
    h("span", {text: " : "}),
    h("span", {class: "sa-rolls sa-defence", style: {"--player": playerColor(battle.defender)}}, rolls(last.defence)),
    h("small", {class: "sa-result", text: ` ${t(last.won ? "soldiers.round_won" : "soldiers.round_lost")}`}),
  ]);
}
