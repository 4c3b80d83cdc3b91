// The lobby: create a game of any rule set (its options drawn from the rule set's own description),
// fill seats with yourself, friends and bots; list open, running and finished games to join or watch.

import {askName} from "./ask.js";
import {api, mySeats, rememberCreator, rememberInvite, rememberSeat, seatLink} from "./api.js";
import {clear, h} from "./dom.js";
import {botName, lang, onLangChange, t, wordOr} from "./i18n.js";
import {playerColor} from "./colors.js";
import {howtoLink} from "./howto.js";
import {toast} from "./toast.js";

export async function showLobby(root) {
  const [rulesets, bots, timers] = await Promise.all([api("/rulesets"), api("/bots"), api("/timers")]);
  const lobby = new Lobby(root, rulesets, bots.bots, timers, bots.levels_by_ruleset || {}, bots.levels || {});
  onLangChange(() => lobby.build());
  return lobby;
}

class Lobby {
  constructor(root, rulesets, bots, timers, levelsByRuleset, levels) {
    this.levelsByRuleset = levelsByRuleset;  // rule set -> difficulty -> bot spec
    this.defaultLevels = levels;  // the same for a server that names no rule set's levels
    this.root = root;
    this.rulesets = rulesets;
    this.bots = bots;
    this.timers = timers;
    this.choice = rulesets.find((r) => r.name === "base") ? "base" : rulesets[0]?.name;
    this.build();
    this.refresh();
    this.follow(0);
  }

