// The board as SVG, drawn from view.board (hexes in axial q/r, harbours, nodes in a doubled integer grid,
// edges as node pairs) and view.pieces ({kind, at, owner}). Every hex, node and edge carries its target
// name (hex:F, node:12, edge:12-13) so the action layer can highlight and click what the rules allow.
// What a rule set draws beyond the shared pieces comes from its table layers (layers.js).

import {s} from "./dom.js";
import {playerColor, RESOURCE_COLORS, terrainColor} from "./colors.js";
import {t, term} from "./i18n.js";
import {city, described, pieceLabel, road, robber, settlement} from "./pieces.js";
import {ownHexSides} from "./corners.js";
import {fromLayers} from "./layers.js";

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

export function renderBoard(view, ruleset = view.ruleset) {
  const board = view.board;
  const legend = view.legend || {};
  const nodes = board.nodes.map(nodePoint);
  const hexes = {};
  for (const hx of board.hexes) hexes[hx.id] = {...hx, center: hexCenter(hx.q, hx.r)};
  const geo = {nodes, hexes, sides: ownHexSides(nodes, board.edges)};

  // The frame holds every hex, harbour and piece drawn on the sea (fishing grounds), with a margin.
  const reach = Object.values(hexes).map((hx) => [...hx.center, SIZE]);
  for (const spot of harborSpots(board, geo)) reach.push([spot.x, spot.y, SIZE * HARBOR_R]);
  for (const piece of view.pieces || []) {
    const place = locate(piece.at, geo);
    if (place?.on === "hex" && place.point) reach.push([...place.point, SIZE]);
  }
  reach.push(...fromLayers(ruleset, "reach", view, geo, SIZE));
  const margin = SIZE * 0.25;
  const minX = Math.min(...reach.map(([x, , r]) => x - r)) - margin;
  const minY = Math.min(...reach.map(([, y, r]) => y - r)) - margin;
  const mapRight = Math.max(...reach.map(([x, , r]) => x + r)) + margin;
  const width = mapRight - minX + Math.max(0, ...fromLayers(ruleset, "sideWidth", view, SIZE));
  const height = Math.max(...reach.map(([, y, r]) => y + r)) + margin - minY;

  const svg = s("svg", {class: "board", viewBox: `${minX} ${minY} ${width} ${height}`,
                        preserveAspectRatio: "xMidYMid meet", role: "img"});
  svg.append(s("rect", {x: minX, y: minY, width, height, class: "sea", rx: 18}));

  const land = s("g", {class: "hexes"});
  const tokens = s("g", {class: "tokens"});
  for (const hx of Object.values(hexes)) {
    const [cx, cy] = hx.center;
    const terrain = term("terrain", hx.terrain, legend.terrains?.[hx.terrain]?.label);
    land.append(s("polygon", {points: hexPoints(cx, cy, SIZE - 1), class: `hex terrain-${hx.terrain}`,
                              fill: terrainColor(hx.terrain, legend), "aria-label": `${hx.id}: ${terrain}`},
                 [s("title", {text: `${hx.id}: ${terrain}`})]));
    land.append(s("text", {x: cx, y: cy - SIZE * 0.62, class: "hex-label"}, [hx.id]));
    if (hx.number) {
      const red = hx.number === 6 || hx.number === 8;
      const odds = t("table.token_odds", hx.number, pips(hx.number));
      tokens.append(s("g", {class: "token", transform: `translate(${cx} ${cy})`, "aria-label": odds}, [
        s("title", {text: odds}),
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
    const label = pieceLabel(view, piece.kind, piece.owner);
    if (piece.kind === "road" && place.ends) roads.append(road(place.ends[0], place.ends[1], SIZE, color, label));
    else if (piece.kind === "settlement" && place.point) buildings.append(settlement(...place.point, SIZE, color, label, piece.turned));
    else if (piece.kind === "city" && place.point) buildings.append(city(...place.point, SIZE, color, label, piece.turned));
    else if (piece.kind === "robber" && place.point) {
      // Beside the number token, never on it, and clear of the buildings on the hex's left corners: the
      // token's radius is 0.3 SIZE; the robber, drawn at 0.8, is 0.3 wide and 0.48 high.
      const offset = place.on === "hex" && hexes[piece.at]?.number ? SIZE * 0.5 : 0;
      const name = term("pieces", "robber", view.names?.robber);
      extras.append(robber(place.point[0] - offset, place.point[1] - SIZE * 0.01, SIZE * 0.8, name));
    } else {
      const style = (legend.pieces && legend.pieces[piece.kind]) || {};
      let [x, y] = place.point || midpoint(place.ends);
      // A piece on a land hex sits above its token; one on the sea (a fishing ground) at the sea hex's centre.
      const land = place.on === "hex" && (typeof piece.at === "string" || hexAt(hexes, piece.at));
      if (land) y -= SIZE * 0.45 * (style.offset ?? 1);
      const drawn = described(piece, style, x, y, SIZE);
      if (piece.target) drawn.setAttribute("data-target", piece.target);
      extras.append(drawn);
    }
  }
  const frame = {right: mapRight, top: minY};
  svg.append(hexHits, roads, edgeHits, ...fromLayers(ruleset, "under", view, geo, SIZE, frame), buildings, nodeHits,
             extras, ...fromLayers(ruleset, "over", view, geo, SIZE, frame));
  return svg;
}

function hexAt(hexes, at) {
  return Object.values(hexes).find((hx) => hx.q === at.q && hx.r === at.r);
}

function midpoint([a, b]) {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

const HARBOR_R = 0.26;

/** Each harbour's disc: off the coast, on the line from its hex's centre through the middle of its side. */
function harborSpots(board, geo) {
  const spots = [];
  for (const hb of board.harbors || []) {
    const [a, b] = hb.nodes.map((n) => geo.nodes[n]);
    const hex = geo.hexes[hb.hex];
    if (!a || !b || !hex) continue;
    const [mx, my] = midpoint([a, b]);
    const dx = mx - hex.center[0];
    const dy = my - hex.center[1];
    const len = Math.hypot(dx, dy) || 1;
    spots.push({hb, a, b, x: mx + (dx / len) * SIZE * 0.62, y: my + (dy / len) * SIZE * 0.62});
  }
  return spots;
}

function harbors(board, geo) {
  const group = s("g", {class: "harbors"});
  for (const {hb, a, b, x, y} of harborSpots(board, geo)) {
    const generic = hb.type === "3:1";
    const fill = generic ? "#fff" : RESOURCE_COLORS[hb.type] || "#ddd";
    const name = generic ? "3:1" : `2:1 ${term("resources", hb.type)}`;
    group.append(s("g", {class: "harbor"}, [
      s("line", {x1: x, y1: y, x2: a[0], y2: a[1], class: "pier"}),
      s("line", {x1: x, y1: y, x2: b[0], y2: b[1], class: "pier"}),
      s("circle", {cx: x, cy: y, r: SIZE * HARBOR_R, fill, class: "harbor-disc", "aria-label": name}, [s("title", {text: name})]),
      s("text", {x, y: y + SIZE * 0.08, class: "harbor-text"}, [generic ? "3:1" : "2:1"]),
    ]));
  }
  return group;
}
