// UI words in English and German. German game terms follow the rule texts (Siedlung, Stadt, Straße,
// Räuber, Ritter, Entwicklungskarte, Holz, Lehm, Wolle, Getreide, Erz). Unknown keys fall back to English,
// then to the key itself, so a new rule set's names still show.

const WORDS = {
  en: {
    lobby: "Lobby", new_game: "New game", ruleset: "Rule set", players: "Players", seats: "Seats",
    you: "You", open_seat: "Open seat (a friend)", bot: "Bot", your_name: "Your name", name: "Name",
    options: "Options", seed: "Seed (optional)", bot_delay: "Bot delay (seconds)", create: "Create game",
    open_games: "Open games", running_games: "Running games", finished_games: "Finished games",
    your_games: "Your seats", no_games: "None yet.", join: "Join", watch: "Watch", replay: "Replay",
    play: "Play", seat: "Seat", free: "free", waiting: "Waiting for players", invite: "Invite link",
    copy: "Copy", copied: "Copied", to_act: "to act", your_turn: "Your turn", spectator: "Spectator",
    turn_of: "{0}'s turn", waiting_for: "Waiting for {0}", connected: "connected",
    reconnecting: "reconnecting…", log: "Log", actions: "Actions", hand: "Your hand", cards: "cards",
    dev_cards: "development cards", new_cards: "bought this turn", knights: "knights", road: "road",
    vp: "VP", points: "points", longest_road: "Longest road", largest_army: "Largest army",
    winner: "{0} wins!", no_winner: "The game ends without a winner.", final_scores: "Final scores",
    back_to_lobby: "Back to the lobby", close: "Close", trade: "Trade", give: "Give", get: "Get",
    to: "To", everyone: "everyone", bank_trade: "Trade with the bank", offer: "Offer", reset: "Reset",
    offer_from: "{0} offers", for: "for", choose: "Choose", cancel: "Cancel", refused: "Refused",
    phase: "Phase", dice: "Dice", bank: "Bank", dev_deck: "Development cards left", step: "Move",
    spectate_as: "Seen by", everyone_view: "a spectator", game_over: "Game over", more: "more…",
    create_failed: "Could not create the game", seat_taken: "That seat is taken", name_prompt: "Your name?",
    discard_left: "{0} must discard {1}", supply: "Supply", deck: "Deck", discard_pile: "Discard pile",
    not_started: "The game starts when every seat is taken.", game_not_found: "No such game.",
    rules: "Rules", harbors: "Harbours", point_hint: "Click a highlighted place to play there.", moves: "{0} moves", play_replay: "Play", score: "Score", zone_cards: "{0} cards",
    resources: {wood: "wood", brick: "brick", wool: "wool", grain: "grain", ore: "ore"},
    dev: {knight: "Knight", victory_point: "Victory point", road_building: "Road building",
          year_of_plenty: "Year of plenty", monopoly: "Monopoly"},
    terrain: {forest: "Forest", hills: "Hills", pasture: "Pasture", fields: "Fields", mountains: "Mountains",
              desert: "Desert", sea: "Sea"},
    pieces: {settlement: "Settlement", city: "City", road: "Road", robber: "Robber"},
    zones: {hand: "Hand", draw: "Draw pile", deck: "Deck", discard: "Discard pile", laid_out: "Laid out"},
    fields: {vp: "Points", vp_cards: "Victory point cards", hand: "Hand", draw: "Draw pile", cities: "Cities",
             cities_in_hand: "Cities in hand", cards: "Cards", score: "Score", won: "Won"},
    cards: {wood: "Wood", brick: "Brick", wool: "Wool", grain: "Grain", ore: "Ore", sea: "Sea", desert: "Desert",
            bandit: "Bandit", knight: "Knight (offensive)", defender: "Knight (defensive)", harbor: "Harbour",
            road: "Road", settlement: "Settlement", city: "City"},
    phases: {setup_settlement: "Founding: place a settlement", setup_road: "Founding: place a road",
             roll: "Roll the dice", discard: "Discard half your cards", robber: "Move the robber",
             main: "Trade and build", road_building: "Build free roads", offer_reply: "Answer the offer",
             offer_confirm: "Confirm a trade", over: "Game over"},
  },
  de: {
    lobby: "Lobby", new_game: "Neues Spiel", ruleset: "Spiel", players: "Spieler", seats: "Plätze",
    you: "Du", open_seat: "Freier Platz (für Freunde)", bot: "Bot", your_name: "Dein Name", name: "Name",
    options: "Optionen", seed: "Startwert (optional)", bot_delay: "Bot-Bedenkzeit (Sekunden)",
    create: "Spiel anlegen", open_games: "Offene Spiele", running_games: "Laufende Spiele",
    finished_games: "Beendete Spiele", your_games: "Deine Plätze", no_games: "Noch keine.",
    join: "Mitspielen", watch: "Zuschauen", replay: "Nachspielen", play: "Spielen", seat: "Platz",
    free: "frei", waiting: "Warten auf Mitspieler", invite: "Einladungslink", copy: "Kopieren",
    copied: "Kopiert", to_act: "am Zug", your_turn: "Du bist am Zug", spectator: "Zuschauer",
    turn_of: "{0} ist am Zug", waiting_for: "Warten auf {0}", connected: "verbunden",
    reconnecting: "verbinde neu…", log: "Spielverlauf", actions: "Aktionen", hand: "Deine Karten",
    cards: "Karten", dev_cards: "Entwicklungskarten", new_cards: "in diesem Zug gekauft", knights: "Ritter",
    road: "Straße", vp: "SP", points: "Siegpunkte", longest_road: "Längste Handelsstraße",
    largest_army: "Größte Rittermacht", winner: "{0} gewinnt!", no_winner: "Das Spiel endet ohne Sieger.",
    final_scores: "Endstand", back_to_lobby: "Zurück zur Lobby", close: "Schließen", trade: "Handel",
    give: "Geben", get: "Bekommen", to: "An", everyone: "alle", bank_trade: "Mit der Bank tauschen",
    offer: "Anbieten", reset: "Zurücksetzen", offer_from: "{0} bietet", for: "für", choose: "Wähle",
    cancel: "Abbrechen", refused: "Abgelehnt", phase: "Phase", dice: "Würfel", bank: "Bank",
    dev_deck: "Entwicklungskarten übrig", step: "Zug", spectate_as: "Sicht von",
    everyone_view: "Zuschauer", game_over: "Spielende", more: "mehr…",
    create_failed: "Das Spiel konnte nicht angelegt werden", seat_taken: "Der Platz ist vergeben",
    name_prompt: "Dein Name?", discard_left: "{0} muss {1} abwerfen", supply: "Vorrat", deck: "Nachziehstapel",
    discard_pile: "Ablagestapel", not_started: "Das Spiel beginnt, sobald alle Plätze besetzt sind.",
    game_not_found: "Dieses Spiel gibt es nicht.", rules: "Regeln", harbors: "Häfen", point_hint: "Klicke auf eine markierte Stelle, um dort zu spielen.", moves: "{0} Züge", play_replay: "Abspielen", score: "Punkte",
    zone_cards: "{0} Karten",
    resources: {wood: "Holz", brick: "Lehm", wool: "Wolle", grain: "Getreide", ore: "Erz"},
    dev: {knight: "Ritter", victory_point: "Siegpunkt", road_building: "Straßenbau",
          year_of_plenty: "Erfindung", monopoly: "Monopol"},
    terrain: {forest: "Wald", hills: "Hügelland", pasture: "Weideland", fields: "Ackerland",
              mountains: "Gebirge", desert: "Wüste", sea: "Meer"},
    pieces: {settlement: "Siedlung", city: "Stadt", road: "Straße", robber: "Räuber"},
    zones: {hand: "Hand", draw: "Nachziehstapel", deck: "Nachziehstapel", discard: "Ablagestapel",
            laid_out: "Ausgelegt"},
    fields: {vp: "Siegpunkte", vp_cards: "Siegpunktkarten", hand: "Handkarten", draw: "Nachziehstapel",
             cities: "Städte", cities_in_hand: "Städte auf der Hand", cards: "Karten", score: "Punkte", won: "Sieg"},
    cards: {wood: "Holz", brick: "Lehm", wool: "Weide", grain: "Getreide", ore: "Erz", sea: "Meer", desert: "Wüste",
            bandit: "Bandit", knight: "Ritter (Offensiv)", defender: "Ritter (Defensiv)", harbor: "Hafen",
            road: "Straße", settlement: "Siedlung", city: "Stadt"},
    phases: {setup_settlement: "Gründung: Siedlung setzen", setup_road: "Gründung: Straße setzen",
             roll: "Würfeln", discard: "Die Hälfte der Karten abwerfen", robber: "Räuber versetzen",
             main: "Handeln und bauen", road_building: "Freie Straßen bauen", offer_reply: "Angebot beantworten",
             offer_confirm: "Handel bestätigen", over: "Spielende"},
  },
};

let current = localStorage.getItem("siedler.lang") || (navigator.language || "en").slice(0, 2);
if (!(current in WORDS)) current = "en";
const listeners = [];

export function lang() {
  return current;
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
  let text = lookup(WORDS[current], key) ?? lookup(WORDS.en, key) ?? key.split(".").pop();
  args.forEach((arg, i) => { text = text.replace(`{${i}}`, arg); });
  return text;
}

/** A game term from a rule set's own description ({en, de} or plain text), else from our tables. */
export function term(group, name, given) {
  if (given && typeof given === "object") return given[current] || given.en || name;
  if (typeof given === "string") return given;
  const found = lookup(WORDS[current], `${group}.${name}`) ?? lookup(WORDS.en, `${group}.${name}`);
  return found ?? String(name).replace(/_/g, " ");
}

function lookup(table, key) {
  let node = table;
  for (const part of key.split(".")) {
    if (node === undefined || node === null || typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

document.documentElement.lang = current;
