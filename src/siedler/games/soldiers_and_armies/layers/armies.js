// Soldiers & Armies' table layer (the page's hooks: siedler/web/js/layers.js), drawn from view.soldiers (the
// rule set's presentation layer) alone, each where the board's layout puts it (the "soldiers" marks of
// view.placed, computed by the rule set's package: games/soldiers_and_armies/layout.py): armies as unit icons
// with counts beside their intersections, city walls, the nukes, what each move costs at its target, and a
// panel with the turn's phases and the battle (both sides' dice, the last round's roll, the exact chance to
// win the next round). Its buttons carry the targets the rule set's action kinds name ("phase:combat",
// "battle:continue"...), so actions.js binds them like any board target; an action whose target is not drawn
// here still reaches the menu. Nothing here knows a rule: every figure is in the view
// or in the public combat events.

import {h, s} from "/static/js/dom.js";
import {playerColor, RESOURCE_COLORS} from "/static/js/colors.js";
import {t, term} from "/static/js/i18n.js";

const UNITS = ["infantry", "cavalry", "artillery"];
// The turn's phases in order ("Ablauf eines Spielzuges"), what each view phase belongs to, and the target
// of the action that leaves it for the next (rolling is the shared Catan kind: the menu's button).
const STRIP = [
  {phase: "roll", leave: null},
  {phase: "main", leave: "phase:movement"},
  {phase: "movement", leave: "phase:combat"},
  {phase: "combat", leave: "phase:end"},
];
const IN_COMBAT = new Set(["combat", "defend", "battle", "alliance", "conquest", "tribute"]);

/** The board's layer of armies, walls, nukes and move prices, over everything else. */
export function over(view, geo, size) {
  const sa = view.soldiers;
  if (!sa) return [];
  const names = (view.players || []).map((p) => p.name);
  const marks = (view.placed?.marks || []).filter((m) => m.layer === "soldiers");
  const at = (mark) => [mark.at[0] * size, mark.at[1] * size];
  const armies = new Map((sa.armies || []).map((army) => [army.at, army]));
  const layer = s("g", {class: "soldiers"});
  const count = (node) => marks.find((m) => m.kind === "wall_count" && m.node === node);
  for (const mark of marks) {
    const [x, y] = geo.nodes[mark.node];
    if (mark.kind === "walls") layer.append(walls(at(mark), at(count(mark.node)), mark, size));
    else if (mark.kind === "nuke") layer.append(nuke(at(mark), mark, names[mark.owner], size));
    else if (mark.kind === "battle") {
      layer.append(s("circle", {class: "battle-ring", "data-node": mark.node, cx: x, cy: y, r: size * mark.size}));
    }
    else if (mark.kind === "army") {
      layer.append(armyBadge(armies.get(mark.node), mark, [x, y], names[mark.owner], size));
    }
    else if (mark.kind === "move") layer.append(movePrice(mark, at(mark), size));
  }
  return [layer];
}

function unitIcon(unit, r) {
  if (unit === "infantry") return s("circle", {r: r * 0.75});
  if (unit === "cavalry") return s("polygon", {points: `0,${-r} ${r},0 0,${r} ${-r},0`});
  // Artillery: a gun barrel on a wheel.
  return s("g", {}, [s("rect", {x: -r, y: -r * 0.55, width: 2 * r, height: r * 0.7, rx: r * 0.2}),
                     s("circle", {cy: r * 0.45, r: r * 0.5})]);
}

/** One army: an owner-coloured badge beside its intersection (node), one icon and count per unit type it
 *  holds, in the box the layout gives it (its mark: scaled down where it holds many types). */
