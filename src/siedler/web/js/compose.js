// A choice with many variants, composed step by step instead of picked from a long list: an action kind
// whose legal actions are too many for a row of buttons comes with each action's parts (the server's
// `parts`: [field, words] per step its kind declares, in the order a person chooses: what, which, to whom,
// for what). The composer asks one step at a time, offering the words of that step's values among the
// actions that still match (a screenful at a time), shows the action it arrived at in words, and plays it
// only when asked. Nothing here knows a rule set: the steps, their words and the result's label all come
// with the actions, the prompts from the catalog (`page.compose.<kind>`, `page.compose_step.<field>`).
//
// An action that gives away a building, a unit or a card (the server's `warn`) is played only after the
// warning bar was confirmed; cancelling it plays nothing and keeps what was composed.

import {h} from "./dom.js";
import {t, wordOr} from "./i18n.js";

/** The most values one step shows at once; the rest are behind "more". */
const PAGE = 12;

/** What is being composed, per kind: whether it is open, the words chosen so far, the step's page. */
const drafts = new Map();

/** Whether a kind's legal actions are composed: every one comes in parts, the same steps for all. */
export function composable(list) {
  const steps = (a) => (Array.isArray(a.parts) ? a.parts.map(([field]) => field).join(" ") : "");
  return list.length > 1 && steps(list[0]) !== "" && list.every((a) => steps(a) === steps(list[0]));
}

/** Forget the drafts of kinds no longer offered (a turn or phase later, a composer starts afresh). */
export function forgetDrafts(kinds) {
  for (const kind of [...drafts.keys()]) if (!kinds.has(kind)) drafts.delete(kind);
}

function matching(list, chosen) {
  return list.filter((a) => chosen.every((words, i) => a.parts[i][1] === words));
}

/** The composer of one kind: a button that opens it, or its steps so far and the next. */
export function composer(kind, list, play, rerender) {
  const draft = drafts.get(kind) || {open: false, chosen: [], page: 0};
  drafts.set(kind, draft);
  while (draft.chosen.length && !matching(list, draft.chosen).length) draft.chosen.pop();  // no longer legal
  const title = wordOr(`compose.${kind}`, t("compose.any"));
  if (!draft.open) {
    return h("button", {class: "action-btn compose-open", "data-kind": kind, "data-compose": kind, text: `${title} …`,
                        onclick: () => { draft.open = true; rerender(); }});
  }
  const steps = list[0].parts.length;
  // A step with one possible value is no choice: taken, and shown with the others.
  let left = matching(list, draft.chosen);
  while (draft.chosen.length < steps && new Set(left.map((a) => a.parts[draft.chosen.length][1])).size === 1) {
    draft.chosen.push(left[0].parts[draft.chosen.length][1]);
    left = matching(list, draft.chosen);
  }
  const field = (i) => list[0].parts[i][0];
  const prompt = (i) => wordOr(`compose_step.${field(i)}`, t("choose"));
  const back = (i) => { draft.chosen = draft.chosen.slice(0, i); draft.page = 0; rerender(); };
  // A step that had one possible value cannot be changed: it shows without the button.
  const open = (i) => new Set(matching(list, draft.chosen.slice(0, i)).map((a) => a.parts[i][1])).size > 1;
  // A step with nothing to choose for this action (its words empty: no one to rob when driving the robber
  // off) is taken and not shown.
  const done = draft.chosen.map((words, i) => (words === "" ? null : h("li", {class: "compose-done", "data-step": field(i)}, [
    h("span", {class: "compose-prompt", text: `${prompt(i)} `}), h("b", {text: words}), " ",
    open(i) ? h("button", {class: "link-btn compose-change", text: t("compose.change"), onclick: () => back(i)}) : null,
  ]))).filter(Boolean);
  let body;
  if (draft.chosen.length < steps) {
    const step = draft.chosen.length;
    const values = [...new Set(left.map((a) => a.parts[step][1]))];
    const pages = Math.ceil(values.length / PAGE);
    const page = Math.min(draft.page, pages - 1);
    body = h("div", {class: "compose-step", "data-step": field(step)}, [
      h("p", {class: "compose-ask", text: prompt(step)}),
      h("div", {class: "compose-choices"}, values.slice(page * PAGE, (page + 1) * PAGE).map((words) =>
        h("button", {class: "action-btn compose-choice", "data-choice": words, text: words,
                     onclick: () => { draft.chosen.push(words); draft.page = 0; rerender(); }}))),
      pages > 1 ? h("button", {class: "link-btn compose-more", text: t("compose.more", page + 1, pages),
                               onclick: () => { draft.page = (page + 1) % pages; rerender(); }}) : null,
    ]);
  } else {
    const action = left[0];
    body = h("div", {class: "compose-result"}, [
      h("p", {class: "compose-words", id: `compose-words-${kind}`, text: action.label}),
      // Composed and sent: the next choice of this kind starts afresh. Asked about first, it stays composed
      // until the warning is answered (cancelling it loses nothing).
      h("button", {class: "action-btn primary compose-play", "data-action": action.action, text: t("compose.play"),
                   onclick: () => { if (play(action.action)) drafts.delete(kind); }}),
    ]);
  }
  return h("div", {class: "composer", "data-kind": kind}, [
    h("h4", {class: "compose-title", text: title}),
    done.length ? h("ul", {class: "compose-steps"}, done) : null,
    body,
    h("button", {class: "link-btn compose-cancel", text: t("cancel"),
                 onclick: () => { drafts.delete(kind); rerender(); }}),
  ]);
}

/** The bar that asks before an action gives away a building, a unit or a card (the action's `warn`). */
export class WarningBar {
  constructor(play) {
    this.play = play;
    this.el = h("div", {class: "confirm-bar warn-bar", id: "warn-bar", role: "alertdialog", hidden: true});
  }

  /** Whether ``entry`` may be played now; if not, the bar asks first and plays it once confirmed. */
  allows(entry) {
    if (!entry || !entry.warn) return true;
    this.asked = entry.action;
    const close = () => { this.el.hidden = true; this.el.replaceChildren(); };
    this.el.replaceChildren(
      h("div", {class: "warn-text"}, [h("b", {text: entry.label}), h("p", {id: "warn-words", text: entry.warn})]),
      h("button", {class: "action-btn primary", id: "warn-yes", text: t("compose.give_away"),
                   onclick: () => { close(); this.play(entry.action); }}),
      h("button", {class: "action-btn", id: "warn-no", text: t("cancel"), onclick: close}),
    );
    this.el.hidden = false;
    return false;
  }

  /** Put away when the action it asks about is no longer among the legal ``actions``. */
  keep(actions) {
    const asked = this.el.querySelector("#warn-yes");
    if (asked && !actions.some((a) => a.action === this.asked)) {
      this.el.hidden = true;
      this.el.replaceChildren();
    }
  }
}
