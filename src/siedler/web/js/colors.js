// Colours: players by seat, terrains and resources of the Catan family. A rule set's own terrains and
// pieces bring their colours in the view's "legend" (docs/protocol.md, "Rendering contract").

export const PLAYER_COLORS = ["#d7263d", "#1b6ec2", "#f08c00", "#2a9d3f", "#8e44ad", "#6d4c41"];

export function playerColor(seat) {
  if (seat === null || seat === undefined || seat < 0) return "#777";
  return PLAYER_COLORS[seat % PLAYER_COLORS.length];
}

export const TERRAIN_COLORS = {
  forest: "#2f7d32", hills: "#c0622d", pasture: "#9ccc65", fields: "#f2c94c", mountains: "#8d99ae",
  desert: "#e8d6a5", sea: "#4aa3df", water: "#4aa3df", lake: "#4aa3df", gold: "#d4af37",
};

export const RESOURCE_COLORS = {
  wood: "#2f7d32", brick: "#c0622d", wool: "#9ccc65", grain: "#f2c94c", ore: "#8d99ae",
};

export function terrainColor(terrain, legend) {
  const style = legend && legend.terrains && legend.terrains[terrain];
  if (style && style.color) return style.color;
  return TERRAIN_COLORS[terrain] || "#bbb";
}
