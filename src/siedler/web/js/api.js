// HTTP calls to the server, and the seats this browser holds (token per game, kept in localStorage so a
// reload or a later visit finds them; the token also rides in the page link's #fragment, never in a query),
// and the invite codes it knows (a game's open seats are taken with its code: docs/protocol.md).

export async function api(path, options = {}) {
  const init = {method: options.method || "GET", headers: {}};
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.token) init.headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`/api${path}`, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || data);
    const error = new Error(detail || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

const KEY = "siedler.seats";

function all() {
  return storedFor(KEY);
}

export function rememberSeat(gameId, seat, token, extra = {}) {
  const seats = all();
  seats[gameId] = {seat, token, ...extra, at: Date.now()};
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function seatFor(gameId) {
  return all()[gameId] || null;
}

export function mySeats() {
  return Object.entries(all()).map(([id, data]) => ({id, ...data})).sort((a, b) => b.at - a.at);
}

export function forgetSeat(gameId) {
  const seats = all();
  delete seats[gameId];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** A per-game secret this browser keeps under `key` in localStorage (creator tokens, invite codes). */
function keep(key, gameId, value) {
  const kept = storedFor(key);
  kept[gameId] = value;
  localStorage.setItem(key, JSON.stringify(kept));
}

function storedFor(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

const CREATORS = "siedler.creators";
const INVITES = "siedler.invites";

/** The creator's secret of a game this browser created: it alone may end the game. */
export function rememberCreator(gameId, token) {
  keep(CREATORS, gameId, token);
}

export function creatorToken(gameId) {
  return storedFor(CREATORS)[gameId] || null;
}

/** Remember a game's invite code (its creator gets it; an invite link carries it). */
export function rememberInvite(gameId, code) {
  keep(INVITES, gameId, code);
}

export function inviteFor(gameId) {
  return storedFor(INVITES)[gameId] || null;
}

/** The link that invites a friend to a game's open seats: /games/ID#invite=... */
export function inviteLink(gameId, code) {
  return `${location.origin}/games/${gameId}#invite=${encodeURIComponent(code)}`;
}

/** The link that holds a seat: /games/ID#seat=2&token=... */
export function seatLink(gameId, seat, token) {
  return `/games/${gameId}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

/** Seat and token from the page link's fragment, else from this browser's memory. */
export function seatFromPage(gameId) {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("invite")) rememberInvite(gameId, params.get("invite"));
  if (params.has("token") && params.has("seat")) {
    const seat = Number(params.get("seat"));
    const token = params.get("token");
    rememberSeat(gameId, seat, token);
    return {seat, token};
  }
  return seatFor(gameId);
}
