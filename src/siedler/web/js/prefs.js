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
