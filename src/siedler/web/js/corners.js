// Which way from a corner lies the hex that has it as its top or bottom point (its "own" hex). On a board of
// pointy-topped hexes every corner has one vertical side: a corner with that side going up is the top point
// of the hex below it, one with it going down the bottom point of the hex above. Between such a corner and
// its own hex's number token (at one hex size, radius 0.3) there is room that no other corner's piece and
// no other token reaches: the place for what belongs to the corner (a town's name, an army).

/** Per node, +1 where its own hex lies below it (on screen), -1 where it lies above; from the edges alone,
 *  so that a coastal corner whose vertical side is missing gets the side its other two sides point away from. */
export function ownHexSides(nodes, edges) {
  const slopes = nodes.map(() => []);
  for (const [a, b] of edges) {
    const dx = nodes[b][0] - nodes[a][0];
    const dy = nodes[b][1] - nodes[a][1];
    slopes[a].push([dx, dy]);
    slopes[b].push([-dx, -dy]);
  }
  return slopes.map((sides) => {
    const vertical = sides.find(([dx]) => Math.abs(dx) < 1e-6);
    if (vertical) return vertical[1] < 0 ? 1 : -1;
    const down = sides.reduce((sum, [, dy]) => sum + dy, 0);
    return down > 0 ? 1 : -1;
  });
}
