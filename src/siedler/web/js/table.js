// The live table for one game: a WebSocket to the server, the position drawn from the seat's view, the
// legal actions as highlights and buttons, the log, and the winner overlay. A seat is held only with its
// token (from the link's #fragment or this browser's memory); without one the page watches.

import {api, creatorToken, forgetSeat, inviteFor, inviteLink, rememberSeat, seatFromPage, seatLink} from "./api.js";
import {bindTargets, closeChooser, renderMenu} from "./actions.js";
import {TurnAlert} from "./alerts.js";
import {askName} from "./ask.js";
import {ChatPanel} from "./chat.js";
import {DISCARD_KIND, DiscardComposer} from "./discard.js";
import {playerColor} from "./colors.js";
import {WarningBar} from "./compose.js";
import {clear, h, s} from "./dom.js";
import {fairPanel} from "./fairness.js";
import {announce, byBot, markFresh, signatures, Ticker} from "./follow.js";
import {howtoLink} from "./howto.js";
import {infoPanel} from "./info.js";
import {lang, onLangChange, t, wordOr} from "./i18n.js";
import {layersOf, loadLayers} from "./layers.js";
import {dicePanel, Log, phaseText, statusText, winnerOverlay} from "./panels.js";
import {renderPlayArea, renderSide} from "./position.js";
import {confirmOn, PlaceConfirm, prefsPanel} from "./prefs.js";
import {GameSocket} from "./socket.js";
import {toast} from "./toast.js";
import {CounterComposer, proposalPanel, TRADE_KINDS, TradeComposer} from "./trade.js";

/** The view after a state message: the whole view, or the last one with the changed parts replaced. */
export function mergeView(view, message) {
  if (message.view) return message.view;
  const merged = {...view, ...(message.view_changes || {})};
  for (const key of message.view_removed || []) delete merged[key];
  return merged;
}

/** The clock's sign, drawn: a stopwatch character is missing from many phones' fonts (an empty box). */
const CLOCK_ICON = s("svg", {class: "clock-icon", viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true"}, [
  s("circle", {cx: 8, cy: 9, r: 6}), s("path", {d: "M8 9V5.5M6.5 1.5h3M12.5 4.5l1-1"}),
]);

/** A game stopped before its end: its creator ended it, or none of its players came back. */
const STOPPED = ["ended", "abandoned"];

export function showTable(root, gameId) {
  return new TablePage(root, gameId, seatFromPage(gameId));
}

class TablePage {
  constructor(root, gameId, held) {
    this.root = root;
    this.gameId = gameId;
    this.seat = held ? held.seat : null;
    this.token = held ? held.token : null;
    this.summary = null;
    this.view = null;
    this.actions = [];
    this.n = 0;
    this.log = new Log();
    this.ticker = new Ticker();
    this.fresh = new Set();  // what the last move put on the board (follow.js), marked until the next
    this.trade = new TradeComposer();
    this.counter = new CounterComposer();
    this.proposal = null;  // a counter-offer proposed to this page's player (trade.js), until their turn ends
    this.discard = new DiscardComposer();
    this.queue = [];
    this.turnKey = null;
    this.overlayClosed = false;
    this.pending = false;
    this.clock = null;
    this.chat = new ChatPanel(gameId, (message) => this.socket.send(message));
    this.alert = new TurnAlert();
    this.confirm = new PlaceConfirm(() => this.el.play, (action) => this.play(action));
    this.warning = new WarningBar((action) => this.play(action, true));
    this.build();
    this.connect();
    // A player whose seat a bot plays is back the moment they touch the table: no button to look for first.
    for (const kind of ["pointerdown", "keydown"]) root.addEventListener(kind, () => this.backOnTouch(), {capture: true});
    setInterval(() => this.renderClock(), 250);
    onLangChange((value) => {
      this.socket.setLang(value);
      this.el.fair.replaceChildren(fairPanel(this.gameId, this.summary));
      this.render();
    });
    document.addEventListener("click", closeChooser);
  }

  connect() {
    this.socket = new GameSocket(this.gameId, {
      seat: this.seat, token: this.token, lang: lang(),
      onMessage: (m) => this.onMessage(m), onStatus: (s, code) => this.onStatus(s, code),
    });
  }

