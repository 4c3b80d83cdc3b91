// The board as SVG, drawn from view.board (hexes, harbours, nodes, edges) and view.pieces ({kind, at,
// owner}) where the board's layout puts them: view.layout (what stays for the game: frame, hexes, nodes,
// harbours, fixed marks) and view.placed (where each piece stands, moving marks), which the server computes
// once for every renderer (siedler.games.catan.layout, docs/protocol.md "Board layout"); nothing here
// computes a place. Every hex, node and edge carries its target name (hex:F, node:12, edge:12-13) so the
// action layer can highlight and click what the rules allow. What a rule set draws beyond the shared pieces
// comes from its table layers (layers.js).

import {s} from "./dom.js";
import {playerColor, RESOURCE_COLORS, terrainColor} from "./colors.js";
import {t, term} from "./i18n.js";
import {city, described, pieceLabel, road, robber, settlement} from "./pieces.js";
import {fromLayers} from "./layers.js";

const SIZE = 60;
const HARBOR_R = 0.26;
const HIT = 0.9; // a hex's click target, inside its outline
const NODE_REACH = 0.45; // a corner's tap area, in hex sizes: nearly half the way to the next corner
const EDGE_REACH = 0.4; // a path's tap band, in hex sizes
const READABLE_PX = 11; // the least size, in pixels, of a word a layer writes on the map

/** A layout point (in hex sizes) in this picture's pixels. */
function px([x, y]) {
  return [x * SIZE, y * SIZE];
}

function polygon(points) {
  return points.map((p) => px(p).map((v) => v.toFixed(1)).join(",")).join(" ");
}

function pips(n) {
  return 6 - Math.abs(7 - n);
}

