// A question asked in the page instead of the browser's prompt(): a name to join a game with. The page's own
// box keeps its language and style, works the same on every phone, and is answered by keyboard or touch.

import {h} from "./dom.js";
import {t} from "./i18n.js";

/** The viewer's name for a seat (remembered for next time), or null if they cancelled. */
export function askName() {
  return new Promise((resolve) => {
    const input = h("input", {id: "ask-name", maxLength: 40, value: localStorage.getItem("siedler.name") || "",
                              autocomplete: "nickname"});
    const done = (value) => {
      box.remove();
      if (value !== null) localStorage.setItem("siedler.name", value);
      resolve(value);
    };
    const box = h("div", {class: "overlay ask", id: "ask"}, [
      h("form", {class: "overlay-card ask-card", onsubmit: (e) => { e.preventDefault(); done(input.value.trim()); }}, [
        h("label", {class: "field"}, [h("span", {class: "field-label", text: t("name_prompt")}), input]),
        h("div", {class: "overlay-buttons"}, [
          h("button", {type: "submit", class: "action-btn primary", id: "ask-ok", text: t("join")}),
          h("button", {type: "button", class: "link-btn", id: "ask-cancel", text: t("cancel"),
                       onclick: () => done(null)}),
        ]),
      ]),
    ]);
    document.body.append(box);
    input.focus();
    input.select();
  });
}