  build() {
    clear(this.root);
    this.el = {
      title: h("span", {class: "game-title"}),
      status: h("span", {class: "turn-status", id: "turn-status"}),
      phase: h("span", {class: "phase"}),
      dice: h("span", {class: "dice-slot"}),
      conn: h("span", {class: "conn"}),
      clock: h("span", {class: "clock", id: "clock"}),
      end: h("span", {class: "end-slot"}),
      takeovers: h("div", {class: "takeovers", id: "takeovers"}),
      play: h("div", {class: "play-area", id: "play-area"}),
      players: h("div"),
      hand: h("div"),
      notices: h("div", {class: "notices"}),
      info: h("section", {class: "panel info-panel", id: "info"}),
      howto: h("span", {class: "howto-slot"}),
      menu: h("div", {class: "menu", id: "menu"}),
      trade: h("div", {class: "trade-slot"}),
      overlay: h("div"),
      fair: h("section", {class: "panel fair-panel", id: "fair"}),
      prefs: h("section", {class: "panel prefs-panel", id: "prefs"}),
    };
    const e = this.el;
    this.page = h("div", {class: "table-page", id: "table"}, [
      h("div", {class: "topbar"}, [e.title, e.status, e.phase, e.dice, e.clock, e.conn, e.howto, e.end]),
      h("div", {class: "table-main"}, [
        // The board with the public facts and the log beneath it; the seat's own business beside it.
        h("div", {class: "play-column"}, [
          e.play,
          h("div", {class: "below"}, [
            e.info,
            h("section", {class: "panel log-panel"}, [h("h3", {class: "log-title", text: t("log")}), this.log.el]),
          ]),
        ]),
        h("aside", {class: "side"}, [
          this.ticker.el,
          h("section", {class: "panel takeover-panel"}, [e.takeovers]),
          h("section", {class: "panel hand-panel"}, [e.hand]),
          h("section", {class: "panel actions-panel", id: "actions"}, [e.notices, e.menu, e.trade]),
          h("section", {class: "panel"}, [e.players]),
          this.chat.el,
          e.prefs,
          e.fair,
        ]),
      ]),
      this.confirm.el,
      this.warning.el,
      e.overlay,
    ]);
    this.root.append(this.page);
  }

  onStatus(status, code) {
    const refusal = {4406: "origin_refused", 4409: "too_many_windows"}[code];
    this.el.conn.textContent = status === "connected" ? "" : status === "refused" ? (refusal ? t(refusal) : "") : t("reconnecting");
    this.el.conn.className = `conn ${status}`;
    if (status === "refused" && code === 4403 && this.seat !== null) {
      // The link's token does not hold the seat (any more): forget it and watch instead.
      forgetSeat(this.gameId);
      this.seat = null;
      this.token = null;
      this.connect();
    }
  }

  onMessage(message) {
    switch (message.type) {
      case "welcome":
      case "game":
        this.summary = message.game;
        this.el.fair.replaceChildren(fairPanel(this.gameId, this.summary));
        this.render();
        break;
      case "state":
        this.view = mergeView(this.view, message);
        this.actions = message.actions || [];
        this.n = message.n;
        this.over = message.over;
        this.toAct = message.to_act;
        // The server says how long is left; counting down on this machine's clock needs no agreement on time.
        this.clock = message.clock ? {...message.clock, until: performance.now() + message.clock.left * 1000} : null;
        this.pending = false;
        this.warning.keep(this.actions);
        this.followed(message);
        this.playQueued();
        break;
      case "chat":
        this.chat.receive(message);
        break;
      case "chat_refused":
        this.chat.refused(message);
        break;
      case "proposal":
        if (message.seat !== this.seat) {
          this.proposal = message;
          this.render();
        }
        break;
      case "proposal_refused":
        toast(`${t("refused")}: ${message.message}`, "error");
        break;
      case "refused":
        this.pending = false;
        this.queue = [];
        // A move sent for a position that has changed since: the new state is on its way, nothing to say.
        if (message.code !== "stale") toast(`${t("refused")}: ${message.message}`, "error");
        this.render();
        break;
      case "error":
        toast(message.message, "error");
        if (message.code === "not_found") this.renderMissing();
        break;
      default:
        break;
    }
  }

