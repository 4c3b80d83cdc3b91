// Tiny DOM helpers: h() builds HTML elements, s() builds SVG elements; no framework, no build step.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    }
    else if (key in el && !(el instanceof SVGElement)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of [].concat(children || [])) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, ["text"]). */
export function h(tag, attrs, children) {
  return apply(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}
