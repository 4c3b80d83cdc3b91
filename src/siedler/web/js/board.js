// The board as SVG, drawn from view.board (hexes in axial q/r, harbours, nodes in a doubled integer grid,
// edges as node pairs) and view.pieces ({kind, at, owner}). Every hex, node and edge carries its target
// name (hex:F, node:12, edge:12-13) so the action layer can highlight and click what the rules allow.

import {s} from "./dom.js";
import {playerColor, RESOURCE_COLORS, terrainColor} from "./colors.js";
import {term} from "./i18n.js";
import {city, described, road, robber, settlement} from "./pieces.js";
import {bwLayer, bwPanelWidth} from "./bw.js";

const SIZE = 60;
const R3 = Math.sqrt(3);

export function nodePoint([x, y]) {
  return [x * (R3 / 2) * SIZE, y * (SIZE / 2)];
}

export function hexCenter(q, r) {
  return [(2 * q + r) * (R3 / 2) * SIZE, 3 * r * (SIZE / 2)];
}

function hexPoints(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = ((-90 + 60 * i) * Math.PI) / 180;
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function pips(n) {
  return 6 - Math.abs(7 - n);
}

/** Where a piece's "at" points: node id, edge "a-b", hex id, {q, r} or {x, y}. */
function locate(at, geo) {
  if (typeof at === "number") return {point: geo.nodes[at], on: "node"};
  if (typeof at === "string") {
    if (geo.hexes[at]) return {point: geo.hexes[at].center, on: "hex"};
    const m = /^(\d+)-(\d+)$/.exec(at);
    if (m) return {point: null, ends: [geo.nodes[+m[1]], geo.nodes[+m[2]]], on: "edge"};
    if (/^\d+$/.test(at)) return {point: geo.nodes[+at], on: "node"};
  }
  if (at && typeof at === "object") {
    if ("q" in at && "r" in at) return {point: hexCenter(at.q, at.r), on: "hex"};
    if ("x" in at && "y" in at) return {point: nodePoint([at.x, at.y]), on: "node"};
  }
  return null;
}

export function renderBoard(view) {
  const board = view.board;
  const legend = view.legend || {};
  const nodes = board.nodes.map(nodePoint);
  const hexes = {};
  for (const hx of board.hexes) hexes[hx.id] = {...hx, center: hexCenter(hx.q, hx.r)};
  const geo = {nodes, hexes};

  const xs = [];
  const ys = [];
  for (const hx of Object.values(hexes)) {
    xs.push(hx.center[0]);
    ys.push(hx.center[1]);
  }
  const pad = SIZE * 1.75;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const mapRight = Math.max(...xs) + pad;
  const width = mapRight - minX + bwPanelWidth(view, SIZE);
  const height = Math.max(...ys) - minY + pad;

  const svg = s("svg", {class: "board", viewBox: `${minX} ${minY} ${width} ${height}`,
                        preserveAspectRatio: "xMidYMid meet", role: "img"});
  svg.append(s("rect", {x: minX, y: minY, width, height, class: "sea", rx: 18}));

  const land = s("g", {class: "hexes"});
  const tokens = s("g", {class: "tokens"});
  for (const hx of Object.values(hexes)) {
    const [cx, cy] = hx.center;
    land.append(s("polygon", {points: hexPoints(cx, cy, SIZE - 1), class: `hex terrain-${hx.terrain}`,
                              fill: terrainColor(hx.terrain, legend)},
                 [s("title", {text: `${hx.id}: ${term("terrain", hx.terrain, legend.terrains?.[hx.terrain]?.label)}`})]));
    land.append(s("text", {x: cx, y: cy - SIZE * 0.62, class: "hex-label"}, [hx.id]));
    if (hx.number) {
      const red = hx.number === 6 || hx.number === 8;
      tokens.append(s("g", {class: "token", transform: `translate(${cx} ${cy})`}, [
        s("circle", {r: SIZE * 0.3}),
        s("text", {y: SIZE * 0.06, class: red ? "number red" : "number"}, [String(hx.number)]),
        s("text", {y: SIZE * 0.2, class: red ? "pips red" : "pips"}, ["•".repeat(pips(hx.number))]),
      ]));
    }
  }
  svg.append(land, tokens, harbors(board, geo));

  // Click targets: hexes, edges and nodes, transparent until the rules make them targets.
  const hexHits = s("g", {class: "hits"});
  for (const hx of Object.values(hexes)) {
    hexHits.append(s("polygon", {points: hexPoints(hx.center[0], hx.center[1], SIZE * 0.9), class: "hit hex-hit",
                                 "data-target": `hex:${hx.id}`}));
  }
  const edgeHits = s("g", {class: "hits"});
  for (const [a, b] of board.edges) {
    const [x1, y1] = nodes[a];
    const [x2, y2] = nodes[b];
    edgeHits.append(s("line", {x1, y1, x2, y2, class: "hit edge-hit", "data-target": `edge:${a}-${b}`}));
  }
  const nodeHits = s("g", {class: "hits"});
  nodes.forEach(([x, y], i) => {
    nodeHits.append(s("circle", {cx: x, cy: y, r: SIZE * 0.16, class: "hit node-hit", "data-target": `node:${i}`}));
  });

  const roads = s("g", {class: "roads"});
  const buildings = s("g", {class: "buildings"});
  const extras = s("g", {class: "extras"});
  for (const piece of view.pieces || []) {
    const place = locate(piece.at, geo);
    if (!place) continue;
    const color = playerColor(piece.owner);
    if (piece.kind === "road" && place.ends) roads.append(road(place.ends[0], place.ends[1], SIZE, color));
    else if (piece.kind === "settlement" && place.point) buildings.append(settlement(...place.point, SIZE, color));
    else if (piece.kind === "city" && place.point) buildings.append(city(...place.point, SIZE, color));
    else if (piece.kind === "robber" && place.point) {
      const offset = place.on === "hex" && hexes[piece.at]?.number ? SIZE * 0.52 : 0;
      extras.append(robber(place.point[0] - offset, place.point[1] + SIZE * 0.05, SIZE));
    } else {
      const style = (legend.pieces && legend.pieces[piece.kind]) || {};
      let [x, y] = place.point || midpoint(place.ends);
      if (place.on === "hex") y -= SIZE * 0.45 * (style.offset ?? 1);
      const drawn = described(piece, style, x, y, SIZE);
      if (piece.target) drawn.setAttribute("data-target", piece.target);
      extras.append(drawn);
    }
  }
  const fields = bwLayer(view, nodes, SIZE, mapRight, minY);
  svg.append(hexHits, roads, edgeHits, ...(fields ? [fields] : []), buildings, nodeHits, extras);
  return svg;
}

function midpoint([a, b]) {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function harbors(board, geo) {
  const group = s("g", {class: "harbors"});
  for (const hb of board.harbors || []) {
    const [a, b] = hb.nodes.map((n) => geo.nodes[n]);
    const hex = geo.hexes[hb.hex];
    if (!a || !b || !hex) continue;
    const [mx, my] = midpoint([a, b]);
    const dx = mx - hex.center[0];
    const dy = my - hex.center[1];
    const len = Math.hypot(dx, dy) || 1;
    const x = mx + (dx / len) * SIZE * 0.62;
    const y = my + (dy / len) * SIZE * 0.62;
    const generic = hb.type === "3:1";
    const fill = generic ? "#fff" : RESOURCE_COLORS[hb.type] || "#ddd";
    const name = generic ? "3:1" : `2:1 ${term("resources", hb.type)}`;
    group.append(s("g", {class: "harbor"}, [
      s("line", {x1: x, y1: y, x2: a[0], y2: a[1], class: "pier"}),
      s("line", {x1: x, y1: y, x2: b[0], y2: b[1], class: "pier"}),
      s("circle", {cx: x, cy: y, r: SIZE * 0.26, fill, class: "harbor-disc"}, [s("title", {text: name})]),
      s("text", {x, y: y + SIZE * 0.08, class: "harbor-text"}, [generic ? "3:1" : "2:1"]),
    ]));
  }
  return group;
}