  /** A state in the log, the ticker and on the board: what the last move that changed the board put there
   *  is marked until another move changes it (a turn's end leaves the road its player built marked), and
   *  pulses if a bot made it; its news is told in a toast. A full state (on connecting, on a language
   *  switch) marks nothing new: it is no move. */
  followed(message) {
    const before = message.full || message.view ? null : signatures(this.el.play);
    if (message.full) this.log.replace(message.events);
    else this.log.add(message.events);
    const bot = !message.full && byBot(message.events || [], this.summary);
    this.ticker.render(this.log.entries, bot);
    this.render();
    if (!before) return;
    announce(message.events || []);
    const now = signatures(this.el.play);
    const fresh = new Set([...now].filter((sig) => !before.has(sig)));
    if (!fresh.size) return;
    this.fresh = fresh;
    for (const el of this.el.play.querySelectorAll(".fresh")) el.classList.remove("fresh", "pulse");
    markFresh(this.el.play, fresh, bot);
  }

  /** Play a sequence confirmed at once (a discard by counts): one action per state, while it stays legal. */
  playSequence(list) {
    this.queue = [...list];
    this.playQueued();
  }

  playQueued() {
    if (!this.queue.length || this.pending || this.over) return;
    if (this.toAct !== this.seat) return;  // another player discards first; ours follows when it is our turn
    const next = this.queue.shift();
    if (this.actions.some((a) => a.action === next)) this.play(next);
    else this.queue = [];
  }

  /** Send ``action``; one that gives away a building, a unit or a card is asked about first (compose.js).
   *  Whether it was sent now. */
  play(action, confirmed = false) {
    if (this.pending) return false;
    closeChooser();
    if (!confirmed && !this.warning.allows(this.actions.find((a) => a.action === action))) return false;
    this.pending = true;
    this.page.dataset.pending = "true";
    this.socket.act(action, this.n);
    return true;
  }

