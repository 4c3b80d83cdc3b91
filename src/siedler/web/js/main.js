// The page's entry: header (language switch), then the lobby, a table or a replay by the address.

import {h} from "./dom.js";
import {lang, languages, onLangChange, setLang, t} from "./i18n.js";
import {showLobby} from "./lobby.js";
import {showReplay} from "./replay.js";
import {showTable} from "./table.js";
import {enableTips} from "./tips.js";

function header() {
  const nav = document.getElementById("nav");
  nav.replaceChildren(h("a", {href: "/", text: t("lobby")}));
  const box = document.getElementById("lang-switch");
  box.replaceChildren(...languages().map((code) => h("button", {
    class: `lang${code === lang() ? " active" : ""}`, "data-lang": code, text: code.toUpperCase(),
    onclick: () => setLang(code),
  })));
}

function route() {
  const app = document.getElementById("app");
  const path = location.pathname;
  const replay = /^\/games\/([\w-]+)\/replay\/?$/.exec(path);
  const table = /^\/games\/([\w-]+)\/?$/.exec(path);
  if (replay) return showReplay(app, replay[1]);
  if (table) return showTable(app, table[1]);
  return showLobby(app);
}

header();
onLangChange(header);
enableTips();
route();