function armyBadge(army, mark, [x, y], owner, size) {
  const held = UNITS.filter((u) => army.units[u]);
  const scale = mark.scale;
  const r = size * 0.16 * scale;
  const step = size * 0.54 * scale;
  const [width, height] = mark.box.map((v) => v * size);
  const left = mark.at[0] * size - width / 2;
  const top = mark.at[1] * size - height / 2;
  const words = held.map((u) => `${army.units[u]} ${t(`soldiers.${u}`)}`).join(" + ");
  const children = [
    s("title", {text: t("soldiers.army", owner ?? "?", words, t("soldiers.die", army.die))}),
    s("line", {x1: x, y1: y, x2: x, y2: top > y ? top : top + height, class: "army-tether"}),
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

/** A city's walls: a low bank of stones at its foot (the mark's box), and beside the corner a tower with
 *  their count (where a bare "×1" was too small to see), in the place the layout keeps for the count. */
function walls([x, y], [cx, cy], mark, size) {
  const [w, h] = mark.box.map((v) => v * size);
  const digits = String(mark.count).length;
  const right = cx - size * 0.11 * digits;  // the tower stands left of the count, which ends at cx
  const [tw, th] = [size * 0.13, size * 0.17];
  const [left, top, notch] = [right - tw, cy - th / 2, tw / 3];
  const tower = `M${left} ${top + th}V${top}h${notch}v${notch}h${notch}v${-notch}h${notch}V${top + th}Z`;
  return s("g", {class: "walls", "data-walls": mark.count, "data-node": mark.node}, [
    s("title", {text: t("soldiers.walls", mark.count)}),
    s("rect", {x: x - w / 2, y: y - h / 2, width: w, height: h, class: "wall-stones"}),
    s("path", {d: tower, class: "wall-icon"}),
    s("text", {x: cx, y: cy, class: "wall-count", "font-size": size * 0.2}, [String(mark.count)]),
  ]);
}

/** A nuke, on its corner's vertical side away from the corner's own hex. */
function nuke([cx, cy], {owner: seat, node}, name, size) {
  return s("g", {class: "nuke", "data-seat": seat, "data-node": node}, [
    s("title", {text: t("soldiers.nuke", name ?? "?")}),
    s("circle", {cx, cy, r: size * 0.14, fill: playerColor(seat), class: "nuke-body"}),
    s("text", {x: cx, y: cy + size * 0.07, class: "nuke-sign", "font-size": size * 0.2}, ["☢"]),
  ]);
}

/** What reaching a target costs, the cheapest way there (the layout keeps one per target): a small chip per
 *  resource in its colour with its count, centred under the target, narrow enough that neighbouring
 *  targets' prices neither overlap nor leave the board (spelled out, "2 wood + 2 grain" did both); the words
 *  are the price's tooltip and in the move's own label. A free move says so. */
function movePrice(mark, [x, y], size) {
  const entries = Object.entries(mark.cost || {});
  const words = mark.paid ? entries.map(([r, n]) => `${n} ${term("resources", r)}`).join(" + ") : t("soldiers.free");
  const font = size * 0.17;
  if (!mark.paid || !entries.length) {
    return s("text", {class: "move-cost free", "data-node": mark.node, "data-hint": "", x, y,
                      "font-size": size * 0.15}, [words]);
  }
  const chip = size * 0.24;
  const gap = size * 0.04;
  const left = x - (entries.length * chip + (entries.length - 1) * gap) / 2;
  const chips = entries.map(([resource], i) => s("rect", {
    class: "move-chip", x: left + i * (chip + gap), y: y - chip / 2 - font * 0.35, width: chip, height: chip,
    rx: chip * 0.25, fill: RESOURCE_COLORS[resource] || "#bbb",
  }));
  const counts = entries.map(([, n], i) => s("tspan", {x: left + i * (chip + gap) + chip / 2}, [String(n)]));
  return s("g", {class: "move-price", "data-node": mark.node, "data-hint": ""}, [
    s("title", {text: words}), ...chips,
    s("text", {class: "move-cost paid", "data-node": mark.node, x, y, "font-size": font}, counts),
  ]);
}

/** The turn's phases and the battle, beside the board (none once the game is over). */
export function panel(view, {events = [], actions = []} = {}) {
  const sa = view.soldiers;
  if (!sa || view.over) return null;
  const byTarget = new Map();
  for (const action of actions) {
    if (action.target && !byTarget.has(action.target)) byTarget.set(action.target, action);
  }
  const parts = [phaseStrip(view, byTarget), (sa.armies || []).length ? unitLegend() : null].filter(Boolean);
  if (sa.battle) parts.push(battlePanel(view, sa.battle, events, actions));
  if (sa.card_offer) parts.push(cardOfferPanel(view, sa.card_offer, events));
  if (sa.draft) parts.push(draftPanel(view, sa.draft, events));
  return h("div", {class: "sa-panel", id: "sa-panel"}, parts);
}

/** The newest log line of one of ``kinds``: an offer in the reader's words, its places as the board shows
 *  them (the view holds their indices only). */
function told(events, kinds) {
  for (let i = events.length - 1; i >= 0; i--) {
    if (kinds.includes(events[i].kind)) return events[i].text.replace(/\.$/, "");
  }
  return null;
}

/** A composed trade: being put together, or sent and waiting for its answer (a counter-offer too). */
function draftPanel(view, draft, events) {
  const names = (view.players || []).map((p) => p.name);
  const words = told(events, draft.sent ? ["trade_offer"] : ["trade_draft"]);
  if (!words) return null;
  const answer = draft.to === view.seat ? t("soldiers.answer_yours") : t("soldiers.answer_of", names[draft.to] ?? "?");
  return h("div", {class: "offer-banner sa-card-offer", id: "sa-draft", "data-sent": String(draft.sent),
                   style: {"--player": playerColor(draft.from)}}, [
    h("b", {text: words}), draft.sent ? h("small", {class: "answer waiting", text: ` · ${answer}`}) : null,
  ]);
}

/** What the badges' icons mean, where a finger cannot hover: each unit's sign and name. */
function unitLegend() {
  return h("ul", {class: "sa-legend", id: "sa-legend"}, UNITS.map((unit) => h("li", {"data-unit": unit}, [
    s("svg", {class: "sa-key", viewBox: "-10 -10 20 20", width: 16, height: 16, "aria-hidden": "true"},
      [s("g", {class: `unit unit-${unit}`}, [unitIcon(unit, 7)])]),
    h("span", {text: t(`soldiers.${unit}`)}),
  ])));
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
      text: a.label}))) : null,
    withdraw ? h("p", {class: "hint", text: t("soldiers.withdraw_hint")}) : null,
  ]);
}

/** A trade waiting for its answer (a development card, a settlement or city, a fish token): who offers whom
 *  what for which resources, told to the reader where it is theirs or made to them, and whose answer it
 *  waits for. */
function cardOfferPanel(view, offer, events) {
  const names = (view.players || []).map((p) => p.name);
  const bundle = Object.entries(offer.bundle || {}).filter(([, n]) => n)
    .map(([r, n]) => `${n} ${term("resources", r)}`).join(" + ");
  const card = offer.card ? term("dev", offer.card) : t("soldiers.fish_token", offer.token);
  const key = offer.card ? `soldiers.${offer.kind}` : `soldiers.${offer.kind.startsWith("sell") ? "sell" : "buy"}good`;
  // A building is named by its place as the log words it; a card or token by the catalog here.
  const words = offer.piece ? told(events, ["card_offer"]) ?? ""
    : offer.from === view.seat ? t(`${key}_you`, names[offer.to] ?? "?", card, bundle)
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
