// The page's words come from the server's message catalog (namespace "page"): the shared files
// (src/siedler/locale/<lang>.toml) merged with every rule set's own (locale/<lang>.toml in its package),
// so a rule set's layer and its view's names find their words here; the server already filled a
// language's missing keys with English.
// Loaded once before any module renders (top-level await), so t() stays synchronous.

const WORDS = await (await fetch("/api/words")).json();

let current = localStorage.getItem("siedler.lang") || (navigator.language || "en").slice(0, 2);
if (!(current in WORDS)) current = "en";
const listeners = [];

export function lang() {
  return current;
}

/** The languages the catalog has, English first: the language switch offers these. */
export function languages() {
  return Object.keys(WORDS);
}

export function setLang(value) {
  if (!(value in WORDS) || value === current) return;
  current = value;
  localStorage.setItem("siedler.lang", value);
  document.documentElement.lang = value;
  for (const fn of listeners) fn(value);
}

export function onLangChange(fn) {
  listeners.push(fn);
}

/** t("winner", name) or t("resources.wood"): the word in the current language, with {0}.. filled in. */
export function t(key, ...args) {
  let text = WORDS[current][key] ?? key.split(".").pop();
  args.forEach((arg, i) => { text = text.replace(`{${i}}`, arg); });
  return text;
}

/** The catalog's words for key, or fallback (a rule set's own English) when the catalog has none. */
export function wordOr(key, fallback) {
  return WORDS[current][key] ?? fallback;
}

/** A bot's name in words, from the catalog when it has one (a plug-in's bot shows its registered name). */
export function botName(bot) {
  return wordOr(`bots.${bot}`, bot.charAt(0).toUpperCase() + bot.slice(1));
}

/** A game term from a rule set's own description ({en, de} or plain text), else from our tables. */
export function term(group, name, given) {
  if (given && typeof given === "object") return given[current] || given.en || name;
  if (typeof given === "string") return given;
  return WORDS[current][`${group}.${name}`] ?? String(name).replace(/_/g, " ");
}

document.documentElement.lang = current;