  /** The listing is pushed over /ws/lobby whenever a game is created, joined, started or ended on any of the
   *  server's processes (docs/protocol.md); while that socket is down the page asks every few seconds, and it
   *  reconnects with backoff. */
  follow(retry) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
    ws.onopen = () => {
      retry = 0;
      clearInterval(this.timer);
      this.timer = null;
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type !== "lobby") return;
      this.games = message.games;
      this.renderLists(message.games);
    };
    ws.onclose = () => {
      if (!this.timer) this.timer = setInterval(() => this.refresh(), 3000);
      setTimeout(() => this.follow(retry + 1), Math.min(5000, 250 * 2 ** retry));
    };
  }

  build() {
    clear(this.root);
    this.lists = h("div", {class: "game-lists", id: "game-lists"});
    this.form = h("form", {class: "panel create-form", id: "create-form", onsubmit: (e) => { e.preventDefault(); this.create(); }});
    this.root.append(h("div", {class: "lobby"}, [this.form, this.lists]));
    this.buildForm();
    if (this.games) this.renderLists(this.games);
  }

  ruleset() {
    return this.rulesets.find((r) => r.name === this.choice);
  }

  buildForm() {
    const rs = this.ruleset();
    const form = this.form;
    clear(form);
    const select = h("select", {id: "ruleset", name: "ruleset", onchange: (e) => { this.choice = e.target.value; this.buildForm(); }},
      this.rulesets.map((r) => h("option", {value: r.name, text: wordOr(`rulesets.${r.name}.title`, r.title), selected: r.name === this.choice})));
    const count = h("select", {id: "player-count", onchange: () => this.buildSeats(Number(count.value))});
    for (let n = rs.players.min; n <= rs.players.max; n++) count.append(h("option", {value: n, text: String(n), selected: n === rs.players.max}));
    this.seatBox = h("div", {class: "seat-rows"});
    const options = rs.options.map((o) => optionField(o, rs.options));
    form.append(
      h("h2", {text: t("new_game")}),
      field(t("ruleset"), select),
      h("p", {class: "muted description", text: wordOr(`rulesets.${rs.name}.description`, rs.description)}),
      h("p", {class: "howto-line"}, [howtoLink(rs.name)]),
      field(t("your_name"), h("input", {id: "your-name", value: localStorage.getItem("siedler.name") || "", maxLength: 40})),
      field(t("players"), count),
      this.seatBox,
      h("label", {class: "advanced-bots", title: t("level_help")}, [
        h("input", {type: "checkbox", id: "advanced-bots", checked: Boolean(this.advanced),
                    onchange: (e) => { this.advanced = e.target.checked; this.buildSeats(Number(count.value)); }}),
        ` ${t("advanced_bots")}`,
      ]),
      options.length ? h("details", {class: "options"}, [h("summary", {text: t("options")}), ...options]) : null,
      h("div", {class: "row2"}, [
        field(t("seed"), h("input", {id: "seed", type: "text", inputmode: "numeric", pattern: "[0-9]*", placeholder: "–"})),
        field(t("bot_delay"), h("input", {id: "bot-delay", type: "number", min: 0, max: 10, step: "any", placeholder: "0.6"})),
      ]),
      h("div", {class: "row2"}, [
        field(t("timer"), this.timerSelect(), t("timer_help")),
        field(t("takeover_bot"), h("select", {id: "takeover-bot"}, this.bots.map((b) =>
          h("option", {value: b, text: botName(b), selected: b === (this.bots.includes("greedy") ? "greedy" : this.bots[0])})))),
      ]),
      h("label", {class: "field check", title: t("public_help")}, [
        h("input", {type: "checkbox", id: "public"}), h("span", {class: "field-label", text: t("public_game")}),
      ]),
      h("label", {class: "field check"}, [
        h("input", {type: "checkbox", id: "spectator-chat"}),
        h("span", {class: "field-label", text: t("live.spectator_chat")}),
      ]),
      h("button", {type: "submit", class: "action-btn primary", id: "create", text: t("create")}),
    );
    this.buildSeats(rs.players.max);
  }

  timerSelect() {
    const {timers, default: chosen} = this.timers;
    return h("select", {id: "timer", onchange: () => { this.timerChosen = true; }}, Object.entries(timers).map(([name, seconds]) => h("option", {
      value: name, selected: name === chosen,
      text: seconds === null ? t(`timer_${name}`) : t(`timer_${name}`, t("seconds", seconds)),
    })));
  }

  /** The timer the seats call for until the creator picks one: none for one person against bots (nobody
   *  else waits), the server's default for several people. */
  fitTimer() {
    const select = this.form.querySelector("#timer");
    if (!select || this.timerChosen) return;
    const people = [...this.seatBox.querySelectorAll(".seat-kind")].filter((s) => !s.value.startsWith("bot:")).length;
    select.value = people <= 1 && this.timers.solo ? this.timers.solo : this.timers.default;
  }

  /** A row per seat: you, an open seat for a friend, or a bot by the chosen rule set's difficulty level (a
   *  bot by name when the "advanced" box is ticked). Rebuilding keeps what each seat was set to. */
  buildSeats(n) {
    const before = [...this.seatBox.querySelectorAll(".seat-kind")].map((s) => s.value);
    clear(this.seatBox);
    const levels = Object.entries(this.levelsByRuleset[this.choice] || this.defaultLevels);
    const easiest = levels.length ? `bot:${levels[0][1]}` : `bot:${this.bots[0]}`;
    for (let i = 0; i < n; i++) {
      const named = this.advanced ? [h("optgroup", {label: t("bots_by_name")}, this.bots.map((b) =>
        h("option", {value: `bot:${b}`, "data-bot": b, text: `${t("bot")}: ${botName(b)}`})))] : [];
      const kind = h("select", {class: "seat-kind", "data-seat": i, onchange: () => this.fitTimer()}, [
        h("option", {value: "you", text: t("you")}),
        h("option", {value: "human", text: t("open_seat")}),
        ...levels.map(([level, spec]) => h("option", {value: `bot:${spec}`, "data-level": level,
                                                      text: `${t("bot")}: ${wordOr(`levels.${level}`, level)}`})),
        ...named,
      ]);
      const wanted = before[i] ?? (i === 0 ? "you" : easiest);
      kind.value = [...kind.options].some((o) => o.value === wanted) ? wanted : easiest;
      this.seatBox.append(h("div", {class: "seat-row", style: {"--player": playerColor(i)}}, [
        h("span", {class: "swatch"}), h("span", {class: "seat-no", text: `${t("seat")} ${i + 1}`}), kind,
      ]));
    }
    this.fitTimer();
  }

  async create() {
    const rs = this.ruleset();
    const kinds = [...this.seatBox.querySelectorAll(".seat-kind")].map((s) => s.value);
    const you = kinds.indexOf("you");
    const seats = kinds.map((k) => (k.startsWith("bot:") ? {kind: "bot", bot: k.slice(4)} : {kind: "human"}));
    const options = {};
    for (const o of rs.options) {
      const input = this.form.querySelector(`[name="opt-${o.name}"]`);
      if (!input) continue;
      let value = o.type === "bool" ? input.checked : input.value;
      if (o.type === "int") value = Number(value);
      if (o.form) value = tableValue(input, o.form, baseOf(o.form, this.form));
      else if (o.type === "json") {
        try { value = JSON.parse(value || "null"); } catch { toast(`${o.name}: JSON?`, "error"); return; }
      }
      if (JSON.stringify(value) !== JSON.stringify(o.default)) options[o.name] = value;
    }
    const name = this.form.querySelector("#your-name").value.trim();
    localStorage.setItem("siedler.name", name);
    const seed = this.form.querySelector("#seed").value;
    const delay = this.form.querySelector("#bot-delay").value;
    const body = {ruleset: rs.name, seats, options, name: name || null, claim: you >= 0 ? you : -1,
                  timer: this.form.querySelector("#timer").value,
                  takeover_bot: this.form.querySelector("#takeover-bot").value,
                  public: this.form.querySelector("#public").checked, lang: lang(),
                  spectator_chat: this.form.querySelector("#spectator-chat").checked};
    if (seed !== "") body.seed = seed.trim();  // decimal text: seeds exceed what a JavaScript number holds
    if (delay !== "") body.bot_delay = Number(delay);
    try {
      const created = await api("/games", {method: "POST", body});
      rememberCreator(created.game.id, created.creator_token);
      rememberInvite(created.game.id, created.invite);
      if (created.token !== null) {
        rememberSeat(created.game.id, created.seat, created.token, {title: created.game.title});
        location.href = seatLink(created.game.id, created.seat, created.token);
      } else {
        location.href = `/games/${created.game.id}`;
      }
    } catch (err) {
      // A limit (docs/security.md) is said in the player's words; other refusals carry the server's reason.
      const reason = err.status === 429 ? t("too_many_games") : err.status === 503 ? t("server_full") : err.message;
      toast(`${t("create_failed")}: ${reason}`, "error");
    }
  }

  async refresh() {
    try {
      this.games = await api("/games");
      this.renderLists(this.games);
    } catch {
      // the server restarts; the next tick tries again
    }
  }

  renderLists(games) {
    const mine = mySeats();
    const held = new Map(mine.map((m) => [m.id, m]));
    const line = (g) => {
      const seat = held.get(g.id);
      const seats = g.seats.map((s) => h("span", {class: `seat-pill${s.claimed ? "" : " free"}`, style: {"--player": playerColor(s.seat)}},
        [s.claimed ? s.name : t("free"),
         !s.claimed && !seat ? h("button", {class: "link-btn join", "data-game": g.id, "data-seat": s.seat, text: t("join"),
                                            onclick: () => this.join(g.id, s.seat)}) : null]));
      const result = g.result && g.result.winner !== null && g.result.winner !== undefined
        ? `♛ ${g.seats[g.result.winner]?.name}` : "";
      return h("li", {class: "game-line", "data-game": g.id, "data-status": g.status}, [
        h("div", {class: "game-head"}, [
          h("b", {text: wordOr(`rulesets.${g.ruleset}.title`, g.title)}), " ", statusBadge(g),
          h("small", {class: "muted", text: ` ${t("moves", g.actions)} · ${age(g.created_at)}`}),
          result ? h("span", {class: "result", text: ` ${result}`}) : null]),
        h("div", {class: "seat-pills"}, seats),
        h("div", {class: "game-links"}, [
          seat ? h("a", {class: "action-btn", href: seatLink(g.id, seat.seat, seat.token), text: t("play")}) : null,
          h("a", {class: "link-btn", href: `/games/${g.id}`, text: t("watch")}),
          g.status === "finished" ? h("a", {class: "link-btn", href: `/games/${g.id}/replay`, text: t("replay")}) : null,
        ]),
      ]);
    };
    const section = (title, list, id) => h("section", {class: "panel", id}, [
      h("h2", {text: title}),
      list.length ? h("ul", {class: "game-list"}, list.map(line)) : h("p", {class: "muted", text: t("no_games")}),
    ]);
    this.lists.replaceChildren(
      section(t("open_games"), games.open, "open-games"),
      section(t("running_games"), games.running, "running-games"),
      section(t("finished_games"), games.finished, "finished-games"),
      section(t("table.stopped_games"), games.stopped || [], "stopped-games"),
    );
  }

  async join(gameId, seat) {
    const name = await askName();
    if (name === null) return;
    try {
      const claimed = await api(`/games/${gameId}/seats/${seat}`, {method: "POST", body: {name}});
      rememberSeat(gameId, claimed.seat, claimed.token, {title: claimed.game.title});
      location.href = seatLink(gameId, claimed.seat, claimed.token);
    } catch (err) {
      toast(err.message, "error");
      this.refresh();
    }
  }
}