  render() {
    const e = this.el;
    const summary = this.summary;
    e.title.textContent = summary ? wordOr(`rulesets.${summary.ruleset}.title`, summary.title) : "";
    e.howto.replaceChildren(...(summary ? [howtoLink(summary.ruleset)] : []));
    this.log.el.previousSibling.textContent = t("log");
    this.renderTakeovers();
    this.renderClock();
    this.chat.render(summary, this.seat);
    if (this.prefsLang !== lang()) {  // drawn once per language: a switch redrawn at every move slips away
      this.prefsLang = lang();
      e.prefs.replaceChildren(prefsPanel(() => this.render()));
    }
    this.page.dataset.waiting = !this.view;  // the waiting room: no hand, log or players' strips yet (style.css)
    if (!this.view) {
      this.renderWaiting();
      return;
    }
    if (summary && !layersOf(summary.ruleset)) {  // the table is drawn once the rule set's layers are in
      loadLayers(summary.ruleset).then(() => this.render());
      return;
    }
    // The end and whose turn it is come with every state, whatever the rule set's view holds; a game its
    // creator ended or nobody attended takes no more moves, whatever its position says.
    const stopped = STOPPED.includes(summary?.status);
    const view = {...this.view, over: this.over || this.view.over, to_act: this.view.to_act ?? this.toAct};
    const myTurn = this.seat !== null && view.to_act === this.seat && !view.over && !stopped;
    Object.assign(this.page.dataset, {n: this.n, toAct: view.to_act ?? "", myTurn, over: Boolean(view.over),
                                      seat: this.seat ?? "", pending: this.pending});
    e.status.textContent = stopped ? t(`table.status_${summary.status}`) : statusText(view);
    e.status.classList.toggle("mine", myTurn);
    this.alert.update(myTurn, summary ? `${e.title.textContent} · siedler` : "siedler");
    e.phase.textContent = view.over || stopped ? "" : ` · ${this.phaseLine(view)}`;
    e.dice.replaceChildren(...[dicePanel(view)].filter(Boolean));

    const turnKey = `${view.turn}:${view.current}`;
    if (turnKey !== this.turnKey) {
      this.trade.reset();
      this.counter.reset();
      this.proposal = null;
      this.turnKey = turnKey;
    }
    const play = (action) => this.play(action);
    const actions = this.pending || stopped ? [] : this.actions;
    e.play.replaceChildren(renderPlayArea(view, {events: this.log.entries, actions}, summary?.ruleset));
    markFresh(e.play, this.fresh, false);
    this.page.style.setProperty("--mine", playerColor(this.seat));
    const rest = bindTargets(e.play, actions, play, confirmOn() ? (a, target) => this.confirm.choose(a, target) : null);
    this.confirm.render(actions);
    const pointed = actions.length - rest.length;
    const tradePanel = this.trade.render(view, actions, play, () => this.render());
    const discardPanel = this.discard.render(view, this.queue.length ? [] : actions, (list) => this.playSequence(list),
                                             () => this.render());
    const counterPanel = this.counter.render(view, actions, {
      propose: (action) => this.socket.send({type: "propose", action}), play,
      person: (seat) => summary?.seats?.[seat]?.kind === "human" && !summary.seats[seat].takeover,
    }, () => this.render());
    const offered = proposalPanel(this.proposal, view, actions, (list) => this.playSequence(list),
                                  () => { this.proposal = null; this.render(); });
    const skip = new Set([...(tradePanel ? TRADE_KINDS : []), ...(discardPanel ? [DISCARD_KIND] : [])]);
    renderMenu(e.menu, rest, play, skip, () => this.render());
    e.trade.replaceChildren(...(offered ? [offered] : []), ...(counterPanel ? [counterPanel] : []),
                            ...(tradePanel ? [h("h3", {text: t("trade")}), tradePanel] : []),
                            ...(discardPanel ? [discardPanel] : []));
    const info = infoPanel(view);
    e.info.replaceChildren(...(info ? [info] : []));
    e.info.hidden = !info;

    const side = renderSide(view, summary);
    e.players.replaceChildren(side.players);
    e.hand.replaceChildren(...(side.hand ? [h("h3", {text: t("hand")}), side.hand] : []));
    e.hand.parentElement.hidden = !side.hand;
    // A board's places or a card game's cards, clicked with a mouse or tapped on a touch screen.
    const hint = `${view.board ? "point" : "card"}_hint${matchMedia("(pointer: coarse)").matches ? "_touch" : ""}`;
    e.notices.replaceChildren(...side.notices, ...(pointed ? [h("p", {class: "hint", text: t(hint)})] : []));
    e.menu.parentElement.hidden = !actions.length && !side.notices.length;

    if (view.over && !this.overlayClosed) {
      e.overlay.replaceChildren(winnerOverlay(view, summary, {
        onClose: () => { this.overlayClosed = true; e.overlay.replaceChildren(); },
        onReplay: () => { location.href = `/games/${this.gameId}/replay`; },
      }));
    } else {
      e.overlay.replaceChildren();
    }
  }

  /** Take this page's seat back from the takeover bot, once per takeover. */
  backOnTouch() {
    const mine = this.summary && this.seat !== null ? this.summary.seats[this.seat] : null;
    if (!mine || !mine.takeover || this.summary.status !== "running" || this.backAsked === this.summary) return;
    this.backAsked = this.summary;
    this.socket.send({type: "take_seat"});
  }

  /** Who plays for whom ("A bot plays for Anna"), the way back for this seat, and a stopped game's reason. */
  renderTakeovers() {
    const summary = this.summary;
    if (!summary) return;
    // Redrawn only when something in it changed: a button replaced at every state (bots play several a
    // second) slips from under the finger that reaches for it.
    const key = JSON.stringify([summary.status, summary.takeover_bot, summary.seats.map((s) => [s.takeover, s.name]),
                                this.seat, lang()]);
    if (key === this.takeoverKey) return;
    this.takeoverKey = key;
    const stopped = STOPPED.includes(summary.status);
    const lines = [];
    const why = summary.reason === "action_limit" ? "game_action_limit" : `game_${summary.status}`;
    if (stopped) lines.push(h("p", {class: "notice stopped", text: t(why)}));
    // A finished or stopped game has no seat to take back: its bots played to the end.
    for (const seat of summary.status === "running" ? summary.seats.filter((s) => s.takeover) : []) {
      lines.push(h("p", {class: "notice takeover", "data-seat": seat.seat,
                         text: t("plays_for", seat.name)}));
      if (seat.seat === this.seat) {
        lines.push(h("button", {class: "action-btn primary", id: "take-seat", text: t("take_seat_back"),
                                onclick: () => this.socket.send({type: "take_seat"})}));
      }
    }
    this.el.takeovers.replaceChildren(...lines);
    this.el.takeovers.parentElement.hidden = !lines.length;
    const creator = creatorToken(this.gameId);
    this.el.end.replaceChildren(...(creator && ["open", "running"].includes(summary.status)
      ? [h("button", {class: "link-btn", id: "end-game", text: t("end_game"), onclick: () => this.end(creator)})] : []));
  }