export function renderBoard(view, ruleset = view.ruleset) {
  const board = view.board;
  const legend = view.legend || {};
  const layout = view.layout;
  const placed = view.placed || {pieces: [], marks: []};
  const nodes = layout.nodes.map(px);
  const hexes = {};
  board.hexes.forEach((hx, i) => { hexes[hx.id] = {...hx, ...layout.hexes[i], center: px(layout.hexes[i].at)}; });
  const geo = {nodes, hexes, sides: layout.sides};

  const [minX, minY, width, height] = layout.frame.map((v) => v * SIZE);

  const svg = s("svg", {class: "board", viewBox: `${minX} ${minY} ${width} ${height}`,
                        preserveAspectRatio: "xMidYMid meet", role: "img"});
  // A layer that writes small words on the map asks for a least size: a phone then pans a board drawn that
  // large instead of shrinking the words below what can be read (style.css, svg.board.pan).
  const smallest = Math.min(...fromLayers(ruleset, "smallestText", view));
  if (Number.isFinite(smallest)) {
    const scale = READABLE_PX / smallest;
    svg.classList.add("pan");
    svg.style.setProperty("--pan-width", `${Math.ceil(width * scale)}px`);
    svg.style.setProperty("--pan-height", `${Math.ceil(height * scale)}px`);
  }
  svg.append(s("rect", {x: minX, y: minY, width, height, class: "sea", rx: 18}));

  const land = s("g", {class: "hexes"});
  const tokens = s("g", {class: "tokens"});
  for (const hx of Object.values(hexes)) {
    const terrain = term("terrain", hx.terrain, legend.terrains?.[hx.terrain]?.label);
    land.append(s("polygon", {points: polygon(hx.corners), class: `hex terrain-${hx.terrain}`,
                              fill: terrainColor(hx.terrain, legend), "aria-label": `${hx.id}: ${terrain}`},
                 [s("title", {text: `${hx.id}: ${terrain}`})]));
    const [lx, ly] = px(hx.label);
    land.append(s("text", {x: lx, y: ly, class: "hex-label"}, [hx.id]));
    if (hx.number) {
      const [cx, cy] = px(hx.token);
      const red = hx.number === 6 || hx.number === 8;
      const odds = t("table.token_odds", hx.number, pips(hx.number));
      tokens.append(s("g", {class: "token", "data-hex": hx.id, transform: `translate(${cx} ${cy})`,
                            "aria-label": odds}, [
        s("title", {text: odds}),
        s("circle", {r: SIZE * 0.3}),
        s("text", {y: SIZE * 0.06, class: red ? "number red" : "number"}, [String(hx.number)]),
        s("text", {y: SIZE * 0.2, class: red ? "pips red" : "pips"}, ["•".repeat(pips(hx.number))]),
      ]));
    }
  }
  svg.append(land, tokens, harbors(board, layout));

  // Click targets: hexes, edges and nodes, transparent until the rules make them targets.
  const hexHits = s("g", {class: "hits"});
  for (const hx of Object.values(hexes)) {
    const [cx, cy] = hx.center;
    hexHits.append(s("polygon", {points: polygon(hx.corners), class: "hit hex-hit", "data-target": `hex:${hx.id}`,
                                 transform: `matrix(${HIT} 0 0 ${HIT} ${cx * (1 - HIT)} ${cy * (1 - HIT)})`}));
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
  // A finger's reach: each corner's and path's target again, invisible and larger, under the drawn ones. A
  // path's band lies over its corners' discs, so a tap along a path takes the path, one near a corner the
  // corner; together they cover the board's every point near a place (a phone shows a corner 12 px wide).
  const reach = s("g", {class: "hits reach"});
  nodes.forEach(([x, y], i) => {
    reach.append(s("circle", {cx: x, cy: y, r: SIZE * NODE_REACH, class: "hit node-reach", "data-target": `node:${i}`,
                             "data-reach": "1"}));
  });
  for (const [a, b] of board.edges) {
    const [x1, y1] = nodes[a];
    const [x2, y2] = nodes[b];
    reach.append(s("line", {x1, y1, x2, y2, class: "hit edge-reach", "data-target": `edge:${a}-${b}`,
                            "data-reach": "1", "stroke-width": SIZE * EDGE_REACH}));
  }

  const roads = s("g", {class: "roads"});
  const buildings = s("g", {class: "buildings"});
  const extras = s("g", {class: "extras"});
  // Each piece is drawn where the layout places it; data-piece is its index in view.pieces.
  (view.pieces || []).forEach((piece, i) => {
    const place = placed.pieces[i];
    if (!place) return;
    const color = playerColor(piece.owner);
    const label = pieceLabel(view, piece.kind, piece.owner);
    let drawn;
    if (place.ends) {
      drawn = road(px(place.ends[0]), px(place.ends[1]), SIZE, color, label);
      roads.append(drawn);
    } else {
      const [x, y] = px(place.at);
      if (piece.kind === "settlement") buildings.append(drawn = settlement(x, y, SIZE, color, label, piece.turned));
      else if (piece.kind === "city") buildings.append(drawn = city(x, y, SIZE, color, label, piece.turned));
      else if (piece.kind === "robber") {
        extras.append(drawn = robber(x, y, SIZE * 0.8, term("pieces", "robber", view.names?.robber)));
      } else {
        drawn = described(piece, (legend.pieces && legend.pieces[piece.kind]) || {}, x, y, SIZE);
        if (piece.target) drawn.setAttribute("data-target", piece.target);
        extras.append(drawn);
      }
    }
    drawn.setAttribute("data-piece", i);
  });
  // A rule set's marks its own table layer does not draw, by their shape (a plug-in's, the lake's numbers).
  const marks = s("g", {class: "marks"});
  for (const mark of [...(layout.marks || []), ...(placed.marks || [])]) {
    if (mark.own) continue;
    const drawn = described(mark, mark, ...px(mark.at), SIZE);
    drawn.setAttribute("data-mark", `${mark.layer}:${mark.kind}:${mark.node ?? ""}`);
    marks.append(drawn);
  }
  svg.append(hexHits, marks, roads, reach, edgeHits, ...fromLayers(ruleset, "under", view, geo, SIZE), buildings,
             nodeHits, extras, ...fromLayers(ruleset, "over", view, geo, SIZE));
  return svg;
}

function harbors(board, layout) {
  const group = s("g", {class: "harbors"});
  (board.harbors || []).forEach((hb, i) => {
    const place = layout.harbors[i];
    if (!place) return;
    const [x, y] = px(place.at);
    const [a, b] = place.piers.map(px);
    const generic = hb.type === "3:1";
    const fill = generic ? "#fff" : RESOURCE_COLORS[hb.type] || "#ddd";
    const name = generic ? "3:1" : `2:1 ${term("resources", hb.type)}`;
    group.append(s("g", {class: "harbor"}, [
      s("line", {x1: x, y1: y, x2: a[0], y2: a[1], class: "pier"}),
      s("line", {x1: x, y1: y, x2: b[0], y2: b[1], class: "pier"}),
      s("circle", {cx: x, cy: y, r: SIZE * HARBOR_R, fill, class: "harbor-disc", "aria-label": name}, [s("title", {text: name})]),
      s("text", {x, y: y + SIZE * 0.08, class: "harbor-text"}, [generic ? "3:1" : "2:1"]),
    ]));
  });
  return group;
}
