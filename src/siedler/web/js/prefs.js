// The viewer's own settings at the table, remembered in this browser: the alert on their turn (alerts.js)
// and whether a place tapped on the board is built at once or shown first with a button to confirm it
// (on by default where the pointer is a finger: a tap lands less surely than a click).

import {h} from "./dom.js";
import {t} from "./i18n.js";
import {alertsOn, chime, setAlerts} from "./alerts.js";

const CONFIRM = "siedler.confirm";

export function confirmOn() {
  const chosen = localStorage.getItem(CONFIRM);
  if (chosen !== null) return chosen === "on";
  return window.matchMedia("(pointer: coarse)").matches;
}

/** The settings' switches; ``changed`` redraws what depends on them. */
export function prefsPanel(changed) {
  const box = (id, label, checked, onchange) => h("label", {class: "pref"}, [
    h("input", {type: "checkbox", id, checked, onchange: (e) => onchange(e.target.checked)}), ` ${label}`,
  ]);
  return h("div", {class: "prefs"}, [
    box("pref-alerts", t("live.pref_alerts"), alertsOn(), (on) => {
      setAlerts(on);
      if (on) chime();  // the sound it will make, and a touch that lets the browser play it later
      changed();
    }),
    box("pref-confirm", t("live.pref_confirm"), confirmOn(), (on) => {
      localStorage.setItem(CONFIRM, on ? "on" : "off");
      changed();
    }),
  ]);
}

/** A place tapped on the board, shown with its piece where it would stand, and a bar to play it or not. */
export class PlaceConfirm {
  constructor(area, play) {
    this.area = area;  // the play area, redrawn at every state
    this.play = play;
    this.chosen = null;
    this.el = h("div", {class: "confirm-bar", id: "confirm-bar", hidden: true});
  }

  choose(action, target) {
    this.chosen = {action, target};
    this.render([action]);
  }

  /** Shown again on the redrawn board while the chosen action stays legal (``actions``), else put away. */
  render(actions) {
    const chosen = this.chosen;
    for (const el of this.area().querySelectorAll(".chosen")) el.classList.remove("chosen");
    if (!chosen || !actions.some((a) => a.action === chosen.action.action)) {
      this.chosen = null;
      this.el.hidden = true;
      this.el.replaceChildren();
      return;
    }
    for (const el of this.area().querySelectorAll(`[data-target="${CSS.escape(chosen.target)}"]:not([data-reach])`)) {
      el.classList.add("chosen");
    }
    const close = () => { this.chosen = null; this.render([]); };
    this.el.replaceChildren(
      h("span", {class: "confirm-label", text: chosen.action.label}),
      h("button", {class: "action-btn primary", id: "confirm-yes", text: t("live.confirm"),
                   onclick: () => { close(); this.play(chosen.action.action); }}),
      h("button", {class: "action-btn", id: "confirm-no", text: t("cancel"), onclick: close}),
    );
    this.el.hidden = false;
  }
}