/** What became of a game, in words: waiting for players, running, finished, abandoned or ended. */
function statusBadge(game) {
  const waiting = game.status === "open";
  const key = waiting ? "table.status_waiting" : `table.status_${game.status}`;
  const free = game.seats.filter((s) => !s.claimed).length;
  return h("span", {class: `status-badge status-${game.status}`, "data-status": game.status,
                    text: waiting ? t(key, free) : t(key)});
}

/** "started 5 min ago", from the game's creation time (the server's clock, ISO 8601). */
function age(iso) {
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  const [n, unit] = seconds < 90 ? [Math.round(seconds), "s"] : seconds < 5400 ? [Math.round(seconds / 60), "min"]
    : seconds < 129600 ? [Math.round(seconds / 3600), "h"] : [Math.round(seconds / 86400), "d"];
  return t("table.age", t(`table.age_${unit}`, n));
}

function field(label, input, help) {
  return h("label", {class: "field", title: help}, [h("span", {class: "field-label", text: label}), input]);
}

/** An input for one rule-set option, from its JSON description (type, default, choices, bounds, help), named
 *  and explained in the page's language; a table-valued option is a grid of numbers (tableField). */
function optionField(o, all) {
  const name = `opt-${o.name}`;
  let input;
  if (o.type === "bool") input = h("input", {type: "checkbox", name, checked: Boolean(o.default)});
  else if (o.choices) {
    input = h("select", {name}, o.choices.map((c) => h("option", {value: c, selected: c === o.default,
                                                              text: wordOr(`option_values.${o.name}.${c}`, String(c))})));
  } else if (o.type === "int") input = h("input", {type: "number", name, value: o.default, min: o.minimum, max: o.maximum});
  else if (o.form) input = tableField(o, all);
  else if (o.type === "json") input = h("textarea", {name, rows: 1, value: JSON.stringify(o.default)});
  else input = h("input", {name, value: o.default ?? ""});
  const help = wordOr(`option_help.${o.name}`, o.help);
  const label = wordOr(`option_names.${o.name}`, o.name.replace(/_/g, " "));
  return h(o.form ? "div" : "label", {class: `field option option-${o.type}${o.form ? " option-table" : ""}`, title: help}, [
    h("span", {class: "field-label", text: label}), input, h("small", {class: "muted", text: help}),
  ]);
}

