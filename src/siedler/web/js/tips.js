// Explanations a mouse reads by hovering (an element's title: a player's tags, a card, a chip) shown by a
// tap where nothing hovers (a phone): the words in a bubble by the element, gone at the next tap. What a tap
// plays (a highlighted card, a button) keeps its tap.

import {h} from "./dom.js";

const noHover = matchMedia("(hover: none)");
let bubble = null;

function close() {
  bubble?.remove();
  bubble = null;
}

function show(el) {
  bubble = h("div", {class: "tip", role: "tooltip", id: "tip", text: el.title});
  document.body.append(bubble);
  const box = el.getBoundingClientRect();
  const left = Math.min(Math.max(8, box.left), innerWidth - bubble.offsetWidth - 8);
  const below = box.bottom + 6 + bubble.offsetHeight <= innerHeight;
  const top = below ? box.bottom + 6 : box.top - bubble.offsetHeight - 6;
  Object.assign(bubble.style, {left: `${left}px`, top: `${top + scrollY}px`});
}

export function enableTips() {
  document.addEventListener("click", (event) => {
    const el = event.target.closest?.("[title]");
    close();
    if (!noHover.matches || !el?.title) return;
    if (el.closest("button, a, select, input, textarea, label, .target, [data-target]")) return;
    show(el);
  });
  addEventListener("scroll", close, {passive: true});
}
