// Turning legal actions into things to click. Each action arrives as {action, label, target, kind}:
// - with a target ("node:12", "hex:F", "card:7"...) whatever the view drew under that name is highlighted,
//   and clicking it plays the action, or offers a chooser when several actions share the target;
// - without one (or with a target nothing drew) it becomes a button in the menu, grouped by kind.
// Nothing here knows a rule set's notation.

import {composable, composer, forgetDrafts} from "./compose.js";
import {clear, h} from "./dom.js";
import {t} from "./i18n.js";

/** Highlight every drawn target of a legal action; return the actions whose target was not drawn. With
 *  ``confirm``, a place on the board with one action is not played at once: confirm(action, target) shows
 *  it first. */
export function bindTargets(root, actions, play, confirm = null) {
  const byTarget = new Map();
  for (const action of actions) {
    if (!action.target) continue;
    if (!byTarget.has(action.target)) byTarget.set(action.target, []);
    byTarget.get(action.target).push(action);
  }
  const drawn = new Set();
  for (const el of root.querySelectorAll("[data-target]")) {
    const list = byTarget.get(el.getAttribute("data-target"));
    if (!list) continue;
    drawn.add(el.getAttribute("data-target"));
    // A finger's reach around a drawn target (board.js, data-reach) takes its clicks unseen: not a target
    // that shows, only one that listens.
    el.classList.add(el.dataset.reach ? "live" : "target");
    el.addEventListener("click", (event) => {
      event.stopPropagation();
      if (list.length === 1 && confirm && el.closest("svg.board")) confirm(list[0], el.getAttribute("data-target"));
      else if (list.length === 1) play(list[0].action);
      else openChooser(list, event, play);
    });
  }
  return actions.filter((a) => !a.target || !drawn.has(a.target));
}

let chooser = null;

export function closeChooser() {
  if (chooser) chooser.remove();
  chooser = null;
}

/** A small menu at the pointer, for actions sharing one target (e.g. whom to rob). */
export function openChooser(list, event, play) {
  closeChooser();
  chooser = h("div", {class: "chooser", role: "menu"}, [
    h("div", {class: "chooser-title", text: t("choose")}),
    ...list.map((a) => h("button", {class: "action-btn", "data-action": a.action, text: a.label,
                                     onclick: () => { closeChooser(); play(a.action); }})),
    h("button", {class: "link-btn", text: t("cancel"), onclick: closeChooser}),
  ]);
  document.body.append(chooser);
  const x = Math.min(event.clientX + 8, window.innerWidth - chooser.offsetWidth - 8);
  const y = Math.min(event.clientY + 8, window.innerHeight - chooser.offsetHeight - 8);
  Object.assign(chooser.style, {left: `${Math.max(8, x)}px`, top: `${Math.max(8, y)}px`});
}

const FIRST = ["roll"];
const LAST = ["end"];
const MAX_BUTTONS = 8;

/** The menu: one row of buttons per kind of action; a kind with many composed step by step (compose.js),
 *  or, where its actions come without parts, a drop-down. ``rerender`` redraws the table. */
export function renderMenu(container, actions, play, skipKinds = new Set(), rerender = () => {}) {
  clear(container);
  const groups = new Map();
  for (const action of actions) {
    if (skipKinds.has(action.kind)) continue;
    if (!groups.has(action.kind)) groups.set(action.kind, []);
    groups.get(action.kind).push(action);
  }
  forgetDrafts(new Set(groups.keys()));
  const kinds = [...groups.keys()].sort((a, b) => rank(a) - rank(b));
  for (const kind of kinds) {
    const list = groups.get(kind);
    const primary = FIRST.includes(kind) || LAST.includes(kind) ? " primary" : "";
    if (list.length > MAX_BUTTONS && composable(list)) {
      container.append(h("div", {class: "menu-row compose-row"}, [composer(kind, list, play, rerender)]));
    } else if (list.length <= MAX_BUTTONS) {
      container.append(h("div", {class: "menu-row"}, list.map((a) =>
        h("button", {class: `action-btn${primary}`, "data-action": a.action, "data-kind": kind, text: a.label,
                     onclick: () => play(a.action)}))));
    } else {
      const select = h("select", {class: "menu-select", "data-kind": kind},
        list.map((a) => h("option", {value: a.action, text: a.label})));
      container.append(h("div", {class: "menu-row"}, [
        select, h("button", {class: "action-btn", "data-kind": kind, text: "▶", onclick: () => play(select.value)}),
      ]));
    }
  }
}

function rank(kind) {
  if (FIRST.includes(kind)) return -1;
  if (LAST.includes(kind)) return 1;
  return 0;
}
