// Pig's table layer: the page asks it for the play area (a rule set without a board); the players' rows, the
// cost card, the log and the roll/hold buttons are the page's own. Drawn from the view alone, in Pig's words.

import {h} from "/static/js/dom.js";
import {playerColor} from "/static/js/colors.js";
import {t} from "/static/js/i18n.js";

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function playArea(view) {
  const bars = view.players.map((p) => h("li", {class: "pig-bar", "data-seat": p.seat,
                                                style: {"--player": playerColor(p.seat)}}, [
    h("span", {class: "pig-name", text: p.name}),
    h("span", {class: "pig-track"}, [h("span", {class: "pig-fill",
                                                style: {width: `${Math.min(100, (100 * p.score) / view.target)}%`}})]),
    h("b", {text: String(p.score)}),
  ]));
  return h("section", {class: "pig", id: "pig"}, [
    h("div", {class: "pig-roll"}, [
      h("span", {class: "pig-die", title: t("pig.last_roll"), text: FACES[view.last_roll] || "·"}),
      h("span", {class: "pig-turn", text: t("pig.turn", view.turn_total)}),
    ]),
    h("p", {class: "pig-target", text: t("pig.target", view.target)}),
    h("ol", {class: "pig-bars"}, bars),
  ]);
}
