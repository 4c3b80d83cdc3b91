// Pieces on a board. Settlements, cities, roads and the robber have drawings of their own; every other
// kind is drawn from the rule set's description in view.legend.pieces[kind] (shape, color, size, text,
// label), so a variant's pieces (fishing grounds, say) appear without changes here.
// Without a description a piece is still drawn, as a labelled marker.

import {s} from "./dom.js";
import {playerColor} from "./colors.js";
import {t, term} from "./i18n.js";

const SHAPES = {
  circle: (r) => s("circle", {r}),
  ring: (r) => s("circle", {r, "fill-opacity": 0, "stroke-width": Math.max(3, r / 3)}),
  square: (r) => s("rect", {x: -r, y: -r, width: 2 * r, height: 2 * r, rx: r / 5}),
  diamond: (r) => s("polygon", {points: `0,${-r} ${r},0 0,${r} ${-r},0`}),
  triangle: (r) => s("polygon", {points: `0,${-r} ${r * 0.9},${r * 0.7} ${-r * 0.9},${r * 0.7}`}),
  hexagon: (r) => s("polygon", {points: polygon(6, r, -90)}),
  star: (r) => s("polygon", {points: star(r)}),
  flag: (r) => s("path", {d: `M ${-r / 2} ${r} L ${-r / 2} ${-r} L ${r} ${-r / 2} L ${-r / 2} 0`}),
  boat: (r) => s("path", {d: `M ${-r} 0 L ${r} 0 L ${r * 0.6} ${r * 0.6} L ${-r * 0.6} ${r * 0.6} Z M 0 0 L 0 ${-r} L ${r * 0.7} ${-r * 0.2} L 0 ${-r * 0.2}`}),
};

function polygon(n, r, start) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = ((start + (360 / n) * i) * Math.PI) / 180;
    pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function star(r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 ? r * 0.45 : r;
    const a = ((-90 + 36 * i) * Math.PI) / 180;
    pts.push(`${(rad * Math.cos(a)).toFixed(2)},${(rad * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/** A player's piece called by its kind and its owner's name ("Settlement of Anna"), or by its kind alone; the
 *  kind by the rule set's own name for it where its legend gives one (a town hall drawn as a settlement). */
export function pieceLabel(view, kind, owner) {
  const name = view.players?.[owner]?.name;
  const piece = term("pieces", kind, view.legend?.pieces?.[kind]?.label);
  return name ? t("table.piece_of", piece, name) : piece;
}

/** A piece's name for people: a tooltip, and its accessible name. */
function named(el, label) {
  if (!label) return el;
  el.setAttribute("aria-label", label);
  el.prepend(s("title", {text: label}));
  return el;
}

/** A building; a turned one (a piece with ``turned``: half downgraded) stands upside down and says so. */
function building(kind, d, scale, x, y, color, label, turned) {
  const flip = turned ? -scale : scale;
  const name = turned ? `${label || term("pieces", kind)}: ${t("pieces.turned")}` : label;
  return named(s("path", {d, class: `piece ${kind}${turned ? " turned" : ""}`, fill: color,
                          transform: `translate(${x} ${y}) scale(${scale} ${flip})`}), name);
}

export function settlement(x, y, size, color, label, turned = false) {
  return building("settlement", "M -10 9 L -10 -3 L 0 -12 L 10 -3 L 10 9 Z", 1.25 * (size / 60), x, y, color, label,
                  turned);
}

export function city(x, y, size, color, label, turned = false) {
  return building("city", "M -15 10 L -15 -4 L -7 -12 L 1 -4 L 1 -1 L 15 -1 L 15 10 Z", 1.3 * (size / 60), x, y, color,
                  label, turned);
}

/** A road between its two ends, as the board's layout gives them (short of the corners, clear of buildings). */
export function road(a, b, size, color, label) {
  const [x1, y1] = a;
  const [x2, y2] = b;
  return named(s("g", {class: "piece road"}, [
    s("line", {x1, y1, x2, y2, class: "road-outline", "stroke-width": size * 0.2}),
    s("line", {x1, y1, x2, y2, stroke: color, "stroke-width": size * 0.13, "stroke-linecap": "round"}),
  ]), label);
}

export function robber(x, y, size, label) {
  const k = size / 60;
  return named(s("g", {class: "piece robber", transform: `translate(${x} ${y}) scale(${k})`}, [
    s("ellipse", {cx: 0, cy: 14, rx: 11, ry: 4, class: "robber-base"}),
    s("path", {d: "M -9 14 Q -11 -2 -5 -6 L 5 -6 Q 11 -2 9 14 Z"}),
    s("circle", {cx: 0, cy: -11, r: 7}),
  ]), label);
}

/** A piece of a kind this page has no drawing for, from the rule set's legend entry; or a rule set's mark on
 *  the board (the layout's, docs/protocol.md), which describes itself in the same words, and may be a box
 *  (``box: [w, h]`` in hex sizes), or words alone (``shape: "none"``) in its ``text_size``. */
export function described(piece, style, x, y, size) {
  const r = size * (style.size || 0.22);
  const color = style.color === "owner" || (!style.color && piece.owner !== undefined && piece.owner !== null)
    ? playerColor(piece.owner) : style.color || "#555";
  const body = style.shape === "box" ? s("rect", {x: -style.box[0] * size / 2, y: -style.box[1] * size / 2,
                                                  width: style.box[0] * size, height: style.box[1] * size,
                                                  rx: style.box[1] * size * 0.15})
    : style.shape === "none" ? null : (SHAPES[style.shape] || SHAPES.circle)(r);
  body?.setAttribute("fill", color);
  body?.setAttribute("stroke", style.stroke || "#222");
  let text = piece.text ?? piece.number ?? style.text ?? (style.shape ? null : String(piece.kind).slice(0, 2));
  if (text && typeof text === "object") text = term("marks", piece.kind, text);
  const label = term("pieces", piece.kind, style.label);
  const children = [s("title", {text: label}), body];
  if (text !== null && text !== undefined) {
    const em = style.text_size ? style.text_size * size : r * 1.05;
    children.push(s("text", {class: style.shape === "none" ? "piece-text halo" : "piece-text", y: em / 3,
                             "font-size": em, fill: style.text_color || "#111"}, [String(text)]));
  }
  return s("g", {class: `piece extra kind-${piece.kind}`, transform: `translate(${x} ${y})`, "aria-label": label}, children);
}
