// Short messages at the bottom of the window: refusals from the engine, confirmations.

import {h} from "./dom.js";

export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", {id: "toasts"});
    document.body.append(box);
  }
  const item = h("div", {class: `toast ${kind}`, role: "status", text});
  box.append(item);
  setTimeout(() => item.classList.add("fade"), 3500);
  setTimeout(() => item.remove(), 4200);
}
