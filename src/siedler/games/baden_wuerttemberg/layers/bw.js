// Baden-Württemberg Catan's table layer (the page's hooks: siedler/web/js/layers.js): town names on the city
// and landmark fields and the landmarks (built or not, with their reward) on the map, and beside it (under
// it on a phone) the landmarks' outside pictures and the two award fields, each with the town hall standing
// on it, as a list in the page's type. Drawn from view.board.fields and view.baden_wuerttemberg only, each
// field's name where the board's layout puts it (its "fields" marks, computed by the rule set's package:
// games/baden_wuerttemberg/layout.py); town names stay German, landmark names come with the view in every
// language, the other words from this rule set's catalog.

import {h, s} from "/static/js/dom.js";
import {playerColor} from "/static/js/colors.js";
import {t, term} from "/static/js/i18n.js";
import {pieceLabel, settlement} from "/static/js/pieces.js";

const TOWN_TEXT = 13.2; // a town name's size on the map, in the board's units (.bw-town, and the layout's)

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

/** The smallest words this layer writes on the board, in its units: a phone draws the map at least so large
 *  that they stay readable, and lets the map be panned (board.js). */
export function smallestText() {
  return TOWN_TEXT;
}

/** The fields on the map: city rings and landmark diamonds, and the towns' names. */
export function under(view, {nodes}, size) {
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
  return group;
}

/** The outside fields beside the map: the two awards, then each landmark's outside picture, each with the
 *  town hall standing on it (or an empty slot). */
export function panel(view) {
  const own = view.baden_wuerttemberg;
  if (!own || view.over) return null;
  const [awards, pictures] = outsideRows(own);
  const row = ({label, note, holder, id}) => h("li", {class: holder === null ? "bw-field free" : "bw-field taken",
                                                      "data-field": id}, [
    fieldSlot(view, holder),
    h("span", {class: "bw-words"}, [h("span", {class: "bw-label", text: label}),
                                    note ? h("small", {class: "bw-note", text: note}) : null]),
  ]);
  return h("section", {class: "bw-outside", id: "bw-outside"}, [
    h("ul", {class: "bw-awards"}, awards.map(row)),
    h("ul", {class: "bw-pictures"}, pictures.map(row)),
  ]);
}

function fieldSlot(view, holder) {
  const slot = s("svg", {class: "bw-slot", viewBox: "-15 -15 30 30", width: 24, height: 24}, [
    s("rect", {x: -13, y: -13, width: 26, height: 26, rx: 4, class: "bw-slot-box"}),
  ]);
  if (holder !== null) slot.append(settlement(0, 0, 40, playerColor(holder), pieceLabel(view, "settlement", holder)));
  return slot;
}
