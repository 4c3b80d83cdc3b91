// Watching a finished game again, move by move: any step, from a spectator's or any player's seat
// (with the game over nothing is hidden any more).

import {api} from "./api.js";
import {clear, h} from "./dom.js";
import {lang, onLangChange, t, wordOr} from "./i18n.js";
import {loadLayers} from "./layers.js";
import {dicePanel, Log, statusText} from "./panels.js";
import {renderPlayArea, renderSide} from "./position.js";
import {toast} from "./toast.js";

export async function showReplay(root, gameId) {
  const summary = await api(`/games/${gameId}`);
  await loadLayers(summary.ruleset);
  return new Replay(root, gameId, summary);
}

class Replay {
  constructor(root, gameId, summary) {
    this.root = root;
    this.gameId = gameId;
    this.summary = summary;
    this.step = 0;
    this.seat = "";
    this.timer = null;
    this.log = new Log();
    this.build();
    this.load(0);
    onLangChange(() => { this.build(); this.load(this.step); });
  }

  build() {
    clear(this.root);
    this.slider = h("input", {type: "range", min: 0, max: this.summary.actions, value: this.step, class: "replay-slider",
                              oninput: (e) => this.load(Number(e.target.value))});
    this.counter = h("span", {class: "replay-counter"});
    this.lastMove = h("code", {class: "replay-last"});
    const seatSelect = h("select", {onchange: (e) => { this.seat = e.target.value; this.load(this.step); }}, [
      h("option", {value: "", text: t("everyone_view")}),
      ...this.summary.seats.map((s) => h("option", {value: s.seat, text: s.name})),
    ]);
    const button = (text, fn, id) => h("button", {class: "action-btn", text, onclick: fn, id});
    this.play = h("div", {class: "play-area"});
    this.players = h("div");
    this.hand = h("div");
    this.info = h("span", {class: "turn-status"});
    this.dice = h("span");
    this.root.append(h("div", {class: "table-page replay"}, [
      h("div", {class: "topbar"}, [h("span", {class: "game-title",
        text: `${wordOr(`rulesets.${this.summary.ruleset}.title`, this.summary.title)} · ${t("replay")}`}), this.info, this.dice]),
      h("div", {class: "replay-controls"}, [
        button("|◀", () => this.load(0), "replay-first"), button("◀", () => this.load(this.step - 1), "replay-prev"),
        button(`▶ ${t("play_replay")}`, () => this.toggle(), "replay-play"),
        button("▶", () => this.load(this.step + 1), "replay-next"),
        button("▶|", () => this.load(this.summary.actions), "replay-last"), this.slider, this.counter, this.lastMove,
        h("label", {}, [`${t("spectate_as")}: `, seatSelect]),
      ]),
      h("div", {class: "table-main"}, [
        this.play,
        h("aside", {class: "side"}, [
          h("section", {class: "panel"}, [this.players]),
          h("section", {class: "panel"}, [this.hand]),
          h("section", {class: "panel log-panel"}, [h("h3", {text: t("log")}), this.log.el]),
        ]),
      ]),
    ]));
  }

  toggle() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      return;
    }
    this.timer = setInterval(() => {
      if (this.step >= this.summary.actions) this.toggle();
      else this.load(this.step + 1);
    }, 400);
  }

  async load(step) {
    step = Math.max(0, Math.min(step, this.summary.actions));
    const seat = this.seat === "" ? "" : `&seat=${this.seat}`;
    try {
      const data = await api(`/games/${this.gameId}/replay?step=${step}&lang=${lang()}${seat}`);
      this.step = data.step;
      this.render(data);
    } catch (err) {
      toast(err.message, "error");
    }
  }

  render(data) {
    const view = data.view;
    this.slider.value = data.step;
    this.counter.textContent = `${t("step")} ${data.step} / ${data.total}`;
    this.lastMove.textContent = data.last_words || "";
    this.info.textContent = statusText(view);
    this.dice.replaceChildren(...[dicePanel(view)].filter(Boolean));
    this.play.replaceChildren(renderPlayArea(view, {}, this.summary.ruleset));
    const side = renderSide(view, this.summary);
    this.players.replaceChildren(side.players);
    this.hand.replaceChildren(...(side.hand ? [side.hand] : []));
    this.hand.parentElement.hidden = !side.hand;
    this.log.replace(data.events);
  }
}
