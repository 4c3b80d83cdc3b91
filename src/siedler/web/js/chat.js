// The game's chat (docs/protocol.md, "chat"): its players write, everyone connected reads; spectators write
// only where the game's creator allowed it. Every message is shown as text (textContent), never as HTML.
// A viewer mutes whom they like (a seat, or all spectators): remembered per game in this browser.

import {h} from "./dom.js";
import {t} from "./i18n.js";
import {playerColor} from "./colors.js";
import {toast} from "./toast.js";

/** The longest message the server takes (server/chat.py, MAX_TEXT). */
const MAX_TEXT = 300;
/** A spectator's messages are muted together: they have no seat. */
const SPECTATORS = "spectators";

export class ChatPanel {
  constructor(gameId, send) {
    this.gameId = gameId;
    this.send = send;
    this.messages = [];
    this.muted = new Set(JSON.parse(localStorage.getItem(this.key()) || "[]"));
    this.list = h("ol", {class: "chat-list", id: "chat-list", "aria-live": "polite"});
    this.input = h("input", {id: "chat-input", maxLength: MAX_TEXT, autocomplete: "off"});
    this.form = h("form", {class: "chat-form", id: "chat-form", onsubmit: (e) => { e.preventDefault(); this.submit(); }}, [
      this.input, h("button", {type: "submit", class: "action-btn", id: "chat-send"}),
    ]);
    this.note = h("p", {class: "hint chat-note", id: "chat-note"});
    this.mutes = h("div", {class: "chat-mutes", id: "chat-mutes"});
    this.title = h("h3");
    this.el = h("section", {class: "panel chat-panel", id: "chat"}, [this.title, this.list, this.form, this.note,
                                                                     this.mutes]);
  }

  key() {
    return `siedler.muted.${this.gameId}`;
  }

  /** A ``chat`` message: the history (``full``) or new messages. */
  receive(message) {
    this.messages = message.full ? [...message.messages] : [...this.messages, ...message.messages];
    this.renderList();
  }

  refused(message) {
    toast(t(`live.chat_refused_${message.code}`), "error");
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send({type: "chat", text})) this.input.value = "";
  }

  /** Who may write, the words, and the mute switches for everyone but the viewer. */
  render(summary, seat) {
    if (!summary) return;
    // Redrawn only when who sits where or the language changed: a switch replaced at every move (bots make
    // several a second) slips from under the finger.
    const key = JSON.stringify([summary.seats.map((s) => [s.kind, s.name]), summary.spectator_chat, seat, t("live.chat")]);
    if (key === this.drawn) return;
    this.drawn = key;
    this.title.textContent = t("live.chat");
    this.input.placeholder = t("live.chat_placeholder");
    this.form.querySelector("button").textContent = t("live.send");
    const writes = seat !== null || Boolean(summary.spectator_chat);
    this.form.hidden = !writes;
    this.note.textContent = writes ? "" : t("live.chat_read_only");
    this.note.hidden = writes;
    const people = summary.seats.filter((s) => s.kind === "human" && s.seat !== seat)
      .map((s) => [String(s.seat), s.name || `${t("seat")} ${s.seat + 1}`]);
    if (summary.spectator_chat) people.push([SPECTATORS, t("live.spectators")]);  // who else could write
    this.mutes.replaceChildren(...(people.length ? [h("span", {class: "hint", text: `${t("live.mute")}:`})] : []),
      ...people.map(([who, name]) => h("label", {class: "chat-mute"}, [
        h("input", {type: "checkbox", "data-mute": who, checked: this.muted.has(who),
                    onchange: (e) => this.mute(who, e.target.checked)}),
        ` ${name}`,
      ])));
    this.renderList();
  }

  mute(who, on) {
    if (on) this.muted.add(who);
    else this.muted.delete(who);
    localStorage.setItem(this.key(), JSON.stringify([...this.muted]));
    this.renderList();
  }

  renderList() {
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
    const shown = this.messages.filter((m) => !this.muted.has(m.seat === null ? SPECTATORS : String(m.seat)));
    this.list.replaceChildren(...shown.map((m) => h("li", {class: "chat-line", "data-seat": m.seat ?? "",
                                                          style: {"--player": playerColor(m.seat)}}, [
      h("b", {class: "chat-name", text: m.seat === null ? t("live.spectator") : m.name || `${t("seat")} ${m.seat + 1}`}),
      " ", h("span", {class: "chat-text", text: m.text}),
    ])));
    this.el.classList.toggle("empty", !shown.length);
    if (stick) requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
  }
}