/** The numbers a table option's rows start from: its base, or the base of the choice another option made
 *  (an edition the rule set offers, say). */
function baseOf(form, root) {
  if (!form.base?.by) return form.base || {};
  const chosen = root.querySelector(`[name="opt-${form.base.by}"]`)?.value;
  return form.base.values[chosen] ?? Object.values(form.base.values)[0] ?? {};
}

/** A grid of number inputs for a table option: a count per row (a card's copies), or a price per row and
 *  column (a card's cost in resources). Each field shows the rules' number until it is changed; a row with
 *  a changed field is sent whole (tableValue). */
function tableField(o, all) {
  const form = o.form;
  const columns = form.columns || null;
  const word = (group, key) => wordOr(`${group}.${key}`, key);
  const cell = (row, column) => h("input", {type: "number", min: 0, max: 99, inputmode: "numeric",
    "data-row": row, "data-column": column ?? "",
    "aria-label": column ? `${word(form.words, row)}: ${word(form.column_words, column)}` : word(form.words, row)});
  let grid;
  if (columns) {  // a price per row: a table, a row per card, a column per resource
    grid = h("div", {class: "option-grid-wrap"}, [h("table", {class: "option-grid"}, [
      h("tr", {}, [h("th"), ...columns.map((c) => h("th", {class: "col", text: word(form.column_words, c)}))]),
      ...form.rows.map((row) => h("tr", {}, [h("th", {text: word(form.words, row)}),
                                             ...columns.map((c) => h("td", {}, [cell(row, c)]))])),
    ])]);
  } else {  // a count per row: a name and its number, as many to a line as fit
    grid = h("div", {class: "option-counts"}, form.rows.map((row) => h("label", {class: "option-count"}, [
      h("span", {text: word(form.words, row)}), cell(row, null)])));
  }
  grid.setAttribute("name", `opt-${o.name}`);
  grid.dataset.option = o.name;
  // The rules' numbers as placeholders, again when the option they depend on changes.
  const fill = () => {
    const base = baseOf(form, grid.closest("form") || document);
    for (const input of grid.querySelectorAll("input")) {
      const value = columns ? base[input.dataset.row]?.[input.dataset.column] : base[input.dataset.row];
      input.placeholder = String(typeof value === "number" ? value : 0);
    }
  };
  queueMicrotask(() => {
    fill();
    if (form.base?.by && all.some((x) => x.name === form.base.by)) {
      (grid.closest("form") || document).querySelector(`[name="opt-${form.base.by}"]`)?.addEventListener("change", fill);
    }
  });
  return grid;
}

/** The option's value from its grid: only what was changed, each changed row whole (a cost replaces the
 *  card's whole price, what must be shown or given back kept from the rules). */
function tableValue(grid, form, base) {
  const out = {};
  for (const row of form.rows) {
    const inputs = [...grid.querySelectorAll(`input[data-row="${row}"]`)];
    if (!inputs.some((i) => i.value !== "")) continue;
    if (!form.columns) {
      out[row] = Number(inputs[0].value);
      continue;
    }
    const price = {...(base[row] || {})};
    for (const input of inputs) {
      const n = input.value !== "" ? Number(input.value) : Number(price[input.dataset.column] || 0);
      if (n > 0) price[input.dataset.column] = n;
      else delete price[input.dataset.column];
    }
    out[row] = price;
  }
  return out;
}
