// Baden-Württemberg Catan's table layer (the page's hooks: siedler/web/js/layers.js): town names on the city
// and landmark fields, the landmarks (built or not, with their reward), and beside the map the landmarks'
// outside pictures and the two award fields, each with the town hall standing on it. Drawn from
// view.board.fields and view.baden_wuerttemberg only, each field's name where the board's layout puts it (its
// "fields" marks, computed by the rule set's package: games/baden_wuerttemberg/layout.py); town names stay
// German, landmark names come with the view in every language, the other words from this rule set's catalog.

import {s} from "/static/js/dom.js";
import {playerColor} from "/static/js/colors.js";
import {t, term} from "/static/js/i18n.js";
import {pieceLabel, settlement} from "/static/js/pieces.js";

const PANEL = 4.2; // least width of the outside panel, in hex sizes
const LABEL_PX = 14; // .bw-label's font size (style.css), for the panel's width
const EM = 0.62; // a generous average width of a character, in ems: the frame must hold every label

function rewardText(reward) {
  if (reward.kind === "resources") {
    return Object.entries(reward.resources).map(([r, n]) => `${n} ${term("resources", r)}`).join(", ");
  }
  return t(`bw.reward_${reward.kind}`);
}

/** The outside panel's rows: the two award fields, then each landmark's outside picture. */
function outsideRows(own) {
  const awards = Object.entries(own.awards).map(([award, holder]) =>
    ({label: t(`awards.${award}`), note: "", holder, id: `award:${award}`}));
  const pictures = own.outside.map((entry) => ({label: `${entry.town}: ${term("landmark", entry.landmark, entry.name)}`,
    note: rewardText(entry.reward), holder: entry.town_hall, id: `outside:${entry.town}`}));
  return [awards, pictures];
}

/** Extra width the board needs on its right for the outside panel: its least width, or wider where a
 *  landmark's name in the page's language needs it. */
export function sideWidth(view, size) {
  const own = view.baden_wuerttemberg;
  if (!own) return 0;
  const longest = Math.max(...outsideRows(own).flat().map((row) => row.label.length));
  return Math.max(PANEL * size, size * 0.85 + longest * LABEL_PX * EM);
}

/** The fields on the map, and the outside panel right of the map (the frame's right edge, from its top). */
export function under(view, {nodes, sides}, size, {right: x0, top: y0}) {
  const own = view.baden_wuerttemberg;
  if (!own || !view.board.fields) return null;
  const group = s("g", {class: "bw"});
  const towns = view.layout.marks.filter((m) => m.layer === "fields" && m.kind === "town");
  const names = new Map(towns.map((m) => [m.node, m]));
  for (const field of view.board.fields) {
    const [x, y] = nodes[field.node];
    const landmark = field.kind === "landmark";
    const mark = landmark
      ? s("rect", {x: x - size * 0.2, y: y - size * 0.2, width: size * 0.4, height: size * 0.4,
                   class: field.built ? "bw-landmark built" : "bw-landmark", "data-town": field.town,
                   "data-node": field.node})
      : s("circle", {cx: x, cy: y, r: size * 0.2, class: "bw-city", "data-town": field.town, "data-node": field.node});
    const title = landmark ? `${field.town}: ${term("landmark", field.landmark, field.name)} (${rewardText(field.reward)})`
                           : field.town;
    mark.append(s("title", {text: title}));
    group.append(mark);
    const name = names.get(field.node);
    if (name) {
      group.append(s("text", {x: name.at[0] * size, y: name.at[1] * size, class: "bw-town", "data-node": field.node},
                     [field.town]));
    }
  }
  const panel = s("g", {class: "bw-outside"});
  const rowHeight = size * 0.62;
  let y = y0 + size * 0.5;
  const [awards, pictures] = outsideRows(own);
  for (const row of awards) {
    panel.append(outsideRow(view, x0, y, size, row));
    y += rowHeight;
  }
  y += rowHeight * 0.3;
  for (const row of pictures) {
    panel.append(outsideRow(view, x0, y, size, row));
    y += rowHeight;
  }
  group.append(panel);
  return group;
}

function outsideRow(view, x, y, size, {label, note, holder, id}) {
  const row = s("g", {class: holder === null ? "bw-field free" : "bw-field taken", "data-field": id});
  row.append(s("rect", {x: x + size * 0.1, y: y - size * 0.25, width: size * 0.5, height: size * 0.5, rx: 4,
                        class: "bw-slot"}));
  if (holder !== null) {
    row.append(settlement(x + size * 0.35, y, size * 0.8, playerColor(holder), pieceLabel(view, "settlement", holder)));
  }
  row.append(s("text", {x: x + size * 0.75, y: y - size * 0.02, class: "bw-label"}, [label]));
  if (note) row.append(s("text", {x: x + size * 0.75, y: y + size * 0.22, class: "bw-note"}, [note]));
  return row;
}
