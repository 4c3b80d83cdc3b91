// Baden-Württemberg Catan on the board: town names on the city and landmark fields, the landmarks (built or
// not, with their reward), and beside the map the landmarks' outside pictures and the two award fields, each
// with the town hall standing on it. Drawn from view.board.fields and view.baden_wuerttemberg only; town
// names stay German, landmark names come with the view in every language.

import {s} from "./dom.js";
import {playerColor} from "./colors.js";
import {t, term} from "./i18n.js";
import {settlement} from "./pieces.js";

const PANEL = 4.2; // width of the outside panel, in hex sizes

function rewardText(reward) {
  if (reward.kind === "resources") {
    return Object.entries(reward.resources).map(([r, n]) => `${n} ${term("resources", r)}`).join(", ");
  }
  return t(`bw.reward_${reward.kind}`);
}

/** Extra width the board needs on its right for the outside panel (0 for other rule sets). */
export function bwPanelWidth(view, size) {
  return view.baden_wuerttemberg ? PANEL * size : 0;
}

/** The fields on the map and the outside panel at x0 (the map's right edge), or null for other rule sets. */
export function bwLayer(view, nodes, size, x0, y0) {
  const own = view.baden_wuerttemberg;
  if (!own || !view.board.fields) return null;
  const group = s("g", {class: "bw"});
  for (const field of view.board.fields) {
    const [x, y] = nodes[field.node];
    const landmark = field.kind === "landmark";
    const mark = landmark
      ? s("rect", {x: x - size * 0.2, y: y - size * 0.2, width: size * 0.4, height: size * 0.4,
                   class: field.built ? "bw-landmark built" : "bw-landmark", "data-town": field.town})
      : s("circle", {cx: x, cy: y, r: size * 0.2, class: "bw-city", "data-town": field.town});
    const title = landmark ? `${field.town}: ${term("landmark", field.landmark, field.name)} (${rewardText(field.reward)})`
                           : field.town;
    mark.append(s("title", {text: title}));
    group.append(mark, s("text", {x, y: y + size * 0.42, class: "bw-town"}, [field.town]));
  }
  const panel = s("g", {class: "bw-outside"});
  const rowHeight = size * 0.62;
  let y = y0 + size * 0.5;
  const awards = [["longest_road", own.awards.longest_road], ["largest_army", own.awards.largest_army]];
  for (const [award, holder] of awards) {
    panel.append(outsideRow(x0, y, size, t(`bw.${award}`), "", holder, `award:${award}`));
    y += rowHeight;
  }
  y += rowHeight * 0.3;
  for (const entry of own.outside) {
    const label = `${entry.town}: ${term("landmark", entry.landmark, entry.name)}`;
    panel.append(outsideRow(x0, y, size, label, rewardText(entry.reward), entry.town_hall, `outside:${entry.town}`));
    y += rowHeight;
  }
  group.append(panel);
  return group;
}

function outsideRow(x, y, size, label, note, holder, id) {
  const row = s("g", {class: holder === null ? "bw-field free" : "bw-field taken", "data-field": id});
  row.append(s("rect", {x: x + size * 0.1, y: y - size * 0.25, width: size * 0.5, height: size * 0.5, rx: 4,
                        class: "bw-slot"}));
  if (holder !== null) row.append(settlement(x + size * 0.35, y, size * 0.8, playerColor(holder)));
  row.append(s("text", {x: x + size * 0.75, y: y - size * 0.02, class: "bw-label"}, [label]));
  if (note) row.append(s("text", {x: x + size * 0.75, y: y + size * 0.22, class: "bw-note"}, [note]));
  return row;
}