  /** The running decision clock, counted down between the server's states. */
  renderClock() {
    const clock = this.clock;
    const el = this.el.clock;
    const running = clock && !this.over && this.summary?.status === "running";
    el.hidden = !running;
    if (!running) {
      el.textContent = "";
      delete el.dataset.seat;
      return;
    }
    const left = Math.max(0, Math.ceil((clock.until - performance.now()) / 1000));
    const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    const name = this.summary.seats[clock.seat]?.name ?? "?";
    el.replaceChildren(CLOCK_ICON, clock.seat === this.seat ? t("clock_mine", text) : t("clock_of", name, text));
    el.classList.toggle("low", left <= 10);
    Object.assign(el.dataset, {seat: clock.seat, left});
  }

  async end(token) {
    if (!confirm(t("end_confirm"))) return;
    try {
      this.summary = await api(`/games/${this.gameId}/end`, {method: "POST", token});
      this.render();
    } catch (err) {
      toast(err.message, "error");
    }
  }

  phaseLine(view) {
    return phaseText(view);
  }

  renderWaiting() {
    const summary = this.summary;
    if (!summary) return;
    // The invite link carries the code that takes the open seats; a public game's own link does too little
    // harm to hide (anyone may join it from the lobby).
    const code = inviteFor(this.gameId);
    const link = code ? inviteLink(this.gameId, code) : summary.public ? `${location.origin}/games/${this.gameId}` : null;
    const rows = summary.seats.map((seat) => h("li", {class: "seat-line", "data-seat": seat.seat}, [
      h("span", {class: "seat-no", text: `${t("seat")} ${seat.seat + 1}`}),
      h("span", {text: seat.claimed ? `${seat.name}${seat.kind === "bot" ? ` (${t("bot")})` : ""}` : t("free")}),
      !seat.claimed && this.seat === null && (code || summary.public)
        ? h("button", {class: "action-btn join-seat", text: t("join"), onclick: () => this.join(seat.seat)}) : null,
    ]));
    this.el.play.replaceChildren(h("div", {class: "waiting-room"}, [
      h("h2", {text: t("waiting")}),
      h("p", {text: t("not_started")}),
      h("ul", {class: "seat-list"}, rows),
      link ? h("div", {class: "invite"}, [
        h("span", {text: `${t("invite")}: `}), h("code", {id: "invite-link", text: link}),
        h("button", {class: "link-btn", text: t("copy"), onclick: () => { navigator.clipboard?.writeText(link); toast(t("copied")); }}),
      ]) : null,
    ]));
  }

  renderMissing() {
    this.el.play.replaceChildren(h("div", {class: "waiting-room"}, [h("h2", {text: t("game_not_found")}),
                                                                  h("a", {href: "/", text: t("back_to_lobby")})]));
  }

  async join(seat) {
    const name = await askName();
    if (name === null) return;
    try {
      const body = {name, invite: inviteFor(this.gameId), lang: lang()};
      const claimed = await api(`/games/${this.gameId}/seats/${seat}`, {method: "POST", body});
      rememberSeat(this.gameId, claimed.seat, claimed.token, {title: claimed.game.title});
      location.hash = seatLink(this.gameId, claimed.seat, claimed.token).split("#")[1];
      location.reload();
    } catch (err) {
      toast(err.message, "error");
    }
  }
}
